import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createAccount } from "../../server/auth/kernel/accounts.ts";
import { hashSecret } from "../../server/secrets/tokens.ts";
import { drainMail, startTestServer, type TestServer, tokenFromMail } from "../support/app.ts";
import { describeEachDatabase } from "../support/databases.ts";
import { unlimitedRateLimits } from "../support/limits.ts";
import { recordCases, scaled } from "./scale.ts";

const RACE = 50;
/** Each reset hashes a password: npm test races ten of them, the full run fifty. */
const RESET_RACE = scaled(10, 50);

describeEachDatabase("one-time tokens on %s", (kind) => {
  let server: TestServer;
  let cases = 0;

  beforeAll(async () => {
    server = await startTestServer(kind, {
      ...unlimitedRateLimits(),
    });
    await createAccount(server.db, { email: "token@example.com", password: "token-password-1" });
  });
  afterAll(async () => {
    recordCases("one-time tokens", cases);
    await server?.stop();
  });

  async function newLink(): Promise<string> {
    const asked = await server.app.inject({
      method: "POST",
      url: "/api/access-link",
      payload: { Email: "token@example.com", ProductId: 6 },
    });
    expect(asked.statusCode).toBe(200);
    await drainMail(server);
    const mail = server.delivered.at(-1);
    if (!mail) throw new Error("no mail");
    return tokenFromMail(mail);
  }
  const consume = (token: unknown) => server.app.inject({ method: "POST", url: "/api/access-link/consume", payload: { token } });
  const sessions = async () =>
    Number(
      (
        await server.db
          .selectFrom("sessions")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("refuses a link spent once already, and opening it (GET) spends nothing", async () => {
    const token = await newLink();
    cases++;
    const opened = await server.app.inject({ method: "GET", url: `/dsone/access-link?token=${token}` });
    expect(opened.statusCode).toBe(200);
    const row = await server.db
      .selectFrom("one_time_tokens")
      .select("used_at")
      .where("token_hash", "=", hashSecret(token))
      .executeTakeFirstOrThrow();
    expect(row.used_at).toBeNull();
    expect((await consume(token)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) {
      cases++;
      const again = await consume(token);
      expect(again.statusCode).toBe(410);
      expect(again.json().code).toBe("LINK_USED");
    }
  });

  it("refuses an expired link", async () => {
    cases++;
    const token = await newLink();
    await server.db
      .updateTable("one_time_tokens")
      .set({ expires_at: Date.now() - 1 })
      .where("token_hash", "=", hashSecret(token))
      .execute();
    expect((await consume(token)).statusCode).toBe(410);
  });

  it(
    "refuses forged, truncated, altered and padded tokens, and signs nobody in",
    async () => {
      const token = await newLink();
      const before = await sessions();
      const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === "A" ? "B" : "A") + text.slice(at + 1);
      const forgeries = [
        token.slice(0, 42),
        token.slice(1),
        `${token}A`,
        `${token} `,
        ` ${token}`,
        token.toUpperCase() === token ? token.toLowerCase() : token.toUpperCase(),
        flip(token, 0),
        flip(token, 21),
        flip(token, 42),
        hashSecret(token),
        "",
        "A".repeat(43),
        "A".repeat(10_000),
        ...Array.from({ length: scaled(50, 2_000) }, () => randomBytes(32).toString("base64url")),
      ];
      for (const forged of forgeries) {
        cases++;
        const response = await consume(forged);
        expect(response.statusCode, forged.slice(0, 50)).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, forged.slice(0, 50)).toBeLessThan(500);
      }
      for (const notAString of [null, 1, true, [token], { token }]) {
        cases++;
        expect((await consume(notAString)).statusCode).toBe(400);
      }
      expect(await sessions()).toBe(before);
      // The real one still works: refusals spent nothing.
      expect((await consume(token)).statusCode).toBe(200);
    },
    scaled(20_000, 300_000),
  );

  it(`lets exactly one of ${RACE} simultaneous spends of one link win`, async () => {
    const token = await newLink();
    const before = await sessions();
    const answers = await Promise.all(Array.from({ length: RACE }, () => consume(token)));
    cases += RACE;
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 200).every((status) => status === 410)).toBe(true);
    expect(await sessions()).toBe(before + 1);
  });

  it(
    `lets exactly one of ${RESET_RACE} simultaneous password resets with one code win`,
    async () => {
      await server.app.inject({ method: "POST", url: "/api/password/forgot", payload: { email: "token@example.com" } });
      await drainMail(server);
      const mail = server.delivered.at(-1);
      const code = new URL(mail?.text.match(/https?:\/\/\S+reset-password\S+/)?.[0] ?? "http://x").searchParams.get("code");
      expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const answers = await Promise.all(
        Array.from({ length: RESET_RACE }, (_, index) =>
          server.app.inject({
            method: "POST",
            url: "/api/password/reset",
            payload: {
              Email: "token@example.com",
              Code: code,
              Password: `raced-password-${index}`,
              ConfirmPassword: `raced-password-${index}`,
            },
          }),
        ),
      );
      cases += RESET_RACE;
      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
      expect(answers.every((answer) => answer.statusCode < 500)).toBe(true);
    },
    scaled(20_000, 120_000),
  );
});
