import { strings } from "@strings/undelivered.ts";
import { useEffect, useRef } from "react";
import { spaceAfter } from "../../common/i18n/catalogue.ts";
import type { Undelivered } from "../../common/undelivered.ts";
import type { Brand } from "../platform/brand.ts";
import { config } from "../platform/config.ts";
import { withQuery } from "../platform/router.ts";
import { Button } from "../ui/Button.tsx";
import { Link } from "../ui/Link.tsx";
import { Screen } from "../ui/Screen.tsx";
import { SocialSignIn, socialSignInOffered } from "../ui/SocialSignIn.tsx";
import { PasskeyButton, usePasskeySignIn } from "./PasskeySignIn.tsx";

const t = strings.undelivered;

/**
 * "Email Not Delivered" (docs/decisions/0087): our mail to `email` was refused or bounced, said the
 * moment the server knows (the asking screen's wait) or at once (a request for an address that
 * bounced before). It names the address and why, in the customer's words, and what to do: use
 * another email; sign in another way, with the ways the sign-in screen offers anyone (never the
 * ones this account has: that would tell whoever typed the address more than "Account Not Found"
 * does); or ask support, quoting the reference they find the mail by. No mail will come, so the
 * resend, the two digits and the code field of "Check Your Email" are gone.
 */
export default function UndeliveredScreen({
  brand,
  email,
  undelivered,
  search,
  onUseAnotherEmail,
}: {
  brand: Brand;
  email: string;
  undelivered: Undelivered;
  /** The sign-in screen's query (its ReturnUrl), which the other ways in keep. */
  search: string;
  onUseAnotherEmail: () => void;
}) {
  const panel = useRef<HTMLDivElement>(null);
  const passkey = usePasskeySignIn(brand, search, { autofill: false });
  // The screen before took the focus away with it (Continue, Resend, the code field): it starts
  // here, where a screen reader reads what happened and a Tab reaches what to do.
  useEffect(() => {
    if (!document.activeElement || document.activeElement === document.body) panel.current?.focus();
  }, []);
  const withEmail = new URLSearchParams(search);
  withEmail.set("email", email);
  const otherWays = passkey.supported || socialSignInOffered() || config.passwordLoginAllowed;
  return (
    <Screen brand={brand} title={t.title}>
      <div ref={panel} className="check-email" role="alert" tabIndex={-1}>
        <p>
          {t.notDelivered}
          {spaceAfter(t.notDelivered)}
          <strong className="email">
            <bdi dir="ltr">{email}</bdi>
          </strong>
          {t.notDeliveredAfter}
        </p>
        <p>{t.reasons[undelivered.reason]}</p>
      </div>
      <Button className="button--wide" onClick={onUseAnotherEmail}>
        {strings.checkEmail.useAnotherEmail}
      </Button>
      {otherWays ? <p>{t.otherWays}</p> : null}
      <PasskeyButton passkey={passkey} />
      <SocialSignIn brand={brand} search={search} divider={false} />
      {config.passwordLoginAllowed ? (
        <Link variant="clear" className="button--wide" to={withQuery(brand.paths.passwordLogin, withEmail.toString())}>
          {t.password}
        </Link>
      ) : null}
      <p className="hint">{undelivered.reference ? t.supportWithReference : t.support}</p>
      {undelivered.reference ? (
        <p className="hint">
          {t.reference}
          {spaceAfter(t.reference)}
          <strong>
            <bdi dir="ltr">{undelivered.reference}</bdi>
          </strong>
        </p>
      ) : null}
    </Screen>
  );
}
