import type { ChallengeOutcome } from "../../../common/challenge.ts";
import type { Language } from "../../../common/languages.ts";
import type { Config } from "../../base/config.ts";
import { COOKIES, type CookieName, cookieAttributes } from "../../base/cookies.ts";

/**
 * Who is asking, as the sign-in flows see a request: the client's address, the cookies it carried,
 * and the cookies the answer sets. Routes build it from Fastify (http/caller.ts); nothing under
 * auth/ knows HTTP beyond this.
 */
export interface Caller {
  /** The client's address in one canonical spelling (client-address.ts). */
  readonly address: string;
  /** The browser's short description ("Chrome on Windows", user-agent.ts), for the security trail. */
  readonly device: string;
  /** The language the customer reads this answer in, and any mail it sends (http/language.ts). */
  readonly language: Language;
  /**
   * Whether the request named its language (ui_locales, `lang`, the switcher's cookie,
   * Accept-Language) rather than being answered in English for naming none: only a named one is
   * remembered as the account's.
   */
  readonly languageStated: boolean;
  /**
   * Whether the customer chose the language, or the page they saw named it (ui_locales, `lang`,
   * the switcher's cookie), rather than the browser's default (Accept-Language) alone: only a chosen
   * one replaces the language the account already has (sessions.ts).
   */
  readonly languageChosen: boolean;
  /** A cookie the request carried. */
  cookie(name: string): string | undefined;
  setCookie(name: string, value: string, attributes: ReturnType<typeof cookieAttributes>): void;
  clearCookie(name: string, attributes: ReturnType<typeof cookieAttributes>): void;
  /** The answer carries or ends a sign-in: no cache may keep it. */
  noStore(): void;
  /** The proof of a human check the request carries (its challenge-proof header), if any. */
  readonly challengeProof: string | undefined;
  /** Tells the operations figures what became of a human check this request met (decision 93). */
  challenged(outcome: ChallengeOutcome): void;
}

/** Reads a declared cookie. */
export function readCookie(caller: Caller, config: Config, cookie: CookieName): string | undefined {
  return caller.cookie(COOKIES[cookie].name(config));
}

/** Sets a declared cookie, for `maxAgeSeconds` or until the browser closes. */
export function setCookie(caller: Caller, config: Config, cookie: CookieName, value: string, maxAgeSeconds?: number): void {
  caller.setCookie(COOKIES[cookie].name(config), value, cookieAttributes(cookie, maxAgeSeconds));
}

export function clearCookie(caller: Caller, config: Config, cookie: CookieName): void {
  caller.clearCookie(COOKIES[cookie].name(config), cookieAttributes(cookie));
}
