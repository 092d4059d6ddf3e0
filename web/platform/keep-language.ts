import { getParamIgnoringCase } from "../../common/query.ts";

/**
 * An address of one of our screens with this visit's `lang` carried into it, as the screens carry
 * uuid and channel: a language an app asked for (ui_locales, which the provider passes on as
 * `lang`) or the address named stays with the customer from screen to screen. Unchanged when
 * this visit has none or the address already names one.
 */
export function keepLanguage(address: string, search: string): string {
  const language = getParamIgnoringCase(search, "lang");
  if (!language || /[?&]lang=/i.test(address)) return address;
  const [path = "", hash] = address.split("#", 2);
  const joined = `${path}${path.includes("?") ? "&" : "?"}lang=${encodeURIComponent(language)}`;
  return hash === undefined ? joined : `${joined}#${hash}`;
}

/**
 * The address with its `lang` (in whatever case it is written) set to the language, or added when
 * it has none: the language switcher's reload, whose address must name the new choice.
 */
export function namingLanguage(href: string, language: string): string {
  const url = new URL(href);
  const names = [...url.searchParams.keys()].filter((name) => name.toLowerCase() === "lang");
  if (names.length === 0) url.searchParams.set("lang", language);
  for (const name of names) url.searchParams.set(name, language);
  return url.href;
}
