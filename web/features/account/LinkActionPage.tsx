import { strings } from "@strings/account.ts";
import { type ReactNode, startTransition, useState } from "react";
import { requestAccessLink } from "../../api/account.ts";
import { type Undelivered, UndeliveredScreen, undeliverableIn } from "../../forms/undelivered.ts";
import { brandForPath } from "../../platform/brand.ts";
import { navigate, useLocation } from "../../platform/router.ts";
import { Button } from "../../ui/Button.tsx";
import { FormError } from "../../ui/FormError.tsx";
import { Link } from "../../ui/Link.tsx";
import { Screen } from "../../ui/Screen.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { useEmailedLink } from "./use-emailed-link.ts";
import "./account.css";

/** What the page says once its button did its work, and what it offers next. */
export interface LinkActionDone {
  title: string;
  text: string;
  /** A further paragraph ("If you did not add it, review your account now…"). */
  next?: string;
  /** The account page, or an emailed sign-in link to `email` (the one who pressed is signed in nowhere). */
  after?: "account" | "sign-in-link";
  email?: string;
}

/** What one mailed link's page says and does, around what they all share. */
export interface LinkAction<View> {
  /** Where the token is kept in this tab for a reload. */
  keptKey: string;
  check: (token: string) => Promise<View>;
  title: string;
  checking: string;
  problemTitle: string;
  /** A link that cannot be used still offers the account page. */
  refusedOffersAccount?: boolean;
  /** What the link is about, and what pressing the button does. */
  what: (view: View) => ReactNode;
  effect: string;
  button: string;
  qaTag: string;
  /** The button's work; answers what the page says afterwards. */
  act: (token: string, view: View) => Promise<LinkActionDone>;
}

const t = strings.account.notMe;

/**
 * A page a mailed link opens whose one button does what the link is for: "This wasn't me", "A
 * passkey was added", an email change's confirmation, cancellation and undo. Opening it only
 * checks the link, spending nothing (mail scanners open links too); the button works once.
 * Afterwards the page offers what comes next: the account page, or an emailed sign-in link to
 * review the account.
 */
export function LinkActionPage<View>(action: LinkAction<View>) {
  const brand = brandForPath(useLocation().pathname);
  const { link, failure, submitting, act, forget } = useEmailedLink(action.keptKey, action.check);
  const [done, setDone] = useState<LinkActionDone>();
  const [linkSent, setLinkSent] = useState(false);
  // Our mail to the address bounced before: no link was sent (docs/decisions/0087).
  const [undelivered, setUndelivered] = useState<Undelivered>();

  const toAccount = (
    <Link variant="blue" className="button--wide" to={brand.paths.account}>
      {strings.account.passkeyRemoval.account}
    </Link>
  );

  if (link.kind === "checking") {
    return (
      <Screen brand={brand} title={action.title} busy>
        <Spinner label={action.checking} />
      </Screen>
    );
  }
  if (link.kind === "refused") {
    return (
      <Screen brand={brand} title={action.problemTitle}>
        <p>{link.message}</p>
        {action.refusedOffersAccount ? toAccount : null}
      </Screen>
    );
  }

  if (done) {
    let next: ReactNode = done.after === "account" ? toAccount : null;
    if (done.after === "sign-in-link" && done.email) {
      const email = done.email;
      // The other ways in land on the account page too, as the link would have.
      const search = `?ReturnUrl=${encodeURIComponent(brand.paths.account)}`;
      if (undelivered) {
        return (
          <UndeliveredScreen
            brand={brand}
            email={email}
            undelivered={undelivered}
            search={search}
            onUseAnotherEmail={() => navigate(`${brand.paths.emailLogin}${search}`)}
          />
        );
      }
      const sendLink = () =>
        act(async () => {
          try {
            await requestAccessLink({ Email: email, ProductId: brand.productId, ReturnUrl: brand.paths.account });
            setLinkSent(true);
          } catch (error) {
            const refused = undeliverableIn(error);
            if (!refused) throw error;
            // The page stays until the screen's code has loaded.
            startTransition(() => setUndelivered(refused));
          }
        });
      next = linkSent ? (
        <p role="status">{t.linkSent(email)}</p>
      ) : (
        <>
          <p>{t.review}</p>
          <FormError message={failure} />
          <Button variant="green" className="button--wide" disabled={submitting} onClick={sendLink}>
            {t.emailLink}
          </Button>
        </>
      );
    }
    return (
      <Screen brand={brand} title={done.title}>
        <p role="status">{done.text}</p>
        {done.next ? <p>{done.next}</p> : null}
        {next}
      </Screen>
    );
  }

  const { token, view } = link;
  const press = () =>
    act(async () => {
      const outcome = await action.act(token, view);
      forget();
      setDone(outcome);
    });
  return (
    <Screen brand={brand} title={action.title}>
      <p>{action.what(view)}</p>
      <p>{action.effect}</p>
      <FormError message={failure} />
      <Button variant="green" className="button--wide" disabled={submitting} onClick={press} qaTag={action.qaTag}>
        {action.button}
      </Button>
    </Screen>
  );
}
