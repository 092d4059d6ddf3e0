import { strings } from "@strings/shared.ts";
import { useEffect, useRef, useState } from "react";
import type { Brand } from "../../common/brands/index.ts";
import { getParamIgnoringCase } from "../../common/query.ts";
import { HttpError, messageFor } from "../api/http.ts";
import { config } from "../platform/config.ts";
import type { PasskeySignInOutcome } from "../platform/passkey-client.ts";
import { passkeysUsableHere } from "../platform/passkey-support.ts";
import { leaveTo } from "../platform/router.ts";
import { Button } from "../ui/Button.tsx";
import { FormError } from "../ui/FormError.tsx";

type Client = typeof import("../platform/passkey-client.ts");

/** Once the page has loaded and the browser is idle: the passkey client never delays a screen. */
function afterInteractive(run: () => void): () => void {
  let idle: number | undefined;
  const idleCallbacks = typeof window.requestIdleCallback === "function";
  const schedule = () => {
    idle = idleCallbacks ? window.requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 50);
  };
  if (document.readyState === "complete") schedule();
  else window.addEventListener("load", schedule, { once: true });
  return () => {
    window.removeEventListener("load", schedule);
    if (idle === undefined) return;
    if (idleCallbacks) window.cancelIdleCallback(idle);
    else clearTimeout(idle);
  };
}

export interface PasskeySignIn {
  /** Passkeys can work on this page: the button shows. */
  supported: boolean;
  error: string | undefined;
  /** The button: the browser's own passkey dialog (a passkey on this device, or a phone's QR code). */
  withButton: () => void;
  /** Ends the autofill's waiting request (the email form was submitted). */
  stop: () => void;
}

/**
 * A prompt that ends sooner than this was not closed by a person: the browser refused the request
 * as it started (a policy, an extension), and asking again would be refused again.
 */
const HUMAN_CANCEL_MS = 1500;

/** However a visit goes, the autofill waits at most this often: a bound on challenges per screen. */
const MAX_AUTOFILL_STARTS = 4;

/**
 * Signing in with a passkey on a sign-in screen (docs/decisions/0059-passkeys.md, 0065): as soon as
 * the screen is interactive a conditional request waits for the customer to pick a passkey in the
 * email field's suggestions (`autocomplete="username webauthn"`); the button asks outright. Either
 * ends where every sign-in ends.
 *
 * The autofill's request starts once per visit and again only after something the customer did:
 * a prompt they closed, a passkey the server refused, the button. Never after the browser refused
 * (at once, or with an error that says it always will) nor after the server answered 429, 5xx or
 * nothing: those end the autofill for the visit, and the email form carries on alone. A browser
 * that refuses outright also loses the button. A screen without the email field (`autofill:
 * false`) has the button alone, and asks for no challenge until it is pressed.
 */
export function usePasskeySignIn(brand: Brand, search: string, { autofill: suggest = true }: { autofill?: boolean } = {}): PasskeySignIn {
  // Shown from the first paint where the deployment can run ceremonies at all (a screen rendered
  // ahead of time keeps its place), and taken away where this browser or page cannot.
  const [supported, setSupported] = useState(config.passkeyOrigin !== null);
  const [error, setError] = useState<string>();
  const client = useRef<Client | undefined>(undefined);
  const visit = useRef({ active: false, ended: false, starts: 0, waiting: 0 });
  // Read when a passkey is used: a screen rendered ahead of time has its query only once hydrated.
  const returnUrl = useRef<string | null>(null);
  returnUrl.current = getParamIgnoringCase(search, "returnurl") ?? null;

  const load = async () => {
    client.current ??= await import("../platform/passkey-client.ts");
    return client.current;
  };

  /** What ends the autofill for this visit: the browser will not, or the server cannot, go on. */
  function endAutofill(outcome: PasskeySignInOutcome) {
    visit.current.ended = true;
    if (outcome.kind === "browser-refused") setSupported(false);
  }

  /** What the customer reads: a refused passkey or a limit says why; a 5xx or no answer, the general words. */
  const show = (failure: unknown) => {
    if (visit.current.active) setError(messageFor(failure, strings.login.unexpectedError));
  };

  async function autofill(): Promise<void> {
    const state = visit.current;
    // A screen with no email field to suggest passkeys in has the button alone.
    if (!suggest || !state.active || state.ended || state.starts >= MAX_AUTOFILL_STARTS) return;
    const loaded = await load();
    if (!state.active || !(await loaded.autofillAvailable())) return;
    state.starts += 1;
    // A newer request (the button's, or a later wait) makes this one's outcome nobody's business.
    const waiting = ++state.waiting;
    // The button pressed while the challenge was on its way: the autofill must not abort its prompt.
    const current = () => state.active && waiting === state.waiting;
    const outcome = await loaded.signInWithPasskey(true, brand.productId, returnUrl.current, current);
    if (!current()) return;
    switch (outcome.kind) {
      case "signed-in":
        leaveTo(outcome.next);
        return;
      case "cancelled":
        if (outcome.promptMs < HUMAN_CANCEL_MS) return endAutofill(outcome);
        return autofill();
      case "browser-refused":
        return endAutofill(outcome);
      case "failed":
        // Nobody asked for the request that failed before a passkey was picked: nothing to show.
        if (outcome.afterChoice) show(outcome.error);
        if (outcome.afterChoice && isCustomerError(outcome.error)) return autofill();
        return endAutofill(outcome);
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: started once per visit to the screen.
  useEffect(() => {
    if (!passkeysUsableHere()) {
      setSupported(false);
      return;
    }
    visit.current.active = true;
    const cancel = afterInteractive(() => void autofill());
    return () => {
      visit.current.active = false;
      cancel();
      client.current?.cancelPasskeyRequest();
    };
  }, []);

  async function withButton() {
    setError(undefined);
    const state = visit.current;
    // Starting it aborts the autofill's request, whose outcome is then ignored.
    state.waiting += 1;
    const loaded = await load();
    const outcome = await loaded.signInWithPasskey(false, brand.productId, returnUrl.current);
    if (!state.active) return;
    switch (outcome.kind) {
      case "signed-in":
        leaveTo(outcome.next);
        return;
      case "browser-refused":
        endAutofill(outcome);
        setError(strings.login.passkeyUnavailable);
        return;
      case "failed":
        show(outcome.error);
        if (!isCustomerError(outcome.error)) return endAutofill(outcome);
        break;
      case "cancelled":
        break;
    }
    // The customer acted: the suggestions wait again, as when the screen opened.
    void autofill();
  }

  return {
    supported,
    error,
    withButton: () => void withButton(),
    stop: () => {
      visit.current.waiting += 1;
      client.current?.cancelPasskeyRequest();
    },
  };
}

/** A refusal the customer can act on (a 4xx other than a limit): another passkey may work. */
function isCustomerError(error: unknown): boolean {
  return error instanceof HttpError && error.status >= 400 && error.status < 500 && error.status !== 429;
}

/** "Sign in with a passkey", and what went wrong with one; nothing in a browser without WebAuthn. */
export function PasskeyButton({ passkey }: { passkey: PasskeySignIn }) {
  // The button goes where passkeys cannot work; why it went (pressed, and refused) stays.
  if (!passkey.supported) return <FormError message={passkey.error} id="passkey-error" />;
  return (
    <>
      <Button variant="clear" className="button--wide passkey-button" onClick={passkey.withButton} qaTag="passkey-sign-in">
        {strings.login.passkey}
      </Button>
      <FormError message={passkey.error} id="passkey-error" />
    </>
  );
}
