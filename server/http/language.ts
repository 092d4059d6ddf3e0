import type { IncomingHttpHeaders } from "node:http";
import type { FastifyRequest } from "fastify";
import {
  addressLanguageHints,
  chooseLanguage,
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGE_HEADER,
  type Language,
  type LanguageHints,
  statedLanguage,
} from "../../common/languages.ts";

/**
 * The language a request is answered in (common/languages.ts, first match wins): the OpenID
 * request's `ui_locales` on the page's own address, the `lang` parameter (or, on the app's API
 * calls, the language of the page that makes them), the switcher's cookie, `ui_locales` inside the
 * page's ReturnUrl, Accept-Language, English. Bad values are passed over, never refused.
 */
export function requestLanguage(request: FastifyRequest): Language {
  return requestStatedLanguage(request) ?? DEFAULT_LANGUAGE;
}

/** The language the request itself names by the rules above; undefined when it names none (English then answers it). */
export function requestStatedLanguage(request: FastifyRequest): Language | undefined {
  return statedLanguage(hintsOf(request.url, request.headers, request.cookies?.[LANGUAGE_COOKIE]));
}

/** The language the request names other than by the browser's default (Accept-Language): the customer's choice, or the page's. */
export function requestChosenLanguage(request: FastifyRequest): Language | undefined {
  return statedLanguage({ ...hintsOf(request.url, request.headers, request.cookies?.[LANGUAGE_COOKIE]), acceptLanguage: null });
}

/**
 * The same rules from a request's parts, for answers written outside Fastify (the OpenID
 * Provider's own pages, which also know the authorization request's `ui_locales`).
 */
export function languageOf(url: string, headers: IncomingHttpHeaders, cookie: string | undefined, uiLocales?: unknown): Language {
  return chooseLanguage(hintsOf(url, headers, cookie, uiLocales));
}

function hintsOf(url: string, headers: IncomingHttpHeaders, cookie: string | undefined, uiLocales?: unknown): LanguageHints {
  const address = addressLanguageHints(url.includes("?") ? url.slice(url.indexOf("?")) : "");
  const header = headers[LANGUAGE_HEADER];
  return {
    uiLocales: (typeof uiLocales === "string" ? uiLocales : null) ?? address.uiLocales,
    lang: address.lang ?? (typeof header === "string" ? header : null),
    returnUrlUiLocales: address.returnUrlUiLocales,
    chosen: cookie ?? null,
    acceptLanguage: headers["accept-language"] ?? null,
  };
}
