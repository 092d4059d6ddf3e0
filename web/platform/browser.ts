/** The browser a Maverick Safe auto-login asks the agent to open (SPEC section 3): from the user agent. */
export type PreferredBrowser = "firefox" | "edge" | "chrome";

export function preferredBrowser(userAgent: string): PreferredBrowser {
  if (/Firefox\//.test(userAgent)) return "firefox";
  if (/Edg(e|A|iOS)?\//.test(userAgent)) return "edge";
  return "chrome";
}
