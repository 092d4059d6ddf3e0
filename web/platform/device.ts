import type { Brand } from "../../common/brands/index.ts";
import { getParamIgnoringCase } from "../../common/query.ts";
import { keepLanguage } from "./keep-language.ts";

/**
 * The device (or user) UUID the desktop software puts in the address as uuid or UUID. The layout
 * keeps it for the tab, so screens reached later without it in the address (logout, the
 * notification setting) still know which device this is.
 */
const KEY = "uuid";

export function rememberDeviceUuid(search: string): void {
  const uuid = getParamIgnoringCase(search, "uuid");
  if (uuid) sessionStorage.setItem(KEY, uuid);
}

/** The device UUID of this visit: from the address, or kept from earlier in the tab. */
export function deviceUuid(): string | null {
  return getParamIgnoringCase(window.location.search, "uuid") ?? sessionStorage.getItem(KEY);
}

/**
 * Auto-login's address for a licensed device: its uuid, and the address's installer channel, so
 * the download auto-login offers when no agent answers is the customer's own (SPEC section 2).
 */
export function autoLoginUrl(brand: Brand, uuid: string, search: string): string {
  const channel = getParamIgnoringCase(search, "channel");
  return keepLanguage(
    `${brand.paths.autoLogin}?uuid=${encodeURIComponent(uuid)}${channel ? `&channel=${encodeURIComponent(channel)}` : ""}`,
    search,
  );
}
