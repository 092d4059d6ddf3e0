import { en } from "../../i18n/en.ts";
import { brandForPath } from "../../platform/brand.ts";
import { config } from "../../platform/config.ts";
import { leaveTo, useLocation } from "../../platform/router.ts";
import { Button } from "../../ui/Button.tsx";
import { Checkmark } from "../../ui/icons.tsx";
import { Screen } from "../../ui/Screen.tsx";

/** "Your New Password Has Been Set!", for both brands; Login goes to the brand's my-account page. */
export default function SetPasswordConfirmationPage() {
  const { pathname } = useLocation();
  const brand = brandForPath(pathname);
  const myAccount = config.links[brand.links.myAccount];
  return (
    <Screen brand={brand} title={en.setPasswordConfirmation.title}>
      <Checkmark />
      <p>
        {en.setPasswordConfirmation.before}
        <strong>{brand.name}</strong>
        {en.setPasswordConfirmation.after}
      </p>
      <Button variant="green" className="button--wide" onClick={() => leaveTo(myAccount)}>
        {en.setPasswordConfirmation.login}
      </Button>
    </Screen>
  );
}
