import { strings } from "@strings/shared.ts";
import { TextField } from "./TextField.tsx";

interface EmailFieldProps {
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** A sign-in's field: the browser also offers the customer's passkeys in its suggestions. */
  passkeys?: boolean;
}

/** The labelled email field of the password screens, with the browser's email keyboard and autofill. */
export function EmailField({ value, error, onChange, onBlur, passkeys = false }: EmailFieldProps) {
  return (
    <TextField
      label={strings.fields.email}
      type="email"
      name="email"
      autoComplete={passkeys ? "username webauthn" : "email"}
      inputMode="email"
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
    />
  );
}
