import { getParamIgnoringCase } from "../../common/query.ts";

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
