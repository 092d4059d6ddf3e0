import { en } from "../../i18n/en.ts";
import { dsone } from "../../platform/brand.ts";
import { config } from "../../platform/config.ts";
import { Screen } from "../../ui/Screen.tsx";

/** "Password Reset Email Sent", with the configured link lifetime. */
export default function ForgotPasswordConfirmationPage() {
  return (
    <Screen brand={dsone} title={en.forgotPasswordConfirmation.title}>
      <p>{en.forgotPasswordConfirmation.expires(config.resetLinkLifetime)}</p>
      <p>{en.forgotPasswordConfirmation.check}</p>
      <a className="button button--green button--wide" href={config.links.signIn}>
        {en.forgotPasswordConfirmation.backToLogin}
      </a>
    </Screen>
  );
}
