import { dsone } from "../../app/brand.ts";
import { config } from "../../app/config.ts";
import { leaveTo } from "../../app/router.ts";
import { en } from "../../i18n/en.ts";
import { Button } from "../../ui/Button.tsx";
import { Checkmark } from "../../ui/icons.tsx";
import { Screen } from "../../ui/Screen.tsx";

/** "Your New Password Has Been Reset!" with a Login button to the main sign-in address. */
export default function ResetPasswordConfirmationPage() {
  return (
    <Screen brand={dsone} title={en.resetPasswordConfirmation.title}>
      <Checkmark />
      <p>{en.resetPasswordConfirmation.text}</p>
      <Button variant="green" className="button--wide" onClick={() => leaveTo(config.links.signIn)}>
        {en.resetPasswordConfirmation.login}
      </Button>
    </Screen>
  );
}
