import { timingSafeEqual } from "node:crypto";
import type { MailKeys } from "./body-encryption.ts";

/**
 * The envelope sender of each mail, tagged for that mail alone (VERP): `bounces+TAG@domain` from
 * MAIL_BOUNCE_ADDRESS `bounces@domain`. A delivery report or a complaint comes back to the
 * envelope sender, so its recipient address names the one mail (and so the one recipient) it is
 * about, whatever the report's body claims.
 *
 * TAG is the mail's id (its 32 hex digits) and 80 bits of an HMAC of it under a key derived from
 * the mail keys: no one without the keys can make a tag, so no report can name a mail we did not
 * send, nor one by guessing. Lower-case hex, because relays may fold a local part's case; 60
 * characters with `bounces+`, inside the 64 a local part may have.
 */
const MAC_HEX = 20;
const PURPOSE = "verp-tag-v1";

export interface BounceAddress {
  local: string;
  domain: string;
}

/** MAIL_BOUNCE_ADDRESS split at its last @, the domain lower-cased. */
export function parseBounceAddress(address: string): BounceAddress {
  const at = address.lastIndexOf("@");
  return { local: address.slice(0, at), domain: address.slice(at + 1).toLowerCase() };
}

function macOf(keys: MailKeys, id: string): string[] {
  return keys.macs(PURPOSE, id).map((mac) => mac.toString("hex").slice(0, MAC_HEX));
}

/** The envelope sender for the mail `mailId` (a UUID). */
export function taggedBounceAddress(bounce: BounceAddress, keys: MailKeys, mailId: string): string {
  const id = mailId.replaceAll("-", "").toLowerCase();
  return `${bounce.local}+${id}${macOf(keys, id)[0]}@${bounce.domain}`;
}

/**
 * The mail a report's recipient names, when the address is this bounce address with a tag the
 * keys made; undefined otherwise (another address, no tag, a forged or damaged one).
 */
export function mailIdOfBounceRecipient(bounce: BounceAddress, keys: MailKeys, recipient: string): string | undefined {
  const address = recipient.toLowerCase();
  const prefix = `${bounce.local.toLowerCase()}+`;
  const suffix = `@${bounce.domain}`;
  if (!address.startsWith(prefix) || !address.endsWith(suffix)) return undefined;
  const tag = address.slice(prefix.length, address.length - suffix.length);
  if (!/^[0-9a-f]{52}$/.test(tag)) return undefined;
  const id = tag.slice(0, 32);
  const given = Buffer.from(tag.slice(32), "utf8");
  const known = macOf(keys, id).some((mac) => timingSafeEqual(Buffer.from(mac, "utf8"), given));
  if (!known) return undefined;
  return `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`;
}
