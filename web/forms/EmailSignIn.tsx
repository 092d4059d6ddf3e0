import { strings } from "@strings/shared.ts";
import { type FormEvent, startTransition, useEffect, useState } from "react";
import type { Brand } from "../../common/brands/index.ts";
import { getParamIgnoringCase, withoutHopParameters } from "../../common/query.ts";
import { type AccessLinkAnswer, requestAccessLink } from "../api/account.ts";
import { messageFor } from "../api/http.ts";
import { runCaptcha } from "../captcha/captcha.ts";
import { config } from "../platform/config.ts";
import { useHydrated } from "../platform/hydration.ts";
import { setLoginError, useLoginError } from "../platform/login-error.ts";
import { leaveTo, navigate, useLocation, withQuery } from "../platform/router.ts";
import { Button } from "../ui/Button.tsx";
import { FormError } from "../ui/FormError.tsx";
import { Link } from "../ui/Link.tsx";
import { Screen } from "../ui/Screen.tsx";
import { SocialSignIn, socialSignInOffered } from "../ui/SocialSignIn.tsx";
import { CheckEmail } from "./CheckEmail.tsx";
import { PasskeyButton, usePasskeySignIn } from "./PasskeySignIn.tsx";
import { loginEmailError } from "./rules.ts";
import { asUndelivered, type Undelivered, UndeliveredScreen, undeliverableIn } from "./undelivered.ts";
import { usePrefill } from "./use-prefill.ts";
import { useSubmitting } from "./use-submitting.ts";

const FAILED_EMAIL = "failedEmail";

/** Where the link went and, when our mail could not reach it, why (docs/decisions/0087). */
interface SentTo {
  email: string;
  undelivered?: Undelivered | undefined;
}

/**
 * Where the link went, kept in this history entry's state as well: a reload of Check Your Email
 * or Email Not Delivered (the language switcher reloads the page in the new language) shows it
 * again, not the form. Read once the app has taken the page over, as the screen rendered ahead is
 * the form. Email Not Delivered is shown in a transition: its code loads first (it is a chunk of
 * its own), and the screen before it stays until then.
 */
function useSentTo(): [SentTo | undefined, (sent: SentTo | undefined) => void] {
  const [sentTo, setSentTo] = useState<SentTo>();
  const hydrated = useHydrated();
  const show = (sent: SentTo | undefined) => (sent?.undelivered ? startTransition(() => setSentTo(sent)) : setSentTo(sent));
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, when the app has taken the page over.
  useEffect(() => {
    const kept = window.history.state as { sentTo?: unknown; undelivered?: unknown } | null;
    if (hydrated && typeof kept?.sentTo === "string") show({ email: kept.sentTo, undelivered: asUndelivered(kept.undelivered) });
  }, [hydrated]);
  const remember = (sent: SentTo | undefined) => {
    const state = (window.history.state ?? {}) as Record<string, unknown>;
    window.history.replaceState({ ...state, sentTo: sent?.email, undelivered: sent?.undelivered }, "");
    show(sent);
  };
  return [sentTo, remember];
}

/**
 * Signing in with a personal access link: the email form, "Check Your Email", and "Account Not
 * Found" (SPEC sections 2 and 4), for the brand whose link is asked for.
 */
export function EmailSignIn({ brand }: { brand: Brand }) {
  const { pathname, search } = useLocation();
  const [sentTo, setSentTo] = useSentTo();

  const failedEmail = new URLSearchParams(search).get(FAILED_EMAIL);
  const withoutFailedEmail = () => {
    const params = new URLSearchParams(search);
    params.delete(FAILED_EMAIL);
    const rest = params.toString();
    return `${pathname}${rest ? `?${rest}` : ""}`;
  };

  if (sentTo?.undelivered) {
    return (
      <UndeliveredScreen
        brand={brand}
        email={sentTo.email}
        undelivered={sentTo.undelivered}
        search={search}
        onUseAnotherEmail={() => setSentTo(undefined)}
      />
    );
  }

  if (sentTo) {
    const { email } = sentTo;
    return (
      <Screen brand={brand} title={strings.checkEmail.title}>
        <CheckEmail
          email={email}
          onUseAnotherEmail={() => setSentTo(undefined)}
          onResend={async () => {
            try {
              await askForLink(brand, search, email);
              return undefined;
            } catch (error) {
              const undelivered = undeliverableIn(error);
              if (undelivered) {
                setSentTo({ email, undelivered });
                return null;
              }
              return error instanceof CaptchaFailed ? strings.login.captchaFailed : messageFor(error, strings.login.unexpectedError);
            }
          }}
          onUndelivered={(undelivered) => setSentTo({ email, undelivered })}
        />
      </Screen>
    );
  }

  if (failedEmail !== null) {
    return (
      <Screen brand={brand} title={strings.login.accountNotFound}>
        <p className="failed-email">{strings.login.accountNotFoundText(failedEmail)}</p>
        <Link variant="green" to={withoutFailedEmail()}>
          {strings.login.tryAnotherEmail}
        </Link>
        {/* A way out for someone who has no account yet: the cart, as on the sign-up screen (no email sent along). */}
        <a
          className="button button--clear"
          href={withQuery(config.links.cart, withoutHopParameters(withoutFailedEmail().split("?")[1] ?? ""))}
        >
          {strings.login.createAccount}
        </a>
      </Screen>
    );
  }

  return (
    <Screen brand={brand} title={strings.login.title}>
      <SocialSignIn brand={brand} search={search} />
      <EmailForm
        brand={brand}
        search={search}
        onSent={(email, undelivered) => setSentTo({ email, undelivered })}
        onUnknown={(email) => {
          const params = new URLSearchParams(search);
          params.set(FAILED_EMAIL, email);
          navigate(`${pathname}?${params.toString()}`);
        }}
      />
    </Screen>
  );
}

/** The captcha did not let the request through ("Login failed"). */
class CaptchaFailed extends Error {}

/** Asks for an access link for the brand (behind the captcha, when one is configured). */
async function askForLink(brand: Brand, search: string, address: string): Promise<AccessLinkAnswer> {
  let captchaToken: string | undefined;
  if (config.captcha) {
    try {
      captchaToken = await runCaptcha(config.captcha);
    } catch {
      throw new CaptchaFailed();
    }
  }
  return requestAccessLink({
    Email: address,
    ProductId: brand.productId,
    ReturnUrl: getParamIgnoringCase(search, "returnurl"),
    ...(captchaToken === undefined ? {} : { CaptchaToken: captchaToken }),
  });
}

function EmailForm({
  brand,
  search,
  onSent,
  onUnknown,
}: {
  brand: Brand;
  search: string;
  /** The link went to the address; or none did, as our mail to it bounced before (`undelivered`). */
  onSent: (email: string, undelivered?: Undelivered) => void;
  onUnknown: (email: string) => void;
}) {
  // Prefilled from ?email= (an app's login_hint, passed on by the authorization callback).
  const [email, setEmail] = usePrefill(search, "email");
  const [attempted, setAttempted] = useState(false);
  const { submitting, run } = useSubmitting();
  const loginError = useLoginError();
  const fieldError = attempted ? loginEmailError(email) : undefined;
  // What is typed before the app takes over a page rendered ahead of time could not be kept.
  const hydrated = useHydrated();
  const passkey = usePasskeySignIn(brand, search);

  function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (loginEmailError(email)) return;
    passkey.stop();
    const address = email.trim();
    void run(async () => {
      setLoginError(undefined);
      try {
        const answer = await askForLink(brand, search, address);
        if (answer.isOk) onSent(address);
        else if (answer.isExistingDesktopUser) leaveTo(`${answer.redirectUrl}${encodeURIComponent(address)}`);
        else onUnknown(address);
      } catch (error) {
        const undelivered = undeliverableIn(error);
        if (undelivered) onSent(address, undelivered);
        else setLoginError(error instanceof CaptchaFailed ? strings.login.captchaFailed : messageFor(error, strings.login.unexpectedError));
      }
    });
  }

  const label = socialSignInOffered() ? strings.login.emailLabelWithSocial : strings.login.emailLabel;
  return (
    <>
      <form className="email-form" noValidate onSubmit={submit}>
        <label className="field__label" htmlFor="login-email">
          {label}
        </label>
        <div className="email-form__row">
          <input
            id="login-email"
            className="field__input"
            type="email"
            name="email"
            autoComplete="username webauthn"
            inputMode="email"
            value={email}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? "login-email-error" : loginError ? "login-submit-error" : undefined}
            onChange={(event) => setEmail(event.target.value)}
            readOnly={!hydrated}
          />
          <Button type="submit" variant="green" disabled={submitting} qaTag="login-continue">
            {strings.login.continue}
          </Button>
        </div>
        {fieldError ? (
          <p id="login-email-error" className="field__error" role="alert">
            {fieldError}
          </p>
        ) : null}
        <FormError message={loginError} id="login-submit-error" />
      </form>
      <PasskeyButton passkey={passkey} />
    </>
  );
}
