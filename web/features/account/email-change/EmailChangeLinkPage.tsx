import { strings } from "@strings/account.ts";
import {
  cancelEmailChange,
  checkCancelEmailChange,
  checkEmailChange,
  checkEmailUndoDispute,
  checkUndoEmailChange,
  confirmEmailChange,
  disputeEmailUndo,
  undoEmailChange,
} from "../../../api/email-change.ts";
import { brandForPath } from "../../../platform/brand.ts";
import { useLocation } from "../../../platform/router.ts";
import { dateTime } from "../format.ts";
import { LinkActionPage } from "../LinkActionPage.tsx";
import { piecesAroundAddresses } from "./addresses.ts";

const t = strings.account.emailChange;
const shared = { checking: t.checking, problemTitle: t.problemTitle };

/**
 * A sentence with each of its email addresses set as one piece (account.css, .account__address):
 * on one line where it fits, never broken after a shortened address's "…" nor before the full stop
 * after it, and isolated from the sentence's direction (an address in an Arabic sentence).
 */
function withWholeAddresses(sentence: string, ...addresses: string[]) {
  return piecesAroundAddresses(sentence, addresses).map((piece, index) =>
    "text" in piece ? (
      piece.text
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the pieces are a fixed sentence's, never reordered.
      <span key={index} className="account__address-line">
        <bdi className="account__address">{piece.address}</bdi>
        {piece.punctuation}
      </span>
    ),
  );
}

/**
 * Where the link mailed to the new address opens (docs/decisions/0070): which change it confirms;
 * its button makes it. On any device: a browser signed in as the account stays signed in, others
 * are signed out.
 */
export function ConfirmEmail() {
  return (
    <LinkActionPage
      {...shared}
      keptKey="confirm-email-link"
      check={checkEmailChange}
      title={t.confirmTitle}
      what={(view) => withWholeAddresses(t.confirmWhat(view.oldEmail, view.newEmail), view.oldEmail, view.newEmail)}
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

/**
 * "This wasn't me" in the notice to the old address: cancels the change asked for, and signs out
 * the browser that asked. Whoever presses it is signed in nowhere by it.
 */
export function CancelEmailChange() {
  return (
    <LinkActionPage
      {...shared}
      keptKey="cancel-email-change-link"
      check={checkCancelEmailChange}
      title={t.cancelTitle}
      what={(view) => withWholeAddresses(t.cancelWhat(view.newEmail, dateTime(view.requestedAt)), view.newEmail)}
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

/**
 * The undo link in "Your email was changed", to the old address (7 days): the old address back,
 * every browser and app signed out, what was added since removed. Then an emailed sign-in link,
 * to the old address again, to review the account.
 */
export function UndoEmailChange() {
  return (
    <LinkActionPage
      {...shared}
      keptKey="undo-email-change-link"
      check={checkUndoEmailChange}
      title={t.undoTitle}
      what={(view) => withWholeAddresses(t.undoWhat(view.oldEmail, view.newEmail), view.oldEmail, view.newEmail)}
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

/**
 * "This wasn't me" in "Your email was changed back", to the address an undo replaced
 * (docs/decisions/0078): it tells support and moves no address back, since a taker who lost the
 * account to the owner's undo would press it too. Whoever presses it is signed in nowhere by it;
 * the page says how to reach support.
 */
export function DisputeEmailUndo() {
  const brand = brandForPath(useLocation().pathname);
  return (
    <LinkActionPage
      {...shared}
      keptKey="dispute-email-undo-link"
      check={checkEmailUndoDispute}
      title={t.disputeTitle}
      what={(view) => withWholeAddresses(t.disputeWhat(view.restoredEmail, dateTime(view.changedBackAt)), view.restoredEmail)}
      effect={t.disputeEffect}
      button={t.dispute}
      qaTag="dispute-email-undo"
      act={async (token) => {
        await disputeEmailUndo(token);
        return { title: t.disputedTitle, text: t.disputed, next: t.disputedNext(brand.name) };
      }}
    />
  );
}
