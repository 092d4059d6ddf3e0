import { type FormEvent, useEffect, useRef, useState } from "react";
import { newPasswordErrors } from "../../../common/password-rules.ts";
import { checkDsOneSession, setPassword } from "../../api/account.ts";
import { HttpError } from "../../api/http.ts";
import { BRANDS } from "../../app/brand.ts";
import { config } from "../../app/config.ts";
import { leaveTo, navigate } from "../../app/router.ts";
import { useSubmitting } from "../../forms/use-submitting.ts";
import { en } from "../../i18n/en.ts";
import { Button } from "../../ui/Button.tsx";
import { CloseButton } from "../../ui/CloseButton.tsx";
import { PasswordField } from "../../ui/PasswordField.tsx";
import { Screen } from "../../ui/Screen.tsx";
import { LoadingScreen } from "../login/LoadingScreen.tsx";

export const SET_PASSWORD_RETURN_TARGET = "/dsone/set-password-confirmation";

/** Goes to the confirmation inside the app, or leaves for an address elsewhere. */
function continueTo(redirectUrl: string): void {
  const url = new URL(redirectUrl, window.location.origin);
  if (url.origin === window.location.origin) navigate(`${url.pathname}${url.search}`);
  else leaveTo(url.href);
}

/** "Set Password" for a signed-in customer who has none; a visitor is asked to sign in first. */
export default function SetPasswordPage() {
  const [signedIn, setSignedIn] = useState(false);
  const [password, setPasswordValue] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [attempted, setAttempted] = useState(false);
  const [failure, setFailure] = useState<string>();
  const { submitting, run } = useSubmitting();
  const checked = useRef(false);

  useEffect(() => {
    if (checked.current) return;
    checked.current = true;
    checkDsOneSession()
      .catch(() => undefined)
      .then((session) => {
        if (session?.signedIn) setSignedIn(true);
        // After signing in, the customer comes back here.
        else navigate(`/dsone/login?ReturnUrl=${encodeURIComponent(window.location.href)}`, { replace: true });
      });
  }, []);

  if (!signedIn) return <LoadingScreen brand={BRANDS.dsone} />;

  const errors = attempted ? newPasswordErrors(password, confirmPassword) : {};

  function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    const found = newPasswordErrors(password, confirmPassword);
    if (found.password || found.confirmPassword) return;
    void run(async () => {
      setFailure(undefined);
      try {
        const { redirectUrl } = await setPassword(password, SET_PASSWORD_RETURN_TARGET);
        continueTo(redirectUrl);
      } catch (error) {
        // A refused password carries the reasons; show the first (SPEC section 5).
        setFailure((error instanceof HttpError && error.messages[0]) || en.setPassword.serverError);
      }
    });
  }

  return (
    <Screen brand={BRANDS.dsone} title={en.setPassword.title} corner={<CloseButton onClick={() => leaveTo(config.links.dsoneMyAccount)} />}>
      <p>{en.setPassword.text}</p>
      <form className="form" noValidate onSubmit={submit}>
        <PasswordField
          label={en.fields.newPassword}
          name="password"
          autoComplete="new-password"
          value={password}
          error={errors.password}
          onChange={(event) => setPasswordValue(event.target.value)}
        />
        <PasswordField
          label={en.fields.confirmPassword}
          name="confirmPassword"
          autoComplete="new-password"
          value={confirmPassword}
          error={errors.confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
        />
        <Button type="submit" variant="green" className="button--wide" disabled={submitting}>
          {en.setPassword.save}
        </Button>
        {failure ? (
          <p className="form__error" role="alert">
            {failure}
          </p>
        ) : null}
      </form>
    </Screen>
  );
}
