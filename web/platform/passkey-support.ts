import { config } from "./config.ts";

/**
 * Whether a passkey ceremony can run on this page: the browser has WebAuthn, the page is a secure
 * context, and it is the origin the server runs ceremonies for (a domain, never an address
 * literal such as 127.0.0.1, which every browser refuses as a relying party). Where it cannot, no
 * passkey control or offer shows and no challenge is asked for (docs/decisions/0065).
 */
export function passkeysUsableHere(): boolean {
  if (typeof window === "undefined" || typeof window.PublicKeyCredential !== "function") return false;
  return window.isSecureContext && config.passkeyOrigin === window.location.origin;
}
