import { strings } from "@strings/account.ts";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { isValidEmail } from "../../../../common/email.ts";
import { askToChangeEmail, confirmEmailCode } from "../../../api/email-change.ts";
import { HttpError, messageFor } from "../../../api/http.ts";
import type { Brand } from "../../../platform/brand.ts";
import { Button } from "../../../ui/Button.tsx";
import { CodeField } from "../../../ui/CodeField.tsx";
import { FormError } from "../../../ui/FormError.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { ConfirmItsYou } from "../ConfirmItsYou.tsx";

const t = strings.account.who;

type Step = { kind: "closed" } | { kind: "asking" } | { kind: "confirming-its-you" } | { kind: "sent"; newEmail: string };

/**
 * "Change email" (docs/decisions/0070), in place under the address: the new address, then (for a
 * sign-in older than 10 minutes) confirming it is the owner, then the mail is sent. The mail's
 * link confirms on any device; its code, typed here, confirms in this browser. Nothing changes
 * until one of them is used.
 */
export function ChangeEmail({
  email,
  hasPassword,
  brand,
  changed,
}: {
  email: string;
  hasPassword: boolean;
  brand: Brand;
  changed: (text: string) => Promise<void>;
}) {
  const [step, setStep] = useState<Step>({ kind: "closed" });
  const [newEmail, setNewEmail] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  // The field the customer types in next takes the focus.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs as the step changes.
  useEffect(() => form.current?.querySelector<HTMLElement>("input")?.focus(), [step.kind]);

  async function attempt(work: () => Promise<void>) {
    setBusy(true);
    setError(undefined);
    try {
      await work();
    } catch (failure) {
      setError(messageFor(failure, strings.login.unexpectedError));
    }
    setBusy(false);
  }

  const send = () =>
    attempt(async () => {
      try {
        await askToChangeEmail(newEmail.trim(), brand.productId);
        setStep({ kind: "sent", newEmail: newEmail.trim() });
      } catch (failure) {
        if (!(failure instanceof HttpError && failure.code === "RECENT_SIGN_IN_REQUIRED")) throw failure;
        setStep({ kind: "confirming-its-you" });
      }
    });

  function submitAddress(event: FormEvent) {
    event.preventDefault();
    // The login's own words for an address it would refuse.
    if (!isValidEmail(newEmail.trim())) return setError(strings.validation.emailInvalid);
    void send();
  }

  function submitCode(event: FormEvent) {
    event.preventDefault();
    void attempt(async () => {
      const { email: now } = await confirmEmailCode(code.replace(/\s/g, ""));
      setStep({ kind: "closed" });
      await changed(t.changed(now));
    });
  }

  const close = () => {
    setStep({ kind: "closed" });
    setError(undefined);
    setNewEmail("");
    setCode("");
  };

  if (step.kind === "closed") {
    return (
      <span className="account__row">
        <span>{email}</span>
        <Button variant="link-blue" ariaLabel={t.changeEmailName} onClick={() => setStep({ kind: "asking" })} qaTag="change-email">
          {t.changeEmail}
        </Button>
      </span>
    );
  }

  if (step.kind === "confirming-its-you") {
    return (
      <ConfirmItsYou
        purpose="email"
        email={email}
        hasPassword={hasPassword}
        brand={brand}
        confirmed={() => {
          setStep({ kind: "asking" });
          void send();
        }}
        cancel={close}
      />
    );
  }

  // Asking for the new address, then for the code the mail to it carries: one form, two steps.
  const sent = step.kind === "sent";
  return (
    <form
      className="account__inline-form"
      noValidate
      onSubmit={sent ? submitCode : submitAddress}
      ref={form}
      aria-label={t.changeEmailName}
    >
      {sent ? <p role="status">{t.sent(step.newEmail, email)}</p> : <p className="hint">{t.changeText}</p>}
      {sent ? (
        <CodeField label={t.code} name="code" value={code} onChange={(event) => setCode(event.target.value)} />
      ) : (
        <TextField
          label={t.newEmail}
          name="newEmail"
          type="email"
          autoComplete="email"
          maxLength={254}
          value={newEmail}
          onChange={(event) => setNewEmail(event.target.value)}
        />
      )}
      <FormError message={error} />
      <div className="account__actions">
        <Button
          type="submit"
          variant="blue"
          disabled={busy || (sent && code.trim() === "")}
          {...(sent ? {} : { qaTag: "send-email-change" })}
        >
          {sent ? t.confirmCode : t.sendConfirmation}
        </Button>
        <Button variant="clear" onClick={close}>
          {t.cancel}
        </Button>
      </div>
    </form>
  );
}
