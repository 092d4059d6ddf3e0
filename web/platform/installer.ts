/** Without a channel in the address, the installer host's default channel is offered. */
const DEFAULT_CHANNEL = "default";

/** The installer host's download address for a channel (the goodbye and auto-login pages). */
export function installerUrl(installerHost: string, channel: string | null): string {
  return `${installerHost}/api/download/${encodeURIComponent(channel || DEFAULT_CHANNEL)}`;
}
