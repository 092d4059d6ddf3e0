import { strings } from "@strings/passwords.ts";
import { useState } from "react";
import { accountArea } from "../../account-area/use-account-area.ts";
import { NewPasswordForm } from "../../forms/NewPasswordForm.tsx";
import { takeFromAddress } from "../../platform/address.ts";
import { dsone } from "../../platform/brand.ts";
import { navigate } from "../../platform/router.ts";
import { Link } from "../../ui/Link.tsx";
import { Screen } from "../../ui/Screen.tsx";

const STORAGE_KEY = "solveIqResetLink";

/**
 * Takes code and email out of the address bar as the page loads, keeping them for this tab only
 * (a reload still works): the earlier reset sends both with the new password.
 */
function takeLink(): { code: string; email: string } | undefined {
  const { code, email } = takeFromAddress("code", "email");
  if (code && email) {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ code, email }));
    return { code, email };
  }
  try {
    const kept = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "null") as { code?: unknown; email?: unknown } | null;
    return typeof kept?.code === "string" && typeof kept.email === "string" ? { code: kept.code, email: kept.email } : undefined;
  } catch {
    return undefined;
  }
}

/** solve IQ's "Set New Password" from the emailed link; on success, /resetPasswordConfirmation?redirectUrl=… */
export default function SolveIqResetPasswordPage() {
  const [link] = useState(takeLink);

  if (!link) {
    return (
      <Screen brand={dsone} title={strings.resetPassword.unknownTitle}>
        <p>{strings.resetPassword.unknownText}</p>
        <Link variant="green" className="button--wide" to="/forgotPassword">
          {strings.resetPassword.newLink}
        </Link>
      </Screen>
    );
  }

  return (
    <Screen brand={dsone} title={strings.resetPassword.title}>
      <NewPasswordForm
        save={async (password, confirmPassword) => {
          const target = await accountArea.resetPassword("solveiq", {
            Email: link.email,
            Password: password,
            ConfirmPassword: confirmPassword,
            Code: link.code,
          });
          if (!target) return accountArea.getState().resetPasswordError;
          sessionStorage.removeItem(STORAGE_KEY);
          navigate(target);
          return undefined;
        }}
      />
    </Screen>
  );
}
