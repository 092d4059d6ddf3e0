import { useEffect, useRef, useState } from "react";
import { openPasswordReset, resetPassword } from "../../api/account.ts";
import { HttpError } from "../../api/http.ts";
import { NewPasswordForm } from "../../forms/NewPasswordForm.tsx";
import { en } from "../../i18n/en.ts";
import { dsone } from "../../platform/brand.ts";
import { navigate, screenUrl } from "../../platform/router.ts";
import { Button } from "../../ui/Button.tsx";
import { Screen } from "../../ui/Screen.tsx";
import { Spinner } from "../../ui/Spinner.tsx";

type LinkProblem = "used" | "expired" | "unknown";

function problemOf(error: unknown): LinkProblem | undefined {
  if (!(error instanceof HttpError)) return undefined;
  return ({ RESET_LINK_USED: "used", RESET_LINK_EXPIRED: "expired", RESET_LINK_UNKNOWN: "unknown" } as const)[
    error.code as "RESET_LINK_USED"
  ];
}

/**
 * Takes code and email out of the address bar at once (they are a secret and a person's address);
 * a reload then relies on the server, which holds the code for this browser since it was opened.
 */
function takeLinkFromAddress(): { code: string; email: string } | undefined {
  const url = new URL(window.location.href);
  const code = url.searchParams.get("code");
  const email = url.searchParams.get("email");
  if (!code || !email) return undefined;
  url.searchParams.delete("code");
  url.searchParams.delete("email");
  window.history.replaceState(null, "", `${url.pathname}${url.search}`);
  return { code, email };
}

/**
 * "Set New Password" from the emailed link. Opening the page spends nothing (mail scanners open
 * links); only saving the new password does.
 */
export default function ResetPasswordPage() {
  const [link] = useState(takeLinkFromAddress);
  const [opening, setOpening] = useState(link !== undefined);
  const [problem, setProblem] = useState<LinkProblem>();
  const opened = useRef(false);

  useEffect(() => {
    if (!link || opened.current) return;
    opened.current = true;
    openPasswordReset(link.code, link.email)
      .catch((error: unknown) => setProblem(problemOf(error) ?? "unknown"))
      .finally(() => setOpening(false));
  }, [link]);

  if (opening) {
    return (
      <Screen brand={dsone} title={en.resetPassword.title} busy>
        <Spinner label={en.resetPassword.checking} />
      </Screen>
    );
  }

  if (problem) {
    const [title, text] = {
      used: [en.resetPassword.usedTitle, en.resetPassword.usedText],
      expired: [en.resetPassword.expiredTitle, en.resetPassword.expiredText],
      unknown: [en.resetPassword.unknownTitle, en.resetPassword.unknownText],
    }[problem];
    return (
      <Screen brand={dsone} title={title}>
        <p>{text}</p>
        <Button variant="green" className="button--wide" onClick={() => navigate(screenUrl("/dsone/forgot-password"))}>
          {en.resetPassword.newLink}
        </Button>
      </Screen>
    );
  }

  async function save(password: string, confirmPassword: string): Promise<string | undefined> {
    try {
      const { redirectUrl } = await resetPassword(password, confirmPassword);
      navigate(screenUrl(redirectUrl));
      return undefined;
    } catch (error) {
      const linkProblem = problemOf(error);
      if (linkProblem) setProblem(linkProblem);
      return linkProblem ? undefined : (error instanceof HttpError && error.messages[0]) || en.forgotPassword.failed;
    }
  }

  return (
    <Screen brand={dsone} title={en.resetPassword.title}>
      <NewPasswordForm save={save} />
    </Screen>
  );
}
