/**
 * The screens a browser without JavaScript is given (decision 50), shared by their renderer
 * (web/prerender.tsx) and the server that fills and serves them (server/site/no-script.ts).
 */
const NO_SCRIPT_SCREENS = [
  "needsJavaScript",
  "login",
  "loginWithError",
  "loginEmailRequired",
  "loginEmailInvalid",
  "checkEmail",
  "accountNotFound",
  "accessLink",
  "accessLinkUsed",
  "accessLinkExpired",
  "accessLinkUnknown",
] as const;

export type NoScriptScreen = (typeof NO_SCRIPT_SCREENS)[number];

/** Each brand's screens, as markup. */
export type NoScriptScreens = Record<string, Record<NoScriptScreen, string>>;

/** Marks in that markup the server replaces, escaped, with what one answer says. */
export const NO_SCRIPT_PLACEHOLDER = {
  email: "%%EMAIL%%",
  error: "%%ERROR%%",
  retry: "%%RETRY%%",
} as const;
