import { DEFAULT_LANGUAGE, type Language } from "../common/languages.ts";
import { strings } from "./i18n/en.ts";
import { type ServerStrings, serverStrings } from "./i18n/index.ts";

const english = strings.errors;

/**
 * Errors the account server answers with on purpose: a stable UPPER_SNAKE code for programs, an
 * HTTP status, and a message written for the customer who will read it, in English here and in
 * the request's language when it is answered (server/i18n, app.ts's error handler).
 */
export const ERRORS = {
  BAD_REQUEST: { status: 400, message: english.BAD_REQUEST },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: english.UNSUPPORTED_MEDIA_TYPE },
  BODY_TOO_LARGE: { status: 413, message: english.BODY_TOO_LARGE },
  CROSS_SITE_REQUEST: { status: 403, message: english.CROSS_SITE_REQUEST },
  NOT_FOUND: { status: 404, message: english.NOT_FOUND },
  RATE_LIMITED: { status: 429, message: english.RATE_LIMITED },
  LINK_UNKNOWN: { status: 404, message: english.LINK_UNKNOWN },
  LINK_USED: { status: 410, message: english.LINK_USED },
  LINK_EXPIRED: { status: 410, message: english.LINK_EXPIRED },
  CODE_UNKNOWN: { status: 404, message: english.CODE_UNKNOWN },
  CODE_WRONG: { status: 400, message: english.CODE_WRONG },
  CODE_EXPIRED: { status: 410, message: english.CODE_EXPIRED },
  CODE_SPENT: { status: 410, message: english.CODE_SPENT },
  CAPTCHA_FAILED: { status: 403, message: english.CAPTCHA_FAILED },
  CAPTCHA_NOT_CONFIGURED: { status: 503, message: english.CAPTCHA_NOT_CONFIGURED },
  INVALID_CREDENTIALS: { status: 401, message: english.INVALID_CREDENTIALS },
  PASSWORD_LOGIN_DISABLED: { status: 403, message: english.PASSWORD_LOGIN_DISABLED },
  NOT_SIGNED_IN: { status: 401, message: english.NOT_SIGNED_IN },
  ADMIN_ONLY: { status: 403, message: english.ADMIN_ONLY },
  STAFF_ONLY: { status: 403, message: english.STAFF_ONLY },
  ADMIN_ACTION_ONLY: { status: 403, message: english.ADMIN_ACTION_ONLY },
  OWN_ACCOUNT: { status: 403, message: english.OWN_ACCOUNT },
  ACCOUNT_DISABLED: { status: 403, message: english.ACCOUNT_DISABLED },
  PASSWORD_INVALID: { status: 400, message: english.PASSWORD_INVALID },
  PASSWORD_ALREADY_SET: { status: 409, message: english.PASSWORD_ALREADY_SET },
  CURRENT_PASSWORD_MISSING: { status: 400, message: english.CURRENT_PASSWORD_MISSING },
  CURRENT_PASSWORD_WRONG: { status: 400, message: english.CURRENT_PASSWORD_WRONG },
  GOOGLE_ONLY_WAY_IN: { status: 409, message: english.GOOGLE_ONLY_WAY_IN },
  RESET_LINK_UNKNOWN: { status: 404, message: english.RESET_LINK_UNKNOWN },
  RESET_LINK_USED: { status: 410, message: english.RESET_LINK_USED },
  RESET_LINK_EXPIRED: { status: 410, message: english.RESET_LINK_EXPIRED },
  DELETION_LINK_UNKNOWN: { status: 404, message: english.DELETION_LINK_UNKNOWN },
  DELETION_LINK_USED: { status: 410, message: english.DELETION_LINK_USED },
  DELETION_LINK_EXPIRED: { status: 410, message: english.DELETION_LINK_EXPIRED },
  PASSKEY_UNKNOWN: { status: 401, message: english.PASSKEY_UNKNOWN },
  PASSKEY_REFUSED: { status: 401, message: english.PASSKEY_REFUSED },
  PASSKEY_EXPIRED: { status: 400, message: english.PASSKEY_EXPIRED },
  DEVICE_NOT_FOUND: { status: 404, message: english.DEVICE_NOT_FOUND },
  BUSY: { status: 503, message: english.BUSY },
  INTERNAL: { status: 500, message: english.INTERNAL },
} as const;

export type ErrorCode = keyof typeof ERRORS;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly headers: Record<string, string>;
  /** More fields of the answer, such as the list of messages of a refused password. */
  readonly details: Record<string, unknown>;
  /** The message in another language, when it is not the code's own (a count in it, say). */
  readonly #inLanguage: ((errors: ServerStrings["errors"]) => string) | undefined;
  readonly #detailsInLanguage: ((language: Language) => Record<string, unknown>) | undefined;
  constructor(
    code: ErrorCode,
    message: string = ERRORS[code].message,
    headers: Record<string, string> = {},
    details: Record<string, unknown> = {},
    inLanguage?: (errors: ServerStrings["errors"]) => string,
    detailsInLanguage?: (language: Language) => Record<string, unknown>,
  ) {
    super(message);
    this.code = code;
    this.status = ERRORS[code].status;
    this.headers = headers;
    this.details = details;
    this.#inLanguage = inLanguage;
    this.#detailsInLanguage = detailsInLanguage;
  }

  /** The answer's further fields in a customer's language (the list of a refused password's messages). */
  detailsIn(language: Language): Record<string, unknown> {
    return language !== DEFAULT_LANGUAGE && this.#detailsInLanguage
      ? { ...this.details, ...this.#detailsInLanguage(language) }
      : this.details;
  }

  /**
   * The message in a customer's language: in English the one this error was given; in another,
   * the words it was given for that language, else the code's own message from the catalogue when
   * it was thrown with that. A message written for staff (the support console, the operations
   * page) stays as it was written.
   */
  messageIn(language: Language): string {
    if (language === DEFAULT_LANGUAGE) return this.message;
    const errors = serverStrings(language).errors;
    if (this.#inLanguage) return this.#inLanguage(errors);
    const details = this.#detailsInLanguage?.(language);
    if (Array.isArray(details?.messages) && typeof details.messages[0] === "string") return details.messages[0];
    return this.message === ERRORS[this.code].message ? errors[this.code] : this.message;
  }
}
