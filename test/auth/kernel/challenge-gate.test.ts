import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { type ChallengeAsked, type ChallengeRefusal, type ProofOfWorkChallenge, proofOfWorkToken } from "../../../common/challenge.ts";
import { createAccount } from "../../../server/auth/kernel/accounts.ts";
import { issueProofOfWork } from "../../../server/challenge/proof-of-work.ts";
import { drainMail, signInByLink, startTestServer, type TestServer } from "../../support/app.ts";
import { describeEachDatabase } from "../../support/databases.ts";

/**
 * The human check under pressure (decision 93), through the real server on both databases: a
 * request past its challenge threshold is asked for a proof of work, the proof the browser would
 * find passes once, and a request that skips it, replays it, or brings a stale or foreign one is
 * refused, sends no mail and counts nothing.
 */
async function solve(challenge: ProofOfWorkChallenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("the challenge was not solved");
  return proofOfWorkToken(challenge, solution);
}

function powOf(asked: ChallengeAsked): ProofOfWorkChallenge {
  if (asked.provider !== "pow") throw new Error(`a ${asked.provider} challenge, not proof of work`);
  return asked.challenge;
}

describeEachDatabase("the human check under pressure on %s", (kind) => {
  let server: TestServer;
  let ip = 0;
  /** Each test from an address of its own, so one's counts never press another's. */
  let address: string;

  beforeAll(async () => {
    server = await startTestServer(kind, {
      CAPTCHA_PROVIDER: "pow",
      CHALLENGE_THRESHOLD: "50",
      CHALLENGE_DIFFICULTY: "2000",
      CHALLENGE_MAX_DIFFICULTY: "64000",
      ACCESS_LINK_LIMIT_PER_IP: "6",
      ACCESS_LINK_LIMIT_PER_EMAIL: "1000",
    });
    await createAccount(server.db, { email: "pressed@example.com", product: "dsone", name: "Pat" });
  });
  afterAll(async () => {
    await server?.stop();
  });
  beforeEach(() => {
    ip += 1;
    address = `198.51.100.${ip}`;
  });

  function ask(proof?: string, email = "pressed@example.com") {
    return server.app.inject({
      method: "POST",
      url: "/api/access-link",
      remoteAddress: address,
      headers: proof ? { "challenge-proof": proof } : {},
      payload: { Email: email, ProductId: 6 },
    });
  }

  async function mailCount(): Promise<number> {
    await drainMail(server);
    return server.delivered.filter((mail) => mail.to === "pressed@example.com").length;
  }

  async function ipCount(): Promise<number> {
    const rows = await server.db.selectFrom("rate_limits").select(["key", "count"]).where("key", "like", "access-link:ip|%").execute();
    return Number(rows.find((row) => row.key.endsWith(address))?.count ?? 0);
  }

  /** Asks until the threshold (3 of 6) is used, each link sent without a word of a challenge. */
  async function pressUpToThreshold(): Promise<void> {
    for (let request = 0; request < 3; request += 1) expect((await ask()).statusCode).toBe(200);
  }

  it("asks nothing below the threshold, and a proof of work past it; the solved request sends its link", async () => {
    const before = await mailCount();
    await pressUpToThreshold();
    expect(await mailCount()).toBe(before + 3);

    const refused = await ask();
    expect(refused.statusCode).toBe(428);
    const body = refused.json<ChallengeRefusal>();
    expect(body.code).toBe("CHALLENGE_REQUIRED");
    expect(body.message).toBe("Please confirm you're a person to continue.");
    const challenge = powOf(body.challenge);
    expect(challenge.parameters.data).toEqual({ purpose: "access-link", difficulty: 2000 });
    // Asking changed nothing: no mail, and the address's count is where it was.
    expect(await ipCount()).toBe(3);
    expect(await mailCount()).toBe(before + 3);

    const solved = await ask(await solve(challenge));
    expect(solved.statusCode).toBe(200);
    expect(solved.json()).toMatchObject({ isOk: true });
    expect(await mailCount()).toBe(before + 4);
  });

  it("refuses a replayed proof, and sends nothing for it", async () => {
    await pressUpToThreshold();
    const proof = await solve(powOf((await ask()).json<ChallengeRefusal>().challenge));
    expect((await ask(proof)).statusCode).toBe(200);
    const sent = await mailCount();
    const replayed = await ask(proof);
    expect(replayed.statusCode).toBe(403);
    expect(replayed.json<ChallengeRefusal>()).toMatchObject({ code: "CHALLENGE_FAILED", challenge: { provider: "pow" } });
    expect(await mailCount()).toBe(sent);
  });

  it("lets one of two requests racing with one proof through", async () => {
    await pressUpToThreshold();
    const proof = await solve(powOf((await ask()).json<ChallengeRefusal>().challenge));
    const answers = await Promise.all([ask(proof), ask(proof)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 403]);
  });

  it("refuses a stale proof, one made for another kind of request, a forged one, and garbage; a bad proof counts", async () => {
    const settings = server.config.challenge;
    const stale = await issueProofOfWork(settings, "access-link", 2000, Date.now() - settings.lifetimeMs - 60_000);
    const foreign = await issueProofOfWork(settings, "password", 2000);
    const forged = await issueProofOfWork({ ...settings, secret: "not the server's secret, but as long as one" }, "access-link", 2000);
    // A solution to one challenge sent with another.
    const mismatched = JSON.parse(atob(await solve(await issueProofOfWork(settings, "access-link", 2000))));
    mismatched.challenge = await issueProofOfWork(settings, "access-link", 2000);
    const proofs = [await solve(stale), await solve(foreign), await solve(forged), "not base64 json", btoa(JSON.stringify(mismatched))];
    for (const proof of proofs) {
      // Each from an address of its own, just past its threshold.
      address = `198.51.100.${++ip}`;
      await pressUpToThreshold();
      const sent = await mailCount();
      const answer = await ask(proof);
      expect(answer.statusCode).toBe(403);
      expect(answer.json<ChallengeRefusal>().code).toBe("CHALLENGE_FAILED");
      expect(await mailCount()).toBe(sent);
      // Unlike a request that brought no proof, a bad one is an attempt, and counts.
      expect(await ipCount()).toBe(4);
    }
  });

  it("refuses an easy proof, asked for early, once the pressure has grown", async () => {
    await pressUpToThreshold();
    const early = powOf((await ask()).json<ChallengeRefusal>().challenge);
    // Another request, proven, brings the count nearer the limit.
    expect((await ask(await solve(powOf((await ask()).json<ChallengeRefusal>().challenge)))).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(428);
    const late = await ask(await solve(early));
    expect(late.statusCode).toBe(403);
    // The fresh challenge it gets is as hard as the pressure now asks.
    expect(Number(powOf(late.json<ChallengeRefusal>().challenge).parameters.data?.difficulty)).toBeGreaterThan(2000);
  });

  it("asks for harder work as the count nears the limit", async () => {
    await pressUpToThreshold();
    const counters: number[] = [];
    for (let request = 0; request < 3; request += 1) {
      const challenge = powOf((await ask()).json<ChallengeRefusal>().challenge);
      const proof = await solve(challenge);
      counters.push(JSON.parse(atob(proof)).solution.counter);
      expect((await ask(proof)).statusCode).toBe(200);
    }
    // Just past the threshold: at most CHALLENGE_DIFFICULTY; at the limit: past it, up to the maximum.
    expect(counters[0]).toBeLessThanOrEqual(2000);
    expect(counters[2]).toBeGreaterThan(2000);
    // And past the limit, a proof does not lift it.
    expect((await ask()).statusCode).toBe(429);
  });
});

describeEachDatabase("every request that sends mail or checks a secret asks under pressure, on %s", (kind) => {
  let server: TestServer;
  let cookie: string;

  beforeAll(async () => {
    // Each limit at 2 (the password's step-up at 4): past half of it, the next request asks.
    server = await startTestServer(kind, {
      CAPTCHA_PROVIDER: "pow",
      CHALLENGE_DIFFICULTY: "1000",
      CHALLENGE_MAX_DIFFICULTY: "2000",
      ACCESS_LINK_CODE_LIMIT_PER_IP: "2",
      PASSKEY_CHALLENGE_LIMIT_PER_IP: "2",
      PASSWORD_RESET_LIMIT_PER_IP: "2",
      PASSWORD_FAILURE_LIMIT_PER_EMAIL_AND_IP: "4",
      EMAIL_CHANGE_LIMIT_PER_ACCOUNT: "2",
    });
    await createAccount(server.db, { email: "every@example.com", product: "dsone", password: "every-secret-1" });
    cookie = await signInByLink(server, "every@example.com");
  });
  afterAll(async () => {
    await server?.stop();
  });

  const REQUESTS: { purpose: string; url: string; payload: () => Record<string, unknown>; signedIn?: boolean }[] = [
    { purpose: "sign-in-code", url: "/api/access-link/code", payload: () => ({ code: "123456" }) },
    { purpose: "passkey", url: "/api/passkey/sign-in/options", payload: () => ({}) },
    { purpose: "password-reset", url: "/api/password/forgot", payload: () => ({ email: "every@example.com" }) },
    { purpose: "password", url: "/api/dsone/password-login", payload: () => ({ Email: "every@example.com", Password: "a-wrong-guess" }) },
    {
      purpose: "email-change",
      url: "/api/me/email",
      payload: () => ({ NewEmail: `new.${Date.now()}@example.com`, ProductId: 6 }),
      signedIn: true,
    },
  ];

  for (const request of REQUESTS) {
    it(`${request.purpose}: asks past the threshold, for a proof of its own kind, and takes one`, async () => {
      const send = (proof?: string) =>
        server.app.inject({
          method: "POST",
          url: request.url,
          remoteAddress: "203.0.113.50",
          headers: { ...(proof ? { "challenge-proof": proof } : {}), ...(request.signedIn ? { cookie } : {}) },
          payload: request.payload(),
        });
      let answer = await send();
      for (let tries = 0; answer.statusCode !== 428 && tries < 4; tries += 1) answer = await send();
      expect(answer.statusCode).toBe(428);
      const challenge = powOf(answer.json<ChallengeRefusal>().challenge);
      expect(challenge.parameters.data?.purpose).toBe(request.purpose);
      const proven = await send(await solve(challenge));
      // Past the check: the request's own answer (a wrong code or password is still wrong).
      expect([428, 403]).not.toContain(proven.statusCode);
    });
  }
});
