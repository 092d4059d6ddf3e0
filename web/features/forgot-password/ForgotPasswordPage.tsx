import { strings } from "@strings/passwords.ts";
import { forgotPassword } from "../../api/account.ts";
import { messageFor } from "../../api/http.ts";
import { ForgotPasswordScreen } from "../../forms/ForgotPasswordScreen.tsx";
import { brandForPath } from "../../platform/brand.ts";
import { navigate, screenUrl, useLocation } from "../../platform/router.ts";

/** A brand's "Forgot Your Password" (newer flow): the answer is the same for any email. */
export default function ForgotPasswordPage() {
  const brand = brandForPath(useLocation().pathname);
  return (
    <ForgotPasswordScreen
      send={async (email) => {
        try {
          await forgotPassword(email, brand.productId);
          navigate(screenUrl(brand.paths.forgotPasswordConfirmation));
          return undefined;
        } catch (error) {
          return messageFor(error, strings.forgotPassword.failed);
        }
      }}
    />
  );
}
