import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { BrowserAgent } from "../support/browser-agent.ts";
import { describeEachDatabase } from "../support/databases.ts";
import { unlimitedRateLimits } from "../support/limits.ts";
import { type OidcTestBed, passwordSignIn, startOidcTestBed } from "../support/oidc-flow.ts";
import { SoftAuthenticator } from "../support/soft-authenticator.ts";
import { recordCases, scaled } from "./scale.ts";

/**
 * Passkeys under attack (docs/decisions/0059-passkeys.md): one assertion spent many times at once,
 * forged and altered assertions, and the per-address limits. Each refusal signs nobody in and
 * writes nothing but the trail.
 */
const FAMILY = "passkeys (replays, forgeries, limits)";

describeEachDatabase("passkeys under attack on %s", (kind) => {
  let bed: OidcTestBed;
  let limited: OidcTestBed;
  let cases = 0;

  beforeAll(async () => {
    bed = await startOidcTestBed(kind, unlimitedRateLimits());
    limited = await startOidcTestBed(kind, { PASSKEY_CHALLENGE_LIMIT_PER_IP: "3", PASSKEY_SIGN_IN_LIMIT_PER_IP: "2" });
  });
  afterAll(async () => {
    recordCases(FAMILY, cases);
    await bed?.server.stop();
    await limited?.server.stop();
  });

  const post = (on: OidcTestBed, browser: BrowserAgent, path: string, body: unknown = {}) =>
    browser.request(`${on.issuer}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: on.issuer },
      body: JSON.stringify(body),
    });
  // biome-ignore lint/suspicious/noExplicitAny: the options go to the soft authenticator and are read loosely.
  const options = async (on: OidcTestBed, browser: BrowserAgent, path = "/api/passkey/sign-in/options"): Promise<any> =>
    ((await (await post(on, browser, path, path.includes("register") ? { ProductId: 6 } : {})).json()) as { options: unknown }).options;
  const sessions = async (on: OidcTestBed) =>
    Number((await sql<{ n: number }>`select count(*) as n from sessions`.execute(on.server.db)).rows[0]?.n);

  async function authenticatorFor(on: OidcTestBed) {
    const owner = new BrowserAgent();
    const authenticator = new SoftAuthenticator(on.issuer);
    await passwordSignIn(on, owner);
    const made = await post(on, owner, "/api/passkey/register", {
      credential: authenticator.create(await options(on, owner, "/api/passkey/register/options")),
    });
    expect(made.status).toBe(200);
    return authenticator;
  }

  it("spends one assertion once, however many times it is sent at the same moment", async () => {
    const authenticator = await authenticatorFor(bed);
    const rounds = scaled(2, 10);
    for (let round = 0; round < rounds; round++) {
      const browser = new BrowserAgent();
      const credential = authenticator.get(await options(bed, browser));
      const before = await sessions(bed);
      const answers = await Promise.all(
        Array.from({ length: 25 }, () => post(bed, browser, "/api/passkey/sign-in", { credential, ProductId: 6 })),
      );
      cases += answers.length;
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
      expect(answers.every((answer) => answer.status === 200 || answer.status === 400 || answer.status === 401)).toBe(true);
      expect(await sessions(bed)).toBe(before + 1);
    }
  });

  it("refuses forged and altered assertions, signing nobody in", async () => {
    const authenticator = await authenticatorFor(bed);
    const forgeries: [string, (challenge: { challenge: string; rpId?: string }) => Record<string, unknown>][] = [
      ["another site's relying-party ID", (o) => authenticator.get({ ...o, rpId: "evil.example" })],
      ["another origin", (o) => authenticator.get(o, { origin: "https://evil.example" })],
      ["no user verification", (o) => authenticator.get(o, { userVerified: false })],
      [
        "a signature of other data",
        (o) => {
          const real = authenticator.get(o);
          const other = authenticator.get({ ...o, challenge: "b3RoZXI" });
          return { ...real, response: { ...real.response, signature: other.response.signature } };
        },
      ],
      [
        "another account's user handle",
        (o) => {
          const real = authenticator.get(o);
          return { ...real, response: { ...real.response, userHandle: Buffer.from("someone-else").toString("base64url") } };
        },
      ],
      [
        "an unknown credential",
        (o) => {
          const real = authenticator.get(o);
          return { ...real, id: "dW5rbm93bg", rawId: "dW5rbm93bg" };
        },
      ],
      ["a sign count gone backwards", (o) => authenticator.get(o, { signCount: 0 })],
      [
        "client data of a registration",
        (o) => {
          const real = authenticator.get(o);
          const data = JSON.parse(Buffer.from(real.response.clientDataJSON, "base64url").toString());
          return {
            ...real,
            response: {
              ...real.response,
              clientDataJSON: Buffer.from(JSON.stringify({ ...data, type: "webauthn.create" })).toString("base64url"),
            },
          };
        },
      ],
    ];
    // The first sign-in moves the count on, so a later count of 0 goes backwards.
    const first = new BrowserAgent();
    expect((await post(bed, first, "/api/passkey/sign-in", { credential: authenticator.get(await options(bed, first)) })).status).toBe(200);
    const before = await sessions(bed);
    for (const [what, forge] of forgeries) {
      const browser = new BrowserAgent();
      const answer = await post(bed, browser, "/api/passkey/sign-in", { credential: forge(await options(bed, browser)), ProductId: 6 });
      cases++;
      expect([400, 401], what).toContain(answer.status);
      expect((await answer.json()) as { code: string }, what).toMatchObject({ code: expect.stringMatching(/^PASSKEY_/) });
    }
    expect(await sessions(bed)).toBe(before);
  });

  it("limits challenges and sign-ins per address: 429 with Retry-After, and nothing stored", async () => {
    const authenticator = await authenticatorFor(limited);
    const browser = new BrowserAgent();
    const asked = [];
    for (let i = 0; i < 3; i++) asked.push(await options(limited, browser));
    const challenges = async () =>
      Number((await sql<{ n: number }>`select count(*) as n from passkey_challenges`.execute(limited.server.db)).rows[0]?.n);
    const held = await challenges();
    const over = await post(limited, browser, "/api/passkey/sign-in/options");
    cases += 4;
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await challenges()).toBe(held);

    // Two sign-ins are allowed; the third is refused before its signature is looked at.
    for (const [index, challenge] of asked.entries()) {
      const answer = await post(limited, browser, "/api/passkey/sign-in", { credential: authenticator.get(challenge), ProductId: 6 });
      cases++;
      expect(answer.status).toBe(index < 2 ? 200 : 429);
    }
  });
});
