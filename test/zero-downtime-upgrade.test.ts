import { existsSync } from "node:fs";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, POSTGRES_REQUIRED, type TestDatabase } from "./support/databases.ts";
import { unlimitedRateLimits } from "./support/limits.ts";
import { buildRelease, previousReleaseCommit, releaseTree, spawnRelease } from "./support/previous-release.ts";
import { PRODUCTION_ADDRESSES } from "./support/production-env.ts";
import { linkIn, messageIdOf, SmtpSink } from "./support/smtp-sink.ts";
import { type SpawnedServer, spawnServer } from "./support/spawn-server.ts";

/**
 * An upgrade with no downtime (issue 41): two instances of the previous release behind a balancer
 * on one PostgreSQL, under a steady load of sign-ins (access links asked for and opened, password
 * sign-ins, session checks). Instance one is taken out of the balancer, stopped and started on
 * this release, which migrates the database; instance two goes on running the previous release's
 * code against the new schema for a while, then is upgraded the same way. No request fails, every
 * mail arrives once, and every session made on the way is still signed in at the end.
 */

const PUBLIC_URL = "https://accounts.example";
const PASSWORD = "upgrade-password-1";
const PASSWORD_ACCOUNTS = 4;
const LINK_ACCOUNTS = 1_500;

interface Instance {
  server: SpawnedServer;
  release: "previous" | "this";
  up: boolean;
  inFlight: number;
}

let database: TestDatabase | undefined;
let sink: SmtpSink;
let previous: string;
let previousCommit = "";
const instances: Instance[] = [];

const env = () => ({
  NODE_ENV: "production",
  ...PRODUCTION_ADDRESSES,
  PUBLIC_URL,
  DATABASE_URL: database?.url ?? "",
  SMTP_URL: sink.url,
  SMTP_ALLOW_UNENCRYPTED: "true",
  LOG_LEVEL: "error",
  ...unlimitedRateLimits(),
});

beforeAll(async () => {
  if (!process.env.TEST_POSTGRES_URL) return;
  sink = await new SmtpSink().start();
  database = await createTestDatabase("postgres");
  previousCommit = previousReleaseCommit();
  previous = releaseTree(previousCommit);
  await buildRelease(previous);
}, 180_000);

afterAll(async () => {
  for (const instance of instances) await instance.server.kill();
  await database?.drop();
  await sink?.close();
});

it.skipIf(!process.env.TEST_POSTGRES_URL && process.env.TEST_SQLITE_ONLY === "1")(
  "upgrades two instances one at a time under load: no failed request, no mail twice, no session lost",
  async () => {
    if (!database) throw new Error(POSTGRES_REQUIRED);
    // Both instances of the previous release start together on the empty database: its
    // migrations run once, under the migrator's lock, whichever gets it first.
    const started = await Promise.all([spawnRelease(previous, env()), spawnRelease(previous, env())]);
    for (const server of started) instances.push({ server, release: "previous", up: true, inFlight: 0 });

    // The accounts, made with the previous release's own code (its schema is the database's now).
    const { openDatabase } = (await import(join(previous, "server/db/database.ts"))) as typeof import("../server/db/database.ts");
    // Releases before the domain's folders kept accounts.ts directly under server/auth/.
    const accountsModule = ["server/auth/kernel/accounts.ts", "server/auth/accounts.ts"].find((path) => existsSync(join(previous, path)));
    const { createAccount } = (await import(
      join(previous, accountsModule ?? "server/auth/kernel/accounts.ts")
    )) as typeof import("../server/auth/kernel/accounts.ts");
    const { db } = await openDatabase(database.url);
    const migrated = async () => (await sql<{ name: string }>`select name from kysely_migration`.execute(db)).rows.map((row) => row.name);
    const before = await migrated();
    const passwordEmails = Array.from({ length: PASSWORD_ACCOUNTS }, (_, index) => `password-${index}@example.com`);
    const linkEmails = Array.from({ length: LINK_ACCOUNTS }, (_, index) => `link-${index}@example.com`);
    for (const email of passwordEmails) await createAccount(db, { email, password: PASSWORD, product: "dsone" });
    for (const email of linkEmails) await createAccount(db, { email, product: "dsone" });

    // The balancer: round robin over the instances that are up; one being drained gets no new request.
    let turn = 0;
    const failures: string[] = [];
    const counts = { requests: 0, passwordSignIns: 0, linksAsked: 0, linksOpened: 0, sessionChecks: 0 };
    const send = async (path: string, init: RequestInit = {}): Promise<Response | undefined> => {
      const up = instances.filter((instance) => instance.up);
      const instance = up[turn++ % up.length];
      if (!instance) throw new Error("no instance is up");
      instance.inFlight += 1;
      counts.requests += 1;
      try {
        const response = await fetch(`${instance.server.url}${path}`, {
          ...init,
          headers: { "content-type": "application/json", origin: PUBLIC_URL, ...(init.headers as Record<string, string>) },
        });
        if (response.status !== 200) {
          failures.push(`${init.method ?? "GET"} ${path} on the ${instance.release} release: ${response.status} ${await response.text()}`);
          return undefined;
        }
        return response;
      } catch (error) {
        failures.push(`${init.method ?? "GET"} ${path} on the ${instance.release} release: ${(error as Error).message}`);
        return undefined;
      } finally {
        instance.inFlight -= 1;
      }
    };
    const post = (path: string, body: unknown) => send(path, { method: "POST", body: JSON.stringify(body) });
    const cookieOf = (response: Response) =>
      response.headers
        .getSetCookie()
        .find((line) => /^__Host-session=/.test(line))
        ?.split(";")[0];

    const sessions: string[] = [];
    const opened = new Set<string>();
    let running = true;
    const pause = () => new Promise((resolve) => setTimeout(resolve, 20));

    const passwordSignIns = async () => {
      for (let index = 0; running; index++) {
        const answer = await post("/api/dsone/password-login", {
          Email: passwordEmails[index % PASSWORD_ACCOUNTS],
          Password: PASSWORD,
          ReturnUrl: null,
        });
        const cookie = answer && cookieOf(answer);
        if (answer && !cookie) failures.push("a password sign-in set no session cookie");
        if (cookie) sessions.push(cookie);
        counts.passwordSignIns += 1;
        await pause();
      }
    };
    let nextLink = 0;
    const linkSignIns = async () => {
      while (running && nextLink < LINK_ACCOUNTS) {
        const email = linkEmails[nextLink++] as string;
        const asked = await post("/api/access-link", { Email: email, ProductId: 6 });
        if (!asked) continue;
        counts.linksAsked += 1;
        await openArrivedLinks();
        await pause();
      }
    };
    /** Opens each access link that has arrived and was not opened yet: a sign-in that ends in a session. */
    const openArrivedLinks = async () => {
      for (const mail of [...sink.messages]) {
        const to = mail.to[0] ?? "";
        if (!to.startsWith("link-") || opened.has(to)) continue;
        opened.add(to);
        const token = new URL(linkIn(mail, "/access-link?token=")).searchParams.get("token");
        const answer = await post("/api/access-link/consume", { token });
        const cookie = answer && cookieOf(answer);
        if (answer && !cookie) failures.push("an opened access link set no session cookie");
        if (cookie) sessions.push(cookie);
        counts.linksOpened += 1;
      }
    };
    const sessionChecks = async () => {
      for (let index = 0; running; index++) {
        const cookie = sessions[index % Math.max(1, sessions.length)];
        if (cookie) {
          const answer = await send("/api/dsone/session", { headers: { cookie } });
          if (answer && !((await answer.json()) as { signedIn?: boolean }).signedIn) failures.push("a session check found no session");
          counts.sessionChecks += 1;
        }
        await pause();
      }
    };

    /** Takes the instance out of the balancer, lets its requests finish, and starts it again on this release. */
    const upgrade = async (instance: Instance) => {
      instance.up = false;
      while (instance.inFlight > 0) await pause();
      await instance.server.stop();
      instance.server = await spawnServer(env());
      instance.release = "this";
      instance.up = true;
    };

    const load = Promise.all([passwordSignIns(), linkSignIns(), linkSignIns(), sessionChecks(), sessionChecks()]);
    const seconds = (s: number) => new Promise((resolve) => setTimeout(resolve, s * 1000));
    await seconds(3);
    await upgrade(instances[0] as Instance);
    // This release's first instance ran the migrations the previous one did not have.
    const after = await migrated();
    await db.destroy();
    // The previous release's code on the new schema, beside this release's.
    await seconds(5);
    await upgrade(instances[1] as Instance);
    await seconds(3);
    running = false;
    await load;

    // Every link asked for is mailed, once; then opened.
    const deadline = Date.now() + 60_000;
    while (sink.messages.filter((mail) => mail.to[0]?.startsWith("link-")).length < counts.linksAsked && Date.now() < deadline)
      await pause();
    await openArrivedLinks();
    const mailedTo = sink.messages.map((mail) => mail.to[0] ?? "").filter((to) => to.startsWith("link-"));
    const messageIds = sink.messages.map((mail) => messageIdOf(mail.raw));
    const report = {
      ...counts,
      failed: failures.length,
      linksMailed: new Set(mailedTo).size,
      duplicateMails: mailedTo.length - new Set(mailedTo).size + (messageIds.length - new Set(messageIds).size),
      sessions: sessions.length,
    };

    // Every session made on the way, on either release, is still signed in on both instances of this one.
    let lost = 0;
    for (const cookie of sessions)
      for (const instance of instances) {
        const answer = await fetch(`${instance.server.url}/api/dsone/session`, { headers: { cookie } });
        if (!((await answer.json()) as { signedIn?: boolean }).signedIn) lost += 1;
      }
    console.log(
      `zero-downtime upgrade from ${previousCommit.slice(0, 12)} (migrations run: ${after.length - before.length}):`,
      JSON.stringify({ ...report, sessionsLost: lost }),
    );
    expect(after.length).toBeGreaterThan(before.length);
    expect(failures.slice(0, 5)).toEqual([]);
    expect(report.linksMailed).toBe(counts.linksAsked);
    expect(report.duplicateMails).toBe(0);
    expect(lost).toBe(0);
    expect(instances.map((instance) => instance.release)).toEqual(["this", "this"]);
    // Enough happened across the upgrade for the figures to mean something, and the links lasted it out.
    expect(counts.linksAsked).toBeLessThan(LINK_ACCOUNTS);
    expect(counts.passwordSignIns).toBeGreaterThan(20);
    expect(counts.linksOpened).toBeGreaterThan(20);
    expect(counts.sessionChecks).toBeGreaterThan(100);
  },
  240_000,
);
