import { strings } from "@strings/passwords.ts";
import { useEffect, useRef, useState } from "react";
import { checkDsOneSession, setPassword } from "../../api/account.ts";
import { HttpError } from "../../api/http.ts";
import { NewPasswordForm } from "../../forms/NewPasswordForm.tsx";
import { brandForPath } from "../../platform/brand.ts";
import { config } from "../../platform/config.ts";
import { keepLanguage } from "../../platform/keep-language.ts";
import { leaveTo, navigate, useLocation, withQuery } from "../../platform/router.ts";
import { CloseButton } from "../../ui/CloseButton.tsx";
import { Screen } from "../../ui/Screen.tsx";
import { Spinner } from "../../ui/Spinner.tsx";

/** Goes to the confirmation inside the app, or leaves for an address elsewhere. */
function continueTo(redirectUrl: string): void {
  const url = new URL(redirectUrl, window.location.origin);
  if (url.origin === window.location.origin) navigate(`${url.pathname}${url.search}`);
  else leaveTo(url.href);
}

/**
 * "Set Password" for a signed-in customer who has none (both brands); a visitor is asked to sign in
 * first and comes back. Saved, it goes on to the brand's set-password confirmation; the close icon
 * goes to the brand's my-account page with skip=true.
 */
export default function SetPasswordPage() {
  const { pathname } = useLocation();
  const brand = brandForPath(pathname);
  const [signedIn, setSignedIn] = useState(false);
  const checked = useRef(false);

  useEffect(() => {
    if (checked.current) return;
    checked.current = true;
    checkDsOneSession()
      .catch(() => undefined)
      .then((session) => {
        if (session?.signedIn) setSignedIn(true);
        else
          navigate(
            keepLanguage(`${brand.paths.emailLogin}?ReturnUrl=${encodeURIComponent(window.location.href)}`, window.location.search),
            {
              replace: true,
            },
          );
      });
  }, [brand]);

  if (!signedIn) {
    return (
      <Screen brand={brand} title={strings.setPassword.title} busy>
        <Spinner label={strings.loading.text} />
      </Screen>
    );
  }

  async function save(password: string): Promise<string | undefined> {
    try {
      const { redirectUrl } = await setPassword(password, brand.paths.setPasswordConfirmation);
      continueTo(redirectUrl);
      return undefined;
    } catch (error) {
      // A refused password carries the reasons; show the first (SPEC section 5).
      return (error instanceof HttpError && error.messages[0]) || strings.setPassword.serverError;
    }
  }

  return (
    <Screen
      brand={brand}
      title={strings.setPassword.title}
      dialog={brand.dialogs}
      corner={<CloseButton href={withQuery(config.links[brand.links.myAccount], "skip=true")} />}
    >
      <p>{strings.setPassword.text}</p>
      <NewPasswordForm save={save} />
    </Screen>
  );
}
