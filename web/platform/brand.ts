/** The brands, shared with the server (common/brands): one definition per product. */
export {
  BRANDS,
  type Brand,
  type BrandPaths,
  brandForPath,
  DSONE_LEGACY_ALIASES,
  dsone,
  dsoneScreens,
  maverick,
  passwordSignInAddress,
} from "../../common/brands/index.ts";
