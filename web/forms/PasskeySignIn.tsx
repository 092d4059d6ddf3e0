import { strings } from "@strings/shared.ts";
import { useEffect, useRef, useState } from "react";
import type { Brand } from "../../common/brands/index.ts";
import { getParamIgnoringCase } from "../../common/query.ts";
import { messageFor } from "../api/http.ts";
import { leaveTo } from "../platform/router.ts";
import { Button } from "../ui/Button.tsx";
import { FormError } from "../ui/FormError.tsx";

type Client = typeof import("../platform/passkey-client.ts");

/** Whether the browser has WebAuthn at all: without it, no passkey control shows. */
const webAuthnPresent = () => typeof window.PublicKeyCredential === "function";

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
  /** The browser has WebAuthn: the button shows. */
  supported: boolean;
  error: string | undefined;
  /** The button: the browser's own passkey dialog (a passkey on this device, or a phone's QR code). */
  withButton: () => void;
  /** Ends the autofill's waiting request (the email form was submitted). */
  stop: () => void;
}

/**
 * Signing in with a passkey on a sign-in screen (docs/decisions/0059-passkeys.md): as soon as the
 * screen is interactive a conditional request waits for the customer to pick a passkey in the
 * email field's suggestions (`autocomplete="username webauthn"`); the button asks outright. Either
 * ends where every sign-in ends. A cancelled prompt leaves the screen as it was.
 */
export function usePasskeySignIn(brand: Brand, search: string): PasskeySignIn {
  // Shown from the first paint (a screen rendered ahead of time keeps its place, so nothing below
  // it moves) and taken away in the rare browser without WebAuthn.
  const [supported, setSupported] = useState(true);
  const [error, setError] = useState<string>();
  const client = useRef<Client | undefined>(undefined);
  const active = useRef(false);
  // Read when a passkey is used: a screen rendered ahead of time has its query only once hydrated.
  const returnUrl = useRef<string | null>(null);
  returnUrl.current = getParamIgnoringCase(search, "returnurl") ?? null;

  const load = async () => {
    client.current ??= await import("../platform/passkey-client.ts");
    return client.current;
  };

  /** One request: "done" (leaving), "cancelled", or "refused" (the server said why, shown). */
  async function attempt(autofill: boolean): Promise<"done" | "cancelled" | "refused"> {
    const loaded = await load();
    try {
      const next = await loaded.signInWithPasskey(autofill, brand.productId, returnUrl.current);
      if (next === undefined) return "cancelled";
      leaveTo(next);
      return "done";
    } catch (failure) {
      if (active.current) setError(messageFor(failure, strings.login.unexpectedError));
      return "refused";
    }
  }

  async function autofill(): Promise<void> {
    const loaded = await load();
    if (!active.current || !(await loaded.autofillAvailable())) return;
    // Again after a refusal, so the customer can pick another passkey; not after a cancel.
    while (active.current && (await attempt(true)) === "refused") {}
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: started once per visit to the screen.
  useEffect(() => {
    if (!webAuthnPresent()) {
      setSupported(false);
      return;
    }
    active.current = true;
    const cancel = afterInteractive(() => void autofill());
    return () => {
      active.current = false;
      cancel();
      client.current?.cancelPasskeyRequest();
    };
  }, []);

  return {
    supported,
    error,
    withButton: () => {
      setError(undefined);
      // Starting it aborts the autofill's request; once it ends without signing in, the autofill waits again.
      void attempt(false).then((outcome) => {
        if (outcome !== "done") void autofill();
      });
    },
    stop: () => client.current?.cancelPasskeyRequest(),
  };
}

/** "Sign in with a passkey", and what went wrong with one; nothing in a browser without WebAuthn. */
export function PasskeyButton({ passkey }: { passkey: PasskeySignIn }) {
  if (!passkey.supported) return null;
  return (
    <>
      <Button variant="clear" className="button--wide passkey-button" onClick={passkey.withButton} qaTag="passkey-sign-in">
        {strings.login.passkey}
      </Button>
      <FormError message={passkey.error} id="passkey-error" />
    </>
  );
}
