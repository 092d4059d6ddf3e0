import { strings } from "@strings/passwords.ts";
import { safeRedirect } from "../../../common/redirects.ts";
import { brandForPath, passwordSignInAddress } from "../../platform/brand.ts";
import { config } from "../../platform/config.ts";
import { useLocation } from "../../platform/router.ts";
import { Checkmark } from "../../ui/icons.tsx";
import { QueryAnchor } from "../../ui/Link.tsx";
import { Screen } from "../../ui/Screen.tsx";

/**
 * "Your New Password Has Been Reset!" with a Login button: to the redirectUrl the earlier reset
 * answered (/resetPasswordConfirmation?redirectUrl=…), when it is on an allowed origin, otherwise
 * to the main sign-in address.
 */
export default function ResetPasswordConfirmationPage() {
  const { pathname, search } = useLocation();
  const brand = brandForPath(pathname);
  const requested = new URLSearchParams(search).get("redirectUrl");
  const target =
    safeRedirect(requested, window.location.origin, config.allowedRedirectOrigins) ?? passwordSignInAddress(brand, config.links);
  return (
    <Screen brand={brand} title={strings.resetPasswordConfirmation.title}>
      <Checkmark />
      <p>{strings.resetPasswordConfirmation.text}</p>
      {/* Rendered ahead of time with no query: the redirectUrl is known once the app has the page. */}
      <QueryAnchor className="button button--green button--wide" href={target}>
        {strings.resetPasswordConfirmation.login}
      </QueryAnchor>
    </Screen>
  );
}
