import { DEFAULT_LANGUAGE, type Language } from "../../common/languages.ts";
import { strings } from "../i18n/en.ts";
import { type ServerStrings, serverStrings } from "../i18n/index.ts";

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
  CHALLENGE_REQUIRED: { status: 428, message: english.CHALLENGE_REQUIRED },
  CHALLENGE_FAILED: { status: 403, message: english.CHALLENGE_FAILED },
  CHALLENGE_UNAVAILABLE: { status: 503, message: english.CHALLENGE_UNAVAILABLE },
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
  PASSWORD_BREACHED: { status: 403, message: english.PASSWORD_BREACHED },
  CURRENT_PASSWORD_MISSING: { status: 400, message: english.CURRENT_PASSWORD_MISSING },
  CURRENT_PASSWORD_WRONG: { status: 400, message: english.CURRENT_PASSWORD_WRONG },
  GOOGLE_ONLY_WAY_IN: { status: 409, message: english.GOOGLE_ONLY_WAY_IN },
  MICROSOFT_ONLY_WAY_IN: { status: 409, message: english.MICROSOFT_ONLY_WAY_IN },
  RESET_LINK_UNKNOWN: { status: 404, message: english.RESET_LINK_UNKNOWN },
  RESET_LINK_USED: { status: 410, message: english.RESET_LINK_USED },
  RESET_LINK_EXPIRED: { status: 410, message: english.RESET_LINK_EXPIRED },
  DELETION_LINK_UNKNOWN: { status: 404, message: english.DELETION_LINK_UNKNOWN },
  DELETION_LINK_USED: { status: 410, message: english.DELETION_LINK_USED },
  DELETION_LINK_EXPIRED: { status: 410, message: english.DELETION_LINK_EXPIRED },
  PASSKEY_UNKNOWN: { status: 401, message: english.PASSKEY_UNKNOWN },
  PASSKEY_REFUSED: { status: 401, message: english.PASSKEY_REFUSED },
  PASSKEY_EXPIRED: { status: 400, message: english.PASSKEY_EXPIRED },
  RECENT_SIGN_IN_REQUIRED: { status: 403, message: english.RECENT_SIGN_IN_REQUIRED },
  PASSWORD_SET_IN_THIS_SESSION: { status: 403, message: english.PASSWORD_SET_IN_THIS_SESSION },
  SIGN_IN_AGAIN_TO_SET_PASSWORD: { status: 403, message: english.SIGN_IN_AGAIN_TO_SET_PASSWORD },
  NOT_ME_LINK_UNKNOWN: { status: 400, message: english.NOT_ME_LINK_UNKNOWN },
  NOT_ME_LINK_USED: { status: 400, message: english.NOT_ME_LINK_USED },
  NOT_ME_LINK_EXPIRED: { status: 400, message: english.NOT_ME_LINK_EXPIRED },
  SAME_EMAIL: { status: 400, message: english.SAME_EMAIL },
  APPROVAL_UNAVAILABLE: { status: 410, message: english.APPROVAL_UNAVAILABLE },
  APPROVAL_SAME_BROWSER: { status: 400, message: english.APPROVAL_SAME_BROWSER },
  APPROVAL_WRONG_NUMBER: { status: 400, message: english.APPROVAL_WRONG_NUMBER },
  EMAIL_UNDELIVERABLE: { status: 409, message: english.EMAIL_UNDELIVERABLE },
  EMAIL_CHANGE_LINK_UNKNOWN: { status: 400, message: english.EMAIL_CHANGE_LINK_UNKNOWN },
  EMAIL_CHANGE_LINK_USED: { status: 400, message: english.EMAIL_CHANGE_LINK_USED },
  EMAIL_CHANGE_LINK_EXPIRED: { status: 400, message: english.EMAIL_CHANGE_LINK_EXPIRED },
  EMAIL_CHANGE_CANCELLED: { status: 400, message: english.EMAIL_CHANGE_CANCELLED },
  EMAIL_CHANGE_REPLACED: { status: 400, message: english.EMAIL_CHANGE_REPLACED },
  EMAIL_CHANGE_UNDONE: { status: 400, message: english.EMAIL_CHANGE_UNDONE },
  EMAIL_CHANGE_SUPERSEDED: { status: 400, message: english.EMAIL_CHANGE_SUPERSEDED },
  EMAIL_CHANGE_CANCEL_LINK_USED: { status: 400, message: english.EMAIL_CHANGE_CANCEL_LINK_USED },
  EMAIL_CHANGE_CANCEL_LINK_EXPIRED: { status: 400, message: english.EMAIL_CHANGE_CANCEL_LINK_EXPIRED },
  EMAIL_CHANGE_ALREADY_CONFIRMED: { status: 400, message: english.EMAIL_CHANGE_ALREADY_CONFIRMED },
  EMAIL_UNDO_LINK_USED: { status: 400, message: english.EMAIL_UNDO_LINK_USED },
  EMAIL_UNDO_LINK_EXPIRED: { status: 400, message: english.EMAIL_UNDO_LINK_EXPIRED },
  EMAIL_UNDO_DISPUTE_LINK_USED: { status: 400, message: english.EMAIL_UNDO_DISPUTE_LINK_USED },
  EMAIL_UNDO_DISPUTE_LINK_EXPIRED: { status: 400, message: english.EMAIL_UNDO_DISPUTE_LINK_EXPIRED },
  EMAIL_TAKEN_NOW: { status: 409, message: english.EMAIL_TAKEN_NOW },
  OLD_EMAIL_TAKEN: { status: 409, message: english.OLD_EMAIL_TAKEN },
  PASSKEY_REMOVAL_LINK_UNKNOWN: { status: 400, message: english.PASSKEY_REMOVAL_LINK_UNKNOWN },
  PASSKEY_REMOVAL_LINK_USED: { status: 400, message: english.PASSKEY_REMOVAL_LINK_USED },
  PASSKEY_REMOVAL_LINK_EXPIRED: { status: 400, message: english.PASSKEY_REMOVAL_LINK_EXPIRED },
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
  /**
   * The message, and any further fields that hold words, in another language's words, when they
   * are not the code's own message (a count in it, a refused password's list).
   */
  readonly #inLanguage: ((words: ServerStrings) => InLanguage) | undefined;
  constructor(
    code: ErrorCode,
    message: string = ERRORS[code].message,
    headers: Record<string, string> = {},
    details: Record<string, unknown> = {},
    inLanguage?: (words: ServerStrings) => InLanguage,
  ) {
    super(message);
    this.code = code;
    this.status = ERRORS[code].status;
    this.headers = headers;
    this.details = details;
    this.#inLanguage = inLanguage;
  }

  /**
   * The answer in a customer's language: in English the message and fields this error was given;
   * in another, the words it was given for that language, else the code's own message from that
   * language's catalogue when it was thrown with the code's own. A message written for staff (the
   * support console, the operations page) stays as it was written.
   */
  answerIn(language: Language): { message: string; details: Record<string, unknown> } {
    const answer = this.#answerIn(language);
    return this.#echo ? { message: answer.message, details: { ...answer.details, ...this.#echo(answer.message, answer.details) } } : answer;
  }

  #answerIn(language: Language): { message: string; details: Record<string, unknown> } {
    if (language === DEFAULT_LANGUAGE) return { message: this.message, details: this.details };
    const words = serverStrings(language);
    const localised = this.#inLanguage?.(words);
    if (localised) return { message: localised.message, details: { ...this.details, ...localised.details } };
    return { message: this.message === ERRORS[this.code].message ? words.errors[this.code] : this.message, details: this.details };
  }

  /** Fields that repeat the message in the answer's language (the earlier pages read statusText or messages). */
  #echo: ((message: string, details: Record<string, unknown>) => Record<string, unknown>) | undefined;

  /**
   * This error, answered with fields that repeat its message (`{ isOk: false, statusText }` for the
   * earlier account area's pages), in whatever language it is answered in: re-throwing it with its
   * English message would leave those fields English in every language.
   */
  echoing(fields: (message: string, details: Record<string, unknown>) => Record<string, unknown>): AppError {
    const echoed = new AppError(this.code, this.message, this.headers, this.details, this.#inLanguage);
    echoed.#echo = fields;
    return echoed;
  }

  messageIn(language: Language): string {
    return this.answerIn(language).message;
  }

  detailsIn(language: Language): Record<string, unknown> {
    return this.answerIn(language).details;
  }
}

/** An error's words in a language: its message, and the further fields that hold words. */
export interface InLanguage {
  message: string;
  details?: Record<string, unknown>;
}
