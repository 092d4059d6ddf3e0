import { useEffect, useRef, useState } from "react";
import { messageFor } from "../../api/http.ts";
import { checkDeletionLink, deleteMyAccount } from "../../api/my-account.ts";
import { useSubmitting } from "../../forms/use-submitting.ts";
import { en } from "../../i18n/en/account.ts";
import { takeFromAddress } from "../../platform/address.ts";
import { brandForPath } from "../../platform/brand.ts";
import { config } from "../../platform/config.ts";
import { useLocation } from "../../platform/router.ts";
import { Button } from "../../ui/Button.tsx";
import { FormError } from "../../ui/FormError.tsx";
import { Link } from "../../ui/Link.tsx";
import { Screen } from "../../ui/Screen.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import "./account.css";

const t = en.deleteAccount;

/** The link's token, kept for this tab only: a reload still finds it once the address bar has lost it. */
const KEPT_TOKEN = "account-deletion-link";

/**
 * Takes the token out of the address bar at once (it is a secret; the page's referrer policy
 * already keeps it from other sites) and keeps it in this tab's storage for a reload.
 */
function takeToken(): string | null {
  const { token } = takeFromAddress("token");
  if (token) sessionStorage.setItem(KEPT_TOKEN, token);
  return token ?? sessionStorage.getItem(KEPT_TOKEN);
}

type State =
  | { kind: "checking" }
  | { kind: "ready"; token: string; email: string }
  | { kind: "refused"; message: string }
  | { kind: "deleted" }
  | { kind: "kept" };

/**
 * Where the emailed deletion link opens (/dsone/account/delete, /maverick/account/delete). Opening
 * it changes nothing (mail scanners open links too): it says which account and what deleting it
 * means, and deletes only when the customer confirms.
 */
export default function DeleteAccountPage() {
  const { pathname } = useLocation();
  const brand = brandForPath(pathname);
  const [state, setState] = useState<State>({ kind: "checking" });
  const [failure, setFailure] = useState<string>();
  const { submitting, run } = useSubmitting();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = takeToken();
    if (!token) {
      setState({ kind: "refused", message: t.incomplete });
      return;
    }
    checkDeletionLink(token).then(
      ({ email }) => setState({ kind: "ready", token, email }),
      (error: unknown) => setState({ kind: "refused", message: messageFor(error, en.login.unexpectedError) }),
    );
  }, []);

  const confirm = (token: string) =>
    void run(async () => {
      try {
        setFailure(undefined);
        await deleteMyAccount(token);
        sessionStorage.removeItem(KEPT_TOKEN);
        setState({ kind: "deleted" });
      } catch (error) {
        setFailure(messageFor(error, t.failed));
      }
    });

  switch (state.kind) {
    case "checking":
      return (
        <Screen brand={brand} title={t.title} busy>
          <Spinner label={t.checking} />
        </Screen>
      );
    case "refused":
      return (
        <Screen brand={brand} title={t.refusedTitle}>
          <p role="alert">{state.message}</p>
          <Link to={brand.paths.account} variant="blue">
            {t.toAccount}
          </Link>
        </Screen>
      );
    case "deleted":
      return (
        <Screen brand={brand} title={t.deletedTitle}>
          <p role="status">{t.deletedText}</p>
          <a className="button button--blue" href={config.links[brand.links.ui]}>
            {t.toBrand(brand.name)}
          </a>
        </Screen>
      );
    case "kept":
      return (
        <Screen brand={brand} title={t.keptTitle}>
          <p role="status">{t.keptText}</p>
          <Link to={brand.paths.account} variant="blue">
            {t.toAccount}
          </Link>
        </Screen>
      );
    case "ready":
      return (
        <Screen brand={brand} title={t.title}>
          <p>{t.text(state.email)}</p>
          <ul className="delete__effects">
            {t.effects.map((effect) => (
              <li key={effect}>{effect}</li>
            ))}
          </ul>
          <p>
            <strong>{t.cannotUndo}</strong>
          </p>
          <Button variant="blue" className="account__danger-go button--wide" disabled={submitting} onClick={() => confirm(state.token)}>
            {t.confirm}
          </Button>
          <Button
            variant="link-gray"
            onClick={() => {
              sessionStorage.removeItem(KEPT_TOKEN);
              setState({ kind: "kept" });
            }}
          >
            {t.keep}
          </Button>
          <FormError message={failure} />
        </Screen>
      );
  }
}
