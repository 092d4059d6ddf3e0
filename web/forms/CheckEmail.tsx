import { describeDays } from "../../common/duration.ts";
import { en } from "../i18n/en.ts";
import { config } from "../platform/config.ts";
import { Button } from "../ui/Button.tsx";

/** After a successful request: where the link went, how long it lives, and where else to look (under the title "Check Your Email"). */
export function CheckEmail({ email, onUseAnotherEmail }: { email: string; onUseAnotherEmail: () => void }) {
  return (
    <div className="check-email" role="status">
      <p>
        {en.checkEmail.sent} <strong className="email">{email}</strong>.
      </p>
      <p>{en.checkEmail.expires(describeDays(config.accessLinkLifetimeDays))}</p>
      <p className="hint">{en.checkEmail.spam}</p>
      <Button variant="link-blue" onClick={onUseAnotherEmail}>
        {en.checkEmail.useAnotherEmail}
      </Button>
    </div>
  );
}
