import { strings } from "@strings/account.ts";
import { useEffect, useRef, useState } from "react";
import { sayBrowser } from "../../../common/i18n/catalogue.ts";
import { messageFor } from "../../api/http.ts";
import { checkPasskeyRemoval, removePasskeyByLink } from "../../api/my-account.ts";
import { useSubmitting } from "../../forms/use-submitting.ts";
import { takeKeptToken } from "../../platform/address.ts";
import { brandForPath } from "../../platform/brand.ts";
import { useLocation } from "../../platform/router.ts";
import { Button } from "../../ui/Button.tsx";
import { FormError } from "../../ui/FormError.tsx";
import { Link } from "../../ui/Link.tsx";
import { Screen } from "../../ui/Screen.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { dateTime } from "./format.ts";
import "./account.css";

const t = strings.account.passkeyRemoval;

/** The link's token, kept for this tab only: a reload still finds it once the address bar has lost it. */
const KEPT_TOKEN = "passkey-removal-link";

const takeToken = () => takeKeptToken(KEPT_TOKEN);

type State =
  | { kind: "checking" }
  | { kind: "ready"; token: string; name: string; addedFrom: string | null; addedAt: number }
  | { kind: "refused"; message: string }
  | { kind: "removed" };

/**
 * Where the "A passkey was added" mail's link opens (docs/decisions/0065). Opening it removes
 * nothing (mail scanners open links too): it names the passkey, where and when it was added; the
 * button removes it and signs out the browser that added it. No sign-in is needed: the link, sent
 * to the account's own address, is the proof.
 */
export default function PasskeyRemovalPage() {
  const brand = brandForPath(useLocation().pathname);
  const [state, setState] = useState<State>({ kind: "checking" });
  const [failure, setFailure] = useState<string>();
  const { submitting, run } = useSubmitting();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = takeToken();
    if (!token) {
      setState({ kind: "refused", message: strings.deleteAccount.incomplete });
      return;
    }
    checkPasskeyRemoval(token).then(
      (passkey) => setState({ kind: "ready", token, ...passkey }),
      (error: unknown) => setState({ kind: "refused", message: messageFor(error, strings.login.unexpectedError) }),
    );
  }, []);

  if (state.kind === "checking") {
    return (
      <Screen brand={brand} title={t.title} busy>
        <Spinner label={t.checking} />
      </Screen>
    );
  }

  const toAccount = (
    <Link variant="blue" className="button--wide" to={brand.paths.account}>
      {t.account}
    </Link>
  );

  if (state.kind === "refused") {
    return (
      <Screen brand={brand} title={t.problemTitle}>
        <p>{state.message}</p>
        {toAccount}
      </Screen>
    );
  }

  if (state.kind === "removed") {
    return (
      <Screen brand={brand} title={t.removedTitle}>
        <p>{t.removed}</p>
        <p>{t.next}</p>
        {toAccount}
      </Screen>
    );
  }

  const { token } = state;
  const remove = () =>
    run(async () => {
      setFailure(undefined);
      try {
        await removePasskeyByLink(token);
        sessionStorage.removeItem(KEPT_TOKEN);
        setState({ kind: "removed" });
      } catch (error) {
        setFailure(messageFor(error, strings.login.unexpectedError));
      }
    });

  const browser = state.addedFrom ? sayBrowser(state.addedFrom, strings.account.places.browserOn) : strings.account.places.unknownBrowser;
  return (
    <Screen brand={brand} title={t.title}>
      <p>{t.what(state.name, browser, dateTime(state.addedAt))}</p>
      <p>{t.effect}</p>
      <FormError message={failure} />
      <Button variant="green" className="button--wide" disabled={submitting} onClick={remove} qaTag="passkey-remove-by-link">
        {t.remove}
      </Button>
    </Screen>
  );
}
