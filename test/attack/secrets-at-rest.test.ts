import { sql } from "kysely";
import * as client from "openid-client";
import { afterAll, beforeAll, expect, it } from "vitest";
import { removeAccount } from "../../server/auth/account/account-deletion.ts";
import { createAccount } from "../../server/auth/kernel/accounts.ts";
import { pruneSettledMail } from "../../server/mail/outbox.ts";
import { drainMail, startTestServer, type TestServer } from "../support/app.ts";
import { BrowserAgent } from "../support/browser-agent.ts";
import { describeEachDatabase } from "../support/databases.ts";
import { unlimitedRateLimits } from "../support/limits.ts";
import { authorize, desktopAgentSignIn, type OidcTestBed, startOidcTestBed } from "../support/oidc-flow.ts";
import { secretsAtRest } from "../support/secrets-at-rest.ts";
import { recordCases } from "./scale.ts";

const TOKEN = /(?:token|code)=([A-Za-z0-9_-]{43})/;
/** The mail shows the code as "123 456". */
const SIX_DIGITS = /type this code instead \(it works for 10 minutes\): (\d{3}) (\d{3})/;

/**
 * A backup taken in the middle of a customer's day must hand out nothing: every secret handed out
 * on a whole journey (an access link and its code, a reset link, the browser session, the
 * provider's session, a desktop agent's authorization codes, access and refresh tokens) is looked
 * for in every byte of the SQLite files and in a PostgreSQL dump.
 */
describeEachDatabase("secrets at rest after a whole journey on %s", (kind) => {
  let bed: OidcTestBed;
  let cases = 0;

  beforeAll(async () => {
    bed = await startOidcTestBed(kind, unlimitedRateLimits());
  });
  afterAll(async () => {
    recordCases("secrets at rest", cases);
    await bed?.server.stop();
  });

  async function mailed(): Promise<string> {
    await drainMail(bed.server);
    const text = bed.server.delivered.at(-1)?.text;
    if (!text) throw new Error("no mail");
    return text;
  }

  it("finds none of them in a copy of the database", async () => {
    const browser = new BrowserAgent();
    const post = (path: string, body: unknown) =>
      browser.request(`${bed.issuer}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: bed.issuer },
        body: JSON.stringify(body),
      });
    const secrets: Record<string, string> = {};

    // An access link, asked for in this browser so that its six-digit code works here, spent by that code.
    expect((await post("/api/access-link", { Email: bed.email, ProductId: 6 })).status).toBe(200);
    const linkMail = await mailed();
    secrets.accessLink = linkMail.match(TOKEN)?.[1] as string;
    const [, first, second] = linkMail.match(SIX_DIGITS) ?? [];
    secrets.signInCode = `${first}${second}`;
    secrets.signInCodeAsMailed = `${first} ${second}`;
    expect((await post("/api/access-link/code", { code: secrets.signInCode })).status).toBe(200);
    // A reset link, spent.
    expect((await post("/api/password/forgot", { email: bed.email })).status).toBe(200);
    secrets.resetLink = (await mailed()).match(TOKEN)?.[1] as string;
    const password = "a journey's new passphrase";
    const reset = await post("/api/password/reset", {
      Code: secrets.resetLink,
      Email: bed.email,
      Password: password,
      ConfirmPassword: password,
    });
    expect(reset.status).toBe(200);
    bed.password = password;

    // The desktop agent signs in through the browser, redeems its code and refreshes; a second
    // code is issued and left unredeemed.
    const agent = await desktopAgentSignIn(bed, browser);
    const refreshed = await client.refreshTokenGrant(agent.config, agent.tokens.refresh_token as string, undefined, { DPoP: agent.dpop });
    const pending = await authorize(bed, browser, agent.config, agent.redirectUri);
    Object.assign(secrets, {
      accessToken: agent.tokens.access_token,
      refreshToken: agent.tokens.refresh_token,
      refreshedAccessToken: refreshed.access_token,
      refreshedRefreshToken: refreshed.refresh_token,
      unredeemedCode: pending.callbackUrl.searchParams.get("code"),
      session: browser.cookieHeader(bed.issuer).match(/(?:^|; )session=([^;]+)/)?.[1],
      providerSession: browser.cookieHeader(bed.issuer).match(/oidc-session=([^;]+)/)?.[1],
    });

    for (const [name, secret] of Object.entries(secrets)) expect({ name, secret }).toEqual({ name, secret: expect.any(String) });
    cases += Object.keys(secrets).length;
    expect(await secretsAtRest(bed.server.database, Object.values(secrets))).toEqual([]);
  });
});

/**
 * A deleted account must not stay behind in the files: SQLite keeps the pages a deletion changed,
 * as they were before it, in the WAL until a checkpoint, where a copy of the files finds them.
 * The goodbye mail holds the address until it is delivered and pruned, so the address is looked
 * for once housekeeping has pruned it.
 */
describeEachDatabase("a deleted account at rest on %s", (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("leaves its id in no file once deleted, and its address none once the goodbye mail is pruned", async () => {
    const email = "gone.from.the.wal@example.com";
    const password = "a passphrase for the wal";
    const account = await createAccount(server.db, { email, password, product: "dsone" });
    const signIn = await server.app.inject({
      method: "POST",
      url: "/api/dsone/password-login",
      payload: { Email: email, Password: password },
    });
    expect(signIn.statusCode).toBe(200);
    expect(await secretsAtRest(server.database, [account.id])).not.toEqual([]);

    await removeAccount(server.db, server.config, email, { operator: "test" });
    expect(await secretsAtRest(server.database, [account.id])).toEqual([]);

    await drainMail(server);
    expect(server.delivered.at(-1)?.to).toBe(email);
    await pruneSettledMail(server.db, 0, Date.now() + 1);
    expect(await secretsAtRest(server.database, [account.id, email])).toEqual([]);
  });

  it.runIf(kind === "sqlite")("keeps the WAL from growing past what one burst of writes needs", async () => {
    const { rows } = await sql<{ journal_size_limit: number }>`pragma journal_size_limit`.execute(server.db);
    expect(rows).toEqual([{ journal_size_limit: 0 }]);
  });
});
