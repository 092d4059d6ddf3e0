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
  paths: {
    login: "/orbit/login",
    emailLogin: "/orbit/login",
    accessLink: "/orbit/access-link",
    passwordLogin: "/orbit/password-login",
    autoLogin: "/orbit/auto-login",
    logout: "/orbit/logout",
    goodbye: "/orbit/sorry-to-see-you-go",
    setPassword: "/orbit/set-password",
    setPasswordConfirmation: "/orbit/set-password-confirmation",
  },
  links: { ui: "dsoneMyAccount", myAccount: "dsoneMyAccount", logout: "cart" },
  agent: { variant: "dsone", basePortSetting: "dsoneBasePort", opensBrowser: false },
  autoLoginRoute: "POST /api/dsone/auto-login",
  afterLogout: { link: "cart", withUuid: true },
  dialogs: false,
  theme: dsone.theme,
};
