import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import pg from "pg";
import { bodyContext, type MailKeySettings, mailKeysFor } from "../../server/mail/body-encryption.ts";
import type { RunningServer } from "../../server/server.ts";
import type { TestDatabase } from "./databases.ts";

/** Mail key settings with a key of their own, for workers and outboxes built by hand. */
export function newMailKeySettings(): MailKeySettings {
  return { mailKeys: [randomBytes(32).toString("base64")], mailKeyFile: undefined };
}

/** The development mailbox's mails, oldest first, with their bodies decrypted as /dev/mailbox shows them. */
export async function mailboxMails(server: RunningServer & { config: MailKeySettings }) {
  const keys = mailKeysFor(server.config);
  const rows = await server.db.selectFrom("dev_mailbox").selectAll().orderBy("delivered_at").execute();
  return rows.map((row) => ({
    ...row,
    text: keys.open(row.text_body, bodyContext("dev_mailbox", row, "text")),
    html: keys.open(row.html_body, bodyContext("dev_mailbox", row, "html")),
  }));
}

const pgDumpAvailable = spawnSync("pg_dump", ["--version"]).status === 0;

/**
 * Which of `secrets` a copy of the database would show: for SQLite every byte of its files as they
 * are on disk (main file, WAL, shared memory), for PostgreSQL a pg_dump of the database (or, with
 * no pg_dump on the machine, every row of every table as text). Answers "<secret> in <where>".
 */
export async function secretsAtRest(database: TestDatabase, secrets: string[]): Promise<string[]> {
  const copies: [string, Buffer][] = [];
  if (database.url.startsWith("file:")) {
    const path = database.url.slice("file:".length);
    for (const file of [path, `${path}-wal`, `${path}-shm`]) {
      if (existsSync(file)) copies.push([file, readFileSync(file)]);
    }
  } else if (pgDumpAvailable) {
    copies.push(["pg_dump", execFileSync("pg_dump", ["--no-owner", `--dbname=${database.url}`], { maxBuffer: 256 * 1024 * 1024 })]);
  } else {
    copies.push(["every table", Buffer.from(await everyRowAsText(database.url))]);
  }
  return secrets.flatMap((secret) => copies.filter(([, bytes]) => bytes.includes(secret)).map(([where]) => `${secret} in ${where}`));
}

async function everyRowAsText(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      "select tablename as name from pg_tables where schemaname = current_schema()",
    );
    const texts: string[] = [];
    for (const { name } of tables) {
      const { rows } = await client.query(`select t::text as row from "${name}" t`);
      texts.push(...rows.map((row: { row: string }) => row.row));
    }
    return texts.join("\n");
  } finally {
    await client.end();
  }
}
