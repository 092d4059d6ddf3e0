import { getParamIgnoringCase } from "./query.ts";
/**
 * The languages a customer can read the sign-in in, and how one is chosen for a request
 * (docs/screens.md, "Languages"). English is the specification's own wording; each other language is a catalogue
 * beside it (web/i18n/<language>/, common/i18n/<language>/) with the same keys.
 */
export const LANGUAGES = ["en", "de", "fr", "es", "it", "pt-BR", "ja", "ar"] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = "en";

/** Each language by its own name, as the switcher offers it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  de: "Deutsch",
  fr: "Français",
  es: "Español",
  it: "Italiano",
  "pt-BR": "Português (Brasil)",
  ja: "日本語",
  ar: "العربية",
};

/** Written right to left: the page's `dir`, and logical CSS properties do the rest. */
export function directionOf(language: Language): "ltr" | "rtl" {
  return language === "ar" ? "rtl" : "ltr";
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** Longest tag looked at: anything longer is not a language tag (RFC 5646 tags in use are short). */
const MAX_TAG_LENGTH = 35;
/** Most entries read from one list (Accept-Language, ui_locales): a longer list is cut, not refused. */
const MAX_ENTRIES = 12;
const TAG = /^[a-z]{2,3}(?:-[a-z0-9]{1,8})*$/i;

/**
 * The language a BCP 47 tag asks for, if we have it: "de-AT" is German, any Portuguese is the
 * Brazilian catalogue, "zh" or "xx-!!" is none. Never throws: bad input falls to the next rule.
 */
export function languageForTag(tag: string | null | undefined): Language | undefined {
  if (typeof tag !== "string") return undefined;
  const trimmed = tag.trim();
  if (trimmed.length > MAX_TAG_LENGTH || !TAG.test(trimmed)) return undefined;
  const lower = trimmed.toLowerCase();
  const exact = LANGUAGES.find((language) => language.toLowerCase() === lower);
  if (exact) return exact;
  const primary = lower.split("-")[0];
  return LANGUAGES.find((language) => language.toLowerCase().split("-")[0] === primary);
}

/** The first language we have in a space-separated list (OpenID's `ui_locales`). */
export function languageForList(list: string | null | undefined): Language | undefined {
  if (typeof list !== "string" || list.length > MAX_TAG_LENGTH * MAX_ENTRIES) return undefined;
  for (const tag of list.split(/\s+/).slice(0, MAX_ENTRIES)) {
    const language = languageForTag(tag);
    if (language) return language;
  }
  return undefined;
}

/** The best language we have from an Accept-Language header, by its quality values. */
export function languageForAcceptLanguage(header: string | null | undefined): Language | undefined {
  if (typeof header !== "string" || header.length > 1000) return undefined;
  const ranked = header
    .split(",")
    .slice(0, MAX_ENTRIES)
    .map((entry, index) => {
      const [tag = "", ...parameters] = entry.split(";").map((part) => part.trim());
      const quality = parameters.find((parameter) => /^q=/i.test(parameter));
      const q = quality === undefined ? 1 : Number(quality.slice(2));
      return { tag, q: Number.isFinite(q) && q >= 0 && q <= 1 ? q : 0, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const language = languageForTag(tag);
    if (language) return language;
  }
  return undefined;
}

/** What a request says about its language, each read as sent (null when absent). */
export interface LanguageHints {
  /** OpenID's `ui_locales`, of the authorization request itself (the provider's own pages). */
  uiLocales?: string | null;
  /** The `lang` query parameter, or the language of the page an API call comes from. */
  lang?: string | null;
  /**
   * `ui_locales` inside the page's ReturnUrl (a login opened for an authorization request by its
   * address). Below the customer's own choice: the switcher writes its cookie and reloads the same
   * address, which must then show the chosen language. (The provider's own redirect to the login
   * carries `lang`, set from the request's ui_locales, and the switcher changes that.)
   */
  returnUrlUiLocales?: string | null;
  /** The customer's own choice, from the switcher's cookie. */
  chosen?: string | null;
  acceptLanguage?: string | null;
}

/** First match wins: ui_locales, `lang`, the customer's choice, ui_locales in the ReturnUrl, Accept-Language, English. */
export function chooseLanguage(hints: LanguageHints): Language {
  return statedLanguage(hints) ?? DEFAULT_LANGUAGE;
}

/** The language the hints name, first match winning as above; undefined when none names one we speak. */
export function statedLanguage(hints: LanguageHints): Language | undefined {
  return (
    languageForList(hints.uiLocales) ??
    languageForTag(hints.lang) ??
    languageForTag(hints.chosen) ??
    languageForList(hints.returnUrlUiLocales) ??
    languageForAcceptLanguage(hints.acceptLanguage)
  );
}

/**
 * The hints a page's own address gives (its query string): `ui_locales`, `lang`, and `ui_locales`
 * inside its ReturnUrl (a login opened for an authorization request). The server reads them for
 * the page; the app reads them to know whether its API calls must say the page's language, since
 * their own addresses carry none of them.
 */
export function addressLanguageHints(search: string): Pick<LanguageHints, "uiLocales" | "lang" | "returnUrlUiLocales"> {
  return {
    uiLocales: getParamIgnoringCase(search, "ui_locales"),
    lang: getParamIgnoringCase(search, "lang"),
    returnUrlUiLocales: uiLocalesInReturnUrl(search),
  };
}

function uiLocalesInReturnUrl(search: string): string | null {
  const returnUrl = getParamIgnoringCase(search, "ReturnUrl");
  if (!returnUrl || returnUrl.length > 4096) return null;
  const query = returnUrl.indexOf("?");
  return query === -1 ? null : getParamIgnoringCase(returnUrl.slice(query), "ui_locales");
}

/** The cookie the switcher writes and the server reads; a year, like a preference should last. */
export const LANGUAGE_COOKIE = "lang";
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** The header the app sends on its API calls when its page's address names its language: the language the page is shown in. */
export const LANGUAGE_HEADER = "x-language";
