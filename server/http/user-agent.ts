import { UNKNOWN_BROWSER } from "../../common/i18n/catalogue.ts";

/**
 * A browser's short description for the security trail and the account page ("Chrome on
 * Windows"): enough for a customer to recognise their own devices, without keeping the user agent
 * string, which is long, identifying and attacker-controlled. Order matters: Edge and Opera also
 * say Chrome, Chrome also says Safari, and every iPhone browser says Safari.
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  // HeadlessChrome too: automated Chromium is Chrome to the customer reading their list.
  [/(?:\b|Headless)Chrome\/|\bCriOS\/|\bChromium\//, "Chrome"],
  [/\bSafari\//, "Safari"],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bWindows\b/, "Windows"],
  [/\biPhone\b|\biPad\b|\biPod\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

/** At most this much of a header is read: a user agent is short, a hostile one need not be. */
const MAX_READ = 512;

export function describeUserAgent(userAgent: string | undefined): string {
  const text = (userAgent ?? "").slice(0, MAX_READ);
  const browser = BROWSERS.find(([pattern]) => pattern.test(text))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(text))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? UNKNOWN_BROWSER;
}
