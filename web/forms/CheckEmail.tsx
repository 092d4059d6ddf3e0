import { strings } from "@strings/shared.ts";
import { useEffect, useState } from "react";
import { spaceAfter } from "../../common/i18n/catalogue.ts";
import { config } from "../platform/config.ts";
import { Button } from "../ui/Button.tsx";
import { FormError } from "../ui/FormError.tsx";
import { ApprovalNumber } from "./ApprovalNumber.tsx";
import { SignInCode } from "./SignInCode.tsx";
import type { Undelivered } from "./undelivered.ts";

/** How long the customer waits before asking for another link: long enough for most mail to arrive. */
const RESEND_AFTER_SECONDS = 30;

/**
 * After a successful request: where the link went, how long it lives, where else to look (under
 * the title "Check Your Email"), and a way to have it sent again once a mail has had time to
 * arrive. `onResend` answers what went wrong, if anything, or null when the screen gives way to
 * another (the address is undeliverable). A mail the receiving server keeps waiting adds a line;
 * one it refused or bounced is `onUndelivered`'s (docs/decisions/0087).
 */
export function CheckEmail({
  email,
  onUseAnotherEmail,
  onResend,
  onUndelivered,
}: {
  email: string;
  onUseAnotherEmail: () => void;
  onResend: () => Promise<string | undefined | null>;
  onUndelivered: (undelivered: Undelivered) => void;
}) {
  const [resendAt, setResendAt] = useState(() => Date.now() + RESEND_AFTER_SECONDS * 1000);
  const [now, setNow] = useState(() => Date.now());
  const [sending, setSending] = useState(false);
  const [resent, setResent] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [slow, setSlow] = useState(false);
  // Counted from a deadline, not tick by tick: a tab in the background keeps the right time.
  const wait = Math.max(0, Math.ceil((resendAt - now) / 1000));

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [wait]);

  async function resend() {
    setSending(true);
    setFailure(undefined);
    const problem = await onResend();
    setSending(false);
    if (problem === null) return;
    setFailure(problem);
    setResent(problem === undefined);
    setResendAt(Date.now() + RESEND_AFTER_SECONDS * 1000);
    setNow(Date.now());
  }

  return (
    <>
      <div className="check-email" role="status">
        <p>
          {strings.checkEmail.sent}
          {spaceAfter(strings.checkEmail.sent)}
          <strong className="email">{email}</strong>
          {strings.checkEmail.sentAfter}
        </p>
        <p>{strings.checkEmail.expires(config.accessLinkLifetimeDays)}</p>
        {slow ? <p>{strings.checkEmail.slow}</p> : null}
        <p className="hint">{strings.checkEmail.spam}</p>
        {resent ? <p>{strings.checkEmail.resent}</p> : null}
        <FormError message={failure} />
        <Button variant="link-blue" onClick={() => void resend()} disabled={wait > 0 || sending}>
          {wait > 0 ? strings.checkEmail.resendIn(wait) : strings.checkEmail.resend}
        </Button>
      </div>
      <ApprovalNumber onSlow={setSlow} onUndelivered={onUndelivered} />
      <SignInCode />
      <Button variant="link-blue" onClick={onUseAnotherEmail}>
        {strings.checkEmail.useAnotherEmail}
      </Button>
    </>
  );
}
