import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { CODE_ATTEMPTS, CODE_COOKIE, pruneExpiredSignInCodes } from "../../../server/auth/access-link/sign-in-codes.ts";
import { createAccount } from "../../../server/auth/kernel/accounts.ts";
import { hashSecret } from "../../../server/secrets/tokens.ts";
import { drainMail, sessionCookieFrom, startTestServer, type TestServer, tokenFromMail } from "../../support/app.ts";
import { describeEachDatabase } from "../../support/databases.ts";
import { secretsAtRest } from "../../support/secrets-at-rest.ts";

/** The access-link mail's six-digit code: for the asking browser only, 10 minutes, 5 tries, once, with its link. */
describeEachDatabase("sign-in codes on %s", (kind) => {
  let server: TestServer;
  const EMAIL = "coder@example.com";

  beforeAll(async () => {
    server = await startTestServer(kind, {
      ACCESS_LINK_LIMIT_PER_EMAIL: "1000",
      ACCESS_LINK_LIMIT_PER_IP: "1000",
      ACCESS_LINK_CODE_LIMIT_PER_IP: "1000",
    });
    await createAccount(server.db, { email: EMAIL, product: "dsone" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const ORIGIN = { origin: "http://localhost:3000" };

  /** Asks for a link as a browser does; answers its code cookie, the mail's code and the link's token. */
  async function ask(cookie?: string) {
    const response = await server.app.inject({
      method: "POST",
      url: "/api/access-link",
      remoteAddress: "203.0.113.20",
      headers: { ...ORIGIN, ...(cookie ? { cookie } : {}) },
      payload: { Email: EMAIL, ProductId: 6, ReturnUrl: "/demo/dsone/ui" },
    });
    expect(response.statusCode).toBe(200);
    const set = response.cookies.find((c) => c.name === CODE_COOKIE);
    if (!set) throw new Error("no code cookie");
    expect(set).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api/access-link", secure: true });
    await drainMail(server);
    const mail = server.delivered.findLast((m) => m.to === EMAIL);
    const code = mail?.text.match(/type this code instead \(it works for 10 minutes\): (\d{3}) (\d{3})/);
    if (!mail || !code) throw new Error("no code in the mail");
    expect(mail.html).toContain(`${code[1]} ${code[2]}`);
    return { cookie: `${CODE_COOKIE}=${set.value}`, code: `${code[1]}${code[2]}`, token: tokenFromMail(mail) };
  }

  const type = (code: string, cookie?: string, options: Partial<InjectOptions> = {}) =>
    server.app.inject({
      method: "POST",
      url: "/api/access-link/code",
      remoteAddress: "203.0.113.20",
      headers: { ...ORIGIN, ...(cookie ? { cookie } : {}) },
      payload: { code },
      ...options,
    });
  const consume = (token: string) =>
    server.app.inject({ method: "POST", url: "/api/access-link/consume", headers: ORIGIN, payload: { token } });
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

  it("signs in with the right code, going on to the ReturnUrl; then neither code nor link works", async () => {
    const { cookie, code, token } = await ask();
    const signedIn = await type(`${code.slice(0, 3)} ${code.slice(3)}`, cookie);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual({ redirectUrl: "http://localhost:3000/demo/dsone/ui" });
    expect(sessionCookieFrom(signedIn)).toMatch(/^session=/);
    expect((await type(code, cookie)).json().code).toBe("CODE_UNKNOWN");
    expect((await consume(token)).json().code).toBe("LINK_USED");
  });

  it("a spent link ends its code", async () => {
    const { cookie, code, token } = await ask();
    expect((await consume(token)).statusCode).toBe(200);
    const refused = await type(code, cookie);
    expect(refused.statusCode).toBe(410);
    expect(refused.json().code).toBe("CODE_SPENT");
  });

  it("five wrong codes end it: even the right one is then refused, and the link still works", async () => {
    const { cookie, code, token } = await ask();
    for (let left = CODE_ATTEMPTS - 1; left >= 1; left--) {
      const refused = await type(wrong(code), cookie);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: "CODE_WRONG",
        message: `That code is not right. ${left} ${left === 1 ? "try" : "tries"} left.`,
      });
    }
    const last = await type(wrong(code), cookie);
    expect(last.json()).toMatchObject({ code: "CODE_SPENT" });
    expect((await type(code, cookie)).json().code).toBe("CODE_SPENT");
    expect((await consume(token)).statusCode).toBe(200);
  });

  it("twenty tries at once still get five guesses in all", async () => {
    const { cookie, code } = await ask();
    const answers = await Promise.all(Array.from({ length: 20 }, () => type(wrong(code), cookie)));
    const guessed = answers.filter(
      (answer) => answer.json().code === "CODE_WRONG" || answer.json().message.startsWith("That code is not right"),
    );
    expect(guessed).toHaveLength(CODE_ATTEMPTS);
    expect((await type(code, cookie)).json().code).toBe("CODE_SPENT");
  });

  it("is refused in another browser, and after 10 minutes", async () => {
    const { cookie, code } = await ask();
    expect((await type(code)).json().code).toBe("CODE_UNKNOWN");
    expect((await type(code, `${CODE_COOKIE}=${"x".repeat(43)}`)).json().code).toBe("CODE_UNKNOWN");
    await server.db
      .updateTable("sign_in_codes")
      .set({ expires_at: Date.now() - 1 })
      .execute();
    const expired = await type(code, cookie);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe("CODE_EXPIRED");
    // Housekeeping removes what can never be used again.
    await pruneExpiredSignInCodes(server.db);
    expect(await server.db.selectFrom("sign_in_codes").selectAll().execute()).toEqual([]);
  });

  it("asking again from the same browser replaces its code; the first link stays valid", async () => {
    const first = await ask();
    const second = await ask(first.cookie);
    expect((await type(first.code, first.cookie)).json().code).toBe("CODE_UNKNOWN");
    const browserHash = (browser: string) => hashSecret(browser.slice(CODE_COOKIE.length + 1));
    const held = async (browser: string) =>
      (await server.db.selectFrom("sign_in_codes").select("browser_hash").where("browser_hash", "=", browserHash(browser)).execute())
        .length;
    expect(await held(first.cookie)).toBe(0);
    expect(await held(second.cookie)).toBe(1);
    expect((await type(second.code, second.cookie)).statusCode).toBe(200);
    expect((await consume(first.token)).statusCode).toBe(200);
  });

  it("stores the code only as a hash salted with the browser's secret, which is stored hashed too", async () => {
    // Looked at while the mail is still queued: delivery clears the outbox row's bodies.
    let queued: { codes: string; outbox: { text_body: string; html_body: string }[]; atRest: string[] } | undefined;
    server.beforeDelivery = async (mail) => {
      const shown = mail.text.match(/(\d{3} \d{3})/)?.[1] ?? "no code in the mail";
      queued = {
        codes: JSON.stringify(await server.db.selectFrom("sign_in_codes").selectAll().execute()),
        outbox: await server.db.selectFrom("outbox").selectAll().where("to_address", "=", EMAIL).where("sent_at", "is", null).execute(),
        atRest: await secretsAtRest(server.database, [shown]),
      };
    };
    const { cookie, code } = await ask().finally(() => {
      server.beforeDelivery = undefined;
    });
    const secret = cookie.slice(CODE_COOKIE.length + 1);
    if (!queued) throw new Error("the mail was delivered without being looked at");
    expect(queued.outbox).toHaveLength(1);
    expect(queued.outbox[0]?.text_body).not.toBe("");
    expect(queued.atRest).toEqual([]);
    const stored = JSON.stringify(queued.outbox) + queued.codes;
    expect(stored).not.toContain(code);
    expect(stored).not.toContain(`${code.slice(0, 3)} ${code.slice(3)}`);
    expect(stored).not.toContain(secret);
    // What is there is the browser's hashed secret, and the code hashed with the secret.
    const row = await server.db
      .selectFrom("sign_in_codes")
      .selectAll()
      .where("browser_hash", "=", hashSecret(secret))
      .executeTakeFirstOrThrow();
    expect(row.code_hash).toBe(hashSecret(`${secret}:${code}`));
    expect(queued.codes).toContain(row.code_hash);
  });

  it("refuses a malformed code before anything is counted", async () => {
    const { cookie } = await ask();
    for (const bad of ["12345", "1234567", "abcdef", ""]) {
      const refused = await type(bad, cookie);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe("BAD_REQUEST");
    }
    const row = await server.db.selectFrom("sign_in_codes").select("attempts").orderBy("created_at", "desc").executeTakeFirstOrThrow();
    expect(row.attempts).toBe(0);
  });
});
