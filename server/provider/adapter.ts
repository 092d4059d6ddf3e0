import { type Kysely, sql } from "kysely";
import { accountWithStandingQuery } from "../auth/kernel/accounts.ts";
import type { Db } from "../db/database.ts";
import { type BrowserOfRequest, storedOidcId } from "../db/oidc-payloads.ts";
import { deleteInBatches, type SweepCost } from "../db/retention.ts";
import type { Database } from "../db/schema.ts";
import { brandOfClient, clientMetadata } from "./clients.ts";
import { type AccountAhead, currentTokenUnit, type HeldWrite, type ReadAheadRow, type TokenUnit } from "./token-unit.ts";

/** Where the provider's clients are read: each time (clientMetadata), or kept (client-cache.ts). */
interface ClientFinder {
  find(id: string): Promise<Record<string, unknown> | undefined>;
}

/** What oidc-provider stores through an adapter: any JSON object, with these optional links. */
interface Payload {
  jti?: string;
  grantId?: string;
  uid?: string;
  userCode?: string;
  accountId?: string;
  /** An interaction's provider session; `cookie` is that session's id, which is never stored. */
  session?: { accountId?: string; cookie?: string; [key: string]: unknown };
  consumed?: unknown;
  [key: string]: unknown;
}

/** The payload as it is written: the id left out (the row is found by its hash). */
function storablePayload(payload: Payload): Payload {
  const { jti: _id, ...rest } = payload;
  if (rest.session?.cookie === undefined) return rest;
  // Nothing in the provider reads an interaction's copy of its session's cookie.
  const { cookie: _cookie, ...session } = rest.session;
  return { ...rest, session };
}

/**
 * oidc-provider's storage, over Kysely: one table for every model (codes, tokens, grants,
 * sessions, interactions…), so SQLite and PostgreSQL behave alike and every instance on one
 * PostgreSQL sees the same state. Clients come from the operator's client table instead. Every
 * object is stored under the SHA-256 of its id (db/oidc-payloads.ts) and without the id in its
 * payload: the id of a token, a code or a provider session is the bearer secret itself. The
 * provider always presents the raw id, so it cannot tell.
 *
 * `browserOfRequest`, when given, names the browser whose request is being answered (its account
 * server session and device mark): a provider session or a grant is stored with it
 * (db/oidc-payloads.ts). The provider reads back only the fields it knows, so the extra ones never
 * reach it.
 */
export function kyselyAdapter(
  db: Db,
  { clients, browserOfRequest }: { clients?: ClientFinder; browserOfRequest?: () => BrowserOfRequest } = {},
) {
  const unchanged = new UnchangedWrites();
  return class KyselyAdapter {
    readonly model: string;

    constructor(model: string) {
      this.model = model;
    }

    async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
      const stored = storablePayload(payload);
      // Both are saved in the browser's own requests only (a grant at the authorization), never at
      // the token endpoint, where an agent's request names no browser.
      const browser = this.model === "Session" || this.model === "Grant" ? browserOfRequest?.() : undefined;
      const row = {
        payload: JSON.stringify({ ...stored, ...browser }),
        grant_id: payload.grantId ?? null,
        account_id: payload.accountId ?? payload.session?.accountId ?? null,
        client_id: typeof payload.clientId === "string" ? payload.clientId : null,
        uid: payload.uid ?? null,
        user_code: payload.userCode ?? null,
        expires_at: expiresIn ? Date.now() + expiresIn * 1000 : null,
      };
      const key = `${this.model}:${storedOidcId(id)}`;
      if (ROLLING.has(this.model) && unchanged.skips(key, row.payload, row.expires_at, expiresIn)) return;
      // A token request's new tokens are written together once its answer is ready (token-unit.ts).
      const unit = currentTokenUnit();
      if (unit && HELD.has(this.model)) {
        unit.heldWrites.push({ model: this.model, id: storedOidcId(id), row });
        return;
      }
      await db
        .insertInto("oidc_payloads")
        .values({ model: this.model, id: storedOidcId(id), ...row, consumed_at: null })
        .onConflict((conflict) => conflict.columns(["model", "id"]).doUpdateSet(row))
        .execute();
      if (ROLLING.has(this.model)) unchanged.seen(key, row.payload, row.expires_at);
    }

    async find(id: string): Promise<Payload | undefined> {
      if (this.model === "Client") return clients ? clients.find(id) : clientMetadata(db, id);
      const unit = currentTokenUnit();
      const row = unit ? await this.rowInUnit(unit, storedOidcId(id)) : await this.rowWhere("id", storedOidcId(id));
      if (row && ROLLING.has(this.model)) unchanged.seen(`${this.model}:${storedOidcId(id)}`, row.stored, row.expiresAt);
      return row && { ...row.payload, jti: id };
    }

    async findByUid(uid: string): Promise<Payload | undefined> {
      return this.findWhere("uid", uid);
    }

    async findByUserCode(userCode: string): Promise<Payload | undefined> {
      return this.findWhere("user_code", userCode);
    }

    /**
     * Marks a code or refresh token used by one conditional update: of two requests racing with
     * the same code, one wins and the other is refused, and the grant is revoked as on any reuse.
     */
    async consume(id: string): Promise<void> {
      const result = await db
        .updateTable("oidc_payloads")
        .set({ consumed_at: Date.now() })
        .where("model", "=", this.model)
        .where("id", "=", storedOidcId(id))
        .where("consumed_at", "is", null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) {
        const row = await db
          .selectFrom("oidc_payloads")
          .select("grant_id")
          .where("model", "=", this.model)
          .where("id", "=", storedOidcId(id))
          .executeTakeFirst();
        if (row?.grant_id) await this.revokeByGrantId(row.grant_id);
        const { errors } = await import("oidc-provider");
        throw new errors.InvalidGrant(`${this.model === "RefreshToken" ? "refresh token" : "authorization code"} already used`);
      }
    }

    async destroy(id: string): Promise<void> {
      await db.deleteFrom("oidc_payloads").where("model", "=", this.model).where("id", "=", storedOidcId(id)).execute();
    }

    /** Ends every token and code issued under a grant, of every model. */
    async revokeByGrantId(grantId: string): Promise<void> {
      await db.deleteFrom("oidc_payloads").where("grant_id", "=", grantId).execute();
    }

    /**
     * In a token request: a code or refresh token is read with its grant in one statement, and the
     * grant, which the provider asks for next, is answered from that read.
     */
    private async rowInUnit(unit: TokenUnit, storedId: string) {
      const ahead = unit.readAhead.get(`${this.model}:${storedId}`);
      if (ahead) return liveRow(ahead);
      if (!READ_WITH_GRANT.has(this.model)) return this.rowWhere("id", storedId);
      const productId = unit.ctx.oidc?.client ? brandOfClient(unit.ctx.oidc.client as never).productId : undefined;
      const { rows, account } = await readWithGrant(unit.tx, this.model, storedId, productId);
      for (const read of rows) if (read.model === "Grant") unit.readAhead.set(`Grant:${read.id}`, read);
      if (account) unit.accountsAhead.set(account.id, account);
      const own = rows.find((read) => read.model === this.model);
      return own && liveRow(own);
    }

    private async findWhere(column: "id" | "uid" | "user_code", value: string): Promise<Payload | undefined> {
      return (await this.rowWhere(column, value))?.payload;
    }

    private async rowWhere(
      column: "id" | "uid" | "user_code",
      value: string,
    ): Promise<{ payload: Payload; stored: string; expiresAt: number | null } | undefined> {
      const row = await db
        .selectFrom("oidc_payloads")
        .select(["payload", "expires_at", "consumed_at"])
        .where("model", "=", this.model)
        .where(column, "=", value)
        .executeTakeFirst();
      return row && liveRow(row);
    }
  };
}

/** A stored row as the provider reads it: nothing once expired; a spent one marked `consumed`. */
function liveRow(row: Omit<ReadAheadRow, "model">): { payload: Payload; stored: string; expiresAt: number | null } | undefined {
  if (row.expires_at !== null && row.expires_at <= Date.now()) return undefined;
  const payload = JSON.parse(row.payload) as Payload;
  return {
    payload: row.consumed_at === null ? payload : { ...payload, consumed: Math.floor(row.consumed_at / 1000) },
    stored: row.payload,
    expiresAt: row.expires_at === null ? null : Number(row.expires_at),
  };
}

/** The models a token request writes new (held until its answer is ready), and those read with their grant. */
const HELD = new Set(["AccessToken", "RefreshToken"]);
const READ_WITH_GRANT = new Set(["AuthorizationCode", "RefreshToken"]);

/**
 * A code or refresh token and its grant, in one statement: the grant's row is found by the SHA-256
 * of the grant id the token's row holds, as storedOidcId computes it (PostgreSQL only: the unit
 * runs there). With the client's product known (the provider authenticates the client before it
 * reads the code or token), the same statement reads the token's account with its standing for that
 * product, which the provider asks for once the token is spent (provider/accounts.ts).
 */
async function readWithGrant(
  tx: Kysely<Database>,
  model: string,
  storedId: string,
  productId: number | undefined,
): Promise<{ rows: (ReadAheadRow & { id: string })[]; account?: AccountAhead }> {
  const tokenRow = sql`select grant_id, account_id from oidc_payloads where model = ${model} and id = ${storedId}`;
  // The account as every other read of an account with its standing selects it.
  const account =
    productId === undefined
      ? sql``
      : sql`
    union all
    select 'Account', id, null, null, null, email, name, license_state, device_uuid
    from (${accountWithStandingQuery(tx, sql<string>`(select account_id from (${tokenRow}) token)`, productId)}) account`;
  const { rows } = await sql<ReadAheadRow & { id: string } & Omit<AccountAhead, "productId">>`
    select model, id, payload, expires_at, consumed_at, null as email, null as name, null as license_state, null as device_uuid
    from oidc_payloads
    where (model = ${model} and id = ${storedId})
       or (model = 'Grant' and id = (select encode(sha256(convert_to(grant_id, 'UTF8')), 'hex') from (${tokenRow}) token))${account}`.execute(
    tx,
  );
  const found = rows.find((row) => row.model === "Account");
  return {
    rows: rows
      .filter((row) => row.model !== "Account")
      .map((row) => ({ ...row, expires_at: row.expires_at === null ? null : Number(row.expires_at) })),
    ...(found && productId !== undefined ? { account: { ...found, productId } } : {}),
  };
}

/** Writes a token request's held tokens in one statement, before its answer is sent (token-unit.ts). */
export async function writeHeldTokens(unit: TokenUnit): Promise<void> {
  if (unit.heldWrites.length === 0) return;
  const byKey = new Map<string, HeldWrite>(unit.heldWrites.map((write) => [`${write.model}:${write.id}`, write]));
  await unit.tx
    .insertInto("oidc_payloads")
    .values([...byKey.values()].map(({ model, id, row }) => ({ model, id, ...row, consumed_at: null })))
    .onConflict((conflict) =>
      conflict.columns(["model", "id"]).doUpdateSet((update) => ({
        payload: update.ref("excluded.payload"),
        grant_id: update.ref("excluded.grant_id"),
        account_id: update.ref("excluded.account_id"),
        client_id: update.ref("excluded.client_id"),
        uid: update.ref("excluded.uid"),
        user_code: update.ref("excluded.user_code"),
        expires_at: update.ref("excluded.expires_at"),
      })),
    )
    .execute();
  unit.heldWrites.length = 0;
}

/**
 * Provider sessions and grants are saved again, unchanged but for a later expiry, on every
 * authorization of their browser: a signed-in app opening is two writes for nothing. Such a save
 * is skipped while what is stored still has more than half its lifetime ahead
 * (docs/decisions/0089): the row then ends at most half a lifetime sooner than it would have, never
 * later. Any other change (another account, scope, app session, browser) is written at once.
 */
const ROLLING = new Set(["Session", "Grant"]);
const REMEMBERED = 10_000;

class UnchangedWrites {
  /** What this process last read or wrote of each rolling row: its payload but for `exp`, and its expiry. */
  readonly #rows = new Map<string, { body: string; expiresAt: number | null }>();

  seen(key: string, payload: string, expiresAt: number | null): void {
    this.#rows.delete(key);
    if (this.#rows.size >= REMEMBERED) this.#rows.delete(this.#rows.keys().next().value as string);
    this.#rows.set(key, { body: withoutExpiry(payload), expiresAt });
  }

  skips(key: string, payload: string, expiresAt: number | null, expiresIn: number | undefined): boolean {
    const known = this.#rows.get(key);
    if (!known || known.expiresAt === null || expiresAt === null || !expiresIn) return false;
    if (known.body !== withoutExpiry(payload)) return false;
    return known.expiresAt - Date.now() > (expiresIn * 1000) / 2;
  }
}

/** A stored payload without its `exp`, which every save moves. */
function withoutExpiry(payload: string): string {
  const { exp: _exp, ...rest } = JSON.parse(payload) as Record<string, unknown>;
  return JSON.stringify(rest);
}

/** Drops expired provider objects; called from the housekeeping timer. */
export function pruneExpiredOidcPayloads(db: Db, now = Date.now()): Promise<SweepCost> {
  return deleteInBatches(db, "oidc_payloads", "expires_at", sql`expires_at <= ${now}`);
}
