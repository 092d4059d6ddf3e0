import type { FastifyRequest } from "fastify";
import { chooseLanguage, LANGUAGE_COOKIE, LANGUAGE_HEADER, type Language } from "../../common/languages.ts";
import { getParamIgnoringCase } from "../../common/query.ts";

const chosen = new WeakMap<FastifyRequest, Language>();

/**
 * The language a request is answered in (common/languages.ts, first match wins): the OpenID
 * request's `ui_locales` (on the page's own address or in its ReturnUrl), the `lang` parameter
 * (or, on the app's API calls, the language of the page that makes them), the switcher's cookie,
 * Accept-Language, English. Bad values are passed over, never refused.
 */
export function requestLanguage(request: FastifyRequest): Language {
  let language = chosen.get(request);
  if (!language) {
    const search = request.url.includes("?") ? request.url.slice(request.url.indexOf("?")) : "";
    const header = request.headers[LANGUAGE_HEADER];
    language = chooseLanguage({
      uiLocales: getParamIgnoringCase(search, "ui_locales") ?? uiLocalesInReturnUrl(search),
      lang: getParamIgnoringCase(search, "lang") ?? (typeof header === "string" ? header : null),
      chosen: request.cookies?.[LANGUAGE_COOKIE] ?? null,
      acceptLanguage: request.headers["accept-language"] ?? null,
    });
    chosen.set(request, language);
  }
  return language;
}

/** A login page opened for an authorization request carries it in its ReturnUrl. */
function uiLocalesInReturnUrl(search: string): string | null {
  const returnUrl = getParamIgnoringCase(search, "ReturnUrl");
  if (!returnUrl || returnUrl.length > 4096) return null;
  const query = returnUrl.indexOf("?");
  return query === -1 ? null : getParamIgnoringCase(returnUrl.slice(query), "ui_locales");
}
