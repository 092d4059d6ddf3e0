import { PRODUCTS } from "../products.ts";
import { type Brand, screenPaths } from "./brand.ts";

export const maverick: Brand = {
  id: "maverick",
  productId: PRODUCTS.maverick.id,
  name: PRODUCTS.maverick.name,
  favicon: "/brand/maverick.svg",
  mailLogo: "/brand/maverick.png",
  paths: screenPaths("/maverick", { emailLogin: "/maverick/email-login" }),
  agent: { variant: "maverick", opensBrowser: true },
  links: { ui: "maverickUi", myAccount: "maverickMyAccount", logout: "maverickLogout", signUp: "maverickSignUp" },
  // The dialog is where a Maverick Safe customer signs in with a password.
  passwordSignIn: { screen: "passwordLogin" },
  afterLogout: { link: "maverickUi", withUuid: true },
  dialogs: true,
  theme: {
    light: {
      accent: "#4b2bb5",
      accentStrong: "#3b2191",
      go: "#4b2bb5",
      goStrong: "#3b2191",
      onGo: "#ffffff",
      page: "#f1effa",
      card: "#ffffff",
      text: "#1e1a2e",
      muted: "#514a68",
      border: "#8f88a8",
      danger: "#b42318",
      overlay: "rgb(255 255 255 / 90%)",
    },
    dark: {
      accent: "#bcaaff",
      accentStrong: "#d6cbff",
      go: "#5b3ccf",
      goStrong: "#4b2bb5",
      onGo: "#ffffff",
      page: "#110e1c",
      card: "#1c182d",
      text: "#ece9f7",
      muted: "#b3abd1",
      border: "#655d86",
      danger: "#ff9b91",
      overlay: "rgb(28 24 45 / 92%)",
    },
  },
};
