import { strings } from "@strings/account.ts";
import { type MyAccount, tryMyEmailAgain } from "../../api/my-account.ts";
import { Button } from "../../ui/Button.tsx";
import { day } from "./format.ts";

const t = strings.account.who.undelivered;

/**
 * Under the email when our mail to it bounced (docs/decisions/0087): that it could not be
 * delivered and since when, what the receiving server said in the customer's words, the reference
 * support finds it by, and "Try my email again", which lets our mail go to it once more. What the
 * button did is said by the section (`act`), which then shows the account as it now is.
 */
export function UndeliveredEmail({
  undelivered,
  busy,
  act,
}: {
  undelivered: NonNullable<MyAccount["undelivered"]>;
  busy: boolean;
  act: (work: () => Promise<string | undefined>) => Promise<void>;
}) {
  return (
    <div className="account__undelivered">
      <p>
        <strong>{t.what(day(undelivered.since))}</strong> {t.reasons[undelivered.reason] ?? t.reasons.other}
      </p>
      {undelivered.reference ? <p className="account__muted">{t.reference(undelivered.reference)}</p> : null}
      <Button
        variant="blue"
        disabled={busy}
        onClick={() =>
          void act(async () => {
            await tryMyEmailAgain();
            return t.retried;
          })
        }
      >
        {t.retry}
      </Button>
    </div>
  );
}
