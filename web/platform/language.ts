import { addressLanguageHints, type Language, statedLanguage } from "../../common/languages.ts";

/**
 * The language this page speaks: each language is a build of its own (vite.config.ts), and the
 * server chose which to send (server/http/language.ts). Tests run the English one.
 */
export const LANGUAGE: Language = typeof __APP_LANGUAGE__ === "string" ? __APP_LANGUAGE__ : "en";

/**
 * Whether this page's address names its language (`lang`, or an OpenID request's `ui_locales` on
 * it or in its ReturnUrl). Only then do the app's API calls say the page's language: their own
 * addresses name none, while the switcher's cookie and Accept-Language go with them anyway. A page
 * in English because nothing named a language says nothing, so a sign-in from it does not record
 * English as the account's language.
 */
export function addressNamesLanguage(search: string): boolean {
  return statedLanguage(addressLanguageHints(search)) !== undefined;
}
