import { strings } from "@strings/passkey-offer.ts";
import { useEffect, useRef, useState } from "react";
import { getParamIgnoringCase } from "../../../common/query.ts";
import { messageFor } from "../../api/http.ts";
import { declinePasskeyOffer, passkeyOffer } from "../../api/passkeys.ts";
import { brandForPath } from "../../platform/brand.ts";
import { config } from "../../platform/config.ts";
import { passkeysUsableHere } from "../../platform/passkey-support.ts";
import { leaveTo, useLocation } from "../../platform/router.ts";
import { Button } from "../../ui/Button.tsx";
import { FormError } from "../../ui/FormError.tsx";
import { LoadingScreen } from "../../ui/LoadingScreen.tsx";
import { Screen } from "../../ui/Screen.tsx";

const t = strings.passkeyOffer;

/**
 * Asks the browser for a passkey with no prompt: true when it made one within the wait. One made
 * later, while the screen shows, still goes on at once.
 */
async function askQuietly(productId: number, onMadeLater: () => void): Promise<boolean> {
  const { makePasskeyQuietly, QUIET_PASSKEY_WAIT_MS } = await import("../../platform/passkey-upgrade.ts");
  const made = makePasskeyQuietly(productId);
  const waited = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), QUIET_PASSKEY_WAIT_MS));
  if (await Promise.race([made, waited])) return true;
  void made.then((later) => later && onMadeLater());
  return false;
}

/**
 * "Sign In Faster Next Time" (docs/decisions/0059-passkeys.md): shown right after a sign-in by
 * link, code, password or Google on a device that can make a passkey. The server says whether to offer
 * one and where the sign-in continues (the ReturnUrl, checked again); a cancelled prompt leaves
 * the offer as it was; "Not now" is remembered in this browser for 30 days. Where the browser's
 * password manager can make one with no prompt (conditional create, docs/decisions/0086), it is
 * asked first: a passkey made so goes straight on, and the screen shows only if none comes soon.
 */
export default function PasskeyOfferPage() {
  const { pathname, search } = useLocation();
  const brand = brandForPath(pathname);
  const [next, setNext] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [askingQuietly, setAskingQuietly] = useState(true);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    passkeyOffer(getParamIgnoringCase(search, "returnurl") ?? null, brand.productId).then(
      ({ offer, redirectUrl }) => {
        if (!offer || !passkeysUsableHere()) return leaveTo(redirectUrl, { replace: true });
        setNext(redirectUrl);
        const goOn = () => leaveTo(redirectUrl, { replace: true });
        void askQuietly(brand.productId, goOn).then(
          (made) => (made ? goOn() : setAskingQuietly(false)),
          () => setAskingQuietly(false),
        );
      },
      // The sign-in is done: without an answer, on to the brand's app rather than a dead end.
      () => leaveTo(config.links[brand.links.ui], { replace: true }),
    );
  }, [brand, search]);

  if (next === undefined || askingQuietly) return <LoadingScreen header={brand.name} text={t.continuing} spinnerLabel={t.continuing} />;

  async function create() {
    if (next === undefined) return;
    setBusy(true);
    setError(undefined);
    try {
      const { makePasskey } = await import("../../platform/passkey-client.ts");
      if (await makePasskey(brand.productId)) {
        leaveTo(next);
        return;
      }
    } catch (failure) {
      setError(messageFor(failure, strings.login.unexpectedError));
    }
    setBusy(false);
  }

  async function notNow() {
    if (next === undefined) return;
    setBusy(true);
    await declinePasskeyOffer().catch(() => undefined);
    leaveTo(next);
  }

  return (
    <Screen brand={brand} title={t.title}>
      <p>{t.text}</p>
      <Button variant="green" className="button--wide" onClick={() => void create()} disabled={busy} qaTag="passkey-create">
        {t.create}
      </Button>
      <FormError message={error} />
      <Button variant="link-blue" onClick={() => void notNow()} disabled={busy} qaTag="passkey-not-now">
        {t.notNow}
      </Button>
    </Screen>
  );
}
