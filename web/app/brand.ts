import { en } from "../i18n/en.ts";

/**
 * One definition per brand: its name, logo and favicon, and the CSS class that carries its colours
 * (web/styles.css). A third brand is a new entry here and a new colour block, not new branches in
 * every screen.
 */
export interface Brand {
  id: "dsone" | "maverick";
  name: string;
  favicon: string;
}

export const BRANDS: Record<Brand["id"], Brand> = {
  dsone: { id: "dsone", name: en.brand.dsone, favicon: "/brand/dsone.svg" },
  maverick: { id: "maverick", name: en.brand.maverick, favicon: "/brand/maverick.svg" },
};

/** A path that contains maverick shows the Maverick Safe brand; everything else is DS One (SPEC section 1). */
export function brandForPath(pathname: string): Brand {
  return pathname.toLowerCase().includes("maverick") ? BRANDS.maverick : BRANDS.dsone;
}
