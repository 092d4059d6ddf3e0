import { strings } from "@strings/password-login.ts";
import { type FormEvent, useEffect, useState } from "react";
import { getParamIgnoringCase, withoutHopParameters } from "../../../common/query.ts";
import { passwordLogin } from "../../api/account.ts";
import { messageFor } from "../../api/http.ts";
import { optionalCaptchaToken } from "../../captcha/captcha.ts";
import { PasskeyButton, usePasskeySignIn } from "../../forms/PasskeySignIn.tsx";
import { loginEmailError, loginPasswordError } from "../../forms/rules.ts";
import { usePrefill } from "../../forms/use-prefill.ts";
import { useSubmitting } from "../../forms/use-submitting.ts";
import { leaveAfterSignIn } from "../../platform/after-sign-in.ts";
import { dsone, dsoneScreens } from "../../platform/brand.ts";
import { config } from "../../platform/config.ts";
import { setLoginError, useLoginError } from "../../platform/login-error.ts";
import { navigate, screenUrl, useLocation, withQuery } from "../../platform/router.ts";
import { Button } from "../../ui/Button.tsx";
import { EmailField } from "../../ui/EmailField.tsx";
import { FormError } from "../../ui/FormError.tsx";
import { Link, QueryAnchor } from "../../ui/Link.tsx";
import { PasswordField } from "../../ui/PasswordField.tsx";
import { Screen } from "../../ui/Screen.tsx";

/** DS One password login (SPEC section 2); off by configuration, it hands over to the email login. */
export default function PasswordLoginPage() {
  const { search } = useLocation();
  const [email, setEmail] = usePrefill(search, "email");
  const [password, setPassword] = useState("");
  const [attempted, setAttempted] = useState(false);
  const { submitting, run } = useSubmitting();
  const loginError = useLoginError();
  const passkey = usePasskeySignIn(dsone, search);

  useEffect(() => {
    if (!config.passwordLoginAllowed) navigate(`${dsone.paths.login}${window.location.search}`, { replace: true });
  }, []);
  if (!config.passwordLoginAllowed) return null;

  const errors = attempted ? { email: loginEmailError(email), password: loginPasswordError(password) } : {};

  function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (loginEmailError(email) || loginPasswordError(password)) return;
    passkey.stop();
    void run(async () => {
      setLoginError(undefined);
      try {
        const { redirectUrl } = await passwordLogin({
          Email: email.trim(),
          Password: password,
          ReturnUrl: getParamIgnoringCase(search, "returnurl"),
          ...(await optionalCaptchaToken(config.captcha)),
        });
        await leaveAfterSignIn(redirectUrl);
      } catch (error) {
        setLoginError(messageFor(error, strings.login.unexpectedError));
      }
    });
  }

  return (
    <Screen brand={dsone} title={strings.passwordLogin.title}>
      <p>{strings.passwordLogin.text}</p>
      <form className="form" noValidate onSubmit={submit}>
        <EmailField value={email} error={errors.email} onChange={setEmail} passkeys />
        <PasswordField
          label={strings.fields.password}
          name="password"
          autoComplete="current-password"
          value={password}
          error={errors.password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Link variant="link-blue" to={screenUrl(dsoneScreens.forgotPassword, search)}>
          {strings.passwordLogin.forgot}
        </Link>
        <Button type="submit" variant="green" className="button--wide" disabled={submitting} qaTag="password-login-submit">
          {strings.passwordLogin.login}
        </Button>
        <FormError message={loginError} />
      </form>
      <PasskeyButton passkey={passkey} />
      <QueryAnchor className="button button--link-blue" href={withQuery(config.links.cart, withoutHopParameters(search))}>
        {strings.passwordLogin.createAccount}
      </QueryAnchor>
    </Screen>
  );
}
