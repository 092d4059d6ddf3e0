import type { MyAccount } from "../../../common/api/contract.ts";
import { BRANDS } from "../../platform/brand.ts";

type ActivityEntry = MyAccount["activity"][number];

/** How each way in reads in a sentence ("Signed in with an emailed link"). */
const METHODS: Record<string, string> = {
  link: "with an emailed link",
  code: "with the code from an email",
  password: "with your password",
  google: "with Google",
  passkey: "with a passkey",
};

/** An app as a customer knows it ("the DS One desktop app"); its client id when it is not registered. */
export function appName(entry: Pick<ActivityEntry, "app" | "clientId">): string | undefined {
  if (!entry.clientId) return undefined;
  const brand = BRANDS.find((known) => known.id === entry.app?.brand);
  if (!entry.app || !brand) return `the app ${entry.clientId}`;
  return entry.app.kind === "desktop" ? `the ${brand.name} desktop app` : `${brand.name} on the web`;
}

/** What happened, as the start of a sentence; the trail's vocabulary is server/auth/audit-trail.ts. */
function whatHappened(entry: ActivityEntry): string {
  const how = entry.method ? METHODS[entry.method] : undefined;
  const named = appName(entry);
  const app = named ? ` to ${named}` : "";
  switch (entry.event) {
    case "signed_in":
      return `Signed in${app}${how ? ` ${how}` : ""}`;
    case "sign_in_refused":
      return entry.method === "password" ? "A sign-in with a wrong password was refused" : `A sign-in${how ? ` ${how}` : ""} was refused`;
    case "access_link_requested":
      return "A sign-in link was emailed";
    case "password_reset_requested":
      return "A password reset link was emailed";
    case "password_set":
      return "A password was set";
    case "password_changed":
      return "Your password was changed";
    case "password_change_refused":
      return "A password change with a wrong current password was refused";
    case "google_linked":
      return "Google was linked";
    case "google_unlinked":
      return "Google was unlinked";
    case "signed_out":
      return "A browser was signed out";
    case "signed_out_everywhere":
      return "Every browser and app was signed out";
    case "app_signed_out":
      return named ? `${named.charAt(0).toUpperCase()}${named.slice(1)} was signed out` : "An app was signed out";
    case "new_browser":
      return "A new browser signed in";
    case "license_changed":
      return "A license changed";
    case "device_linked":
      return "A computer was linked";
    case "name_changed":
      return "Your name was changed";
    case "account_created":
      return "Your account was created";
    case "data_exported":
      return "Your data was downloaded";
    case "account_deletion_requested":
      return "You asked to delete your account";
    case "passkey_registered":
      return "A passkey was added";
    case "passkey_renamed":
      return "A passkey was renamed";
    case "passkey_removed":
      return "A passkey was removed";
    case "passkey_refused":
      return "A sign-in with a passkey was refused";
    default:
      return entry.event.replaceAll("_", " ").replace(/^./, (first) => first.toUpperCase());
  }
}

/**
 * The approximate place an address stands for: an IPv4 address's /24 (203.0.113.0), or the /64
 * the server keeps of an IPv6 one. Enough for "was that me?", not a street.
 */
export function networkOf(address: string): string {
  const ipv4 = /^(\d+\.\d+\.\d+)\.\d+$/.exec(address);
  return ipv4 ? `${ipv4[1]}.0` : address;
}

/** A sign-in and its "new browser" entry are written together: within this, they are one event. */
const SAME_MOMENT_MS = 5_000;

/** One line of the list: an entry of the trail, and whether it was a browser's first sign-in. */
export interface ActivityLine {
  entry: ActivityEntry;
  newBrowser: boolean;
}

/**
 * The trail as the page lists it: a browser's first sign-in is written as two entries (signed in,
 * new browser), read as one line ("… from Firefox on Windows, a browser new to this account").
 */
export function activityLines(entries: readonly ActivityEntry[]): ActivityLine[] {
  const lines: ActivityLine[] = [];
  const folded = new Set<ActivityEntry>();
  for (const entry of entries) {
    if (folded.has(entry)) continue;
    const partner =
      entry.event === "signed_in" || entry.event === "new_browser"
        ? entries.find(
            (other) =>
              other !== entry &&
              !folded.has(other) &&
              other.event === (entry.event === "signed_in" ? "new_browser" : "signed_in") &&
              other.device === entry.device &&
              other.address === entry.address &&
              Math.abs(other.at - entry.at) <= SAME_MOMENT_MS,
          )
        : undefined;
    if (!partner) {
      lines.push({ entry, newBrowser: false });
      continue;
    }
    folded.add(partner);
    lines.push({ entry: entry.event === "signed_in" ? entry : partner, newBrowser: true });
  }
  return lines;
}

/** One line of recent activity as a plain sentence: "Signed in with an emailed link from Chrome on Windows, near 203.0.113.0." */
export function activitySentence(entry: ActivityEntry, newBrowser = false): string {
  let sentence = whatHappened(entry);
  if (entry.byOperator) sentence += " by our support team";
  else if (entry.device) sentence += ` from ${entry.device}`;
  if (entry.address && !entry.byOperator) sentence += `, near ${networkOf(entry.address)}`;
  if (newBrowser) sentence += ", a browser new to this account";
  return `${sentence}.`;
}
