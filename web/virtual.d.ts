/** Every brand's colours in both themes, generated from common/brands by vite.config.ts. */
declare module "virtual:brand-themes.css";

/** The language this build of the app speaks (vite.config.ts builds one per language). */
declare const __APP_LANGUAGE__: import("../common/languages.ts").Language;
