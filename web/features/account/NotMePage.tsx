import { strings } from "@strings/account.ts";
import { sayBrowser } from "../../../common/i18n/catalogue.ts";
import { checkNotMe, signOutNotMe } from "../../api/my-account.ts";
import { networkOf } from "./activity-sentences.ts";
import { dateTime } from "./format.ts";
import { LinkActionPage } from "./LinkActionPage.tsx";

const t = strings.account.notMe;

/**
 * "This wasn't me" (docs/decisions/0067), where a "New sign-in" mail's button opens. Opening it
 * changes nothing (mail scanners open links too): it names the browser, its network and when it
 * signed in. The button signs that browser out, with every app it signed in to, and removes any
 * passkey it added; then the page offers an emailed sign-in link to review the account. Whoever
 * presses it is signed in nowhere by it.
 */
export function NotMe() {
  return (
    <LinkActionPage
      keptKey="not-me-link"
      check={checkNotMe}
      title={t.title}
      checking={t.checking}
      problemTitle={t.problemTitle}
      what={(notice) => {
        const browser = sayBrowser(notice.device, strings.account.places.browserOn, strings.account.places.unknownBrowser);
        return t.what(browser, notice.address ? networkOf(notice.address) : "", dateTime(notice.signedInAt));
      }}
      effect={t.effect}
      button={t.signOut}
      qaTag="not-me-sign-out"
      act={async (token, notice) => {
        await signOutNotMe(token);
        return { title: t.doneTitle, text: t.done, after: "sign-in-link", email: notice.email };
      }}
    />
  );
}
