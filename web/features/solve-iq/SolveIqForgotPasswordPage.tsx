import { accountArea } from "../../account-area/use-account-area.ts";
import { navigate } from "../../app/router.ts";
import { ForgotPasswordScreen } from "../forgot-password/ForgotPasswordScreen.tsx";

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
