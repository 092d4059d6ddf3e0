import { call } from "../api/account.ts";

/**
 * A passkey the browser's password manager makes with no prompt, right after a sign-in
 * (conditional create, docs/decisions/0086). Loaded by the offer screen only, never by a sign-in
 * screen. The browser decides alone whether to make one (Chrome and Safari: a saved password
 * used moments ago) and answers nothing until it does, so the caller bounds the wait.
 */

/** How long the offer screen waits, on a browser that can, before showing its own offer instead. */
export const QUIET_PASSKEY_WAIT_MS = 1500;

/** Whether this browser's password manager can make a passkey with no prompt. */
async function canMakeQuietly(): Promise<boolean> {
  if (typeof PublicKeyCredential.getClientCapabilities !== "function") return false;
  const capabilities = await PublicKeyCredential.getClientCapabilities().catch(() => undefined);
  return capabilities?.conditionalCreate === true;
}

/**
 * Asks for a passkey quietly; true once one is made and kept (the owner is mailed as for any). False
 * where the browser cannot, the server offers none (a sign-in without a password, made here
 * already, "Not now", or no recent sign-in), or the browser declined or was interrupted: nothing
 * is shown for any of these.
 */
export async function makePasskeyQuietly(productId: number): Promise<boolean> {
  try {
    if (!(await canMakeQuietly())) return false;
    const { options } = await call("POST /api/passkey/register/conditional-options", { ProductId: productId });
    if (!options) return false;
    const { startRegistration } = await import("@simplewebauthn/browser");
    // The library's ceremony: a button pressed meanwhile starts its own, which ends this one.
    const credential = await startRegistration({ optionsJSON: options, useAutoRegister: true });
    await call("POST /api/passkey/register", { credential, ProductId: productId });
    return true;
  } catch {
    return false;
  }
}
