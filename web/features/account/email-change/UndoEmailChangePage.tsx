import { strings } from "@strings/account.ts";
import { checkUndoEmailChange, undoEmailChange } from "../../../api/email-change.ts";
import { LinkActionPage } from "./LinkActionPage.tsx";

const t = strings.account.emailChange;

/**
 * The undo link in "Your email was changed", to the old address (7 days): the old address back,
 * every browser and app signed out, what was added since removed. Then an emailed sign-in link,
 * to the old address again, to review the account.
 */
export default function UndoEmailChangePage() {
  return (
    <LinkActionPage
      keptKey="undo-email-change-link"
      check={checkUndoEmailChange}
      title={t.undoTitle}
      what={(view) => t.undoWhat(view.oldEmail, view.newEmail)}
      effect={t.undoEffect}
      button={t.undo}
      qaTag="undo-email-change"
      act={async (token) => {
        const { email } = await undoEmailChange(token);
        return { title: t.undoneTitle, text: t.undone(email), after: "sign-in-link", email };
      }}
    />
  );
}
