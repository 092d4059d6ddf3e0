import { strings } from "@strings/passwords.ts";
import { sayDuration } from "../../../common/i18n/catalogue.ts";
import { brandForPath, passwordSignInAddress } from "../../platform/brand.ts";
import { config } from "../../platform/config.ts";
import { useLocation } from "../../platform/router.ts";
import { Screen } from "../../ui/Screen.tsx";

/** "Password Reset Email Sent", with the configured link lifetime. */
export default function ForgotPasswordConfirmationPage() {
  const brand = brandForPath(useLocation().pathname);
  return (
    <Screen brand={brand} title={strings.forgotPasswordConfirmation.title}>
      <p>{strings.forgotPasswordConfirmation.expires(sayDuration(strings.duration, config.resetLinkLifetimeMs))}</p>
      <p>{strings.forgotPasswordConfirmation.check}</p>
      <a className="button button--green button--wide" href={passwordSignInAddress(brand, config.links)}>
        {strings.forgotPasswordConfirmation.backToLogin}
      </a>
    </Screen>
  );
}
