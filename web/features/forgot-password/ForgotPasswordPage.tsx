import { forgotPassword } from "../../api/account.ts";
import { messageFor } from "../../api/http.ts";
import { ForgotPasswordScreen } from "../../forms/ForgotPasswordScreen.tsx";
import { en } from "../../i18n/en.ts";
import { dsoneScreens } from "../../platform/brand.ts";
import { navigate, screenUrl } from "../../platform/router.ts";

/** DS One's "Forgot Your Password" (newer flow): the answer is the same for any email. */
export default function ForgotPasswordPage() {
  return (
    <ForgotPasswordScreen
      send={async (email) => {
        try {
          await forgotPassword(email);
          navigate(screenUrl(dsoneScreens.forgotPasswordConfirmation));
          return undefined;
        } catch (error) {
          return messageFor(error, en.forgotPassword.failed);
        }
      }}
    />
  );
}
