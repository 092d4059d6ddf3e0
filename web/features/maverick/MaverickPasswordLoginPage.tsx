import { strings } from "@strings/password-login.ts";
import { type FormEvent, useEffect, useState } from "react";
import { getParamIgnoringCase } from "../../../common/query.ts";
import { maverickPasswordLogin } from "../../api/account.ts";
import { messageFor } from "../../api/http.ts";
import { optionalCaptchaToken } from "../../captcha/captcha.ts";
import { PasskeyButton, usePasskeySignIn } from "../../forms/PasskeySignIn.tsx";
import { loginEmailError } from "../../forms/rules.ts";
import { usePrefill } from "../../forms/use-prefill.ts";
import { useSubmitting } from "../../forms/use-submitting.ts";
import { leaveAfterSignIn } from "../../platform/after-sign-in.ts";
import { maverick } from "../../platform/brand.ts";
import { config } from "../../platform/config.ts";
import { setLoginError, useLoginError } from "../../platform/login-error.ts";
import { navigate, screenUrl, useLocation } from "../../platform/router.ts";
import { Button } from "../../ui/Button.tsx";
import { EmailField } from "../../ui/EmailField.tsx";
import { FormError } from "../../ui/FormError.tsx";
import { Link } from "../../ui/Link.tsx";
import { PasswordField } from "../../ui/PasswordField.tsx";
import { Screen } from "../../ui/Screen.tsx";
import { SocialSignIn } from "../../ui/SocialSignIn.tsx";

/**
 * The safety product's password-login dialog (SPEC section 2): Continue stays disabled until the
 * email passes the login's email rule (stricter than the browser's: `a@b` fails it) and a password
 * is present, so nothing is sent that the server would refuse for its form.
 */
export function MaverickPasswordLoginDialog() {
  const { search } = useLocation();
  const [email, setEmail] = usePrefill(search, "email");
  const [password, setPassword] = useState("");
  // Said once the customer has typed an address and left the field: Continue alone cannot say why.
  const [emailLeft, setEmailLeft] = useState(false);
  const { submitting, run } = useSubmitting();
  const loginError = useLoginError();
  const passkey = usePasskeySignIn(maverick, search);
  const emailError = loginEmailError(email);
  const ready = !emailError && password !== "";

  // With password login turned off, the customer signs in with an emailed link instead, query kept.
  useEffect(() => {
    if (!config.passwordLoginAllowed) navigate(`${maverick.paths.emailLogin}${window.location.search}`, { replace: true });
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready) return;
    passkey.stop();
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
        await leaveAfterSignIn(redirectUrl);
      } catch (error) {
        setLoginError(messageFor(error, strings.login.unexpectedError));
      }
    });
  }

  return (
    <Screen brand={maverick} title={strings.maverickPasswordLogin.title} dialog>
      <SocialSignIn brand={maverick} search={search} />
      <form className="form" noValidate onSubmit={submit}>
        <EmailField
          value={email}
          error={emailLeft && email.trim() !== "" ? emailError : undefined}
          onChange={setEmail}
          onBlur={() => setEmailLeft(true)}
          passkeys
        />
        <PasswordField
          label={strings.fields.password}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button type="submit" variant="green" className="button--wide" disabled={!ready || submitting}>
          {strings.maverickPasswordLogin.continue}
        </Button>
        <FormError message={loginError} />
      </form>
      <PasskeyButton passkey={passkey} />
      <Link className="text-link" to={screenUrl(maverick.paths.forgotPassword, search)}>
        {strings.passwordLogin.forgot}
      </Link>
      {/* A way in without the password: the brand's emailed access link, the query kept as between screens. */}
      <Link className="text-link" to={screenUrl(maverick.paths.emailLogin, search)}>
        {strings.maverickPasswordLogin.emailLink}
      </Link>
    </Screen>
  );
}

export default MaverickPasswordLoginDialog;
