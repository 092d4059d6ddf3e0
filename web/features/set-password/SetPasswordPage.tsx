import { useEffect, useRef, useState } from "react";
import { checkDsOneSession, setPassword } from "../../api/account.ts";
import { HttpError } from "../../api/http.ts";
import { BRANDS } from "../../app/brand.ts";
import { config } from "../../app/config.ts";
import { leaveTo, navigate, withQuery } from "../../app/router.ts";
import { NewPasswordForm } from "../../forms/NewPasswordForm.tsx";
import { en } from "../../i18n/en.ts";
import { CloseButton } from "../../ui/CloseButton.tsx";
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

  async function save(password: string): Promise<string | undefined> {
    try {
      const { redirectUrl } = await setPassword(password, SET_PASSWORD_RETURN_TARGET);
      continueTo(redirectUrl);
      return undefined;
    } catch (error) {
      // A refused password carries the reasons; show the first (SPEC section 5).
      return (error instanceof HttpError && error.messages[0]) || en.setPassword.serverError;
    }
  }

  return (
    <Screen
      brand={BRANDS.dsone}
      title={en.setPassword.title}
      corner={<CloseButton onClick={() => leaveTo(withQuery(config.links.dsoneMyAccount, "skip=true"))} />}
    >
      <p>{en.setPassword.text}</p>
      <NewPasswordForm save={save} />
    </Screen>
  );
}
