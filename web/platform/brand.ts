/** The brands, shared with the server (common/brands): one definition per product. */
export { BRANDS, type Brand, brandForPath, dsone, maverick } from "../../common/brands/index.ts";
