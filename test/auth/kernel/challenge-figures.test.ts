import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type ChallengeRefusal, proofOfWorkToken } from "../../../common/challenge.ts";
import type { OperationsReport } from "../../../common/telemetry.ts";
import { createAccount } from "../../../server/auth/kernel/accounts.ts";
import { sessionCookieFrom, startTestServer, type TestServer } from "../../support/app.ts";
import { describeEachDatabase } from "../../support/databases.ts";

/**
 * The human checks as an operator sees them (decision 93), through the real server on both
 * databases: each outcome a request met is counted in account_challenges_total by route and on the
 * operations page for the period, and a flood of unsolved checks from one address stores no more
 * than that address's share of the telemetry window.
 */
const ORIGIN = "http://localhost:3000";
const METRICS_TOKEN = "metrics-token-for-tests-0123456789";

describeEachDatabase("the human checks' figures on %s", (kind) => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startTestServer(kind, {
      METRICS_TOKEN,
      CAPTCHA_PROVIDER: "pow",
      CHALLENGE_THRESHOLD: "50",
      CHALLENGE_DIFFICULTY: "1000",
      CHALLENGE_MAX_DIFFICULTY: "2000",
      ACCESS_LINK_LIMIT_PER_IP: "100",
      ACCESS_LINK_LIMIT_PER_EMAIL: "1000",
      // A share of 10 events per address in the window.
      TELEMETRY_LIMIT_TOTAL: "200",
      TELEMETRY_SHARE_PER_IP: "5",
    });
    await createAccount(server.db, { email: "admin@example.com", product: "dsone", password: "admin-password-1", role: "admin" });
    await createAccount(server.db, { email: "pressed@example.com", product: "dsone", name: "Pat" });
    const signedIn = await server.app.inject({
      method: "POST",
      url: "/api/dsone/password-login",
      remoteAddress: "198.51.100.200",
      headers: { origin: ORIGIN },
      payload: { Email: "admin@example.com", Password: "admin-password-1" },
    });
    expect(signedIn.statusCode).toBe(200);
    admin = sessionCookieFrom(signedIn);
  });
  afterAll(async () => {
    await server?.stop();
  });

  function ask(address: string, proof?: string) {
    return server.app.inject({
      method: "POST",
      url: "/api/access-link",
      remoteAddress: address,
      headers: { origin: ORIGIN, ...(proof ? { "challenge-proof": proof } : {}) },
      payload: { Email: "pressed@example.com", ProductId: 6 },
    });
  }

  /** Asks from `address` until it is past its threshold (50 of 100): the next request is asked for a check. */
  async function press(address: string): Promise<void> {
    for (let request = 0; request < 50; request += 1) expect((await ask(address)).statusCode).toBe(200);
  }

  async function solvedProof(refusal: ChallengeRefusal): Promise<string> {
    if (refusal.challenge.provider !== "pow") throw new Error("not a proof of work");
    const solution = await solveChallenge({ challenge: refusal.challenge.challenge, deriveKey });
    if (!solution) throw new Error("the challenge was not solved");
    return proofOfWorkToken(refusal.challenge.challenge, solution);
  }

  async function report(): Promise<OperationsReport> {
    const answer = await server.app.inject({ method: "GET", url: "/api/admin/operations?days=1", headers: { cookie: admin } });
    expect(answer.statusCode).toBe(200);
    return answer.json<OperationsReport>();
  }

  async function metricsText(): Promise<string> {
    return (await server.app.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body;
  }

  it("counts each check shown, solved and failed, by route in the metrics and for the period on the operations page", async () => {
    await server.db.deleteFrom("telemetry_events").execute();
    expect((await report()).challenges).toEqual({ shown: 0, solved: 0, failed: 0, unavailable: 0 });
    const address = "198.51.100.1";
    await press(address);
    const asked = await ask(address);
    expect(asked.statusCode).toBe(428);
    const proof = await solvedProof(asked.json<ChallengeRefusal>());
    expect((await ask(address, proof)).statusCode).toBe(200);
    // The same proof again: refused as spent.
    expect((await ask(address, proof)).statusCode).toBe(403);

    expect((await report()).challenges).toEqual({ shown: 1, solved: 1, failed: 1, unavailable: 0 });
    const rows = await server.db
      .selectFrom("telemetry_events")
      .select(["name", "screen", "account_id"])
      .where("kind", "=", "challenge")
      .execute();
    expect(rows.map((row) => row.name).sort()).toEqual(["failed", "shown", "solved"]);
    expect(rows.every((row) => row.screen === "/api/access-link" && row.account_id === null)).toBe(true);

    const text = await metricsText();
    for (const outcome of ["shown", "solved", "failed"])
      expect(text).toMatch(new RegExp(`^account_challenges_total\\{outcome="${outcome}",route="/api/access-link"\\} 1$`, "m"));
    expect(text).toMatch(/^# HELP account_challenges_total /m);
    expect(text).not.toMatch(/^account_challenges_total\{outcome="unavailable"/m);
  });

  it("stores no more than one address's share of a flood of unsolved checks, and leaves others room", async () => {
    await server.db.deleteFrom("telemetry_events").execute();
    const flooder = "198.51.100.2";
    await press(flooder);
    for (let request = 0; request < 20; request += 1) expect((await ask(flooder)).statusCode).toBe(428);
    // Each check shown and its refused sign-in step share the address's 10 events of the window.
    const stored = await server.db
      .selectFrom("telemetry_events")
      .select(["kind", "name"])
      .where("name", "in", ["shown", "refused"])
      .execute();
    expect(stored).toHaveLength(10);
    expect((await report()).challenges.shown).toBe(stored.filter((row) => row.kind === "challenge").length);
    // The metrics count every one, stored or not.
    expect(await metricsText()).toMatch(/^account_challenges_total\{outcome="shown",route="\/api\/access-link"\} 21$/m);

    const other = "198.51.100.3";
    await press(other);
    expect((await ask(other)).statusCode).toBe(428);
    expect((await report()).challenges.shown).toBe(stored.filter((row) => row.kind === "challenge").length + 1);
  });
});
