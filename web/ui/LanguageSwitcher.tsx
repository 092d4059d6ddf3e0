import { strings } from "@strings/shared.ts";
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_SECONDS, LANGUAGE_NAMES, LANGUAGES, type Language } from "../../common/languages.ts";
import { useHydrated } from "../platform/hydration.ts";
import { namingLanguage } from "../platform/keep-language.ts";
import { LANGUAGE } from "../platform/language.ts";

/**
 * The language switcher beside the theme toggle, on every screen: each language by its own name,
 * so a customer who cannot read the current one still finds theirs. A native select: the phone's
 * own picker, keyboard and screen reader support for free. The name shown is plain text and the
 * select lies over it unseen, so the pill is its final size from the first paint.
 */
export function LanguageSwitcher() {
  const hydrated = useHydrated();
  return (
    <label className="language-switch">
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <path
          d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        />
      </svg>
      <span className="visually-hidden">{strings.language.label}</span>
      <span className="language-switch__current" aria-hidden="true">
        {LANGUAGE_NAMES[LANGUAGE]}
      </span>
      <select value={LANGUAGE} disabled={!hydrated} onChange={(event) => chooseLanguage(event.currentTarget.value as Language)}>
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The customer's own choice: remembered in a cookie the server reads (so the next page, and the
 * mail a request sends, are in it), and this page reloaded in it. The reload's address names the
 * language as well (`lang`, which outranks the cookie): a cookie written by script reaches the
 * browser's network side asynchronously in Chromium, and a reload asked for at once can overtake
 * it and come back in the old language. Everything else in the address (the ReturnUrl, uuid,
 * channel) stays, and with it the flow. The history entry's state stays as well (where the link
 * went, on Check Your Email): the entry takes the new address in place and is reloaded, as a
 * reload keeps an entry's state in every browser. A navigation to an address, even the same one,
 * starts afresh (Chromium alone keeps the state for the same address).
 */
function chooseLanguage(language: Language): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari before 18.4 and Firefox.
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
  window.history.replaceState(window.history.state, "", namingLanguage(window.location.href, language));
  window.location.reload();
}
