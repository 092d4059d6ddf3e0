import { useEffect, useRef, useState } from "react";
import { forgotPassword } from "../../api/account.ts";
import { HttpError, messageFor } from "../../api/http.ts";
import { changeMyPassword, type MyAccount, unlinkGoogle } from "../../api/my-account.ts";
import { NewPasswordForm } from "../../forms/NewPasswordForm.tsx";
import { useSubmitting } from "../../forms/use-submitting.ts";
import { en } from "../../i18n/en/account.ts";
import type { Brand } from "../../platform/brand.ts";
import { Button } from "../../ui/Button.tsx";
import { PasswordField } from "../../ui/PasswordField.tsx";
import { Outcome, Section } from "./Section.tsx";

const t = en.account.methods;

type Said = { text: string; failed: boolean } | undefined;

/**
 * How the customer signs in: the emailed link (always), a password (set, or changed with the
 * current one or a fresh emailed link) and Google (unlinked here).
 */
export function SignInMethodsSection({ account, brand, refresh }: { account: MyAccount; brand: Brand; refresh: () => Promise<void> }) {
  const [changing, setChanging] = useState(false);
  const [current, setCurrent] = useState("");
  const [outcome, setOutcome] = useState<Said>();
  const hasPassword = account.signInMethods.password;
  const { submitting, run } = useSubmitting();
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useRef<HTMLLIElement>(null);
  // The form's first field takes the focus as it opens; the heading when it closes.
  const opened = useRef(false);
  useEffect(() => {
    if (changing) form.current?.querySelector("input")?.focus();
    else if (opened.current) heading.current?.focus();
    opened.current = changing;
  }, [changing]);

  async function save(password: string): Promise<string | undefined> {
    try {
      const answer = await changeMyPassword(current, password);
      setChanging(false);
      setCurrent("");
      setOutcome({ text: answer.statusText || t.passwordSaved, failed: false });
      await refresh();
      return undefined;
    } catch (error) {
      // A refused password carries one reason per broken rule: the first is enough.
      return (error instanceof HttpError && error.messages[0]) || messageFor(error, en.login.unexpectedError);
    }
  }

  const emailResetLink = () =>
    run(async () => {
      try {
        await forgotPassword(account.email, brand.productId);
        setChanging(false);
        setOutcome({ text: t.resetSent(account.email), failed: false });
      } catch (error) {
        setOutcome({ text: messageFor(error, en.login.unexpectedError), failed: true });
      }
    });

  const unlink = (subject: string) =>
    run(async () => {
      try {
        await unlinkGoogle(subject);
        setOutcome({ text: t.unlinked, failed: false });
        await refresh();
        heading.current?.focus();
      } catch (error) {
        setOutcome({ text: messageFor(error, en.login.unexpectedError), failed: true });
      }
    });

  return (
    <Section heading={en.account.methods.heading} headingRef={heading}>
      <ul className="account__list">
        <li>
          <div className="account__item">
            <strong>{t.link}</strong>
            <span className="account__muted">{t.linkText}</span>
          </div>
        </li>
        <li>
          <div className="account__item">
            <strong>{t.password}</strong>
            <span className="account__muted">{hasPassword ? t.passwordSet : t.passwordNotSet}</span>
          </div>
          {changing ? null : (
            <Button variant="clear" onClick={() => setChanging(true)}>
              {hasPassword ? t.changePassword : t.setPassword}
            </Button>
          )}
        </li>
        {changing ? (
          <li className="account__form-row" ref={form}>
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
            <div className="account__actions">
              {hasPassword ? (
                <Button variant="link-blue" disabled={submitting} onClick={() => void emailResetLink()}>
                  {t.forgotCurrent}
                </Button>
              ) : null}
              <Button variant="link-gray" onClick={() => setChanging(false)}>
                {en.account.delete.cancel}
              </Button>
            </div>
          </li>
        ) : null}
        {account.signInMethods.google.length === 0 ? (
          <li>
            <div className="account__item">
              <strong>{t.google}</strong>
              <span className="account__muted">{t.googleNotLinked}</span>
            </div>
          </li>
        ) : (
          account.signInMethods.google.map((login) => (
            <li key={login.subject}>
              <div className="account__item">
                <strong>{t.google}</strong>
                <span className="account__muted">{t.googleLinked(login.email)}</span>
              </div>
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
      </ul>
      <Outcome text={outcome?.text} failed={outcome?.failed ?? false} />
    </Section>
  );
}
