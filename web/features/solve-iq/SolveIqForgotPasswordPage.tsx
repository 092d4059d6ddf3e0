import { accountArea } from "../../account-area/use-account-area.ts";
import { ForgotPasswordScreen } from "../../forms/ForgotPasswordScreen.tsx";
import { navigate } from "../../platform/router.ts";

/** solve IQ's "Forgot Your Password" (earlier account area); on success, /forgotPasswordConfirmation. */
export default function SolveIqForgotPasswordPage() {
  return (
    <ForgotPasswordScreen
      send={async (email) => {
        const target = await accountArea.forgotPassword("solveiq", email);
        if (target) navigate(target);
        return target ? undefined : accountArea.getState().forgotPasswordError;
      }}
    />
  );
}
