import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redactUrl } from "../../common/redact.ts";
import { redactUrlsIn, TELEMETRY_ENDPOINT } from "../../common/telemetry.ts";
import { createAccount } from "../../server/auth/kernel/accounts.ts";
import { openDatabase } from "../../server/db/database.ts";
import { describeDeliveryError } from "../../server/mail/worker.ts";
import { SmtpSink } from "../support/smtp-sink.ts";
import { type SpawnedServer, spawnServer } from "../support/spawn-server.ts";
import { recordCases } from "./scale.ts";

const secret = () => randomBytes(32).toString("base64url");

describe("log and telemetry redaction", () => {
  let cases = 0;
  afterAll(() => recordCases("log and telemetry redaction", cases));

  it("shows only allowlisted parameters, and redacts inside nested addresses", () => {
    const token = secret();
    const table: [string, string][] = [
      ["/dsone/access-link?token=abc&uuid=1", "/dsone/access-link?token=redacted&uuid=1"],
      ["/dsone/reset-password?code=1&email=a%40b.c", "/dsone/reset-password?code=redacted&email=redacted"],
      ["/dsone/login", "/dsone/login"],
      [
        `/dsone/login?ReturnUrl=${encodeURIComponent(`/dsone/access-link?token=${token}`)}`,
        `/dsone/login?ReturnUrl=${encodeURIComponent("/dsone/access-link?token=redacted")}`,
      ],
      [
        `/x?returnurl=${encodeURIComponent(`http://h/a?ReturnUrl=${encodeURIComponent(`/b?code=${token}&channel=beta`)}`)}`,
        `/x?returnurl=${encodeURIComponent(`http://h/a?ReturnUrl=${encodeURIComponent("/b?code=redacted&channel=beta")}`)}`,
      ],
      ["/register?registrationKey=ABCD-1234&ProductId=6", "/register?registrationKey=redacted&ProductId=6"],
      ["/api/users/pat%40example.com/profile?x=1", "/api/users/redacted/profile?x=redacted"],
      ["/api/users/pat@example.com", "/api/users/redacted"],
      [`/links/${token}`, "/links/redacted"],
      ["/device/3f2b8c1e-6a4d-4e0f-9b7a-2c5d8e1f4a60", "/device/3f2b8c1e-6a4d-4e0f-9b7a-2c5d8e1f4a60"],
      ["https://user:pw@example.com/a?usePassword=true", "https://redacted@example.com/a?usePassword=true"],
      ["/a#access_token=xyz", "/a#redacted"],
      ["/a?Token=x&TOKEN=y&failedEmail=z", "/a?Token=redacted&TOKEN=redacted&failedEmail=redacted"],
      ["/a?secretflag", "/a?secretflag=redacted"],
    ];
    for (const [input, expected] of table) {
      cases++;
      expect(redactUrl(input), input).toBe(expected);
    }
    cases++;
    expect(redactUrl(`/a?ReturnUrl=${"%2F%3FReturnUrl%3D".repeat(8)}${token}`)).not.toContain(token);
  });

  it("redacts addresses in free text in one pass, however the text is made", () => {
    const token = secret();
    const table: [string, string][] = [
      [`failed at https://h.example/a?token=${token} twice`, "failed at https://h.example/a?token=redacted twice"],
      [`fetch("/api/x?code=${token}&uuid=1")`, 'fetch("/api/x?code=redacted&uuid=1")'],
      ["no address here, only /paths and a question?", "no address here, only /paths and a question?"],
      [`at f (http://localhost:3000/assets/index-abc.js:1:2)`, "at f (http://localhost:3000/assets/index-abc.js:1:2)"],
    ];
    for (const [input, expected] of table) {
      cases++;
      expect(redactUrlsIn(input), input).toBe(expected);
    }
    // Shapes a browser may send that made the earlier pattern backtrack, each 200,000 characters:
    // every start position scanned to the end before failing (time quadratic in the length).
    const slashes = "/".repeat(200_000);
    cases++;
    expect(redactUrlsIn(slashes)).toBe(slashes);
    cases++;
    expect(redactUrlsIn(`${slashes}?token=${token}`)).toBe(`${slashes}?token=redacted`);
    cases++;
    expect(redactUrlsIn("/?".repeat(100_000))).toBe(`${"/?".repeat(100_000)}=redacted`);
    // The same matches as the earlier pattern, on short texts made of the characters that matter.
    const earlier = (text: string) => text.replace(/https?:\/\/[^\s"'<>]+|\/[^\s"'<>?]*\?[^\s"'<>]+/g, (url) => redactUrl(url));
    const piece = fc.constantFrom("/", "?", "&", "=", "#", ":", "s", "x", " ", "'", "<", "\n", "http://", "https://", "token=t", "uuid=1");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 14 }), (pieces) => {
        cases++;
        const text = pieces.join("");
        expect(redactUrlsIn(text), text).toBe(earlier(text));
      }),
      { numRuns: 2_000 },
    );
    const schemes = "http://".repeat(30_000);
    cases++;
    expect(redactUrlsIn(`${schemes}x?token=${token}`)).not.toContain(token);
    cases++;
    expect(redactUrlsIn("a /b? ".repeat(40_000))).toBe("a /b? ".repeat(40_000));
  });

  it("takes addresses out of a mail server's error", () => {
    cases++;
    const error = Object.assign(
      new Error("Can't send mail - all recipients were rejected: 550 5.1.1 <pat.smith@example.com>: User unknown"),
      {
        responseCode: 550,
      },
    );
    expect(describeDeliveryError(error)).toBe("Can't send mail - all recipients were rejected: 550 5.1.1 <redacted>: User unknown");
  });

  describe("in the server's own log", () => {
    const email = "hidden.person@example.com";
    let dir: string;
    let sink: SmtpSink;
    let server: SpawnedServer;
    const secrets = { nested: secret(), direct: secret(), key: "RK-7Q2M-9XZ4-PLMN", telemetry: secret(), reset: secret() };

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), "account-log-"));
      const databaseUrl = `file:${join(dir, "account.db")}`;
      const { db } = await openDatabase(databaseUrl);
      await createAccount(db, { email });
      await db.destroy();
      sink = await new SmtpSink().start();
      sink.rejecting = true;
      server = await spawnServer({ DATABASE_URL: databaseUrl, SMTP_URL: sink.url, LOG_LEVEL: "info" });
    }, 30_000);
    afterAll(async () => {
      await server?.stop();
      await sink?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it("never holds a token, key, code or the customer's email", async () => {
      const post = (path: string, body: unknown) =>
        fetch(`${server.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      await post("/api/access-link", { Email: email, ProductId: 6, ReturnUrl: `/dsone/access-link?token=${secrets.nested}` });
      await fetch(`${server.url}/dsone/login?ReturnUrl=${encodeURIComponent(`/dsone/access-link?token=${secrets.nested}`)}`);
      await fetch(`${server.url}/dsone/access-link?token=${secrets.direct}&registrationKey=${secrets.key}`);
      await fetch(`${server.url}/dsone/reset-password?code=${secrets.reset}&email=${encodeURIComponent(email)}`);
      await fetch(`${server.url}/api/customers/${encodeURIComponent(email)}/devices`);
      const pageView = await fetch(`${server.url}${TELEMETRY_ENDPOINT}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.url },
        body: JSON.stringify({
          session: "tab-12345678",
          events: [
            {
              kind: "page_view",
              path: `/profile/${email}`,
              query: { registrationKey: secrets.key, ReturnUrl: `/dsone/access-link?token=${secrets.telemetry}`, channel: "beta" },
              at: Date.now(),
            },
          ],
        }),
      });
      expect(pageView.status).toBe(204);
      // The rejection is permanent: one attempt, then the worker logs that it gave up.
      for (let waited = 0; waited < 10_000 && !server.output().includes("mail delivery abandoned"); waited += 100) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await server.stop();
      const log = server.output();
      expect(log).toContain("mail delivery abandoned");
      expect(sink.attempts).toHaveLength(1);
      // The page view is stored, not logged: the stored row is searched as well.
      const { db } = await openDatabase(`file:${join(dir, "account.db")}`);
      const stored = JSON.stringify(await db.selectFrom("telemetry_events").selectAll().execute());
      await db.destroy();
      expect(stored).toContain("page_view");
      for (const value of [...Object.values(secrets), email, encodeURIComponent(email)]) {
        cases++;
        expect(log, value).not.toContain(value);
        expect(stored, value).not.toContain(value);
      }
    });
  });
});
