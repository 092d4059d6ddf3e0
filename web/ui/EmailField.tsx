import { en } from "../i18n/en.ts";
import { TextField } from "./TextField.tsx";

interface EmailFieldProps {
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
}

/** The labelled email field of the password screens, with the browser's email keyboard and autofill. */
export function EmailField({ value, error, onChange, onBlur }: EmailFieldProps) {
  return (
    <TextField
      label={en.fields.email}
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
    />
  );
}
