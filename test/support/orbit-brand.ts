import { screenPaths } from "../../common/brands/brand.ts";
import type { Brand } from "../../common/brands/index.ts";
import { dsone } from "../../common/brands/index.ts";

/**
 * A third brand, for tests only: everything a brand is, in one file. test/third-brand.test.ts
 * registers it and walks its sign-in; nothing else in the product names it.
 */
export const orbit: Brand = {
  id: "orbit",
  productId: 42,
  name: "Orbit Clean",
  favicon: "/brand/orbit.svg",
  mailLogo: "/brand/orbit.png",
  paths: screenPaths("/orbit"),
  links: { ui: "dsoneMyAccount", myAccount: "dsoneMyAccount", logout: "cart" },
  agent: { variant: "dsone", opensBrowser: false },
  passwordSignIn: { screen: "passwordLogin" },
  afterLogout: { link: "cart", withUuid: true },
  dialogs: false,
  theme: dsone.theme,
};
