import { strings } from "@strings/account.ts";
import { useEffect, useRef, useState } from "react";
import { sayBrowser } from "../../../common/i18n/catalogue.ts";
import { requestAccessLink } from "../../api/account.ts";
import { messageFor } from "../../api/http.ts";
import { checkNotMe, signOutNotMe } from "../../api/my-account.ts";
import { useSubmitting } from "../../forms/use-submitting.ts";
import { takeKeptToken } from "../../platform/address.ts";
import { brandForPath } from "../../platform/brand.ts";
import { useLocation } from "../../platform/router.ts";
import { Button } from "../../ui/Button.tsx";
import { FormError } from "../../ui/FormError.tsx";
import { Screen } from "../../ui/Screen.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { networkOf } from "./activity-sentences.ts";
import { dateTime } from "./format.ts";
import "./account.css";

const t = strings.account.notMe;

/** The link's token, kept for this tab only: a reload still finds it once the address bar has lost it. */
const KEPT_TOKEN = "not-me-link";

type State =
  | { kind: "checking" }
  | { kind: "ready"; token: string; device: string | null; address: string | null; signedInAt: number; email: string }
  | { kind: "refused"; message: string }
  | { kind: "signed-out"; email: string; linkSent: boolean };

/**
 * "This wasn't me" (docs/decisions/0067), where a "New sign-in" mail's button opens. Opening it
 * changes nothing (mail scanners open links too): it names the browser, its network and when it
 * signed in. The button signs that browser out, with every app it signed in to, and removes any
 * passkey it added; then the page offers an emailed sign-in link to review the account. Whoever
 * presses it is signed in nowhere by it.
 */
export default function NotMePage() {
  const brand = brandForPath(useLocation().pathname);
  const [state, setState] = useState<State>({ kind: "checking" });
  const [failure, setFailure] = useState<string>();
  const { submitting, run } = useSubmitting();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = takeKeptToken(KEPT_TOKEN);
    if (!token) {
      setState({ kind: "refused", message: strings.deleteAccount.incomplete });
      return;
    }
    checkNotMe(token).then(
      (notice) => setState({ kind: "ready", token, ...notice }),
      (error: unknown) => setState({ kind: "refused", message: messageFor(error, strings.login.unexpectedError) }),
    );
  }, []);

  const attempt = (work: () => Promise<void>) =>
    run(async () => {
      setFailure(undefined);
      try {
        await work();
      } catch (error) {
        setFailure(messageFor(error, strings.login.unexpectedError));
      }
    });

  if (state.kind === "checking") {
    return (
      <Screen brand={brand} title={t.title} busy>
        <Spinner label={t.checking} />
      </Screen>
    );
  }

  if (state.kind === "refused") {
    return (
      <Screen brand={brand} title={t.problemTitle}>
        <p>{state.message}</p>
      </Screen>
    );
  }

  if (state.kind === "signed-out") {
    const { email } = state;
    const emailLink = () =>
      attempt(async () => {
        await requestAccessLink({ Email: email, ProductId: brand.productId, ReturnUrl: brand.paths.account });
        setState({ kind: "signed-out", email, linkSent: true });
      });
    return (
      <Screen brand={brand} title={t.doneTitle}>
        <p>{t.done}</p>
        {state.linkSent ? (
          <p role="status">{t.linkSent(email)}</p>
        ) : (
          <>
            <p>{t.review}</p>
            <FormError message={failure} />
            <Button variant="green" className="button--wide" disabled={submitting} onClick={emailLink}>
              {t.emailLink}
            </Button>
          </>
        )}
      </Screen>
    );
  }

  const { token, email } = state;
  const signOut = () =>
    attempt(async () => {
      await signOutNotMe(token);
      sessionStorage.removeItem(KEPT_TOKEN);
      setState({ kind: "signed-out", email, linkSent: false });
    });
  const browser = state.device ? sayBrowser(state.device, strings.account.places.browserOn) : strings.account.places.unknownBrowser;
  const network = state.address ? networkOf(state.address) : "";
  return (
    <Screen brand={brand} title={t.title}>
      <p>{t.what(browser, network, dateTime(state.signedInAt))}</p>
      <p>{t.effect}</p>
      <FormError message={failure} />
      <Button variant="green" className="button--wide" disabled={submitting} onClick={signOut} qaTag="not-me-sign-out">
        {t.signOut}
      </Button>
    </Screen>
  );
}
