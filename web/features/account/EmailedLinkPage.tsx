import { brandForPath } from "../../platform/brand.ts";
import { useLocation } from "../../platform/router.ts";
import { CancelEmailChange, ConfirmEmail, DisputeEmailUndo, UndoEmailChange } from "./email-change/EmailChangeLinkPage.tsx";
import { NotMe } from "./NotMePage.tsx";
import { PasskeyRemoval } from "./PasskeyRemovalPage.tsx";

/**
 * The pages the account's security mails open, one screen (one chunk) for all of them: which
 * one is the brand's path. Each checks its link as it opens and acts only on its button.
 */
export default function EmailedLinkPage() {
  const path = useLocation().pathname;
  const { paths } = brandForPath(path);
  switch (path) {
    case paths.notMe:
      return <NotMe />;
    case paths.passkeyRemoval:
      return <PasskeyRemoval />;
    case paths.cancelEmailChange:
      return <CancelEmailChange />;
    case paths.undoEmailChange:
      return <UndoEmailChange />;
    case paths.disputeEmailUndo:
      return <DisputeEmailUndo />;
    default:
      return <ConfirmEmail />;
  }
}
