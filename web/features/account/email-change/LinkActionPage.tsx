import { strings } from "@strings/account.ts";
import { type ReactNode, useState } from "react";
import { requestAccessLink } from "../../../api/account.ts";
import { brandForPath } from "../../../platform/brand.ts";
import { useLocation } from "../../../platform/router.ts";
import { Button } from "../../../ui/Button.tsx";
import { FormError } from "../../../ui/FormError.tsx";
import { Link } from "../../../ui/Link.tsx";
import { Screen } from "../../../ui/Screen.tsx";
import { Spinner } from "../../../ui/Spinner.tsx";
import { useEmailedLink } from "../use-emailed-link.ts";
import "../account.css";

const t = strings.account.emailChange;

/** What one of an email change's pages says and does, around what they all share. */
export interface LinkAction<View> {
  keptKey: string;
  check: (token: string) => Promise<View>;
  title: string;
  /** What the link is about, and what pressing the button does. */
  what: (view: View) => string;
  effect: string;
  button: string;
  qaTag: string;
  /** The button's work; answers what the page says afterwards. */
  act: (token: string, view: View) => Promise<{ title: string; text: string; after?: "sign-in-link" | "account"; email?: string }>;
}

/**
 * A page an email change's mail opens (docs/decisions/0070): opening it only checks the link
 * (mail scanners open links too); the one button does what the link is for, once. Afterwards the
 * page offers what comes next: the account page, or an emailed sign-in link to review it.
 */
export function LinkActionPage<View>(action: LinkAction<View>) {
  const brand = brandForPath(useLocation().pathname);
  const { link, failure, submitting, act, forget } = useEmailedLink(action.keptKey, action.check);
  const [done, setDone] = useState<Awaited<ReturnType<LinkAction<View>["act"]>>>();
  const [linkSent, setLinkSent] = useState(false);

  if (link.kind === "checking") {
    return (
      <Screen brand={brand} title={action.title} busy>
        <Spinner label={t.checking} />
      </Screen>
    );
  }
  if (link.kind === "refused") {
    return (
      <Screen brand={brand} title={t.problemTitle}>
        <p>{link.message}</p>
      </Screen>
    );
  }

  if (done) {
    let next: ReactNode = null;
    if (done.after === "account") {
      next = (
        <Link variant="blue" className="button--wide" to={brand.paths.account}>
          {t.account}
        </Link>
      );
    } else if (done.after === "sign-in-link" && done.email) {
      const email = done.email;
      const sendLink = () =>
        act(async () => {
          await requestAccessLink({ Email: email, ProductId: brand.productId, ReturnUrl: brand.paths.account });
          setLinkSent(true);
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
