import { strings } from "@strings/account.ts";
import { cancelEmailChange, checkCancelEmailChange } from "../../../api/email-change.ts";
import { dateTime } from "../format.ts";
import { LinkActionPage } from "./LinkActionPage.tsx";

const t = strings.account.emailChange;

/**
 * "This wasn't me" in the notice to the old address: cancels the change asked for, and signs out
 * the browser that asked. Whoever presses it is signed in nowhere by it.
 */
export default function CancelEmailChangePage() {
  return (
    <LinkActionPage
      keptKey="cancel-email-change-link"
      check={checkCancelEmailChange}
      title={t.cancelTitle}
      what={(view) => t.cancelWhat(view.newEmail, dateTime(view.requestedAt))}
      effect={t.cancelEffect}
      button={t.cancel}
      qaTag="cancel-email-change"
      act={async (token) => {
        await cancelEmailChange(token);
        return { title: t.cancelledTitle, text: t.cancelled, after: "account" };
      }}
    />
  );
}
