import { en } from "../../i18n/en/passwords.ts";
import { brandForPath, passwordSignInAddress } from "../../platform/brand.ts";
import { config } from "../../platform/config.ts";
import { useLocation } from "../../platform/router.ts";
import { Screen } from "../../ui/Screen.tsx";

/** "Password Reset Email Sent", with the configured link lifetime. */
export default function ForgotPasswordConfirmationPage() {
  const brand = brandForPath(useLocation().pathname);
  return (
    <Screen brand={brand} title={en.forgotPasswordConfirmation.title}>
      <p>{en.forgotPasswordConfirmation.expires(config.resetLinkLifetime)}</p>
      <p>{en.forgotPasswordConfirmation.check}</p>
      <a className="button button--green button--wide" href={passwordSignInAddress(brand, config.links)}>
        {en.forgotPasswordConfirmation.backToLogin}
      </a>
    </Screen>
  );
}
