import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { accountForIdentity, linkIdentity } from "../server/auth/social/external-logins.ts";
import { openDatabase } from "../server/db/database.ts";
import { recordReport } from "../server/mail/delivery-state.ts";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "./support/databases.ts";

const CLI = join(import.meta.dirname, "..", "server", "cli.ts");
const UUID = "7d0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b";

describeEachDatabase("operator CLI on %s", (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });

  function run(env: Record<string, string>, args: string[]) {
    const result = spawnSync(process.execPath, [CLI, ...args], {
      // A key of its own for the mail the CLI queues (remove's goodbye), never the repository's data folder's.
      env: { ...process.env, DATABASE_URL: database.url, NODE_ENV: "test", MAIL_KEYS: Buffer.alloc(32, 7).toString("base64"), ...env },
      encoding: "utf8",
    });
    return { code: result.status, out: result.stdout, err: result.stderr };
  }
  const account = Object.assign((...args: string[]) => run({}, args), {
    withEnv:
      (env: Record<string, string>) =>
      (...args: string[]) =>
        run(env, args),
  });

  it("creates, shows and lists accounts without printing secrets", () => {
    const created = account("create", "--email", "Op@Example.com", "--password", "correct horse", "--product", "dsone", "--name", "Opal");
    expect(created.code).toBe(0);
    expect(created.out).toContain("email:     Op@Example.com");
    expect(created.out).toContain("password:  set");
    expect(created.out).toContain("licenses:  dsone:Active");
    expect(created.out).not.toMatch(/argon2|correct horse/);
    const shown = account("show", "--email", "op@example.com");
    expect(shown.code).toBe(0);
    expect(shown.out).toContain("name:      Opal");
    expect(account("list").out).toMatch(/Op@Example\.com\s+dsone:Active/);
  });

  it("sets a license state and links a device", () => {
    expect(account("license", "--email", "op@example.com", "--product", "dsone", "--state", "Expired").code).toBe(0);
    expect(account("link-device", "--email", "op@example.com", "--product", "dsone", "--uuid", UUID).code).toBe(0);
    const shown = account("show", "--email", "op@example.com").out;
    expect(shown).toContain("licenses:  dsone:Expired");
    expect(shown).toContain(`devices:   ${UUID} (dsone)`);
  });

  it("refuses bad input with one line, a non-zero exit, and no change", () => {
    const before = account("list").out;
    const cases: [string[], string][] = [
      [["create", "--email", "OP@example.com"], "error: an account for OP@example.com already exists"],
      [["create", "--email", "not-an-email"], 'error: "not-an-email" is not a valid email address'],
      [["create", "--email", "new@example.com", "--product", "gizmo"], 'error: unknown product "gizmo" (use dsone, maverick, solveiq)'],
      [["create", "--email", "short@example.com", "--password", "short"], "error: the password must be at least 8 characters long"],
      [["link-device", "--email", "op@example.com", "--product", "dsone", "--uuid", "not-a-uuid"], 'error: "not-a-uuid" is not a UUID'],
      [
        ["license", "--email", "op@example.com", "--product", "dsone", "--state", "Lifetime"],
        'error: unknown license state "Lifetime" (use Active, Trial, Expired or none)',
      ],
      [["show", "--email", "ghost@example.com"], "error: no account for ghost@example.com"],
    ];
    for (const [args, message] of cases) {
      const result = account(...args);
      expect(result.code, args.join(" ")).not.toBe(0);
      expect(result.err.trim(), args.join(" ")).toBe(message);
    }
    expect(account("list").out).toBe(before);
    // Nine processes in a row: generous on a shared, busy machine.
  }, 60_000);

  it("registers, lists and removes OpenID clients; a web client's secret is shown once and stored hashed", () => {
    const spa = account(
      "client",
      "add",
      "--id",
      "app-web",
      "--type",
      "spa",
      "--brand",
      "maverick",
      "--redirect-uri",
      "https://app.example/callback",
      "--redirect-uri",
      "https://app.example/cb2",
      "--post-logout-redirect-uri",
      "https://app.example/",
    );
    expect(spa.code, spa.err).toBe(0);
    expect(spa.out.trim()).toBe("client app-web registered");
    const web = account("client", "add", "--id", "reports", "--type", "web", "--redirect-uri", "https://reports.example/cb");
    expect(web.code).toBe(0);
    const secret = web.out.match(/client secret \(shown only now, stored hashed\): ([A-Za-z0-9_-]{43})/)?.[1];
    expect(secret).toBeDefined();
    const listed = account("client", "list").out;
    expect(listed).toContain("app-web (spa, maverick)");
    expect(listed).toContain("  redirect:    https://app.example/cb2");
    expect(listed).toContain("  post-logout: https://app.example/");
    expect(listed).toContain("reports (web, dsone)");
    expect(listed).not.toContain(secret as string);
    // DPoP (decision 68): a desktop agent's tokens are bound to its key unless the operator says otherwise.
    expect(account("client", "add", "--id", "agent-new", "--type", "native", "--redirect-uri", "http://127.0.0.1/cb").code).toBe(0);
    const optional = ["--id", "agent-old", "--type", "native", "--redirect-uri", "http://127.0.0.1/cb", "--dpop", "optional"];
    expect(account("client", "add", ...optional).code).toBe(0);
    const withDpop = account("client", "list").out;
    expect(withDpop).toContain("agent-new (native, dsone)\n  redirect:    http://127.0.0.1/cb\n  dpop:        required");
    expect(withDpop).toContain("agent-old (native, dsone)\n  redirect:    http://127.0.0.1/cb\n  dpop:        optional");
    expect(withDpop).toContain("app-web (spa, maverick)\n  redirect:    https://app.example/callback");
    expect(withDpop).toMatch(/reports \(web, dsone\)\n {2}redirect: {4}https:\/\/reports.example\/cb\n {2}dpop: {8}optional/);
    // Once its agents send proofs, an earlier agent's client is made required.
    expect(account("client", "set", "--id", "agent-old", "--dpop", "required").out.trim()).toBe("client agent-old: dpop required");
    expect(account("client", "list").out).toContain(
      "agent-old (native, dsone)\n  redirect:    http://127.0.0.1/cb\n  dpop:        required",
    );
    // A product API (decision 69): a secret, no redirect, the agents whose tokens it checks.
    const api = account("client", "add", "--id", "agent-api", "--type", "api", "--introspects", "agent-new");
    expect(api.code, api.err).toBe(0);
    expect(api.out).toMatch(/client secret \(shown only now, stored hashed\): [A-Za-z0-9_-]{43}/);
    expect(account("client", "set", "--id", "agent-api", "--introspects", "agent-new", "--introspects", "agent-old").out.trim()).toBe(
      "client agent-api: introspects agent-new, agent-old",
    );
    expect(account("client", "list").out).toContain("agent-api (api, dsone)\n  introspects: agent-new, agent-old");

    for (const [args, message] of [
      [
        ["client", "add", "--id", "app-web", "--type", "spa", "--redirect-uri", "https://x.example/"],
        "error: a client with id app-web already exists",
      ],
      [
        ["client", "add", "--id", "evil", "--type", "spa", "--redirect-uri", "http://evil.example/"],
        "error: redirect URI http://evil.example/ must be https (or http on this machine)",
      ],
      [
        ["client", "add", "--id", "type-1", "--type", "desktop", "--redirect-uri", "https://x.example/"],
        "error: --type must be one of spa, native, web, api",
      ],
      [["client", "add", "--id", "type-2", "--type", "spa"], "error: at least one --redirect-uri is required"],
      [
        ["client", "add", "--id", "dpop-1", "--type", "native", "--redirect-uri", "http://127.0.0.1/cb", "--dpop", "sometimes"],
        "error: --dpop must be one of required, optional",
      ],
      [["client", "remove", "--id", "ghost"], "error: no client with id ghost"],
      [["client", "set", "--id", "ghost", "--dpop", "required"], "error: no client with id ghost"],
      [["client", "set", "--id", "agent-old", "--dpop", "never"], "error: --dpop must be one of required, optional"],
      [["client", "set", "--id", "agent-old"], "error: --dpop must be one of required, optional"],
      [
        ["client", "add", "--id", "api-1", "--type", "api"],
        "error: an api needs at least one --introspects CLIENT_ID: the clients whose tokens it checks",
      ],
      [["client", "add", "--id", "api-2", "--type", "api", "--introspects", "ghost"], "error: --introspects ghost: no client with that id"],
      [
        ["client", "set", "--id", "agent-old", "--introspects", "agent-new"],
        "error: --introspects is for an api: a client that signs customers in checks only its own tokens",
      ],
    ] as [string[], string][]) {
      const result = account(...args);
      expect(result.code, args.join(" ")).not.toBe(0);
      expect(result.err.trim(), args.join(" ")).toBe(message);
    }
    expect(account("client", "remove", "--id", "reports").out.trim()).toBe("client reports removed");
    expect(account("client", "list").out).not.toContain("reports");
  }, 60_000);

  it("rotates the signing key", () => {
    const rotated = account("keys", "rotate");
    expect(rotated.code, rotated.err).toBe(0);
    const kid = rotated.out.match(/new signing key ([0-9a-f-]{36})/)?.[1];
    expect(kid).toBeDefined();
    expect(account("keys", "list").out).toContain(kid as string);
  }, 30_000);

  it("shows the Google logins linked to an account and removes one", async () => {
    const { db } = await openDatabase(database.url);
    try {
      const identity = { provider: "google", subject: "110169484474386276334", email: "op.google@example.com" };
      const match = await accountForIdentity(db, { ...identity, email: "op@example.com" });
      if (match.kind === "no-account") throw new Error("the account of the first test is missing");
      await linkIdentity(db, identity, match.accountId, { operator: "test" });
    } finally {
      await db.destroy();
    }
    const listed = account("logins", "--email", "op@example.com");
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(/^google 110169484474386276334 {2}op\.google@example\.com {2}linked \d{4}-/);
    const wrong = account("unlink-login", "--email", "op@example.com", "--provider", "google", "--subject", "someone-else");
    expect(wrong.code).toBe(1);
    expect(wrong.err.trim()).toBe("error: Op@Example.com has no google login with subject someone-else");
    const removed = account("unlink-login", "--email", "op@example.com", "--provider", "google", "--subject", "110169484474386276334");
    expect(removed.code).toBe(0);
    expect(removed.out.trim()).toBe("the google login 110169484474386276334 is no longer linked to op@example.com");
    expect(account("logins", "--email", "op@example.com").out.trim()).toBe("no linked logins for op@example.com");
    expect(account("logins", "--email", "ghost@example.com").err.trim()).toBe("error: no account for ghost@example.com");
    // Six CLI processes, each a Node start: on a busy machine that is well over the default.
  }, 60_000);

  it("shows the trail and where the account is signed in, signs out everywhere, and names the operator", () => {
    const before = account("sessions", "--email", "op@example.com");
    expect(before.code).toBe(0);
    expect(before.out.trim()).toBe("op@example.com is signed in nowhere");
    const everywhere = account("sign-out-everywhere", "--email", "op@example.com");
    expect(everywhere.out.trim()).toBe("op@example.com is signed out of every browser and every app");
    const trail = account("activity", "--email", "op@example.com");
    expect(trail.code).toBe(0);
    // Newest first: the sign-out everywhere, then the unlinking, each by this CLI's user.
    const lines = trail.out.trim().split("\n");
    expect(lines[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z {2}signed_out_everywhere {2}by cli:\S+$/);
    expect(lines[1]).toMatch(/ {2}google_unlinked {2}by cli:\S+ {2}\(google 110169484474386276334\)$/);
    const wrong = account("sign-out", "--email", "op@example.com", "--app", "no-such-app");
    expect({ code: wrong.code, err: wrong.err.trim() }).toEqual({ code: 1, err: "error: op@example.com is not signed in to no-such-app" });
    expect(account("activity", "--email", "op@example.com", "--days", "0").code).toBe(64);
  }, 60_000);

  it("removes an account as the customer's own deletion does, and mails the address goodbye", async () => {
    const removed = account("remove", "--email", "OP@example.com");
    expect(removed.code, removed.err).toBe(0);
    expect(removed.out.trim()).toBe("the account OP@example.com is removed");
    expect(account("show", "--email", "op@example.com").err.trim()).toBe("error: no account for op@example.com");
    const { db } = await openDatabase(database.url);
    try {
      expect(await db.selectFrom("devices").select("uuid").execute()).toEqual([]);
      expect(await db.selectFrom("outbox").select(["to_address", "subject"]).execute()).toEqual([
        { to_address: "Op@Example.com", subject: "Your DS One account is deleted" },
      ]);
      expect(await db.selectFrom("audit_events").select(["event", "account_id", "actor"]).execute()).toEqual([
        { event: "account_deleted", account_id: null, actor: expect.stringMatching(/^cli:/) },
      ]);
    } finally {
      await db.destroy();
    }
    expect(account("remove", "--email", "op@example.com").err.trim()).toBe("error: no account for op@example.com");
  }, 60_000);

  it("shows what the address's mail said and its last mails, and clears a bounce and a complaint with a reason", async () => {
    expect(account("create", "--email", "Mail.Op@example.com", "--product", "dsone").code).toBe(0);
    const quiet = account("show", "--email", "mail.op@example.com");
    expect(quiet.code, quiet.err).toBe(0);
    expect(quiet.out).toContain("mail:      fine (no bounce, no complaint)\nlast mails: none");

    // A sign-in link whose report said the mailbox does not exist, and a notice marked as spam.
    const { db } = await openDatabase(database.url);
    const ids = [crypto.randomUUID(), crypto.randomUUID()];
    try {
      const sentAt = Date.now() - 60_000;
      for (const [index, kind] of (["access_link", "new_sign_in"] as const).entries())
        await db
          .insertInto("outbox")
          .values({
            id: ids[index] as string,
            to_address: "Mail.Op@example.com",
            to_key: "mail.op@example.com",
            kind,
            from_address: "no-reply@localhost",
            subject: kind,
            text_body: "",
            html_body: "",
            created_at: sentAt + index,
            next_attempt_at: sentAt,
            sent_at: sentAt + 10,
          })
          .execute();
      const words = "550 5.1.1 <redacted>: Recipient address rejected: User unknown";
      expect(await recordReport(db, ids[0] as string, { delivery: "bounced", code: "550 5.1.1", words })).toBe(true);
      expect(await recordReport(db, ids[1] as string, { delivery: "complained", code: null, words: "feedback report: abuse" })).toBe(true);
    } finally {
      await db.destroy();
    }
    const reference = (id: string) => id.replaceAll("-", "").slice(0, 10).toUpperCase();
    const held = account("show", "--email", "mail.op@example.com").out;
    expect(held).toMatch(
      new RegExp(
        `^mail: {6}bounced \\d{4}-[\\d-]+T[\\d:.]+Z \\(no_mailbox, mail ${reference(ids[0] as string)}\\): 550 5\\.1\\.1 "550 5\\.1\\.1 <redacted>: Recipient address rejected: User unknown"; no mail goes until cleared$`,
        "m",
      ),
    );
    expect(held).toMatch(/^mail: {6}complained \d{4}-[\d-]+T[\d:.]+Z \(marked a mail as spam\); no notices go until cleared$/m);
    // Newest first: the notice, then the link; each with its reference, kind, time, state and code.
    expect(held).toMatch(
      new RegExp(
        `^last mails:\n {2}${reference(ids[1] as string)} {2}new_sign_in +\\S+Z {2}complained\n {2}${reference(ids[0] as string)} {2}access_link +\\S+Z {2}bounced +550 5\\.1\\.1$`,
        "m",
      ),
    );

    // Without a reason, or for an address nobody has: an error, and the address stays held.
    const noReason = account("mail-clear", "--email", "mail.op@example.com");
    expect(noReason.code).toBe(64);
    expect(noReason.err).toMatch(/^error: missing --reason\n/);
    const ghost = account("mail-clear", "--email", "ghost@example.com", "--reason", "ticket 77");
    expect({ code: ghost.code, err: ghost.err.trim() }).toEqual({
      code: 1,
      err: "error: no account for ghost@example.com, and none asked to change its email to it",
    });
    expect(account("show", "--email", "mail.op@example.com").out).toContain("mail:      bounced");

    const cleared = account("mail-clear", "--email", "MAIL.OP@example.com", "--reason", "ticket 77: mailbox made again");
    expect(cleared.code, cleared.err).toBe(0);
    expect(cleared.out.trim()).toMatch(
      /^mail to Mail\.Op@example\.com goes again; cleared: bounce 550 5\.1\.1 of \d{4}-\S+Z, complaint of \d{4}-\S+Z$/,
    );
    const after = account("show", "--email", "mail.op@example.com").out;
    expect(after).toContain("mail:      fine (no bounce, no complaint)");
    // The mails keep what they were told.
    expect(after).toMatch(/access_link +\S+Z {2}bounced +550 5\.1\.1$/m);
    const [entry] = account("activity", "--email", "mail.op@example.com").out.trim().split("\n");
    expect(entry).toMatch(
      / {2}mail_cleared {2}by cli:\S+ {2}\(ticket 77: mailbox made again \(cleared: bounce 550 5\.1\.1, complaint\)\)$/,
    );

    // Again: nothing is held, so nothing changes and the trail is not written again.
    const again = account("mail-clear", "--email", "mail.op@example.com", "--reason", "ticket 77");
    expect({ code: again.code, out: again.out.trim() }).toEqual({
      code: 0,
      out: "nothing to clear: mail to Mail.Op@example.com had neither bounced nor drawn a complaint",
    });
    expect(account("activity", "--email", "mail.op@example.com").out.match(/mail_cleared/g)).toHaveLength(1);
    // Ten CLI processes, each a Node start.
  }, 60_000);

  it("explains its usage for an unknown command", () => {
    const result = account("frobnicate");
    expect(result.code).toBe(64);
    expect(result.err).toContain('error: unknown command "frobnicate"');
    expect(result.err).toContain("Usage: npm run account -- <command>");
  });

  it("shows a Google sign-in hold and clears it; prints how to register the RISC receiver by hand", async () => {
    expect(account("create", "--email", "held.op@example.com").code).toBe(0);
    const { db } = await openDatabase(database.url);
    try {
      await db
        .updateTable("accounts")
        .set({ google_held_at: Date.UTC(2026, 11, 3, 9) })
        .where("email_key", "=", "held.op@example.com")
        .execute();
    } finally {
      await db.destroy();
    }
    expect(account("show", "--email", "held.op@example.com").out).toContain(
      "google:    sign-in held since 2026-12-03T09:00:00.000Z (Google said it was hijacked); google-hold-clear ends it",
    );
    expect(account("google-hold-clear", "--email", "held.op@example.com").err).toMatch(/^error: missing --reason\n/);
    const cleared = account("google-hold-clear", "--email", "held.op@example.com", "--reason", "ticket 91: secured with Google");
    expect({ code: cleared.code, out: cleared.out.trim() }).toEqual({ code: 0, out: "Google signs held.op@example.com in again" });
    expect(account("show", "--email", "held.op@example.com").out).not.toContain("google:");
    expect(account("activity", "--email", "held.op@example.com").out.trim().split("\n")[0]).toMatch(
      / {2}google_hold_cleared {2}by cli:\S+ {2}\(ticket 91: secured with Google\)$/,
    );

    expect(account("google-risc-register").err.trim()).toBe(
      "error: Google sign-in is not configured (GOOGLE_CLIENT_ID): there is nothing to register",
    );
    const google = {
      GOOGLE_CLIENT_ID: "client-1.apps.googleusercontent.com",
      GOOGLE_CLIENT_SECRET: "s",
      PUBLIC_URL: "https://account.example.com",
    };
    const byHand = account.withEnv(google)("google-risc-register");
    expect(byHand.code, byHand.err).toBe(0);
    expect(byHand.out).toContain("Register https://account.example.com/google/risc with Google's Cross-Account Protection");
    expect(byHand.out).toContain('"delivery_method": "https://schemas.openid.net/secevent/risc/delivery-method/push"');
    // Eight CLI processes, each a Node start.
  }, 60_000);
});
