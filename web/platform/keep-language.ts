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
