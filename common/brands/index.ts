import type { Brand } from "./brand.ts";
import { DSONE_LEGACY_ALIASES, dsone, dsoneScreens } from "./dsone.ts";
import { maverick } from "./maverick.ts";

export type { Brand, BrandPaths, ThemeMode } from "./brand.ts";
export { passwordSignInAddress } from "./brand.ts";

const registry: Brand[] = [dsone, maverick];

/** Every brand; the first is the default for any path or product that names no other. */
export const BRANDS: readonly Brand[] = registry;

export { DSONE_LEGACY_ALIASES, dsone, dsoneScreens, maverick };

/**
 * Adds a brand defined outside this folder (before the server starts: its pages are rendered
 * then). The brands above are registered already.
 */
export function registerBrand(brand: Brand): void {
  if (registry.some((known) => known.id === brand.id || known.productId === brand.productId)) {
    throw new Error(`a brand with the id ${brand.id} or product ${brand.productId} is registered already`);
  }
  registry.push(brand);
}

/**
 * A path that contains a brand's id shows that brand (so a path that contains maverick shows
 * Maverick Safe, SPEC section 1); everything else is DS One.
 */
export function brandForPath(pathname: string): Brand {
  const path = pathname.toLowerCase();
  return BRANDS.find((brand) => brand !== BRANDS[0] && path.includes(brand.id)) ?? dsone;
}

/** The brand of a product id (an access link's, a reset link's); any other id is DS One's. */
export function brandForProduct(productId: number): Brand {
  return BRANDS.find((brand) => brand.productId === productId) ?? dsone;
}

/** The brand a query names by id (product=maverick); anything else is DS One. */
export function brandById(id: string | null | undefined): Brand {
  return BRANDS.find((brand) => brand.id === id) ?? dsone;
}
