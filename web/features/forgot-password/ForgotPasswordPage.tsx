import { forgotPassword } from "../../api/account.ts";
import { messageFor } from "../../api/http.ts";
import { navigate, screenUrl } from "../../app/router.ts";
import { en } from "../../i18n/en.ts";
import { ForgotPasswordScreen } from "./ForgotPasswordScreen.tsx";

/** DS One's "Forgot Your Password" (newer flow): the answer is the same for any email. */
export default function ForgotPasswordPage() {
  return (
    <ForgotPasswordScreen
      send={async (email) => {
        try {
          await forgotPassword(email);
          navigate(screenUrl("/dsone/forgot-password-confirmation"));
          return undefined;
        } catch (error) {
          return messageFor(error, en.forgotPassword.failed);
        }
      }}
    />
  );
}
