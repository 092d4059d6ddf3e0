import { randomBytes } from "node:crypto";

/**
 * What production requires besides PUBLIC_URL and SMTP_URL: every product address, each an https
 * page of a stand-in product site, a mail key (MAIL_KEYS) and the DPoP nonce secret
 * (DPOP_NONCE_SECRET), each made for this run.
 */
export const PRODUCTION_ADDRESSES: Record<string, string> = {
  MAIL_KEYS: randomBytes(32).toString("base64"),
  DPOP_NONCE_SECRET: randomBytes(32).toString("base64"),
  ...Object.fromEntries(
    [
      "DSONE_UI_URL",
      "DSONE_MY_ACCOUNT_URL",
      "DSONE_LOGOUT_URL",
      "CART_URL",
      "MAVERICK_UI_URL",
      "MAVERICK_MY_ACCOUNT_URL",
      "MAVERICK_LOGOUT_URL",
      "MAVERICK_SIGNUP_URL",
      "INSTALLER_HOST",
      "PRIVACY_POLICY_URL",
      "EULA_URL",
      "TERMS_URL",
      "UNINSTALL_GUIDE_URL",
      "EXTENSION_REMOVAL_GUIDE_URL",
    ].map((name) => [name, `https://products.example/${name.toLowerCase()}`]),
  ),
};
