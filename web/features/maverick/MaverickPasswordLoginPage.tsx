import { type FormEvent, useEffect, useRef, useState } from "react";
import { getParamIgnoringCase } from "../../../common/query.ts";
import { maverickPasswordLogin } from "../../api/account.ts";
import { messageFor } from "../../api/http.ts";
import { optionalCaptchaToken } from "../../captcha/recaptcha.ts";
import { usePrefill } from "../../forms/use-prefill.ts";
import { useSubmitting } from "../../forms/use-submitting.ts";
import { en } from "../../i18n/en/password-login.ts";
import { maverick } from "../../platform/brand.ts";
import { config } from "../../platform/config.ts";
import { setLoginError, useLoginError } from "../../platform/login-error.ts";
import { leaveTo, navigate, useLocation, withQuery } from "../../platform/router.ts";
import { Button } from "../../ui/Button.tsx";
import { EmailField } from "../../ui/EmailField.tsx";
import { FormError } from "../../ui/FormError.tsx";
import { GoogleSignIn } from "../../ui/GoogleSignIn.tsx";
import { Link } from "../../ui/Link.tsx";
import { PasswordField } from "../../ui/PasswordField.tsx";
import { Screen } from "../../ui/Screen.tsx";

/**
 * The safety product's password-login dialog (SPEC section 2): Continue stays disabled until the
 * email passes the browser's email validity and a password is present.
 */
export function MaverickPasswordLoginDialog() {
  const { search } = useLocation();
  const [email, setEmail] = usePrefill(search, "email");
  const [password, setPassword] = useState("");
  const [emailValid, setEmailValid] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);
  const { submitting, run } = useSubmitting();
  const loginError = useLoginError();
  const ready = emailValid && email.trim() !== "" && password !== "";

  // An email that came in the address is checked by the browser's rules too. With password login
  // turned off, the customer signs in with an emailed link instead, query kept.
  useEffect(() => {
    if (!config.passwordLoginAllowed) navigate(`${maverick.paths.emailLogin}${window.location.search}`, { replace: true });
    setEmailValid(emailInput.current?.validity.valid ?? false);
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready) return;
    void run(async () => {
      setLoginError(undefined);
      try {
        const returnUrl = getParamIgnoringCase(search, "returnurl");
        const { redirectUrl } = await maverickPasswordLogin({
          Email: email.trim(),
          Password: password,
          ...(returnUrl ? { ReturnUrl: returnUrl } : {}),
          ...(await optionalCaptchaToken(config.captcha)),
        });
        leaveTo(redirectUrl);
      } catch (error) {
        setLoginError(messageFor(error, en.login.unexpectedError));
      }
    });
  }

  return (
    <Screen brand={maverick} title={en.maverickPasswordLogin.title} dialog>
      <GoogleSignIn brand={maverick} search={search} />
      <form className="form" noValidate onSubmit={submit}>
        <EmailField
          inputRef={emailInput}
          value={email}
          onChange={(value, valid) => {
            setEmail(value);
            setEmailValid(valid);
          }}
        />
        <PasswordField
          label={en.fields.password}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button type="submit" variant="green" className="button--wide" disabled={!ready || submitting}>
          {en.maverickPasswordLogin.continue}
        </Button>
        <FormError message={loginError} />
      </form>
      <Link className="text-link" to={withQuery(maverick.paths.forgotPassword, search)}>
        {en.passwordLogin.forgot}
      </Link>
      {/* A way in without the password: the brand's emailed access link, the query kept. */}
      <Link className="text-link" to={withQuery(maverick.paths.emailLogin, search)}>
        {en.maverickPasswordLogin.emailLink}
      </Link>
    </Screen>
  );
}

export default MaverickPasswordLoginDialog;
