import type { Brand } from "../../common/brands/index.ts";
import { getParamIgnoringCase } from "../../common/query.ts";

/** Without a channel in the address, the installer host's default channel is offered. */
export const DEFAULT_CHANNEL = "default";

/** The installer host's download address for a channel (the goodbye and auto-login pages). */
export function installerUrl(installerHost: string, channel: string | null): string {
  return `${installerHost}/api/download/${encodeURIComponent(channel || DEFAULT_CHANNEL)}`;
}

/**
 * Auto-login's address for a licensed device: its uuid, and the address's installer channel, so
 * the download auto-login offers when no agent answers is the customer's own (SPEC section 2).
 */
export function autoLoginUrl(brand: Brand, uuid: string, search: string): string {
  const params = new URLSearchParams({ uuid });
  const channel = getParamIgnoringCase(search, "channel");
  if (channel) params.set("channel", channel);
  return `${brand.paths.autoLogin}?${params.toString()}`;
}
