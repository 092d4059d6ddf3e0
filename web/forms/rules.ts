import { strings } from "@strings/shared.ts";
import { isValidEmail } from "../../common/email.ts";

/** Field rules with their messages (SPEC section 5); forms compose these, none writes its own. */
export function loginEmailError(value: string): string | undefined {
  const email = value.trim();
  if (email === "") return strings.validation.emailRequired;
  if (!isValidEmail(email)) return strings.validation.emailInvalid;
  return undefined;
}

/** The forgot-password form says "Invalid email address" where the login says otherwise (SPEC section 5). */
export function forgotEmailError(value: string): string | undefined {
  const email = value.trim();
  if (email === "") return strings.validation.emailRequired;
  if (!isValidEmail(email)) return strings.validation.forgotEmailInvalid;
  return undefined;
}

export function loginPasswordError(value: string): string | undefined {
  return value === "" ? strings.validation.passwordRequired : undefined;
}
