import { useState } from "react";
import { accountArea } from "../../account-area/use-account-area.ts";
import { NewPasswordForm } from "../../forms/NewPasswordForm.tsx";
import { en } from "../../i18n/en.ts";
import { dsone } from "../../platform/brand.ts";
import { navigate } from "../../platform/router.ts";
import { Button } from "../../ui/Button.tsx";
import { Screen } from "../../ui/Screen.tsx";

const STORAGE_KEY = "solveIqResetLink";

/**
 * Takes code and email out of the address bar as the page loads, keeping them for this tab only
 * (a reload still works): the earlier reset sends both with the new password.
 */
function takeLink(): { code: string; email: string } | undefined {
  const url = new URL(window.location.href);
  const code = url.searchParams.get("code");
  const email = url.searchParams.get("email");
  if (code && email) {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ code, email }));
    url.searchParams.delete("code");
    url.searchParams.delete("email");
    window.history.replaceState(null, "", `${url.pathname}${url.search}`);
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
      <Screen brand={dsone} title={en.resetPassword.unknownTitle}>
        <p>{en.resetPassword.unknownText}</p>
        <Button variant="green" className="button--wide" onClick={() => navigate("/forgotPassword")}>
          {en.resetPassword.newLink}
        </Button>
      </Screen>
    );
  }

  return (
    <Screen brand={dsone} title={en.resetPassword.title}>
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
