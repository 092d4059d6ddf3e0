import { PRODUCTS } from "../products.ts";
import { type Brand, screenPaths } from "./brand.ts";

const FOLDER = "/dsone";

export const dsone: Brand = {
  id: "dsone",
  productId: PRODUCTS.dsone.id,
  name: PRODUCTS.dsone.name,
  favicon: "/brand/dsone.svg",
  mailLogo: "/brand/dsone.png",
  paths: screenPaths(FOLDER),
  agent: { variant: "dsone", opensBrowser: false },
  links: { ui: "dsoneUi", myAccount: "dsoneMyAccount", logout: "dsoneLogout", signUp: "cart" },
  passwordSignIn: { link: "signIn" },
  afterLogout: { link: "dsoneLogout", withUuid: false },
  dialogs: false,
  theme: {
    light: {
      accent: "#0b5cab",
      accentStrong: "#084a8a",
      go: "#0b5cab",
      goStrong: "#084a8a",
      onGo: "#ffffff",
      page: "#eef2f6",
      card: "#ffffff",
      text: "#1b2733",
      muted: "#4a5866",
      border: "#8a96a3",
      danger: "#b42318",
      overlay: "rgb(255 255 255 / 90%)",
    },
    dark: {
      accent: "#7cbcff",
      accentStrong: "#a8d2ff",
      go: "#2a6fc0",
      goStrong: "#1f5ea8",
      onGo: "#ffffff",
      page: "#0d141c",
      card: "#17212c",
      text: "#e7edf3",
      muted: "#a9b6c3",
      border: "#5d6b7a",
      danger: "#ff9b91",
      overlay: "rgb(23 33 44 / 92%)",
    },
  },
};

/** DS One's screens that no other brand has (SPEC section 2): the sign-up setting; and its reset screens, by their old name. */
export const dsoneScreens = {
  forgotPassword: dsone.paths.forgotPassword,
  forgotPasswordConfirmation: dsone.paths.forgotPasswordConfirmation,
  resetPassword: dsone.paths.resetPassword,
  resetPasswordConfirmation: dsone.paths.resetPasswordConfirmation,
  signUp: `${FOLDER}/login-sign-up`,
};

/** DS One's legacy top-level aliases (SPEC section 2), each showing its screen at its own address. */
export const DSONE_LEGACY_ALIASES: Record<string, string> = {
  "/setPasswordDSOne": dsone.paths.setPassword,
  "/setPasswordConfirmationDSOne": dsone.paths.setPasswordConfirmation,
  "/resetPasswordDSOne": dsoneScreens.resetPassword,
  "/resetPasswordConfirmationDSOne": dsoneScreens.resetPasswordConfirmation,
  "/forgotPasswordDSOne": dsoneScreens.forgotPassword,
  "/forgotPasswordConfirmationDSOne": dsoneScreens.forgotPasswordConfirmation,
  "/logoutdsone": dsone.paths.logout,
  "/sorrytoseeyougodsone": dsone.paths.goodbye,
  "/loginSignUpDSOne": dsoneScreens.signUp,
  "/loginDSOne": dsone.paths.login,
  "/passwordlogindsone": dsone.paths.passwordLogin,
};
