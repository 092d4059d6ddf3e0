import type { Kysely } from "kysely";
import { type Migration, type MigrationProvider, Migrator } from "kysely/migration";

/**
 * One list of migrations for SQLite and PostgreSQL alike: portable column types only (text,
 * integer, bigint), times as epoch milliseconds, booleans as 0/1. Append, never edit.
 */
const migrations: Record<string, Migration> = {
  "0001_accounts_sessions_tokens_outbox": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("accounts")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("email_key", "text", (c) => c.notNull().unique())
        .addColumn("password_hash", "text")
        .addColumn("name", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("is_admin", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("products")
        .addColumn("id", "integer", (c) => c.primaryKey())
        .addColumn("code", "text", (c) => c.notNull().unique())
        .addColumn("name", "text", (c) => c.notNull())
        .execute();
      await db
        .insertInto("products" as never)
        // Literal values: a migration must insert the same rows whenever it runs.
        .values([
          { id: 6, code: "dsone", name: "DS One" },
          { id: 7, code: "maverick", name: "Maverick Safe" },
          { id: 5, code: "solveiq", name: "solve IQ" },
        ] as never)
        .execute();

      await db.schema
        .createTable("licenses")
        .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
        .addColumn("product_id", "integer", (c) => c.notNull().references("products.id"))
        .addColumn("state", "text", (c) => c.notNull())
        .addColumn("updated_at", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("licenses_pk", ["account_id", "product_id"])
        .execute();

      await db.schema
        .createTable("devices")
        .addColumn("uuid", "text", (c) => c.primaryKey())
        .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
        .addColumn("product_id", "integer", (c) => c.notNull().references("products.id"))
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("devices_account").on("devices").columns(["account_id", "product_id"]).execute();

      await db.schema
        .createTable("sessions")
        .addColumn("id_hash", "text", (c) => c.primaryKey())
        .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("expires_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("sessions_account").on("sessions").column("account_id").execute();
      await db.schema.createIndex("sessions_expiry").on("sessions").column("expires_at").execute();

      await db.schema
        .createTable("one_time_tokens")
        .addColumn("token_hash", "text", (c) => c.primaryKey())
        .addColumn("purpose", "text", (c) => c.notNull())
        .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
        .addColumn("product_id", "integer", (c) => c.notNull().references("products.id"))
        .addColumn("return_url", "text")
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("expires_at", "bigint", (c) => c.notNull())
        .addColumn("used_at", "bigint")
        .execute();
      await db.schema.createIndex("one_time_tokens_expiry").on("one_time_tokens").column("expires_at").execute();

      await db.schema
        .createTable("outbox")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("to_address", "text", (c) => c.notNull())
        .addColumn("from_address", "text", (c) => c.notNull())
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("text_body", "text", (c) => c.notNull())
        .addColumn("html_body", "text", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("next_attempt_at", "bigint", (c) => c.notNull())
        .addColumn("locked_until", "bigint")
        .addColumn("locked_by", "text")
        .addColumn("sent_at", "bigint")
        .addColumn("failed_at", "bigint")
        .addColumn("last_error", "text")
        .execute();
      await db.schema.createIndex("outbox_pending").on("outbox").columns(["sent_at", "failed_at", "next_attempt_at"]).execute();

      await db.schema
        .createTable("rate_limits")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("window_start", "bigint", (c) => c.notNull())
        .addColumn("count", "integer", (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ["rate_limits", "outbox", "one_time_tokens", "sessions", "devices", "licenses", "products", "accounts"]) {
        await db.schema.dropTable(table).execute();
      }
    },
  },
  "0002_device_settings": {
    async up(db: Kysely<unknown>) {
      // Per-device settings, for devices whether or not an account has claimed them yet.
      await db.schema
        .createTable("device_settings")
        .addColumn("uuid", "text", (c) => c.primaryKey())
        .addColumn("show_notifications", "integer", (c) => c.notNull())
        .addColumn("updated_at", "bigint", (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("device_settings").execute();
    },
  },
  "0006_external_logins": {
    async up(db: Kysely<unknown>) {
      // A social identity (provider and its subject, the stable id) linked to an account. The
      // email is the provider's address as last seen, for the operator; lookups use the subject.
      await db.schema
        .createTable("external_logins")
        .addColumn("provider", "text", (c) => c.notNull())
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("last_used_at", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("external_logins_pk", ["provider", "subject"])
        .execute();
      await db.schema.createIndex("external_logins_account").on("external_logins").column("account_id").execute();

      // One started social sign-in, bound to the browser that started it: the row is found by the
      // state the provider sends back and must match the PKCE verifier held in that browser's cookie.
      await db.schema
        .createTable("external_login_attempts")
        .addColumn("state_hash", "text", (c) => c.primaryKey())
        .addColumn("verifier_hash", "text", (c) => c.notNull().unique())
        .addColumn("provider", "text", (c) => c.notNull())
        .addColumn("nonce", "text", (c) => c.notNull())
        .addColumn("brand", "text", (c) => c.notNull())
        .addColumn("query", "text", (c) => c.notNull())
        .addColumn("return_url", "text")
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("expires_at", "bigint", (c) => c.notNull())
        .addColumn("used_at", "bigint")
        .execute();
      await db.schema.createIndex("external_login_attempts_expiry").on("external_login_attempts").column("expires_at").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("external_login_attempts").execute();
      await db.schema.dropTable("external_logins").execute();
    },
  },
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Applies every pending migration; answers whether the database was new (had none applied before). */
export async function migrateToLatest(db: Kysely<unknown>): Promise<{ fresh: boolean }> {
  const migrator = new Migrator({ db, provider });
  const before = await migrator.getMigrations();
  const fresh = before.every((migration) => migration.executedAt === undefined);
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
  return { fresh };
}
