/**
 * The action the browser runs the captcha under (SPEC section 9); the server accepts a token of no
 * other action.
 */
export const CAPTCHA_ACTION = "submit";

/**
 * The settings the web app may know, and nothing more: an explicit allowlist that the server writes
 * into index.html (a JSON script element, so it costs no extra request and runs no code).
 */
export interface ClientConfig {
  links: {
    signIn: string;
    cart: string;
    dsoneUi: string;
    dsoneMyAccount: string;
    dsoneLogout: string;
    maverickUi: string;
    maverickMyAccount: string;
    maverickLogout: string;
    maverickSignUp: string;
    installerHost: string;
    privacyPolicy: string;
    eula: string;
    terms: string;
    uninstallGuide: string;
    extensionRemovalGuide: string;
  };
  passwordLoginAllowed: boolean;
  accessLinkLifetimeDays: number;
  /** The configured reset-link lifetime, which the confirmation screen says in its language. */
  resetLinkLifetimeMs: number;
  googleSignIn: boolean;
  /** "Continue with Microsoft" beside Google's (MICROSOFT_* settings, or the stand-in). */
  microsoftSignIn: boolean;
  /** Where the desktop agent is looked for (SPEC section 7, "Local agent"). */
  agent: { host: string; dsoneBasePort: number; maverickBasePort: number; probeTimeoutMs: number };
  /** The agent console for support and development (/dev/agent); never in production. */
  agentConsole: boolean;
  /** Origins a redirectUrl may point to (common/redirects.ts checks them in the browser too). */
  allowedRedirectOrigins: string[];
  captcha: { siteKey: string; scriptUrl: string } | null;
  /**
   * The one origin passkey ceremonies run on, or null where browsers refuse them (an address
   * literal, plain http): a page elsewhere shows no passkey control and asks for no challenge.
   */
  passkeyOrigin: string | null;
}

export const CLIENT_CONFIG_ELEMENT_ID = "app-config";
