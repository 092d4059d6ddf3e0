import type { ComponentProps } from "react";
import { TextField } from "./TextField.tsx";

/**
 * A six-digit code from a mail (a sign-in, a confirmation, an email change): digits on a phone's
 * keyboard, offered by the system's one-time-code autofill, and room for the space the mail puts
 * in the middle ("123 456").
 */
export function CodeField(props: Omit<ComponentProps<typeof TextField>, "inputMode" | "autoComplete" | "maxLength">) {
  return <TextField {...props} inputMode="numeric" autoComplete="one-time-code" maxLength={7} />;
}
