import type { ApiAnswer, MyPasskey } from "../../common/api/contract.ts";
import { call, callWith } from "../api/account.ts";
import { HttpError } from "../api/http.ts";
import { signalPasskeyUser, signalUnknownPasskey } from "./passkey-signals.ts";

/**
 * The passkey ceremonies in the browser (docs/decisions/0059-passkeys.md). Its own chunk, loaded
 * once a sign-in screen is interactive, so it never delays one. A sign-in uses the browser's own
 * WebAuthn JSON methods where it has them (every current browser), and @simplewebauthn/browser,
 * loaded then, where it has not; making a passkey always goes through the library. A prompt the
 * customer cancels, or one that times out or is aborted, answers undefined: the screen stays as
 * it was, with no error.
 */

const library = () => import("@simplewebauthn/browser");

/** How long a signed-in page waits for the passkey signals before it leaves; they take milliseconds. */
const SIGNAL_WAIT_MS = 500;

function cancelled(error: unknown): boolean {
  const name = error instanceof Error ? error.name : "";
  const code = (error as { code?: unknown } | null)?.code;
  return name === "NotAllowedError" || name === "AbortError" || code === "ERROR_CEREMONY_ABORTED";
}

/** The browser's JSON methods for WebAuthn (Level 3), where it has them. */
const native = () => typeof PublicKeyCredential.parseRequestOptionsFromJSON === "function";

/** Whether the browser can offer passkeys in the email field's suggestions. */
export const autofillAvailable = async (): Promise<boolean> =>
  (await PublicKeyCredential.isConditionalMediationAvailable?.().catch(() => false)) ?? false;

let pending: AbortController | undefined;

/** Ends a waiting request (the autofill's), as the customer leaves or submits the email form. */
export function cancelPasskeyRequest(): void {
  pending?.abort();
  pending = undefined;
  if (!native()) void library().then(({ WebAuthnAbortService }) => WebAuthnAbortService.cancelCeremony());
}

type Assertion = Parameters<typeof call<"POST /api/passkey/sign-in">>[1]["credential"];

type RequestOptions = ApiAnswer<"POST /api/passkey/sign-in/options">["options"];

async function assertion(autofill: boolean, optionsJSON: RequestOptions): Promise<Assertion> {
  if (!native()) {
    const { startAuthentication } = await library();
    return startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
  }
  // One request at a time: a new one (the button) ends the autofill's.
  pending?.abort();
  const controller = new AbortController();
  pending = controller;
  const credential = (await navigator.credentials.get({
    publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(optionsJSON as PublicKeyCredentialRequestOptionsJSON),
    signal: controller.signal,
    ...(autofill ? { mediation: "conditional" as CredentialMediationRequirement } : {}),
  })) as PublicKeyCredential | null;
  if (pending === controller) pending = undefined;
  if (!credential) throw new DOMException("No passkey was chosen", "NotAllowedError");
  return credential.toJSON() as Assertion;
}

/**
 * How one passkey sign-in ended, for the screen to decide whether to wait again:
 * - `signed-in`: on to `next`;
 * - `cancelled`: the prompt closed without a passkey (the customer, a timeout, or our own abort),
 *   after `promptMs`;
 * - `browser-refused`: the browser will not run a ceremony here (a relying-party ID that does not
 *   match the host, a policy, an extension), so asking again would be refused again;
 * - `failed`: the server refused or did not answer; `error` says why.
 */
export type PasskeySignInOutcome =
  | { kind: "signed-in"; next: string }
  | { kind: "cancelled"; promptMs: number }
  | { kind: "browser-refused" }
  | { kind: "failed"; error: unknown; afterChoice: boolean };

/**
 * Signs in with a passkey: through the autofill (waits for the customer to pick one in the email
 * field) or the button (the browser's own dialog, with its QR code for a phone).
 */
export async function signInWithPasskey(
  autofill: boolean,
  productId: number,
  returnUrl: string | null,
  stillWanted: () => boolean = () => true,
): Promise<PasskeySignInOutcome> {
  let options: RequestOptions;
  try {
    // The autofill asks as the screen opens: a human check asked of it would stand in front of a
    // screen nobody has touched yet, so it just fails quietly (the button still asks for one).
    ({ options } = await callWith({ withoutChallenge: autofill }, "POST /api/passkey/sign-in/options"));
  } catch (error) {
    return { kind: "failed", error, afterChoice: false };
  }
  // Another request started while this one's challenge was on its way: it must not abort that one.
  if (!stillWanted()) return { kind: "cancelled", promptMs: Number.POSITIVE_INFINITY };
  let credential: Assertion;
  const prompted = performance.now();
  try {
    credential = await assertion(autofill, options);
  } catch (error) {
    return cancelled(error) ? { kind: "cancelled", promptMs: performance.now() - prompted } : { kind: "browser-refused" };
  }
  try {
    const { redirectUrl, passkeyUser } = await call("POST /api/passkey/sign-in", {
      credential,
      ReturnUrl: returnUrl,
      ProductId: productId,
    });
    // Before the page leaves (usually for another site): the provider learns which passkeys remain.
    await Promise.race([signalPasskeyUser(passkeyUser), new Promise((resolve) => setTimeout(resolve, SIGNAL_WAIT_MS))]);
    return { kind: "signed-in", next: redirectUrl };
  } catch (error) {
    // A passkey we do not know: the provider drops it, so it is not offered again.
    if (error instanceof HttpError && error.code === "PASSKEY_UNKNOWN" && options.rpId)
      void signalUnknownPasskey(options.rpId, credential.id);
    return { kind: "failed", error, afterChoice: true };
  }
}

/** Makes a passkey for the signed-in account; undefined when the customer cancelled (or has one here). */
export async function makePasskey(productId: number): Promise<MyPasskey | undefined> {
  const { options } = await call("POST /api/passkey/register/options", { ProductId: productId });
  const { startRegistration } = await library();
  let credential: Awaited<ReturnType<typeof startRegistration>>;
  try {
    credential = await startRegistration({ optionsJSON: options });
  } catch (error) {
    if (cancelled(error) || (error instanceof Error && error.name === "InvalidStateError")) return undefined;
    throw error;
  }
  return (await call("POST /api/passkey/register", { credential, ProductId: productId })).passkey;
}
