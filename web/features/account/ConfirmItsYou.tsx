import { strings } from "@strings/account.ts";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { messageFor } from "../../api/http.ts";
import { confirmItsMe, emailMeACode } from "../../api/my-account.ts";
import type { Brand } from "../../platform/brand.ts";
import { Button } from "../../ui/Button.tsx";
import { CodeField } from "../../ui/CodeField.tsx";
import { FormError } from "../../ui/FormError.tsx";
import { PasswordField } from "../../ui/PasswordField.tsx";

const t = strings.account.confirm;
const PURPOSE_TEXT = { passkey: t.text, password: t.textPassword, email: t.textEmail };

/**
 * "Confirm it's you", asked in place when a change needs a sign-in of the last 10 minutes and this
 * one is older (the server answered RECENT_SIGN_IN_REQUIRED; docs/decisions/0065): the current
 * password, or a code emailed to the account's own address. Confirmed, the change goes on.
 */
export function ConfirmItsYou({
  purpose,
  email,
  hasPassword,
  brand,
  confirmed,
  cancel,
}: {
  /** The change it is asked before, which its sentence names. */
  purpose: "passkey" | "password" | "email";
  email: string;
  hasPassword: boolean;
  brand: Brand;
  confirmed: () => void;
  cancel: () => void;
}) {
  const [way, setWay] = useState<"password" | "code" | "ask">(hasPassword ? "password" : "ask");
  const [secret, setSecret] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  // The field the customer types in next takes the focus.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs as the way changes.
  useEffect(() => form.current?.querySelector<HTMLElement>("input, button")?.focus(), [way]);

  async function attempt(work: () => Promise<unknown>, after: () => void) {
    setBusy(true);
    setError(undefined);
    try {
      await work();
      after();
    } catch (failure) {
      setError(messageFor(failure, strings.login.unexpectedError));
    }
    setBusy(false);
  }

  const sendCode = () =>
    attempt(
      () => emailMeACode(brand.productId),
      () => {
        setSecret("");
        setWay("code");
      },
    );

  function submit(event: FormEvent) {
    event.preventDefault();
    if (way === "ask") return sendCode();
    return attempt(() => confirmItsMe(way === "password" ? { Password: secret } : { Code: secret }), confirmed);
  }

  return (
    <form className="form account__confirm" noValidate onSubmit={(event) => void submit(event)} ref={form} aria-label={t.heading}>
      <p className="hint">
        <strong>{t.heading}</strong> {PURPOSE_TEXT[purpose]}
      </p>
      {way === "code" ? <p className="hint">{t.codeSent(email)}</p> : null}
      {way === "password" ? (
        <PasswordField
          label={t.password}
          name="currentPassword"
          autoComplete="current-password"
          value={secret}
          onChange={(event) => setSecret(event.target.value)}
        />
      ) : null}
      {way === "code" ? <CodeField label={t.code} name="code" value={secret} onChange={(event) => setSecret(event.target.value)} /> : null}
      <FormError message={error} />
      <Button type="submit" variant="green" disabled={busy || (way !== "ask" && secret.trim() === "")}>
        {way === "ask" ? t.emailCode : t.confirm}
      </Button>
      {way === "password" ? (
        <Button variant="link-blue" disabled={busy} onClick={() => void sendCode()}>
          {t.emailCodeInstead}
        </Button>
      ) : null}
      <Button variant="link-blue" disabled={busy} onClick={cancel}>
        {t.cancel}
      </Button>
    </form>
  );
}
