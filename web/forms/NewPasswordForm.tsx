import { strings } from "@strings/passwords.ts";
import { type FormEvent, type ReactNode, useState } from "react";
import { newPasswordErrors } from "../../common/password-rules.ts";
import { Button } from "../ui/Button.tsx";
import { FormError } from "../ui/FormError.tsx";
import { PasswordField } from "../ui/PasswordField.tsx";
import { useSubmitting } from "./use-submitting.ts";

/**
 * The new-password form of the reset and set-password screens: password and confirmPassword with
 * Show toggles, the rules of SPEC section 5, and Save Password. `save` answers the message to show
 * when the server refused, or nothing when it went on. `children` come first (the account page's
 * current password).
 */
export function NewPasswordForm({
  save,
  children,
}: {
  save: (password: string, confirmPassword: string) => Promise<string | undefined>;
  children?: ReactNode;
}) {
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [attempted, setAttempted] = useState(false);
  const [failure, setFailure] = useState<string>();
  const { submitting, run } = useSubmitting();
  const errors = attempted ? newPasswordErrors(password, confirmPassword, strings.passwordRules) : {};

  function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    const found = newPasswordErrors(password, confirmPassword, strings.passwordRules);
    if (found.password || found.confirmPassword) return;
    void run(async () => {
      setFailure(undefined);
      setFailure(await save(password, confirmPassword));
    });
  }

  return (
    <form className="form" noValidate onSubmit={submit}>
      {children}
      <PasswordField
        label={strings.fields.newPassword}
        name="password"
        autoComplete="new-password"
        value={password}
        error={errors.password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <PasswordField
        label={strings.fields.confirmPassword}
        name="confirmPassword"
        autoComplete="new-password"
        value={confirmPassword}
        error={errors.confirmPassword}
        onChange={(event) => setConfirmPassword(event.target.value)}
      />
      <Button type="submit" variant="green" className="button--wide" disabled={submitting}>
        {strings.resetPassword.save}
      </Button>
      <FormError message={failure} />
    </form>
  );
}
