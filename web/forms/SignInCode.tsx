import { strings } from "@strings/shared.ts";
import { type FormEvent, useState } from "react";
import { signInWithCode } from "../api/account.ts";
import { messageFor } from "../api/http.ts";
import { leaveAfterSignIn } from "../platform/after-sign-in.ts";
import { Button } from "../ui/Button.tsx";
import { CodeField } from "../ui/CodeField.tsx";
import { useSubmitting } from "./use-submitting.ts";

/**
 * The mail's six-digit code, typed on the computer that asked for it by a customer reading mail on
 * a phone. Only this browser can use it (the server holds it for this browser alone); the server's
 * words say what went wrong and how many tries are left.
 */
export function SignInCode() {
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<string>();
  const { submitting, run } = useSubmitting();

  function submit(event: FormEvent) {
    event.preventDefault();
    const digits = code.replace(/\D/g, "");
    if (digits.length !== 6) {
      setProblem(strings.checkEmail.codeIncomplete);
      return;
    }
    void run(async () => {
      setProblem(undefined);
      try {
        await leaveAfterSignIn((await signInWithCode(digits)).redirectUrl);
      } catch (error) {
        setProblem(messageFor(error, strings.login.unexpectedError));
      }
    });
  }

  return (
    <form className="code-form" noValidate onSubmit={submit}>
      <CodeField label={strings.checkEmail.codeLabel} value={code} onChange={(event) => setCode(event.target.value)} error={problem} />
      <Button type="submit" disabled={submitting}>
        {strings.checkEmail.codeSubmit}
      </Button>
    </form>
  );
}
