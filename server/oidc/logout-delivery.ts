import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { type ExpressionBuilder, type Selectable, sql } from "kysely";
import type Provider from "oidc-provider";
import { recordAuditEvent } from "../auth/kernel/audit-trail.ts";
import { type Db, isPostgres } from "../db/database.ts";
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
/** Deliveries in flight at once per instance: a hung app's requests hold only their own slots. */
const MAX_IN_FLIGHT = 64;

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
}

export class LogoutDeliveryWorker {
  /** Told of each attempt's outcome (the metrics count them). */
  onOutcome: ((outcome: "delivered" | "retry" | "failed") => void) | undefined;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = false;
  /** A pass stopped claiming for want of room: the next delivery to finish starts another. */
  #full = false;
  readonly #inFlight = new Set<Promise<void>>();
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
   * hangs is claimed by the next pass and sent beside it, not after its timeout.
   */
  async #pass(): Promise<void> {
    for (;;) {
      const room = Math.min(BATCH, MAX_IN_FLIGHT - this.#inFlight.size);
      this.#full = room <= 0;
      if (this.#full || this.#stopped) return;
      const claim = randomUUID();
      const now = Date.now();
      let pick = this.#db.selectFrom("logout_deliveries").select("id").where(claimable(now)).orderBy("next_attempt_at").limit(room);
      if (isPostgres(this.#db)) pick = pick.forUpdate().skipLocked();
      const claimed = await this.#db
        .updateTable("logout_deliveries")
        .set({ locked_until: now + this.#options.claimMs, locked_by: claim })
        .where("id", "in", pick)
        .where(claimable(now))
        .returningAll()
        .execute();
      for (const row of claimed) {
        const delivery: Promise<void> = this.#deliverOne(claim, row)
          .catch((error: unknown) => this.#log?.error({ err: error }, "recording a logout token's delivery failed"))
          .finally(() => {
            this.#inFlight.delete(delivery);
            if (this.#full) this.deliverNow();
          });
        this.#inFlight.add(delivery);
      }
      if (claimed.length < room) return;
    }
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
    const logoutToken = await token.issue({ use: "logout" });
    const response = await fetch(uri, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ logout_token: logoutToken }),
      signal: AbortSignal.timeout(this.#options.timeoutMs),
    });
    await response.body?.cancel();
    if (response.status !== 200 && response.status !== 204) throw new Error(`the app answered ${response.status}`);
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
    const account = await tx.selectFrom("accounts").select("id").where("id", "=", row.account_id).executeTakeFirst();
    if (!account) {
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
