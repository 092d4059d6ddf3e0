import type { Brand } from "./brand.ts";
import { dsone } from "./dsone.ts";
import { maverick } from "./maverick.ts";

export type { Brand, ThemeMode, ThemeTokens } from "./brand.ts";

/** Every brand; the first is the default for any path that names no other. */
export const BRANDS = [dsone, maverick] as const;

export { dsone, maverick };

/**
 * A path that contains a brand's id shows that brand (so a path that contains maverick shows
 * Maverick Safe, SPEC section 1); everything else is DS One.
 */
export function brandForPath(pathname: string): Brand {
  const path = pathname.toLowerCase();
  return BRANDS.find((brand) => brand !== BRANDS[0] && path.includes(brand.id)) ?? BRANDS[0];
}
