import { strings } from "@strings/account.ts";
import { useRef, useState } from "react";
import { NEW_PASSWORD_PARAM } from "../../../common/password-rules.ts";
import { forgotPassword } from "../../api/account.ts";
import { HttpError, messageFor } from "../../api/http.ts";
import { changeMyPassword, type MyAccount, unlinkGoogle, unlinkMicrosoft } from "../../api/my-account.ts";
import { NewPasswordForm } from "../../forms/NewPasswordForm.tsx";
import { takeFromAddress } from "../../platform/address.ts";
import type { Brand } from "../../platform/brand.ts";
import { config } from "../../platform/config.ts";
import { Button } from "../../ui/Button.tsx";
import { PasswordField } from "../../ui/PasswordField.tsx";
import { ConfirmItsYou } from "./ConfirmItsYou.tsx";
import { day } from "./format.ts";
import { ItemText, Outcome, Section } from "./Section.tsx";
import { useAccountAction, useFocusOnToggle } from "./use-account-action.ts";

const t = strings.account.methods;

/**
 * How the customer signs in: the emailed link (always), a password (set, or changed with the
 * current one or a fresh emailed link), Google and Microsoft (unlinked here).
 * current one or a fresh emailed link) and Google (unlinked here), with what Google told us of
 * the Google account (docs/decisions/0091).
 */
export function SignInMethodsSection({ account, brand, refresh }: { account: MyAccount; brand: Brand; refresh: () => Promise<void> }) {
  // Sent here by the link a breached password's sign-in mailed instead: the form opens, saying why.
  const [breached] = useState(() => takeFromAddress(NEW_PASSWORD_PARAM)[NEW_PASSWORD_PARAM] === "1");
  const [changing, setChanging] = useState(breached);
  const [current, setCurrent] = useState("");
  const hasPassword = account.signInMethods.password;
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useRef<HTMLLIElement>(null);
  const { outcome, setOutcome, submitting, act } = useAccountAction(refresh, heading);
  useFocusOnToggle(changing, () => form.current?.querySelector("input")?.focus(), heading);

  // A first password is a new way in: a sign-in older than 10 minutes confirms it is the owner
  // first, in place (the emailed code), and the password typed is then saved.
  const [confirmingFor, setConfirmingFor] = useState<string>();

  async function save(password: string): Promise<string | undefined> {
    try {
      const answer = await changeMyPassword(current, password, brand.productId);
      setChanging(false);
      setCurrent("");
      setOutcome({ text: answer.statusText || t.passwordSaved, failed: false });
      await refresh();
      return undefined;
    } catch (error) {
      if (error instanceof HttpError && error.code === "RECENT_SIGN_IN_REQUIRED") {
        setConfirmingFor(password);
        return undefined;
      }
      // A refused password carries one reason per broken rule: the first is enough.
      return (error instanceof HttpError && error.messages[0]) || messageFor(error, strings.login.unexpectedError);
    }
  }

  async function saveConfirmed(password: string) {
    setConfirmingFor(undefined);
    const failure = await save(password);
    if (failure) setOutcome({ text: failure, failed: true });
  }

  const emailResetLink = () =>
    act(async () => {
      await forgotPassword(account.email, brand.productId);
      setChanging(false);
      return t.resetSent(account.email);
    });

  const unlink = (subject: string) =>
    act(async () => {
      await unlinkGoogle(subject, brand.productId);
      return t.unlinked;
    });
  const unlinkFromMicrosoft = (subject: string) =>
    act(async () => {
      await unlinkMicrosoft(subject, brand.productId);
      return t.unlinkedMicrosoft;
    });
  const microsoftLogins = account.signInMethods.microsoft;

  return (
    <Section heading={strings.account.methods.heading} headingRef={heading}>
      <ul className="account__list">
        <li>
          <ItemText title={t.link} detail={t.linkText} />
        </li>
        <li>
          <ItemText title={t.password} detail={hasPassword ? t.passwordSet : t.passwordNotSet} />
          {changing ? null : (
            <Button variant="clear" onClick={() => setChanging(true)}>
              {hasPassword ? t.changePassword : t.setPassword}
            </Button>
          )}
        </li>
        {changing ? (
          <li className="account__form-row" ref={form}>
            {confirmingFor !== undefined ? (
              <ConfirmItsYou
                purpose="password"
                email={account.email}
                hasPassword={false}
                brand={brand}
                confirmed={() => void saveConfirmed(confirmingFor)}
                cancel={() => setConfirmingFor(undefined)}
              />
            ) : null}
            {/* Kept while confirming, hidden, so what was typed is still there after a cancel. */}
            <div hidden={confirmingFor !== undefined}>
              {breached ? (
                <p className="hint" role="status">
                  {t.breached}
                </p>
              ) : null}
              <NewPasswordForm save={save}>
                {hasPassword ? (
                  <PasswordField
                    label={t.currentPassword}
                    name="currentPassword"
                    autoComplete="current-password"
                    value={current}
                    onChange={(event) => setCurrent(event.target.value)}
                  />
                ) : null}
              </NewPasswordForm>
            </div>
            {confirmingFor === undefined ? (
              <div className="account__actions">
                {hasPassword ? (
                  <Button variant="link-blue" disabled={submitting} onClick={() => void emailResetLink()}>
                    {t.forgotCurrent}
                  </Button>
                ) : null}
                <Button variant="link-gray" onClick={() => setChanging(false)}>
                  {strings.account.delete.cancel}
                </Button>
              </div>
            ) : null}
          </li>
        ) : null}
        {account.signInMethods.google.length === 0 ? (
          <li>
            <ItemText title={t.google} detail={t.googleNotLinked} />
          </li>
        ) : (
          account.signInMethods.google.map((login) => (
            <li key={login.subject}>
              <ItemText title={t.google} detail={t.googleLinked(login.email)} />
              <Button
                variant="clear"
                disabled={submitting}
                ariaLabel={t.unlinkGoogle(login.email)}
                onClick={() => void unlink(login.subject)}
              >
                {t.unlink}
              </Button>
            </li>
          ))
        )}
        {/* Microsoft's row only where it is offered, or where a login is still linked. */}
        {microsoftLogins.length === 0 ? (
          config.microsoftSignIn ? (
            <li>
              <ItemText title={t.microsoft} detail={t.microsoftNotLinked} />
            </li>
          ) : null
        ) : (
          microsoftLogins.map((login) => (
            <li key={login.subject}>
              <ItemText title={t.microsoft} detail={t.microsoftLinked(login.email)} />
              <Button
                variant="clear"
                disabled={submitting}
                ariaLabel={t.unlinkMicrosoft(login.email)}
                onClick={() => void unlinkFromMicrosoft(login.subject)}
              >
                {t.unlink}
              </Button>
            </li>
          ))
        )}
      </ul>
      <GoogleNotice security={account.googleSecurity} />
      <Outcome text={outcome?.text} failed={outcome?.failed ?? false} />
    </Section>
  );
}

/**
 * What Google told us of the linked Google account (docs/decisions/0091): that Google sign-in is
 * held because Google said the Google account was taken over, or that Google asked for its
 * password to be changed. Nothing when it has said neither.
 */
function GoogleNotice({ security }: { security: MyAccount["googleSecurity"] | undefined }) {
  // An instance of the release before this one, mid-upgrade, does not send it.
  if (!security || (security.heldSince === null && security.changeAskedAt === null)) return null;
  return (
    <div className="account__google-notice">
      {security.heldSince !== null ? (
        <p>
          <strong>{t.googleHeld(day(security.heldSince))}</strong>
        </p>
      ) : null}
      {security.changeAskedAt !== null ? <p>{t.googleChangeAsked(day(security.changeAskedAt))}</p> : null}
    </div>
  );
}
