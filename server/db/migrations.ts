import { createHash } from "node:crypto";
import { type Kysely, PostgresAdapter, sql } from "kysely";
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
  "0003_outbox_redaction": {
    async up(db: Kysely<unknown>) {
      // One Message-ID per mail, kept across attempts, so a mail sent twice is recognisable.
      await db.schema.alterTable("outbox").addColumn("message_id", "text").execute();
      // Mail already delivered or abandoned carries sign-in links and reset codes nobody needs any
      // more: its bodies go, its delivery record stays.
      await sql`update outbox set text_body = '', html_body = '' where sent_at is not null or failed_at is not null`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("outbox").dropColumn("message_id").execute();
    },
  },
  "0003b_known_origins_session_last_seen": {
    async up(db: Kysely<unknown>) {
      // Devices (a long-lived cookie) and addresses an account signed in from: the owner's own
      // ways in, which others' failed attempts and mail requests do not use up.
      await db.schema
        .createTable("known_origins")
        .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
        .addColumn("mark", "text", (c) => c.notNull())
        .addColumn("last_seen_at", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("known_origins_pk", ["account_id", "mark"])
        .execute();
      await db.schema.createIndex("known_origins_seen").on("known_origins").column("last_seen_at").execute();
      // The idle timeout: sessions open today count as seen now, so none ends at this upgrade.
      await db.schema
        .alterTable("sessions")
        .addColumn("last_seen_at", "bigint", (c) => c.notNull().defaultTo(0))
        .execute();
      await db
        .updateTable("sessions" as never)
        .set({ last_seen_at: Date.now() } as never)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("sessions").dropColumn("last_seen_at").execute();
      await db.schema.dropTable("known_origins").execute();
    },
  },
  "0004_openid_provider": {
    async up(db: Kysely<unknown>) {
      // Everything the OpenID Provider keeps: codes, tokens, grants, sessions and interactions
      // (one table, keyed by model and id), the operator's clients, and the signing keys.
      await db.schema
        .createTable("oidc_payloads")
        .addColumn("model", "text", (c) => c.notNull())
        .addColumn("id", "text", (c) => c.notNull())
        .addColumn("payload", "text", (c) => c.notNull())
        .addColumn("grant_id", "text")
        .addColumn("uid", "text")
        .addColumn("user_code", "text")
        .addColumn("expires_at", "bigint")
        .addColumn("consumed_at", "bigint")
        .addPrimaryKeyConstraint("oidc_payloads_pk", ["model", "id"])
        .execute();
      await db.schema.createIndex("oidc_payloads_grant").on("oidc_payloads").column("grant_id").execute();
      await db.schema.createIndex("oidc_payloads_uid").on("oidc_payloads").columns(["model", "uid"]).execute();
      await db.schema.createIndex("oidc_payloads_expiry").on("oidc_payloads").column("expires_at").execute();

      await db.schema
        .createTable("oidc_clients")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("brand", "text", (c) => c.notNull())
        .addColumn("redirect_uris", "text", (c) => c.notNull())
        .addColumn("post_logout_redirect_uris", "text", (c) => c.notNull())
        .addColumn("secret_hash", "text")
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("oidc_keys")
        .addColumn("kid", "text", (c) => c.primaryKey())
        .addColumn("purpose", "text", (c) => c.notNull())
        .addColumn("secret", "text", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("activates_at", "bigint", (c) => c.notNull())
        .addColumn("retired_at", "bigint")
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ["oidc_keys", "oidc_clients", "oidc_payloads"]) await db.schema.dropTable(table).execute();
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
  "0007_sign_in_codes": {
    async up(db: Kysely<unknown>) {
      // The six-digit code an access-link mail carries, bound to the browser that asked for it:
      // one row per browser (the hash of the secret in its cookie), pointing at the link it can
      // stand in for. The code is stored only as a hash salted with that browser's secret.
      await db.schema
        .createTable("sign_in_codes")
        .addColumn("browser_hash", "text", (c) => c.primaryKey())
        .addColumn("token_hash", "text", (c) => c.notNull().references("one_time_tokens.token_hash").onDelete("cascade"))
        .addColumn("code_hash", "text", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("expires_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("sign_in_codes_token").on("sign_in_codes").column("token_hash").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("sign_in_codes").execute();
    },
  },
  "0008_oidc_ids_hashed_and_owned": {
    async up(db: Kysely<unknown>) {
      // The provider's objects are found by the SHA-256 of their id, never the id itself: a copy
      // of the table (or a page of the database file) hands out no token, code or session. Each
      // row also names its account, so every grant and token of an account ends in one statement.
      await db.schema.alterTable("oidc_payloads").addColumn("account_id", "text").execute();
      await db.schema.createIndex("oidc_payloads_account").on("oidc_payloads").column("account_id").execute();
      const table = db as unknown as Kysely<{ oidc_payloads: { model: string; id: string; payload: string; account_id: string | null } }>;
      const rows = await table.selectFrom("oidc_payloads").select(["model", "id", "payload"]).execute();
      for (const row of rows) {
        const payload = JSON.parse(row.payload) as {
          jti?: unknown;
          accountId?: unknown;
          session?: { accountId?: unknown; cookie?: unknown };
        };
        delete payload.jti;
        if (payload.session) delete payload.session.cookie;
        const accountId = payload.accountId ?? payload.session?.accountId;
        await table
          .updateTable("oidc_payloads")
          .set({
            id: createHash("sha256").update(row.id).digest("hex"),
            payload: JSON.stringify(payload),
            account_id: typeof accountId === "string" ? accountId : null,
          })
          .where("model", "=", row.model)
          .where("id", "=", row.id)
          .execute();
      }
    },
    async down(db: Kysely<unknown>) {
      // The ids cannot be recovered from their hashes: the provider's objects are dropped.
      await db.deleteFrom("oidc_payloads" as never).execute();
      await db.schema.dropIndex("oidc_payloads_account").execute();
      await db.schema.alterTable("oidc_payloads").dropColumn("account_id").execute();
    },
  },
  "0009_telemetry_fingerprints": {
    async up(db: Kysely<unknown>) {
      // Client errors are grouped by a fingerprint (a hash of the kind, the normalised message and
      // the top frame) so the operations page counts them in SQL instead of reading every report.
      // Older reports get the start of their detail (their message), close to how they were grouped.
      await db.schema.alterTable("telemetry_events").addColumn("fingerprint", "text").execute();
      await sql`update telemetry_events set fingerprint = 'legacy:' || substr(detail, 1, 300) where kind = 'error'`.execute(db);
      // The page reads one kind over a period (the newest rows first), and one example per group.
      await db.schema.createIndex("telemetry_events_kind_time").on("telemetry_events").columns(["kind", "created_at"]).execute();
      await db.schema.createIndex("telemetry_events_fingerprint").on("telemetry_events").columns(["fingerprint", "created_at"]).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("telemetry_events_fingerprint").execute();
      await db.schema.dropIndex("telemetry_events_kind_time").execute();
      await db.schema.alterTable("telemetry_events").dropColumn("fingerprint").execute();
    },
  },
  "0010_audit_events": {
    async up(db: Kysely<unknown>) {
      // The account's security trail, append-only: what happened (a sign-in and how, a refusal and
      // why, a link or reset asked for, a password changed, a login linked, a sign-out, a new
      // browser, an operator's action and who took it), when, from which network and browser.
      // No secret and no full user agent. Deleting the account deletes its rows (the cascade);
      // the record that a deletion happened has no account.
      await db.schema
        .createTable("audit_events")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("account_id", "text", (c) => c.references("accounts.id").onDelete("cascade"))
        .addColumn("event", "text", (c) => c.notNull())
        .addColumn("method", "text")
        .addColumn("brand", "text")
        .addColumn("client_id", "text")
        .addColumn("reason", "text")
        .addColumn("address", "text")
        .addColumn("device", "text")
        .addColumn("actor", "text")
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("audit_events_account_time").on("audit_events").columns(["account_id", "created_at"]).execute();
      await db.schema.createIndex("audit_events_time").on("audit_events").column("created_at").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("audit_events").execute();
    },
  },
  "0011_where_signed_in": {
    async up(db: Kysely<unknown>) {
      // Where an account is signed in, as its owner sees it: each session's browser ("Chrome on
      // Windows") and network (IPv4, or the IPv6 /64) from its sign-in; and the app each provider
      // object belongs to, so one app's grant and its tokens end together.
      await db.schema.alterTable("sessions").addColumn("device", "text").execute();
      await db.schema.alterTable("sessions").addColumn("address", "text").execute();
      await db.schema.alterTable("oidc_payloads").addColumn("client_id", "text").execute();
      await db.schema.createIndex("oidc_payloads_account_client").on("oidc_payloads").columns(["account_id", "client_id"]).execute();
      const table = db as unknown as Kysely<{ oidc_payloads: { model: string; id: string; payload: string; client_id: string | null } }>;
      const rows = await table.selectFrom("oidc_payloads").select(["model", "id", "payload"]).execute();
      for (const row of rows) {
        const clientId = (JSON.parse(row.payload) as { clientId?: unknown }).clientId;
        if (typeof clientId !== "string") continue;
        await table
          .updateTable("oidc_payloads")
          .set({ client_id: clientId })
          .where("model", "=", row.model)
          .where("id", "=", row.id)
          .execute();
      }
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("oidc_payloads_account_client").execute();
      await db.schema.alterTable("oidc_payloads").dropColumn("client_id").execute();
      await db.schema.alterTable("sessions").dropColumn("address").execute();
      await db.schema.alterTable("sessions").dropColumn("device").execute();
    },
  },
  "0012_roles_and_disabled_accounts": {
    async up(db: Kysely<unknown>) {
      // Who may use the support console: "admin" (everything, and the operations page) or
      // "support" (find, view, the customer-facing actions); null for a customer. It replaces
      // is_admin. And when an account was disabled: no way in works until it is enabled again.
      await db.schema.alterTable("accounts").addColumn("role", "text").execute();
      await db.schema.alterTable("accounts").addColumn("disabled_at", "bigint").execute();
      const accounts = db as unknown as Kysely<{ accounts: { is_admin: number; role: string | null } }>;
      await accounts.updateTable("accounts").set({ role: "admin" }).where("is_admin", "=", 1).execute();
      await db.schema.alterTable("accounts").dropColumn("is_admin").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema
        .alterTable("accounts")
        .addColumn("is_admin", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      const accounts = db as unknown as Kysely<{ accounts: { is_admin: number; role: string | null } }>;
      await accounts.updateTable("accounts").set({ is_admin: 1 }).where("role", "=", "admin").execute();
      await db.schema.alterTable("accounts").dropColumn("disabled_at").execute();
      await db.schema.alterTable("accounts").dropColumn("role").execute();
    },
  },
  "0013_passkeys": {
    async up(db: Kysely<unknown>) {
      // Passkeys (docs/decisions/0059-passkeys.md): each credential's id, public key, sign count,
      // transports, backup state and AAGUID, the name its owner sees, and the browser it was made
      // in (the hash of the device cookie), so that browser is not offered another. No secret:
      // the public key is not one. Deleting the account deletes them.
      await db.schema
        .createTable("passkeys")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
        .addColumn("public_key", "text", (c) => c.notNull())
        .addColumn("sign_count", "bigint", (c) => c.notNull())
        .addColumn("transports", "text")
        .addColumn("device_type", "text")
        .addColumn("backed_up", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("aaguid", "text")
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("browser_mark", "text")
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("last_used_at", "bigint")
        .execute();
      await db.schema.createIndex("passkeys_account").on("passkeys").column("account_id").execute();
      // Each challenge once: stored hashed, bound to the browser that asked (the hash of its
      // cookie's secret), short lived, deleted when spent.
      await db.schema
        .createTable("passkey_challenges")
        .addColumn("challenge_hash", "text", (c) => c.primaryKey())
        .addColumn("browser_hash", "text", (c) => c.notNull())
        .addColumn("purpose", "text", (c) => c.notNull())
        .addColumn("account_id", "text", (c) => c.references("accounts.id").onDelete("cascade"))
        .addColumn("expires_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("passkey_challenges_expiry").on("passkey_challenges").column("expires_at").execute();
      // How each session was signed in, as RFC 8176 names it: the ID token's amr.
      await db.schema.alterTable("sessions").addColumn("amr", "text").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("sessions").dropColumn("amr").execute();
      await db.schema.dropTable("passkey_challenges").execute();
      await db.schema.dropTable("passkeys").execute();
    },
  },
  "0014_account_language": {
    async up(db: Kysely<unknown>) {
      // The language the account last signed in with (common/languages.ts): what a mail sent with
      // no browser involved (a link support sends) is written in. Null until the next sign-in:
      // such mail is then in English, as all mail was before.
      await db.schema.alterTable("accounts").addColumn("language", "text").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("accounts").dropColumn("language").execute();
    },
  },
  "0015_taking_an_account_back": {
    async up(db: Kysely<unknown>) {
      // A browser's challenges are found by its cookie's hash, to keep only its newest few.
      await db.schema.createIndex("passkey_challenges_browser").on("passkey_challenges").column("browser_hash").execute();
      // When the session last proved who it is (a password or an emailed code typed again): with
      // its sign-in, what makes it recent enough to add a way in (docs/decisions/0065).
      await db.schema.alterTable("sessions").addColumn("verified_at", "bigint").execute();
      // Wrong confirmation codes over the session's whole life: a stolen cookie gets a few guesses,
      // not one a minute for a month.
      await db.schema
        .alterTable("sessions")
        .addColumn("confirm_failures", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      // The passkey a session signed in with: removing the passkey signs those browsers out too.
      await db.schema.alterTable("sessions").addColumn("passkey_id", "text").execute();
      // Which session added a passkey (its id's hash), and the hash of the mailed link that removes
      // the passkey and signs that session out.
      await db.schema.alterTable("passkeys").addColumn("added_by_session", "text").execute();
      await db.schema.alterTable("passkeys").addColumn("removal_token_hash", "text").execute();
      await db.schema.alterTable("passkeys").addColumn("added_from", "text").execute();
      // A code mailed to confirm it is the owner, one per session, salted with the session's secret.
      await db.schema
        .createTable("step_up_codes")
        .addColumn("session_hash", "text", (c) => c.primaryKey())
        .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
        .addColumn("code_hash", "text", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull())
        .addColumn("expires_at", "bigint", (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("step_up_codes").execute();
      await db.schema.alterTable("passkeys").dropColumn("added_from").execute();
      await db.schema.alterTable("passkeys").dropColumn("removal_token_hash").execute();
      await db.schema.alterTable("passkeys").dropColumn("added_by_session").execute();
      await db.schema.alterTable("sessions").dropColumn("passkey_id").execute();
      await db.schema.alterTable("sessions").dropColumn("confirm_failures").execute();
      await db.schema.alterTable("sessions").dropColumn("verified_at").execute();
      await db.schema.dropIndex("passkey_challenges_browser").execute();
    },
  },
  "0017_this_was_not_me": {
    async up(db: Kysely<unknown>) {
      // What a "New sign-in" mail's "This wasn't me" link names (its token is a one_time_tokens
      // row): the session that signed in, by its hash, and the browser, network and time the
      // page shows (docs/decisions/0067).
      await db.schema
        .createTable("sign_in_notices")
        .addColumn("token_hash", "text", (c) => c.primaryKey())
        .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
        .addColumn("session_hash", "text", (c) => c.notNull())
        .addColumn("device", "text")
        .addColumn("address", "text")
        .addColumn("signed_in_at", "bigint", (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("sign_in_notices").execute();
    },
  },
  "0018_back_channel_logout": {
    async up(db: Kysely<unknown>) {
      // Where an app is told that a sign-in ended (OpenID Connect Back-Channel Logout), and
      // whether it wants the provider session's sid in the logout token (docs/decisions/0066).
      await db.schema.alterTable("oidc_clients").addColumn("backchannel_logout_uri", "text").execute();
      await db.schema
        .alterTable("oidc_clients")
        .addColumn("backchannel_logout_session_required", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      // One logout token to deliver to one app, queued in the transaction that ended the sign-in
      // and claimed like a mail. No foreign key: a deleted account's apps are told too.
      await db.schema
        .createTable("logout_deliveries")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("client_id", "text", (c) => c.notNull())
        .addColumn("account_id", "text", (c) => c.notNull())
        .addColumn("sid", "text")
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("next_attempt_at", "bigint", (c) => c.notNull())
        .addColumn("locked_until", "bigint")
        .addColumn("locked_by", "text")
        .addColumn("delivered_at", "bigint")
        .addColumn("failed_at", "bigint")
        .addColumn("last_error", "text")
        .execute();
      await db.schema.createIndex("logout_deliveries_due").on("logout_deliveries").column("next_attempt_at").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("logout_deliveries").execute();
      await db.schema.alterTable("oidc_clients").dropColumn("backchannel_logout_session_required").execute();
      await db.schema.alterTable("oidc_clients").dropColumn("backchannel_logout_uri").execute();
    },
  },
  "0019_dpop": {
    async up(db: Kysely<unknown>) {
      // Whether a client's tokens must be bound to a DPoP key (docs/decisions/0068). Clients
      // registered before this keep "optional", so their agents, which send no proof yet, go on
      // working; the CLI registers new desktop agents "required".
      await db.schema
        .alterTable("oidc_clients")
        .addColumn("dpop", "text", (c) => c.notNull().defaultTo("optional"))
        .execute();
      // Each DPoP proof's jti (hashed with its client), kept while the proof could still be
      // accepted: the primary key makes a second copy's insert fail, on whichever instance.
      await db.schema
        .createTable("dpop_proofs")
        .addColumn("jti_hash", "text", (c) => c.primaryKey())
        .addColumn("expires_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("dpop_proofs_expiry").on("dpop_proofs").column("expires_at").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("dpop_proofs").execute();
      await db.schema.alterTable("oidc_clients").dropColumn("dpop").execute();
    },
  },
  "0020_introspecting_apis": {
    async up(db: Kysely<unknown>) {
      // The clients whose access tokens a product API may introspect (a JSON array of client
      // ids): an API checks its desktop agents' DPoP-bound tokens by their cnf.jkt (decision 69).
      await db.schema
        .alterTable("oidc_clients")
        .addColumn("introspects", "text", (c) => c.notNull().defaultTo("[]"))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("oidc_clients").dropColumn("introspects").execute();
    },
  },
  "0021_email_changes": {
    async up(db: Kysely<unknown>) {
      // A change of an account's email (server/auth/email-change, decision 70), from the request
      // to its confirmation by the new address and, for 7 days after, its undo by the old one.
      // Each link is a one-time token; this row says what it is for.
      await db.schema
        .createTable("email_changes")
        .addColumn("token_hash", "text", (c) => c.primaryKey())
        .addColumn("account_id", "text", (c) => c.notNull())
        .addColumn("old_email", "text", (c) => c.notNull())
        .addColumn("new_email", "text", (c) => c.notNull())
        .addColumn("session_hash", "text")
        .addColumn("code_hash", "text")
        .addColumn("code_attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("cancel_token_hash", "text", (c) => c.notNull().unique())
        .addColumn("undo_token_hash", "text", (c) => c.unique())
        .addColumn("requested_at", "bigint", (c) => c.notNull())
        .addColumn("confirmed_at", "bigint")
        .addColumn("ended_at", "bigint")
        .addColumn("ended_how", "text")
        .execute();
      await db.schema.createIndex("email_changes_account").on("email_changes").column("account_id").execute();
      await db.schema.createIndex("email_changes_requested").on("email_changes").column("requested_at").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("email_changes").execute();
    },
  },
  "0022_retention_indexes": {
    async up(db: Kysely<unknown>) {
      // What each retention sweep (server/db/retention.ts) selects its next batch by, so a batch
      // reads the rows it deletes and no others, however many accounts the database holds: an
      // idle session by when it was last seen, a counter by its window, a settled mail or logout
      // token by when it failed or was delivered (a sent mail by outbox_pending's first column),
      // a "This wasn't me" notice by its sign-in, a code by its expiry. An address the account
      // has not signed in from for a month is forgotten sooner than a browser: its own index, so
      // that sweep does not walk past the browsers between a month and 400 days old batch after batch
      // (the sweep spells the condition as the index does, a literal, so both databases use it).
      await db.schema.createIndex("sessions_last_seen").on("sessions").column("last_seen_at").execute();
      await db.schema
        .createIndex("known_origins_address_seen")
        .on("known_origins")
        .column("last_seen_at")
        .where(sql<boolean>`mark like 'a.%'`)
        .execute();
      await db.schema.createIndex("sign_in_codes_expiry").on("sign_in_codes").column("expires_at").execute();
      await db.schema.createIndex("rate_limits_window").on("rate_limits").column("window_start").execute();
      await db.schema.createIndex("outbox_failed").on("outbox").column("failed_at").execute();
      await db.schema.createIndex("logout_deliveries_delivered").on("logout_deliveries").column("delivered_at").execute();
      await db.schema.createIndex("logout_deliveries_failed").on("logout_deliveries").column("failed_at").execute();
      await db.schema.createIndex("sign_in_notices_time").on("sign_in_notices").column("signed_in_at").execute();
      await db.schema.createIndex("step_up_codes_expiry").on("step_up_codes").column("expires_at").execute();
    },
    async down(db: Kysely<unknown>) {
      for (const index of [
        "step_up_codes_expiry",
        "sign_in_notices_time",
        "logout_deliveries_failed",
        "logout_deliveries_delivered",
        "outbox_failed",
        "rate_limits_window",
        "sign_in_codes_expiry",
        "known_origins_address_seen",
        "sessions_last_seen",
      ])
        await db.schema.dropIndex(index).execute();
    },
  },
  "0023_sign_in_approvals": {
    async up(db: Kysely<unknown>) {
      // Approving a sign-in on another device (server/auth/access-link/approval.ts, decision 73): the asking
      // browser's description for the phone to name it, the number its screen shows among the
      // three the phone offers, and whether the phone approved or refused.
      // One column a statement: SQLite adds no more at once.
      for (const [column, type] of [
        ["device", "text"],
        ["address", "text"],
        ["approval_number", "integer"],
        ["approval_choices", "text"],
        ["approved_at", "bigint"],
        ["refused_at", "bigint"],
      ] as const)
        await db.schema.alterTable("sign_in_codes").addColumn(column, type).execute();
    },
    async down(db: Kysely<unknown>) {
      for (const column of ["refused_at", "approved_at", "approval_choices", "approval_number", "address", "device"])
        await db.schema.alterTable("sign_in_codes").dropColumn(column).execute();
    },
  },
  "0024_who_added_a_password": {
    async up(db: Kysely<unknown>) {
      // Taking an account back (docs/decisions/0078): when a password was last set and by which
      // session, so that password cannot prove that session's recent sign-in, and an undo or a
      // cancellation removes it when the sessions of the change added it; and the session that
      // confirmed a change, whose additions an undo removes as the asking session's.
      await db.schema.alterTable("accounts").addColumn("password_set_at", "bigint").execute();
      await db.schema.alterTable("accounts").addColumn("password_set_by_session", "text").execute();
      await db.schema.alterTable("email_changes").addColumn("confirmed_by_session", "text").execute();
      // Until now the trail alone said when a password was set: an undo of a change asked for
      // before this step still finds a password set around it.
      await sql`
        update accounts set password_set_at = (
          select max(created_at) from audit_events
          where audit_events.account_id = accounts.id and audit_events.event in ('password_set', 'password_changed')
        )
        where password_hash is not null`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("email_changes").dropColumn("confirmed_by_session").execute();
      await db.schema.alterTable("accounts").dropColumn("password_set_by_session").execute();
      await db.schema.alterTable("accounts").dropColumn("password_set_at").execute();
    },
  },
  "0028_sessions_of_a_browser": {
    async up(db: Kysely<unknown>) {
      // "This wasn't me" (docs/decisions/0067) signs out every sign-in of the browser it tells of,
      // not only the one in the mail: each session keeps its browser's device mark (`d.` and the
      // hash of the device cookie, as known_origins and passkeys keep it), and so does the notice;
      // a sign-in approved on another device keeps the approving browser's, from the request it
      // was approved on to the session it became.
      await db.schema.alterTable("sessions").addColumn("browser_mark", "text").execute();
      await db.schema.alterTable("sessions").addColumn("approved_by_browser", "text").execute();
      await db.schema.alterTable("sign_in_notices").addColumn("browser_mark", "text").execute();
      await db.schema.alterTable("sign_in_codes").addColumn("approved_by_browser", "text").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("sign_in_codes").dropColumn("approved_by_browser").execute();
      await db.schema.alterTable("sign_in_notices").dropColumn("browser_mark").execute();
      await db.schema.alterTable("sessions").dropColumn("approved_by_browser").execute();
      await db.schema.alterTable("sessions").dropColumn("browser_mark").execute();
    },
  },
  "0029_logout_queue_bounds": {
    async up(db: Kysely<unknown>) {
      // The logout tokens still waiting, by app and session and by account: queuing one reads how
      // many wait for its app and its account (their caps) and whether its session's is already
      // there (docs/decisions/0079). Only waiting rows, so settled ones kept for 30 days cost nothing.
      const waiting = sql<boolean>`delivered_at is null and failed_at is null`;
      await db.schema
        .createIndex("logout_deliveries_waiting_app")
        .on("logout_deliveries")
        .columns(["client_id", "account_id", "sid"])
        .where(waiting)
        .execute();
      await db.schema
        .createIndex("logout_deliveries_waiting_account")
        .on("logout_deliveries")
        .column("account_id")
        .where(waiting)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("logout_deliveries_waiting_account").execute();
      await db.schema.dropIndex("logout_deliveries_waiting_app").execute();
    },
  },
  "0030_license_created_at": {
    async up(db: Kysely<unknown>) {
      // Since when a license is held, for the account page's "Active since". Nullable: the release
      // before this one inserts licenses without it while both run; readers take updated_at then.
      // Licenses from before this step were last changed at updated_at: the best date there is.
      await db.schema.alterTable("licenses").addColumn("created_at", "bigint").execute();
      await sql`update licenses set created_at = updated_at where created_at is null`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("licenses").dropColumn("created_at").execute();
    },
  },
  "0032_account_last_brand": {
    async up(db: Kysely<unknown>) {
      // The brand the customer last signed in through: the brand of mail no page names (decision
      // 75). Nullable: the release before this one signs in without writing it while both run, and
      // an account not signed in since has none; its mail then takes the first license's brand.
      await db.schema.alterTable("accounts").addColumn("last_brand", "text").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("accounts").dropColumn("last_brand").execute();
    },
  },
  "0033_mail_delivery_state": {
    async up(db: Kysely<unknown>) {
      // What became of each mail and what each address's mailbox said (docs/decisions/0087): the
      // mail's kind, its recipient's normalised address (an address's last mails, its rates), and
      // the relay's or the report's verdict with its status code and words. Nullable: the release
      // before this one queues mail without them while both run.
      for (const [column, type] of [
        ["kind", "text"],
        ["to_key", "text"],
        ["delivery", "text"],
        ["delivery_code", "text"],
        ["delivery_words", "text"],
        ["reported_at", "bigint"],
      ] as const)
        await db.schema.alterTable("outbox").addColumn(column, type).execute();
      await db.schema.createIndex("outbox_to_key").on("outbox").columns(["to_key", "created_at"]).execute();
      // Which mail carried a browser's sign-in request, so its waiting screen learns what became of it.
      await db.schema.alterTable("sign_in_codes").addColumn("mail_id", "text").execute();
      // An address that bounced gets no mail until cleared; one that complained gets no notices.
      await db.schema
        .createTable("mail_addresses")
        .addColumn("email_key", "text", (c) => c.primaryKey())
        .addColumn("bounced_at", "bigint")
        .addColumn("bounce_reason", "text")
        .addColumn("bounce_code", "text")
        .addColumn("bounce_words", "text")
        .addColumn("bounce_mail_id", "text")
        .addColumn("complained_at", "bigint")
        .addColumn("updated_at", "bigint", (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("mail_addresses").execute();
      await db.schema.alterTable("sign_in_codes").dropColumn("mail_id").execute();
      await db.schema.dropIndex("outbox_to_key").execute();
      for (const column of ["reported_at", "delivery_words", "delivery_code", "delivery", "to_key", "kind"])
        await db.schema.alterTable("outbox").dropColumn(column).execute();
    },
  },
  "0034_external_login_tenant": {
    async up(db: Kysely<unknown>) {
      // A Microsoft identity is found by its subject, as Google's is; its directory (tid) and its
      // id there (oid) are kept beside it (docs/decisions/0090-continue-with-microsoft.md), for
      // support and for a later tenant rule. Nullable: Google's logins have neither, and the
      // release before this one links without them while both run.
      await db.schema.alterTable("external_logins").addColumn("tenant_id", "text").execute();
      await db.schema.alterTable("external_logins").addColumn("object_id", "text").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("external_logins").dropColumn("object_id").execute();
      await db.schema.alterTable("external_logins").dropColumn("tenant_id").execute();
    },
  },
  "0035_google_risc": {
    async up(db: Kysely<unknown>) {
      // Google's security event tokens (Cross-Account Protection, docs/decisions/0091): each token
      // id is taken once, by one insert that conflicts on a replay, and kept until no token that
      // old is accepted any more.
      await db.schema
        .createTable("google_risc_tokens")
        .addColumn("jti_hash", "text", (c) => c.primaryKey())
        .addColumn("received_at", "bigint", (c) => c.notNull())
        .addColumn("expires_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("google_risc_tokens_expires_at").on("google_risc_tokens").column("expires_at").execute();
      // Set while Google sign-in is held after Google said the Google account was hijacked; and
      // when Google last asked the customer to change their Google credentials. Nullable: the
      // release before this one neither reads nor writes them while both run.
      await db.schema.alterTable("accounts").addColumn("google_held_at", "bigint").execute();
      await db.schema.alterTable("accounts").addColumn("google_change_asked_at", "bigint").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("accounts").dropColumn("google_change_asked_at").execute();
      await db.schema.alterTable("accounts").dropColumn("google_held_at").execute();
      await db.schema.dropTable("google_risc_tokens").execute();
    },
  },
  "0036_client_changes_notified": {
    async up(db: Kysely<unknown>) {
      // Each change of a registered client tells every instance listening (provider/client-cache.ts),
      // whoever makes it: the CLI, another instance, an operator's own SQL. PostgreSQL only: SQLite
      // has one server process, which reads its clients each time.
      if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
      await sql`
        create function notify_oidc_client_change() returns trigger language plpgsql as $$
        begin
          perform pg_notify('oidc_clients', case when tg_op = 'INSERT' then new.id else old.id end);
          return null;
        end $$`.execute(db);
      await sql`
        create trigger oidc_clients_changed after insert or update or delete on oidc_clients
        for each row execute function notify_oidc_client_change()`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
      await sql`drop trigger if exists oidc_clients_changed on oidc_clients`.execute(db);
      await sql`drop function if exists notify_oidc_client_change()`.execute(db);
    },
  },
  "0037_spent_challenges": {
    async up(db: Kysely<unknown>) {
      // The proof-of-work challenges already answered (server/challenge/proof-of-work.ts, decision
      // 93): each is taken once, by one insert that conflicts on a replay, and kept until it expires.
      await db.schema
        .createTable("spent_challenges")
        .addColumn("signature_hash", "text", (c) => c.primaryKey())
        .addColumn("expires_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("spent_challenges_expires_at").on("spent_challenges").column("expires_at").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("spent_challenges").execute();
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

/** Undoes every migration after `name`, the newest first: how a test stands a database before an upgrade. */
export async function migrateDownTo(db: Kysely<unknown>, name: string): Promise<void> {
  const { error } = await new Migrator({ db, provider }).migrateTo(name);
  if (error) throw error;
}
