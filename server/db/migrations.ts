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
  "0005_telemetry_events": {
    async up(db: Kysely<unknown>) {
      // Page views, web vitals, client errors and sign-in funnel steps, kept for the retention
      // period (TELEMETRY_RETENTION) and then deleted by the housekeeping timer.
      await db.schema
        .createTable("telemetry_events")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("session_id", "text", (c) => c.notNull())
        .addColumn("account_id", "text")
        .addColumn("brand", "text", (c) => c.notNull())
        .addColumn("screen", "text", (c) => c.notNull())
        .addColumn("url", "text", (c) => c.notNull())
        .addColumn("value", "double precision")
        .addColumn("detail", "text")
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("telemetry_events_time").on("telemetry_events").columns(["created_at", "kind"]).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("telemetry_events").execute();
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
