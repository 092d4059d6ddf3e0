import { strings } from "@strings/passwords.ts";
import { brandForPath } from "../../platform/brand.ts";
import { config } from "../../platform/config.ts";
import { useLocation } from "../../platform/router.ts";
import { Checkmark } from "../../ui/icons.tsx";
import { Screen } from "../../ui/Screen.tsx";

/** "Your New Password Has Been Set!", for both brands; Login goes to the brand's my-account page. */
export default function SetPasswordConfirmationPage() {
  const { pathname } = useLocation();
  const brand = brandForPath(pathname);
  const myAccount = config.links[brand.links.myAccount];
  return (
    <Screen brand={brand} title={strings.setPasswordConfirmation.title}>
      <Checkmark />
      <p>
        {strings.setPasswordConfirmation.before}
        <strong>{brand.name}</strong>
        {strings.setPasswordConfirmation.after}
      </p>
      <a className="button button--green button--wide" href={myAccount}>
        {strings.setPasswordConfirmation.login}
      </a>
    </Screen>
  );
}
