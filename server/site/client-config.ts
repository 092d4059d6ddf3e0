import type { ClientConfig } from "../../common/client-config.ts";
import type { Config } from "../base/config.ts";

/** The configuration the web app starts with; the agent console only on the page that serves it. */
export function clientConfig(config: Config, agentConsole = false): ClientConfig {
  const { links } = config;
  return {
    links: {
      signIn: links.signIn,
      cart: links.cart,
      dsoneUi: links.dsoneUi,
      dsoneMyAccount: links.dsoneMyAccount,
      dsoneLogout: links.dsoneLogout,
      maverickUi: links.maverickUi,
      maverickMyAccount: links.maverickMyAccount,
      maverickLogout: links.maverickLogout,
      maverickSignUp: links.maverickSignUp,
      installerHost: links.installerHost,
      privacyPolicy: links.privacyPolicy,
      eula: links.eula,
      terms: links.terms,
      uninstallGuide: links.uninstallGuide,
      extensionRemovalGuide: links.extensionRemovalGuide,
    },
    passwordLoginAllowed: config.passwordLoginAllowed,
    accessLinkLifetimeDays: config.accessLinkLifetimeDays,
    resetLinkLifetimeMs: config.resetLinkLifetimeMs,
    googleSignIn: config.google !== undefined,
    microsoftSignIn: config.microsoft !== undefined,
    allowedRedirectOrigins: config.allowedRedirectOrigins,
    agent: config.agent,
    agentConsole: agentConsole && config.devTools,
    // reCAPTCHA runs on every link request (SPEC section 4); the other providers only when asked.
    captcha:
      config.challenge.thirdParty?.provider === "recaptcha"
        ? { siteKey: config.challenge.thirdParty.siteKey, scriptUrl: config.challenge.thirdParty.scriptUrl }
        : null,
    passkeyOrigin: config.passkeys.usable ? (config.passkeys.origins[0] ?? null) : null,
  };
}
