import { strings } from "@strings/passwords.ts";
import { type FormEvent, useState } from "react";
import { withoutHopParameters } from "../../common/query.ts";
import { brandForPath, passwordSignInAddress } from "../platform/brand.ts";
import { config } from "../platform/config.ts";
import { useLocation, withQuery } from "../platform/router.ts";
import { Button } from "../ui/Button.tsx";
import { CloseButton } from "../ui/CloseButton.tsx";
import { EmailField } from "../ui/EmailField.tsx";
import { FormError } from "../ui/FormError.tsx";
import { Screen } from "../ui/Screen.tsx";
import { forgotEmailError } from "./rules.ts";
import { useSubmitting } from "./use-submitting.ts";

/**
 * "Forgot Your Password" (SPEC sections 2 and 5): the email, Send Email, and the close icon back
 * to the main sign-in address. `send` asks for the link and answers the message to show when it
 * could not (it moves on by itself when it could).
 */
export function ForgotPasswordScreen({ send }: { send: (email: string) => Promise<string | undefined> }) {
  const { pathname, search } = useLocation();
  const brand = brandForPath(pathname);
  const [email, setEmail] = useState("");
  const [attempted, setAttempted] = useState(false);
  const [failure, setFailure] = useState<string>();
  const { submitting, run } = useSubmitting();
  const emailError = attempted ? forgotEmailError(email) : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (forgotEmailError(email)) return;
    void run(async () => {
      setFailure(undefined);
      setFailure(await send(email.trim()));
    });
  }

  return (
    <Screen
      brand={brand}
      title={strings.forgotPassword.title}
      corner={<CloseButton href={withQuery(passwordSignInAddress(brand, config.links), withoutHopParameters(search))} />}
    >
      <p>{strings.forgotPassword.text}</p>
      <form className="form" noValidate onSubmit={submit}>
        <EmailField value={email} error={emailError} onChange={setEmail} />
        <Button type="submit" variant="green" className="button--wide" disabled={submitting}>
          {strings.forgotPassword.sendEmail}
        </Button>
        <FormError message={failure} />
      </form>
    </Screen>
  );
}
