import { describeDays } from "../../common/duration.ts";
import { NO_SCRIPT_PLACEHOLDER } from "../../common/no-script.ts";
import { en } from "../i18n/en/no-script.ts";
import type { Brand } from "../platform/brand.ts";
import { config } from "../platform/config.ts";
import { Screen } from "../ui/Screen.tsx";

/**
 * The screens a browser without JavaScript gets (decision 50). The login's email form and the
 * access link's Sign In are plain form posts to the page's own address, which the server answers
 * (server/routes/no-script.ts); every other screen says what needs JavaScript and offers the
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
          {en.login.emailLabel}
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
            {en.login.continue}
          </button>
        </div>
        {error ? (
          <p id={`no-script-error-${brand.id}`} className="field__error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
      <p className="hint">{en.noScript.loginHint}</p>
    </>
  );
}

/** The brand's email sign-in as a plain form; with `error`, the form again with what went wrong. */
export function NoScriptLogin({ brand, error }: { brand: Brand; error?: string }) {
  return (
    <Screen brand={brand} title={en.login.title}>
      <EmailForm brand={brand} {...(error ? { error } : {})} />
    </Screen>
  );
}

export function NoScriptCheckEmail({ brand }: { brand: Brand }) {
  return (
    <Screen brand={brand} title={en.checkEmail.title}>
      <div className="check-email" role="status">
        <p>
          {en.checkEmail.sent} <strong className="email">{PLACEHOLDER.email}</strong>.
        </p>
        <p>{en.checkEmail.expires(describeDays(config.accessLinkLifetimeDays))}</p>
        <p>{en.noScript.checkEmailText}</p>
        <p className="hint">{en.checkEmail.spam}</p>
      </div>
    </Screen>
  );
}

export function NoScriptAccountNotFound({ brand }: { brand: Brand }) {
  return (
    <Screen brand={brand} title={en.login.accountNotFound}>
      <p className="failed-email">{en.login.accountNotFoundText(PLACEHOLDER.email)}</p>
      <a className="button button--green button--wide" href={PLACEHOLDER.retry}>
        {en.login.tryAnotherEmail}
      </a>
    </Screen>
  );
}

/** The emailed link's page: Sign In posts to this same address, which carries the link's token. */
export function NoScriptAccessLink({ brand, problem }: { brand: Brand; problem?: "used" | "expired" | "unknown" }) {
  if (problem) {
    const [title, text] = {
      used: [en.accessLink.usedTitle, en.accessLink.usedText],
      expired: [en.accessLink.expiredTitle, en.accessLink.expiredText],
      unknown: [en.accessLink.unknownTitle, en.accessLink.unknownText],
    }[problem];
    return (
      <Screen brand={brand} title={title}>
        <p>{text}</p>
        <a className="button button--green button--wide" href={brand.paths.emailLogin}>
          {en.accessLink.newLink}
        </a>
      </Screen>
    );
  }
  return (
    <Screen brand={brand} title={en.accessLink.title(brand.name)}>
      <p>{en.accessLink.text}</p>
      <form method="post">
        <button type="submit" className="button button--green button--wide">
          {en.accessLink.signIn}
        </button>
      </form>
    </Screen>
  );
}

/** Every other screen: what needs JavaScript, and the way in that does not. */
export function NoScriptNeedsJavaScript({ brand }: { brand: Brand }) {
  return (
    <Screen brand={brand} title={en.noScript.title}>
      <p>{en.noScript.text}</p>
      <p>{en.noScript.emailInstead}</p>
      <a className="button button--green button--wide" href={brand.paths.emailLogin}>
        {en.noScript.signInByEmail}
      </a>
    </Screen>
  );
}
