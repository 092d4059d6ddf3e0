import { randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import type { FastifyBaseLogger } from "fastify";
import { type ExpressionBuilder, type Selectable, sql } from "kysely";
import type Provider from "oidc-provider";
import { accountExists } from "../auth/kernel/accounts.ts";
import { recordAuditEvent } from "../auth/kernel/audit-trail.ts";
import {
  AddressRefused,
  type AddressRule,
  isName,
  lookupThrough,
  needsResolving,
  type ResolveHost,
  refusalOf,
  resolveWithDns,
} from "../base/public-address.ts";
import type { Db } from "../db/database.ts";
import { addCosts, deleteInBatches, type SweepCost } from "../db/retention.ts";
import type { Database } from "../db/schema.ts";

/**
 * Delivers the logout tokens the sign-outs queue (db/logout-deliveries.ts; decision 66), as the
 * mail worker delivers mail: claimed by one conditional update with a lease (on PostgreSQL
 * skipping rows another instance is claiming), so two instances never both send one; an app that
 * answers anything but 200 or 204, times out or refuses the connection is tried again after a
 * back-off, a bounded number of times, then the delivery is recorded as failed. The customer never
 * waits for it: the request that ended the sign-in only queued a row.
 */

export const LOGOUT_MAX_ATTEMPTS = 10;
/** How long a claimed delivery is held: well beyond the request's timeout. */
const LOGOUT_CLAIM_MS = 30_000;
/** An app that has not answered by then is counted as down: the token is tried again later. */
const LOGOUT_TIMEOUT_MS = 5_000;
const POLL_MS = 1_000;
const BATCH = 20;
/** Deliveries in flight at once per instance. */
const MAX_IN_FLIGHT = 64;
/**
 * Deliveries in flight at once to one app, per instance (LOGOUT_TOKEN_CONCURRENCY_PER_APP): a
 * hung app holds this many slots and no more, whatever its queue, so the others' tokens still go.
 */
const CONCURRENCY_PER_APP = 2;

/** 1 s, 2 s, 4 s … capped at 10 minutes: ten attempts cover about half an hour of an app's outage. */
function logoutBackoffMs(attempts: number): number {
  return Math.min(1_000 * 2 ** (attempts - 1), 600_000);
}

const BACKCHANNEL_LOGOUT_EVENT = "http://schemas.openid.net/event/backchannel-logout";

type DeliveryRow = Selectable<Database["logout_deliveries"]>;

function claimable(now: number) {
  return (eb: ExpressionBuilder<Database, "logout_deliveries">) =>
    eb.and([
      eb("delivered_at", "is", null),
      eb("failed_at", "is", null),
      eb("next_attempt_at", "<=", now),
      eb.or([eb("locked_until", "is", null), eb("locked_until", "<", now)]),
    ]);
}

class NotRetried extends Error {}

export interface LogoutDeliveryOptions {
  pollMs?: number;
  claimMs?: number;
  timeoutMs?: number;
  backoffMs?: (attempts: number) => number;
  concurrencyPerApp?: number;
  /** Where a token may go (base/public-address.ts); by default anywhere but nowhere is own (outside production). */
  addressRule?: AddressRule;
  resolveHost?: ResolveHost;
}

export class LogoutDeliveryWorker {
  /** Told of each attempt's outcome (the metrics count them). */
  onOutcome: ((outcome: "delivered" | "retry" | "failed") => void) | undefined;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = false;
  /** A pass left due deliveries for want of room: the next delivery to finish starts another. */
  #full = false;
  readonly #inFlight = new Set<Promise<void>>();
  /** Deliveries in flight, by app. */
  readonly #inFlightPerApp = new Map<string, number>();
  #log: FastifyBaseLogger | undefined;
  readonly #db: Db;
  readonly #provider: () => Promise<Provider>;
  readonly #options: Required<LogoutDeliveryOptions>;

  constructor(db: Db, provider: () => Promise<Provider>, options: LogoutDeliveryOptions = {}) {
    this.#db = db;
    this.#provider = provider;
    this.#options = {
      pollMs: options.pollMs ?? POLL_MS,
      claimMs: options.claimMs ?? LOGOUT_CLAIM_MS,
      timeoutMs: options.timeoutMs ?? LOGOUT_TIMEOUT_MS,
      backoffMs: options.backoffMs ?? logoutBackoffMs,
      concurrencyPerApp: options.concurrencyPerApp ?? CONCURRENCY_PER_APP,
      addressRule: options.addressRule ?? { publicOnly: false, ownOrigins: [], allowedHosts: [] },
      resolveHost: options.resolveHost ?? resolveWithDns,
    };
  }

  start(log: FastifyBaseLogger): void {
    this.#log = log;
    this.#timer = setInterval(() => this.deliverNow(), this.#options.pollMs);
    this.#timer.unref();
  }

  /** Runs a pass now, or once more after the one running. */
  deliverNow(): void {
    if (this.#stopped || !this.#log) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.#pass()
      .catch((error: unknown) => this.#log?.error({ err: error }, "logout token delivery pass failed"))
      .finally(() => {
        this.#running = undefined;
        if (this.#again) {
          this.#again = false;
          this.deliverNow();
        }
      });
  }

  /** Waits until no pass runs and no delivery is in flight. */
  async idle(): Promise<void> {
    while (this.#running || this.#inFlight.size > 0) {
      await this.#running;
      await Promise.all(this.#inFlight);
    }
  }

  /** Stops claiming, and lets the deliveries in flight finish (each within its timeout). */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    await this.idle();
  }

  /**
   * Claims due deliveries and starts them, without waiting for them: a token queued while an app
   * hangs is claimed by the next pass and sent beside it, not after its timeout. Each app has at
   * most `concurrencyPerApp` in flight: an app at its share is left out of the next pick, so its
   * queue never fills the instance's slots ahead of another app's token.
   */
  async #pass(): Promise<void> {
    this.#full = false;
    for (;;) {
      const room = Math.min(BATCH, MAX_IN_FLIGHT - this.#inFlight.size);
      if (room <= 0) this.#full = true;
      if (room <= 0 || this.#stopped) return;
      const now = Date.now();
      const busy = [...this.#inFlightPerApp].filter(([, count]) => count >= this.#options.concurrencyPerApp).map(([clientId]) => clientId);
      let pick = this.#db.selectFrom("logout_deliveries").select(["id", "client_id"]).where(claimable(now));
      if (busy.length > 0) pick = pick.where("client_id", "not in", busy);
      const due = await pick.orderBy("next_attempt_at").limit(BATCH).execute();
      if (due.length === 0) return;
      const chosen = this.#shareOut(due, room);
      if (chosen.length < due.length) this.#full = true;
      const claim = randomUUID();
      const claimed = await this.#db
        .updateTable("logout_deliveries")
        .set({ locked_until: now + this.#options.claimMs, locked_by: claim })
        .where("id", "in", chosen)
        .where(claimable(now))
        .returningAll()
        .execute();
      for (const row of claimed) this.#start(claim, row);
      // Fewer due than asked for, and each taken: nothing more is due now.
      if (due.length < BATCH && chosen.length === due.length) return;
    }
  }

  /** The due deliveries this pass may start: at most `room`, and no app beyond its share. */
  #shareOut(due: readonly { id: string; client_id: string }[], room: number): string[] {
    const taken = new Map<string, number>();
    const chosen: string[] = [];
    for (const row of due) {
      const count = (this.#inFlightPerApp.get(row.client_id) ?? 0) + (taken.get(row.client_id) ?? 0);
      if (count >= this.#options.concurrencyPerApp || chosen.length >= room) continue;
      taken.set(row.client_id, (taken.get(row.client_id) ?? 0) + 1);
      chosen.push(row.id);
    }
    return chosen;
  }

  #start(claim: string, row: DeliveryRow): void {
    const app = row.client_id;
    this.#inFlightPerApp.set(app, (this.#inFlightPerApp.get(app) ?? 0) + 1);
    const delivery: Promise<void> = this.#deliverOne(claim, row)
      .catch((error: unknown) => this.#log?.error({ err: error }, "recording a logout token's delivery failed"))
      .finally(() => {
        this.#inFlight.delete(delivery);
        const left = (this.#inFlightPerApp.get(app) ?? 1) - 1;
        if (left > 0) this.#inFlightPerApp.set(app, left);
        else this.#inFlightPerApp.delete(app);
        if (this.#full) this.deliverNow();
      });
    this.#inFlight.add(delivery);
  }

  async #deliverOne(claim: string, row: DeliveryRow): Promise<void> {
    const attempts = row.attempts + 1;
    try {
      await this.#send(row);
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const final = error instanceof NotRetried || attempts >= LOGOUT_MAX_ATTEMPTS;
      const now = Date.now();
      await this.#db.transaction().execute(async (tx) => {
        const settled = await tx
          .updateTable("logout_deliveries")
          .set({
            attempts,
            last_error: message,
            locked_until: null,
            locked_by: null,
            ...(final ? { failed_at: now } : { next_attempt_at: now + this.#options.backoffMs(attempts) }),
          })
          .where("id", "=", row.id)
          .where("locked_by", "=", claim)
          .executeTakeFirst();
        if (final && Number(settled.numUpdatedRows) > 0) await this.#record(tx, "app_not_told_signed_out", row, message);
      });
      this.onOutcome?.(final ? "failed" : "retry");
      if (final) this.#log?.warn({ clientId: row.client_id, error: message }, "an app was not told of a sign-out");
      return;
    }
    await this.#db.transaction().execute(async (tx) => {
      const settled = await tx
        .updateTable("logout_deliveries")
        .set({ attempts, delivered_at: Date.now(), last_error: null, locked_until: null, locked_by: null })
        .where("id", "=", row.id)
        .where("locked_by", "=", claim)
        .executeTakeFirst();
      if (Number(settled.numUpdatedRows) > 0) await this.#record(tx, "app_told_signed_out", row);
    });
    this.onOutcome?.("delivered");
  }

  /**
   * Builds the logout token as oidc-provider's own back-channel logout does (its IdToken model,
   * `use: "logout"`: signed with the provider's signing key, typ logout+jwt, iss, aud, iat, exp,
   * sub, events; sid when the app asked for it), with the delivery's id as its jti, the same on
   * every attempt so the app can tell a repeat. Sent here rather than by the library, which would
   * send it once from the logout request itself.
   */
  async #send(row: DeliveryRow): Promise<void> {
    const provider = await this.#provider();
    const client = await provider.Client.find(row.client_id);
    const uri = client?.backchannelLogoutUri;
    if (!client || !uri) throw new NotRetried("the app no longer takes logout tokens");
    const token = new provider.IdToken({ sub: row.account_id }, { client });
    (token as unknown as { mask: unknown }).mask = { sub: null };
    token.set("events", { [BACKCHANNEL_LOGOUT_EVENT]: {} });
    token.set("jti", row.id);
    if (client.backchannelLogoutSessionRequired && row.sid) token.set("sid", row.sid);
    const url = new URL(uri);
    const refusal = refusalOf(url, this.#options.addressRule);
    if (refusal) throw new NotRetried(`refused: the app's address ${refusal}`);
    const logoutToken = await token.issue({ use: "logout" });
    let status: number;
    try {
      status = await postForm(url, new URLSearchParams({ logout_token: logoutToken }).toString(), {
        timeoutMs: this.#options.timeoutMs,
        ...(this.#options.addressRule.publicOnly && isName(url)
          ? { lookup: lookupThrough(this.#options.resolveHost, needsResolving(url, this.#options.addressRule)) }
          : {}),
      });
    } catch (error) {
      // A name that now points at a private address is refused, not tried again and again.
      if (error instanceof AddressRefused) throw new NotRetried(`refused: the app's address ${error.message}`);
      throw error;
    }
    if (status !== 200 && status !== 204) throw new Error(`the app answered ${status}`);
  }

  /**
   * The account's trail says which app was told, or finally was not. A deleted account has no
   * trail, and its settled delivery goes at once: its id is kept nowhere after the deletion.
   */
  async #record(
    tx: Parameters<Parameters<ReturnType<Db["transaction"]>["execute"]>[0]>[0],
    event: "app_told_signed_out" | "app_not_told_signed_out",
    row: DeliveryRow,
    reason?: string,
  ): Promise<void> {
    if (!(await accountExists(tx, row.account_id))) {
      await tx.deleteFrom("logout_deliveries").where("id", "=", row.id).execute();
      return;
    }
    await recordAuditEvent(
      tx,
      { event, accountId: row.account_id, clientId: row.client_id, ...(reason ? { reason } : {}) },
      { anonymous: true },
    );
  }
}

/**
 * Posts a form and answers the status, following no redirect. Through node:http rather than
 * fetch for its `lookup` option: the connection goes to the addresses that lookup checked.
 */
function postForm(url: URL, body: string, options: { timeoutMs: number; lookup?: LookupFunction }): Promise<number> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    const request = send(
      url,
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body) },
        signal: AbortSignal.timeout(options.timeoutMs),
        ...(options.lookup ? { lookup: options.lookup } : {}),
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/**
 * Housekeeping: deliveries settled longer than `retentionMs` ago go (OUTBOX_RETENTION, as for
 * mail, so the operations page's counts hold). Waiting ones are never touched.
 */
export async function pruneSettledLogoutTokens(db: Db, retentionMs: number, now = Date.now()): Promise<SweepCost> {
  const before = now - retentionMs;
  return addCosts(
    await deleteInBatches(db, "logout_deliveries", "delivered_at", sql`delivered_at < ${before}`),
    await deleteInBatches(db, "logout_deliveries", "failed_at", sql`failed_at < ${before}`),
  );
}
