import type { Insertable, Kysely, Updateable } from "kysely";
import type { Database } from "./schema.ts";

/**
 * The registered apps (oidc_clients): every statement on the table but the provider's own read of
 * a grant's app beside it (oidc-payloads.ts, accountGrants). The operator's commands and the
 * provider's metadata (provider/clients.ts), the demo apps, the account page's names of apps and
 * the logout queue call these.
 */
type Clients = Database["oidc_clients"];

/** Whether a client of this id is registered. */
export async function clientExists(db: Kysely<Database>, id: string): Promise<boolean> {
  return (await db.selectFrom("oidc_clients").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
}

export async function insertClient(db: Kysely<Database>, row: Insertable<Clients>): Promise<void> {
  await db.insertInto("oidc_clients").values(row).execute();
}

/** Registers a client, or brings it up to date (the demo clients at each start). */
export async function upsertClient(db: Kysely<Database>, id: string, row: Omit<Insertable<Clients>, "id" | "created_at">): Promise<void> {
  await db
    .insertInto("oidc_clients")
    .values({ id, ...row, created_at: Date.now() })
    .onConflict((conflict) => conflict.column("id").doUpdateSet(row))
    .execute();
}

/** Changes columns of one client; answers how many rows changed (none: no such client). */
export async function updateClient(db: Kysely<Database>, id: string, changes: Updateable<Clients>): Promise<number> {
  const result = await db.updateTable("oidc_clients").set(changes).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Removes one client; answers how many rows went (none: no such client). */
export async function deleteClient(db: Kysely<Database>, id: string): Promise<number> {
  const result = await db.deleteFrom("oidc_clients").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function clientTypeOf(db: Kysely<Database>, id: string) {
  return db.selectFrom("oidc_clients").select("type").where("id", "=", id).executeTakeFirst();
}

export function clientBrandOf(db: Kysely<Database>, id: string) {
  return db.selectFrom("oidc_clients").select("brand").where("id", "=", id).executeTakeFirst();
}

export function clientById(db: Kysely<Database>, id: string) {
  return db.selectFrom("oidc_clients").selectAll().where("id", "=", id).executeTakeFirst();
}

export function everyClient(db: Kysely<Database>) {
  return db.selectFrom("oidc_clients").selectAll().orderBy("id").execute();
}

/** The registered clients among these ids, with their brand and type. */
export function clientsAmong(db: Kysely<Database>, ids: string[]) {
  return db.selectFrom("oidc_clients").select(["id", "brand", "type"]).where("id", "in", ids).execute();
}

/** The clients among these ids that listen for logout tokens (a back-channel logout URI). */
export function listeningClients(db: Kysely<Database>, ids: string[]) {
  return db.selectFrom("oidc_clients").select("id").where("id", "in", ids).where("backchannel_logout_uri", "is not", null).execute();
}
