import { z } from "zod";
import { ROLES } from "../roles.ts";
import { endpoint, type TrailEntry } from "./endpoint.ts";
import { email, externalSubject, oidcClientId, passkeyId, passkeysToRemove, productId, sessionRef } from "./fields.ts";

/**
 * The support console's API (/admin/support; server/auth/support/http.ts): find a customer, see
 * their account, act on it. For accounts with a role (common/roles.ts) only; every action names a
 * reason, is limited per agent and written to the customer's trail with the agent's account id.
 */

/** One customer in a search's results. */
interface SupportMatch {
  accountId: string;
  email: string;
  name: string;
  disabled: boolean;
  role: string | null;
}

export interface SupportSearchAnswer {
  matches: SupportMatch[];
  page: number;
  /** Whether a further page exists. */
  more: boolean;
}

/** One counter kept under the customer (rate-limit-buckets.ts), as support reads it. */
export interface SupportLimit {
  /** What it counts, as a sentence's subject ("Wrong passwords from one address or device"). */
  what: string;
  count: number;
  limit: number;
  /** When its window closes: the count starts again. */
  until: number;
  /** At or over its limit: what it guards is refused (or asks for a captcha) until then. */
  reached: boolean;
  /**
   * Past its challenge threshold (decision 93): what it guards asks for a human check until then,
   * or until support clears the customer's limits.
   */
  challenged: boolean;
}

/** A customer's whole account, as the console shows it. Nothing secret: no link, no body, no hash. */
export interface SupportCustomer {
  /** The agent looking: what the console offers them (deleting and roles are an admin's). */
  agent: { role: string };
  account: {
    id: string;
    email: string;
    name: string;
    createdAt: number;
    role: string | null;
    disabledAt: number | null;
    passwordSet: boolean;
    /** Since when Google sign-in is held: Google said the linked Google account was hijacked (decision 91). */
    googleHeldAt: number | null;
    /** When Google last asked the customer to change their Google account's credentials. */
    googleChangeAskedAt: number | null;
  };
  licenses: { product: string; state: string; createdAt: number; updatedAt: number }[];
  devices: { uuid: string; product: string; linkedAt: number }[];
  google: { subject: string; email: string; linkedAt: number; lastUsedAt: number }[];
  /** Microsoft logins, with the directory (tenant) and the id there that Microsoft named. */
  microsoft: {
    subject: string;
    email: string;
    tenantId: string | null;
    objectId: string | null;
    linkedAt: number;
    lastUsedAt: number;
  }[];
  browsers: { ref: string; device: string | null; address: string | null; signedInAt: number; lastSeenAt: number }[];
  apps: { clientId: string; brand: string | null; kind: "desktop" | "web" | null; since: number }[];
  passkeys: { id: string; name: string; createdAt: number; lastUsedAt: number | null }[];
  /** The trail, newest first, with who acted (an agent's email, "cli:…", or the customer) and why. */
  trail: (TrailEntry & { by: string | null; reason: string | null })[];
  /** Mail to the customer in the last 30 days, with its delivery state: never its body or link. */
  mails: {
    id: string;
    subject: string;
    createdAt: number;
    state: "sent" | "waiting" | "retrying" | "failed";
    attempts: number;
    lastError: string | null;
    sentAt: number | null;
  }[];
  limits: SupportLimit[];
  /**
   * What the address's mailbox said (docs/decisions/0087): bounced (no mail goes until cleared),
   * with the status code and the relay's words; complained (no notices go until cleared); or
   * neither, both null.
   */
  mailStanding: {
    bounced: { at: number; reason: string; code: string | null; words: string | null; reference: string | null } | null;
    complainedAt: number | null;
  };
  /** The address's last 10 mails, newest first: what became of each, and the reference a customer quotes. */
  lastMails: SupportMail[];
}

/** One of the address's last mails, as support reads it: never its body or link. */
interface SupportMail {
  reference: string;
  /** Its kind (server/mail/mail-kinds.ts); null for a mail queued before kinds were kept. */
  kind: string | null;
  queuedAt: number;
  /** queued, sent, deferred, failed, or what the relay or a report said: refused, bounced, delayed, complained, suppressed. */
  state: string;
  code: string | null;
  /** The relay's or the remote server's own words, addresses redacted. */
  words: string | null;
}

const accountId = z.string({ message: "is required" }).regex(/^[\w-]{1,64}$/, "is not an account");
/** Why the agent acts: the trail keeps it with the action. */
const reason = z
  .string({ message: "is required" })
  .trim()
  .min(3, "must say why, in a few words")
  .max(200, "must be at most 200 characters");
const act = { accountId, reason };

export const SUPPORT_API = {
  /** Who is at the console: the page asks first, and shows its 403 to anyone else. */
  "GET /api/support/agent": endpoint<{ email: string; role: string }>()(),
  /** By email (exact, or its beginning), by device UUID or by a Google subject; 20 a page. */
  "POST /api/support/search": endpoint<SupportSearchAnswer>()(
    z.object({
      query: z.string({ message: "is required" }).trim().min(1, "is required").max(320, "is too long"),
      page: z.number().int().min(0).max(1000).default(0),
    }),
  ),
  "POST /api/support/customer": endpoint<SupportCustomer>()(z.object({ accountId })),
  /** A fresh access link to the customer's own address, in the brand of ProductId; the agent never sees it. */
  "POST /api/support/send-link": endpoint<{ isOk: boolean }>()(z.object({ ...act, ProductId: productId })),
  "POST /api/support/sign-out-browser": endpoint<{ isOk: boolean }>()(z.object({ ...act, ref: sessionRef })),
  "POST /api/support/sign-out-app": endpoint<{ isOk: boolean }>()(z.object({ ...act, clientId: oidcClientId })),
  /** removePasskeys: the customer's passkeys to remove too (the console ticks those added in the last 30 days). */
  "POST /api/support/sign-out-everywhere": endpoint<{ isOk: boolean }>()(
    z.object({ ...act, removePasskeys: passkeysToRemove.default([]) }),
  ),
  "POST /api/support/remove-passkey": endpoint<{ isOk: boolean }>()(z.object({ ...act, id: passkeyId })),
  /**
   * For a customer who lost their old mailbox: the new address must still confirm, and the old
   * one is told (docs/decisions/0070).
   */
  "POST /api/support/change-email": endpoint<{ isOk: boolean }>()(z.object({ ...act, NewEmail: email })),
  "POST /api/support/clear-limits": endpoint<{ isOk: boolean; cleared: number }>()(z.object(act)),
  /** Lets mail go to the customer's address again: its bounce and its complaint forgotten (what was cleared; both false when nothing was). */
  "POST /api/support/clear-mail": endpoint<{ isOk: boolean; cleared: { bounced: boolean; complained: boolean } }>()(z.object(act)),
  /** Lets Google sign the customer in again after Google said their Google account was hijacked (decision 91). */
  "POST /api/support/clear-google-hold": endpoint<{ isOk: boolean; cleared: boolean }>()(z.object(act)),
  "POST /api/support/unlink-google": endpoint<{ isOk: boolean }>()(z.object({ ...act, subject: externalSubject })),

  "POST /api/support/unlink-microsoft": endpoint<{ isOk: boolean }>()(z.object({ ...act, subject: externalSubject })),
  "POST /api/support/disable": endpoint<{ isOk: boolean }>()(
    z.object({ ...act, disabled: z.boolean({ message: "must be true or false" }) }),
  ),
  /** Admin only: the same deletion as the customer's own. */
  "POST /api/support/delete": endpoint<{ isOk: boolean }>()(z.object(act)),
  /** Admin only: a console role, or none for a customer. */
  "POST /api/support/role": endpoint<{ isOk: boolean }>()(
    z.object({ ...act, role: z.enum([...ROLES, "none"], { message: `must be ${ROLES.join(", ")} or none` }) }),
  ),
} as const;
