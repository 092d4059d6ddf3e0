import { strings } from "@strings/passwords.ts";
import { useEffect, useRef, useState } from "react";
import { type LinkProblem, linkProblemOf } from "../../../common/link-problems.ts";
import { openPasswordReset, resetPassword } from "../../api/account.ts";
import { HttpError } from "../../api/http.ts";
import { NewPasswordForm } from "../../forms/NewPasswordForm.tsx";
import { type PasskeyChoice, PasskeysToRemove, usePasskeysToRemove } from "../../forms/PasskeysToRemove.tsx";
import { takeFromAddress } from "../../platform/address.ts";
import { brandForPath } from "../../platform/brand.ts";
import { navigate, screenUrl, useLocation } from "../../platform/router.ts";
import { Link } from "../../ui/Link.tsx";
import { Screen } from "../../ui/Screen.tsx";
import { Spinner } from "../../ui/Spinner.tsx";

/** What a refused reset link means for the customer; undefined for a failure that is not the link's. */
function problemOf(error: unknown): LinkProblem | undefined {
  return error instanceof HttpError ? linkProblemOf(error.code) : undefined;
}

/**
 * Takes code and email out of the address bar at once (they are a secret and a person's address);
 * a reload then relies on the server, which holds the code for this browser since it was opened.
 */
function takeLinkFromAddress(): { code: string; email: string } | undefined {
  const { code, email } = takeFromAddress("code", "email");
  return code && email ? { code, email } : undefined;
}

/**
 * "Set New Password" from the emailed link. Opening the page spends nothing (mail scanners open
 * links); only saving the new password does.
 */
export default function ResetPasswordPage() {
  const brand = brandForPath(useLocation().pathname);
  const [link] = useState(takeLinkFromAddress);
  const [opening, setOpening] = useState(link !== undefined);
  const [problem, setProblem] = useState<LinkProblem>();
  const [passkeys, setPasskeys] = useState<PasskeyChoice[]>([]);
  const removing = usePasskeysToRemove(passkeys);
  const opened = useRef(false);

  useEffect(() => {
    if (!link || opened.current) return;
    opened.current = true;
    openPasswordReset(link.code, link.email)
      .then((answer) => setPasskeys(answer.passkeys))
      .catch((error: unknown) => setProblem(problemOf(error) ?? "unknown"))
      .finally(() => setOpening(false));
  }, [link]);

  if (opening) {
    return (
      <Screen brand={brand} title={strings.resetPassword.title} busy>
        <Spinner label={strings.resetPassword.checking} />
      </Screen>
    );
  }

  if (problem) {
    const [title, text] = {
      used: [strings.resetPassword.usedTitle, strings.resetPassword.usedText],
      expired: [strings.resetPassword.expiredTitle, strings.resetPassword.expiredText],
      unknown: [strings.resetPassword.unknownTitle, strings.resetPassword.unknownText],
    }[problem];
    return (
      <Screen brand={brand} title={title}>
        <p>{text}</p>
        <Link variant="green" className="button--wide" to={screenUrl(brand.paths.forgotPassword)}>
          {strings.resetPassword.newLink}
        </Link>
      </Screen>
    );
  }

  async function save(password: string, confirmPassword: string): Promise<string | undefined> {
    try {
      const { redirectUrl } = await resetPassword(password, confirmPassword, removing.ticked);
      navigate(screenUrl(redirectUrl));
      return undefined;
    } catch (error) {
      const linkProblem = problemOf(error);
      if (linkProblem) setProblem(linkProblem);
      return linkProblem ? undefined : (error instanceof HttpError && error.messages[0]) || strings.forgotPassword.failed;
    }
  }

  return (
    <Screen brand={brand} title={strings.resetPassword.title}>
      <NewPasswordForm save={save}>
        <PasskeysToRemove passkeys={passkeys} choice={removing} words={strings.resetPassword.removePasskeys} />
      </NewPasswordForm>
    </Screen>
  );
}
