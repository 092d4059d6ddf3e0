import { strings } from "@strings/account.ts";
import { useEffect, useRef, useState } from "react";
import { linkProblemOf } from "../../../common/link-problems.ts";
import { HttpError, messageFor } from "../../api/http.ts";
import { checkDeletionLink, deleteMyAccount, keepMyAccount } from "../../api/my-account.ts";
import { useSubmitting } from "../../forms/use-submitting.ts";
import { takeKeptToken } from "../../platform/address.ts";
import { brandForPath } from "../../platform/brand.ts";
import { config } from "../../platform/config.ts";
import { useLocation } from "../../platform/router.ts";
import { Button } from "../../ui/Button.tsx";
import { FormError } from "../../ui/FormError.tsx";
import { Link } from "../../ui/Link.tsx";
import { Screen } from "../../ui/Screen.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import "./account.css";

const t = strings.deleteAccount;

/** The link's token, kept for this tab only: a reload still finds it once the address bar has lost it. */
const KEPT_TOKEN = "account-deletion-link";

const takeToken = () => takeKeptToken(KEPT_TOKEN);

type State =
  | { kind: "checking" }
  | { kind: "ready"; token: string; email: string }
  | { kind: "refused"; message: string }
  | { kind: "unchecked" }
  | { kind: "deleted" }
  | { kind: "kept" };

/** A refusal about the link itself (unknown, used, expired): the kept token is of no more use. */
function isLinkProblem(error: unknown): boolean {
  return error instanceof HttpError && linkProblemOf(error.code) !== undefined;
}

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

  const check = () => {
    const token = takeToken();
    if (!token) {
      setState({ kind: "refused", message: t.incomplete });
      return;
    }
    setState({ kind: "checking" });
    checkDeletionLink(token).then(
      ({ email }) => setState({ kind: "ready", token, email }),
      (error: unknown) => {
        if (!isLinkProblem(error)) {
          setState({ kind: "unchecked" });
          return;
        }
        sessionStorage.removeItem(KEPT_TOKEN);
        setState({ kind: "refused", message: messageFor(error, t.incomplete) });
      },
    );
  };

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    check();
  });

  // Each new state's title takes the focus, so a screen reader says where the customer now is.
  useEffect(() => {
    if (state.kind === "checking") return;
    const title = document.querySelector<HTMLElement>(".card__title");
    title?.setAttribute("tabindex", "-1");
    title?.focus();
  }, [state.kind]);

  const confirm = (token: string) =>
    void run(async () => {
      try {
        setFailure(undefined);
        await deleteMyAccount(token);
        sessionStorage.removeItem(KEPT_TOKEN);
        setState({ kind: "deleted" });
      } catch (error) {
        if (isLinkProblem(error)) sessionStorage.removeItem(KEPT_TOKEN);
        setFailure(messageFor(error, t.failed));
      }
    });

  const keep = (token: string) =>
    void run(async () => {
      try {
        setFailure(undefined);
        await keepMyAccount(token);
        sessionStorage.removeItem(KEPT_TOKEN);
        setState({ kind: "kept" });
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
    case "unchecked":
      return (
        <Screen brand={brand} title={t.title}>
          <p role="alert">{t.checkFailed}</p>
          <Button variant="blue" onClick={check}>
            {t.retry}
          </Button>
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
          <Button variant="link-gray" disabled={submitting} onClick={() => keep(state.token)}>
            {t.keep}
          </Button>
          <FormError message={failure} />
        </Screen>
      );
  }
}
