/** Every brand's colours in both themes, generated from common/brands by vite.config.ts. */
declare module "virtual:brand-themes.css";
