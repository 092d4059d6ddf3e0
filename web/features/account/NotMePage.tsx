import { strings } from "@strings/account.ts";
import { useState } from "react";
import { sayBrowser } from "../../../common/i18n/catalogue.ts";
import { requestAccessLink } from "../../api/account.ts";
import { checkNotMe, signOutNotMe } from "../../api/my-account.ts";
import { brandForPath } from "../../platform/brand.ts";
import { useLocation } from "../../platform/router.ts";
import { Button } from "../../ui/Button.tsx";
import { FormError } from "../../ui/FormError.tsx";
import { Screen } from "../../ui/Screen.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { networkOf } from "./activity-sentences.ts";
import { dateTime } from "./format.ts";
import { useEmailedLink } from "./use-emailed-link.ts";
import "./account.css";

const t = strings.account.notMe;

/**
 * "This wasn't me" (docs/decisions/0067), where a "New sign-in" mail's button opens. Opening it
 * changes nothing (mail scanners open links too): it names the browser, its network and when it
 * signed in. The button signs that browser out, with every app it signed in to, and removes any
 * passkey it added; then the page offers an emailed sign-in link to review the account. Whoever
 * presses it is signed in nowhere by it.
 */
export default function NotMePage() {
  const brand = brandForPath(useLocation().pathname);
  const { link, failure, submitting, act, forget } = useEmailedLink("not-me-link", checkNotMe);
  // After the button: signed out, then whether the emailed sign-in link was sent.
  const [after, setAfter] = useState<"signed-out" | "link-sent">();

  if (link.kind === "checking") {
    return (
      <Screen brand={brand} title={t.title} busy>
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

  const { token, view: notice } = link;

  if (after) {
    const emailLink = () =>
      act(async () => {
        await requestAccessLink({ Email: notice.email, ProductId: brand.productId, ReturnUrl: brand.paths.account });
        setAfter("link-sent");
      });
    return (
      <Screen brand={brand} title={t.doneTitle}>
        <p>{t.done}</p>
        {after === "link-sent" ? (
          <p role="status">{t.linkSent(notice.email)}</p>
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

  const signOut = () =>
    act(async () => {
      await signOutNotMe(token);
      forget();
      setAfter("signed-out");
    });
  const browser = notice.device ? sayBrowser(notice.device, strings.account.places.browserOn) : strings.account.places.unknownBrowser;
  const network = notice.address ? networkOf(notice.address) : "";
  return (
    <Screen brand={brand} title={t.title}>
      <p>{t.what(browser, network, dateTime(notice.signedInAt))}</p>
      <p>{t.effect}</p>
      <FormError message={failure} />
      <Button variant="green" className="button--wide" disabled={submitting} onClick={signOut} qaTag="not-me-sign-out">
        {t.signOut}
      </Button>
    </Screen>
  );
}
