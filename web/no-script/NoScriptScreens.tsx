import { strings } from "@strings/no-script.ts";
import { spaceAfter } from "../../common/i18n/catalogue.ts";
import { NO_SCRIPT_PLACEHOLDER } from "../../common/no-script.ts";
import type { Brand } from "../platform/brand.ts";
import { config } from "../platform/config.ts";
import { Screen } from "../ui/Screen.tsx";

/**
 * The screens a browser without JavaScript gets (decision 50). The login's email form and the
 * access link's Sign In are plain form posts to the page's own address, which the server answers
 * (server/site/no-script.ts); every other screen says what needs JavaScript and offers the
 * emailed link. Plain elements, not the app's controls: those wait for the app to hydrate them.
 * Rendered on the server only (web/prerender.tsx), with placeholders the server fills per answer
 * (common/no-script.ts).
 */
const PLACEHOLDER = NO_SCRIPT_PLACEHOLDER;

function EmailForm({ brand, error }: { brand: Brand; error?: string }) {
  return (
    <>
      <form className="email-form" method="post">
        <label className="field__label" htmlFor={`no-script-email-${brand.id}`}>
          {strings.login.emailLabel}
        </label>
        <div className="email-form__row">
          <input
            id={`no-script-email-${brand.id}`}
            className="field__input"
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `no-script-error-${brand.id}` : undefined}
          />
          <button type="submit" className="button button--green">
            {strings.login.continue}
          </button>
        </div>
        {error ? (
          <p id={`no-script-error-${brand.id}`} className="field__error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
      <p className="hint">{strings.noScript.loginHint}</p>
    </>
  );
}

/** The brand's email sign-in as a plain form; with `error`, the form again with what went wrong. */
export function NoScriptLogin({ brand, error }: { brand: Brand; error?: string }) {
  return (
    <Screen brand={brand} title={strings.login.title}>
      <EmailForm brand={brand} {...(error ? { error } : {})} />
    </Screen>
  );
}

export function NoScriptCheckEmail({ brand }: { brand: Brand }) {
  return (
    <Screen brand={brand} title={strings.checkEmail.title}>
      <div className="check-email" role="status">
        <p>
          {strings.checkEmail.sent}
          {spaceAfter(strings.checkEmail.sent)}
          <strong className="email">{PLACEHOLDER.email}</strong>
          {strings.checkEmail.sentAfter}
        </p>
        <p>{strings.checkEmail.expires(config.accessLinkLifetimeDays)}</p>
        <p>{strings.noScript.checkEmailText}</p>
        <p className="hint">{strings.checkEmail.spam}</p>
      </div>
    </Screen>
  );
}

export function NoScriptAccountNotFound({ brand }: { brand: Brand }) {
  return (
    <Screen brand={brand} title={strings.login.accountNotFound}>
      <p className="failed-email">{strings.login.accountNotFoundText(PLACEHOLDER.email)}</p>
      <a className="button button--green button--wide" href={PLACEHOLDER.retry}>
        {strings.login.tryAnotherEmail}
      </a>
    </Screen>
  );
}

/** The emailed link's page: Sign In posts to this same address, which carries the link's token. */
export function NoScriptAccessLink({ brand, problem }: { brand: Brand; problem?: "used" | "expired" | "unknown" }) {
  if (problem) {
    const [title, text] = {
      used: [strings.accessLink.usedTitle, strings.accessLink.usedText],
      expired: [strings.accessLink.expiredTitle, strings.accessLink.expiredText],
      unknown: [strings.accessLink.unknownTitle, strings.accessLink.unknownText],
    }[problem];
    return (
      <Screen brand={brand} title={title}>
        <p>{text}</p>
        <a className="button button--green button--wide" href={brand.paths.emailLogin}>
          {strings.accessLink.newLink}
        </a>
      </Screen>
    );
  }
  return (
    <Screen brand={brand} title={strings.accessLink.title(brand.name)}>
      <p>{strings.accessLink.text}</p>
      <form method="post">
        <button type="submit" className="button button--green button--wide">
          {strings.accessLink.signIn}
        </button>
      </form>
    </Screen>
  );
}

/** Every other screen: what needs JavaScript, and the way in that does not. */
export function NoScriptNeedsJavaScript({ brand }: { brand: Brand }) {
  return (
    <Screen brand={brand} title={strings.noScript.title}>
      <p>{strings.noScript.text}</p>
      <p>{strings.noScript.emailInstead}</p>
      <a className="button button--green button--wide" href={brand.paths.emailLogin}>
        {strings.noScript.signInByEmail}
      </a>
    </Screen>
  );
}
