import { AppError } from "../../base/errors.ts";
import { strings as english } from "../../i18n/en.ts";
import type { ServerStrings } from "../../i18n/index.ts";

/**
 * A wrong six-digit code, in the customer's language: how many tries are left, or, at the last,
 * that the code can no longer be used. Shared by every code the server mails.
 */
export function wrongCode(left: number): AppError {
  if (left === 0) {
    const lastTry = (words: ServerStrings) => ({ message: words.errors.CODE_SPENT_AFTER_WRONG });
    return new AppError("CODE_SPENT", lastTry(english).message, {}, {}, lastTry);
  }
  const wrong = (words: ServerStrings) => ({ message: words.errors.CODE_WRONG_TRIES_LEFT(left) });
  return new AppError("CODE_WRONG", wrong(english).message, {}, { attemptsLeft: left }, wrong);
}
