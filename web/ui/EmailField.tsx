import type { Ref } from "react";
import { en } from "../i18n/en.ts";
import { TextField } from "./TextField.tsx";

interface EmailFieldProps {
  value: string;
  error?: string | undefined;
  /** The value, and whether the browser's own email rule accepts it. */
  onChange: (value: string, valid: boolean) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/** The labelled email field of the password screens, with the browser's email keyboard and autofill. */
export function EmailField({ value, error, onChange, inputRef }: EmailFieldProps) {
  return (
    <TextField
      inputRef={inputRef}
      label={en.fields.email}
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value, event.target.validity.valid)}
    />
  );
}
