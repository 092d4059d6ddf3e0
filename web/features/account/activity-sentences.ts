import { strings } from "@strings/account.ts";
import type { MyAccount } from "../../../common/api/contract.ts";
import { sayBrowser } from "../../../common/i18n/catalogue.ts";
import { networkOf } from "../../../common/network.ts";
import { BRANDS } from "../../platform/brand.ts";

type ActivityEntry = MyAccount["activity"][number];

const words = strings.account.activity;

/** An app as a customer knows it ("the DS One desktop app"); its client id when it is not registered. */
function appName(entry: Pick<ActivityEntry, "app" | "clientId">): string | undefined {
  if (!entry.clientId) return undefined;
  const brand = BRANDS.find((known) => known.id === entry.app?.brand);
  if (!entry.app || !brand) return words.unknownApp(entry.clientId);
  return entry.app.kind === "desktop" ? words.desktopApp(brand.name) : words.webApp(brand.name);
}

/** The catalogue's words for each event of the trail (server/auth/kernel/audit-trail.ts) that has them. */
const EVENTS: Record<string, keyof typeof words.events> = {
  access_link_requested: "accessLinkRequested",
  password_reset_requested: "passwordResetRequested",
  password_set: "passwordSet",
  password_changed: "passwordChanged",
  password_change_refused: "passwordChangeRefused",
  google_linked: "googleLinked",
  google_unlinked: "googleUnlinked",
  microsoft_linked: "microsoftLinked",
  microsoft_unlinked: "microsoftUnlinked",
  signed_out: "signedOut",
  signed_out_everywhere: "signedOutEverywhere",
  new_browser: "newBrowser",
  license_changed: "licenseChanged",
  device_linked: "deviceLinked",
  name_changed: "nameChanged",
  account_created: "accountCreated",
  data_exported: "dataExported",
  account_deletion_requested: "accountDeletionRequested",
  passkey_registered: "passkeyRegistered",
  identity_confirmed: "identityConfirmed",
  sign_in_reported: "signInReported",
  email_change_requested: "emailChangeRequested",
  email_changed: "emailChanged",
  email_change_cancelled: "emailChangeCancelled",
  email_change_undone: "emailChangeUndone",
  email_change_undo_disputed: "emailChangeUndoDisputed",
  passkey_renamed: "passkeyRenamed",
  passkey_removed: "passkeyRemoved",
  passkey_refused: "passkeyRefused",
  support_searched: "supportSearched",
  support_viewed: "supportViewed",
  rate_limits_cleared: "rateLimitsCleared",
  account_disabled: "accountDisabled",
  account_enabled: "accountEnabled",
  role_changed: "roleChanged",
  mail_cleared: "mailCleared",
  google_sessions_revoked: "googleSessionsRevoked",
  google_tokens_revoked: "googleTokensRevoked",
  google_account_hijacked: "googleAccountHijacked",
  google_account_disabled: "googleAccountDisabled",
  google_account_enabled: "googleAccountEnabled",
  google_credential_change_required: "googleCredentialChangeRequired",
  google_hold_cleared: "googleHoldCleared",
};

/** What happened, as the start of a sentence. */
function whatHappened(entry: ActivityEntry): string {
  const how = entry.method ? words.methods[entry.method] : undefined;
  switch (entry.event) {
    case "signed_in":
      return words.events.signedIn(appName(entry), how);
    case "sign_in_refused":
      return entry.method === "password" ? words.events.wrongPasswordRefused : words.events.signInRefused(how);
    case "app_signed_out":
      return words.events.appSignedOut(appName(entry));
    default: {
      const said = words.events[EVENTS[entry.event] ?? "other"];
      return typeof said === "string" ? said : words.events.other(entry.event);
    }
  }
}

export { networkOf };

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
  return words.sentence(whatHappened(entry), {
    bySupport: Boolean(entry.byOperator),
    ...(entry.device ? { device: sayBrowser(entry.device, strings.account.places.browserOn, words.unknownBrowser) } : {}),
    ...(entry.address ? { network: networkOf(entry.address) } : {}),
    newBrowser,
  });
}

/**
 * The passkey-removal link's sentence: which passkey, from which browser, when. The browser sits
 * mid-sentence, so one the server could not name takes the in-sentence words ("an unknown browser").
 */
export function passkeyAddedSentence(passkey: { name: string; addedFrom: string | null }, when: string): string {
  const browser = sayBrowser(passkey.addedFrom, strings.account.places.browserOn, words.unknownBrowser);
  return strings.account.passkeyRemoval.what(passkey.name, browser, when);
}
