import { sql } from "kysely";
import type { Db } from "../db/database.ts";
import { type BrowserOfRequest, storedOidcId } from "../db/oidc-payloads.ts";
import { deleteInBatches, type SweepCost } from "../db/retention.ts";
import { clientMetadata } from "./clients.ts";

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
export function kyselyAdapter(db: Db, browserOfRequest?: () => BrowserOfRequest) {
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
      await db
        .insertInto("oidc_payloads")
        .values({ model: this.model, id: storedOidcId(id), ...row, consumed_at: null })
        .onConflict((conflict) => conflict.columns(["model", "id"]).doUpdateSet(row))
        .execute();
    }

    async find(id: string): Promise<Payload | undefined> {
      if (this.model === "Client") return clientMetadata(db, id);
      const payload = await this.findWhere("id", storedOidcId(id));
      return payload && { ...payload, jti: id };
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

    private async findWhere(column: "id" | "uid" | "user_code", value: string): Promise<Payload | undefined> {
      const row = await db
        .selectFrom("oidc_payloads")
        .select(["payload", "expires_at", "consumed_at"])
        .where("model", "=", this.model)
        .where(column, "=", value)
        .executeTakeFirst();
      if (!row || (row.expires_at !== null && row.expires_at <= Date.now())) return undefined;
      const payload = JSON.parse(row.payload) as Payload;
      return row.consumed_at === null ? payload : { ...payload, consumed: Math.floor(row.consumed_at / 1000) };
    }
  };
}

/** Drops expired provider objects; called from the housekeeping timer. */
export function pruneExpiredOidcPayloads(db: Db, now = Date.now()): Promise<SweepCost> {
  return deleteInBatches(db, "oidc_payloads", "expires_at", sql`expires_at <= ${now}`);
}
