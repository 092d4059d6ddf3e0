import { strings } from "@strings/account.ts";
import { checkEmailChange, confirmEmailChange } from "../../../api/email-change.ts";
import { LinkActionPage } from "./LinkActionPage.tsx";

const t = strings.account.emailChange;

/**
 * Where the link mailed to the new address opens: which change it confirms; its button makes it.
 * On any device: a browser signed in as the account stays signed in, others are signed out.
 */
export default function ConfirmEmailPage() {
  return (
    <LinkActionPage
      keptKey="confirm-email-link"
      check={checkEmailChange}
      title={t.confirmTitle}
      what={(view) => t.confirmWhat(view.oldEmail, view.newEmail)}
      effect={t.confirmEffect}
      button={t.confirm}
      qaTag="confirm-email"
      act={async (token) => {
        const { email } = await confirmEmailChange(token);
        return { title: t.confirmedTitle, text: t.confirmed(email), after: "account" };
      }}
    />
  );
}
