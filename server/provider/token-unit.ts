import { AsyncLocalStorage } from "node:async_hooks";
import type { Kysely, Transaction } from "kysely";
import type Provider from "oidc-provider";
import type { KoaContextWithOIDC } from "oidc-provider";
import { type Db, isPostgres } from "../db/database.ts";
import type { Database } from "../db/schema.ts";

/**
 * A token request on PostgreSQL as one unit of work (docs/decisions/0089): every statement the
 * provider runs for it (the code or refresh token read with its grant and its account, its
 * spending, the DPoP proof, the tokens written) runs in one transaction, so the request is one
 * flush of PostgreSQL's log instead of four; the tokens it issues are written together, in one
 * statement, once the answer is ready and before it is sent. The limit counted before it
 * (provider/http.ts) commits on its own: a refused request still counts.
 *
 * Nothing is less strict: a code or refresh token is still spent by one conditional update, which
 * a second request for the same one waits on and then finds spent; a proof is still taken by one
 * insert, seen by every instance once this one commits; a request that fails still commits what
 * it did (a spent code, a revoked grant), as when each statement committed on its own. SQLite runs
 * in the process, where a commit costs no round trip: its requests run as before.
 */
export interface TokenUnit {
  tx: Transaction<Database>;
  /** The request, for the client it names once the provider has authenticated it. */
  ctx: KoaContextWithOIDC;
  /** Rows read ahead by the statement that read the code or token: its grant, by stored id. */
  readAhead: Map<string, ReadAheadRow>;
  /** Read ahead by the same statement: the token's account with its standing for the client's product, by account id. */
  accountsAhead: Map<string, AccountAhead>;
  /** Token writes held until the answer is ready, written in one statement. */
  heldWrites: HeldWrite[];
}

export interface ReadAheadRow {
  model: string;
  payload: string;
  expires_at: number | null;
  consumed_at: number | null;
}

export interface AccountAhead {
  id: string;
  email: string;
  name: string;
  /** The product the standing is of (the client's), so nobody reads it for another. */
  productId: number;
  license_state: string | null;
  device_uuid: string | null;
}

export interface HeldWrite {
  model: string;
  id: string;
  row: {
    payload: string;
    grant_id: string | null;
    account_id: string | null;
    client_id: string | null;
    uid: string | null;
    user_code: string | null;
    expires_at: number | null;
  };
}

const units = new AsyncLocalStorage<TokenUnit>();

/** The token request's unit of work, when this code runs inside one. */
export function currentTokenUnit(): TokenUnit | undefined {
  return units.getStore();
}

/**
 * `db` as the provider's modules use it: inside a token request's unit, its transaction (a
 * transaction asked for there joins it); anywhere else, `db` itself. So every statement of the
 * request runs on the one connection the unit holds, and none waits for a second one from the pool.
 */
export function unitOrDb(db: Db): Db {
  return new Proxy(db, {
    get(target, property) {
      const unit = units.getStore();
      if (unit && property === "transaction") return () => joiningTransaction(unit.tx);
      // Kysely keeps its state in private fields: each method runs on the instance itself.
      const instance = unit ? unit.tx : target;
      const value = Reflect.get(instance, property, instance) as unknown;
      return typeof value === "function" ? value.bind(instance) : value;
    },
  });
}

/** A transaction asked for inside the unit: its work runs in the unit's own. */
function joiningTransaction(tx: Transaction<Database>) {
  const builder = {
    setIsolationLevel: () => builder,
    setAccessMode: () => builder,
    execute: <T>(work: (transaction: Kysely<Database>) => Promise<T>) => work(tx),
  };
  return builder;
}

/**
 * Runs each POST to the token endpoint (`tokenPath`) in a unit on PostgreSQL. The provider
 * answers errors itself (its route's error handler sets the status and body), so `next` resolves
 * for a refusal too, and the unit commits what the request did.
 */
export function runTokenRequestsAsUnits(
  provider: Provider,
  db: Db,
  tokenPath: string,
  writeHeld: (unit: TokenUnit) => Promise<void>,
): void {
  if (!isPostgres(db)) return;
  provider.use(async (koaContext, next) => {
    const ctx = koaContext as KoaContextWithOIDC;
    if (ctx.method !== "POST" || ctx.path !== tokenPath) return next();
    await db.transaction().execute(async (tx) => {
      const unit: TokenUnit = { tx, ctx, readAhead: new Map(), accountsAhead: new Map(), heldWrites: [] };
      await units.run(unit, async () => {
        await next();
        await writeHeld(unit);
      });
    });
  });
}
