import { brandForPath } from "./brand.ts";
import { keepLanguage } from "./keep-language.ts";
import { passkeysUsableHere } from "./passkey-support.ts";
import { leaveTo, navigate } from "./router.ts";

/** Whether this device can make a passkey that signs in with one touch (Windows Hello, Touch ID, a phone's lock). */
export async function canMakePasskey(): Promise<boolean> {
  if (!passkeysUsableHere()) return false;
  const asked = window.PublicKeyCredential.isUserVerifyingPlatformAuthenticatorAvailable().catch(() => false);
  // A browser slow to say is taken as a no: the sign-in does not wait on it.
  return Promise.race([asked, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 800))]);
}

/**
 * Where a sign-in by link, code or password goes: on a device that can make a passkey, first the
 * brand's "Sign In Faster Next Time" screen, which asks the server whether to offer one (never
 * twice in one browser, not for 30 days after "Not now") and then continues to `url`, checked
 * again by the server; elsewhere straight on (docs/decisions/0059-passkeys.md).
 */
export async function leaveAfterSignIn(url: string): Promise<void> {
  const brand = brandForPath(window.location.pathname);
  if (await canMakePasskey())
    navigate(keepLanguage(`${brand.paths.passkeyOffer}?ReturnUrl=${encodeURIComponent(url)}`, window.location.search));
  else leaveTo(url);
}
