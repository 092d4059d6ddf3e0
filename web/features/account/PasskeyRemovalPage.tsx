import { strings } from "@strings/account.ts";
import { checkPasskeyRemoval, removePasskeyByLink } from "../../api/my-account.ts";
import { passkeyAddedSentence } from "./activity-sentences.ts";
import { dateTime } from "./format.ts";
import { LinkActionPage } from "./LinkActionPage.tsx";

const t = strings.account.passkeyRemoval;

/**
 * Where the "A passkey was added" mail's link opens (docs/decisions/0065). Opening it removes
 * nothing (mail scanners open links too): it names the passkey, where and when it was added; the
 * button removes it and signs out the browser that added it. No sign-in is needed: the link, sent
 * to the account's own address, is the proof.
 */
export function PasskeyRemoval() {
  return (
    <LinkActionPage
      keptKey="passkey-removal-link"
      check={checkPasskeyRemoval}
      title={t.title}
      checking={t.checking}
      problemTitle={t.problemTitle}
      refusedOffersAccount
      what={(passkey) => passkeyAddedSentence(passkey, dateTime(passkey.addedAt))}
      effect={t.effect}
      button={t.remove}
      qaTag="passkey-remove-by-link"
      act={async (token) => {
        await removePasskeyByLink(token);
        return { title: t.removedTitle, text: t.removed, next: t.next, after: "account" };
      }}
    />
  );
}
