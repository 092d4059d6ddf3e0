import { isValidEmail } from "../../common/email.ts";
import { en } from "../i18n/en.ts";

/** Field rules with their messages (SPEC section 5); forms compose these, none writes its own. */
export function loginEmailError(value: string): string | undefined {
  const email = value.trim();
  if (email === "") return en.validation.emailRequired;
  if (!isValidEmail(email)) return en.validation.emailInvalid;
  return undefined;
}

/** The forgot-password form says "Invalid email address" where the login says otherwise (SPEC section 5). */
export function forgotEmailError(value: string): string | undefined {
  const email = value.trim();
  if (email === "") return en.validation.emailRequired;
  if (!isValidEmail(email)) return en.validation.forgotEmailInvalid;
  return undefined;
}

export function loginPasswordError(value: string): string | undefined {
  return value === "" ? en.validation.passwordRequired : undefined;
}
