import {
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
  WebAuthnError,
} from "@simplewebauthn/browser";
import type { MyPasskey } from "../../common/api/contract.ts";
import { call } from "../api/account.ts";

/**
 * The passkey ceremonies in the browser (@simplewebauthn/browser; docs/decisions/0059-passkeys.md).
 * Its own chunk, loaded once a sign-in screen is interactive, so it never delays one. A prompt the
 * customer cancels, or one that times out or is aborted, answers undefined: the screen stays as it
 * was, with no error.
 */

function cancelled(error: unknown): boolean {
  if (error instanceof WebAuthnError)
    return error.code === "ERROR_CEREMONY_ABORTED" || error.name === "NotAllowedError" || error.name === "AbortError";
  return error instanceof DOMException && (error.name === "NotAllowedError" || error.name === "AbortError");
}

/** Whether the browser can offer passkeys in the email field's suggestions. */
export const autofillAvailable = (): Promise<boolean> => browserSupportsWebAuthnAutofill().catch(() => false);

/** Ends a waiting request (the autofill's), as the customer leaves or submits the email form. */
export function cancelPasskeyRequest(): void {
  WebAuthnAbortService.cancelCeremony();
}

/**
 * Signs in with a passkey: through the autofill (waits for the customer to pick one in the email
 * field) or the button (the browser's own dialog, with its QR code for a phone). Answers where to
 * go next, or undefined when the customer cancelled.
 */
export async function signInWithPasskey(autofill: boolean, productId: number, returnUrl: string | null): Promise<string | undefined> {
  const { options } = await call("POST /api/passkey/sign-in/options");
  let credential: Awaited<ReturnType<typeof startAuthentication>>;
  try {
    credential = await startAuthentication({ optionsJSON: options, useBrowserAutofill: autofill });
  } catch (error) {
    if (cancelled(error)) return undefined;
    throw error;
  }
  const { redirectUrl } = await call("POST /api/passkey/sign-in", { credential, ReturnUrl: returnUrl, ProductId: productId });
  return redirectUrl;
}

/** Makes a passkey for the signed-in account; undefined when the customer cancelled. */
export async function makePasskey(productId: number): Promise<MyPasskey | undefined> {
  const { options } = await call("POST /api/passkey/register/options", { ProductId: productId });
  let credential: Awaited<ReturnType<typeof startRegistration>>;
  try {
    credential = await startRegistration({ optionsJSON: options });
  } catch (error) {
    if (cancelled(error) || (error instanceof WebAuthnError && error.name === "InvalidStateError")) return undefined;
    throw error;
  }
  return (await call("POST /api/passkey/register", { credential })).passkey;
}
