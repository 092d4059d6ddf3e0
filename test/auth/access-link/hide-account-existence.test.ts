import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CODE_ATTEMPTS, CODE_COOKIE } from "../../../server/auth/access-link/sign-in-codes.ts";
import { createAccount, setAccountDisabled } from "../../../server/auth/kernel/accounts.ts";
import { bucketKey } from "../../../server/base/rate-limit-buckets.ts";
import { hashSecret } from "../../../server/secrets/tokens.ts";
import { drainMail, startTestServer, type TestServer } from "../../support/app.ts";
import { describeEachDatabase } from "../../support/databases.ts";

type Injected = Awaited<ReturnType<TestServer["app"]["inject"]>>;

/** The code cookie a link request set, as a Cookie request header. */
function codeCookieOf(response: Injected): string {
  const set = response.cookies.find((cookie) => cookie.name === CODE_COOKIE);
  if (!set) throw new Error("the link request set no code cookie");
  return `${CODE_COOKIE}=${set.value}`;
}

/** What "Check Your Email" asks next, in the browser holding `cookie`: its wait, or a typed code. */
const followUp = (server: TestServer, url: "/api/access-link/wait" | "/api/access-link/code", payload: object, cookie?: string) =>
  server.app.inject({
    method: "POST",
    url,
    remoteAddress: "203.0.113.42",
    headers: { origin: "http://localhost:3000", ...(cookie ? { cookie } : {}) },
    payload,
  });

/** The statuses, bodies and cookie names of five wrong codes and one more, typed in the browser holding `cookie`. */
async function wrongCodes(server: TestServer, cookie: string) {
  const answers = [];
  for (let attempt = 0; attempt <= CODE_ATTEMPTS; attempt++) {
    const answer = await followUp(server, "/api/access-link/code", { code: "000000" }, cookie);
    answers.push({ status: answer.statusCode, body: answer.json(), cookies: answer.cookies.map((set) => set.name) });
  }
  return answers;
}

/** HIDE_ACCOUNT_EXISTENCE (docs/decisions/0094-hide-account-existence.md). */
describeEachDatabase("hiding which addresses have accounts on %s", (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, {
      HIDE_ACCOUNT_EXISTENCE: "true",
      ACCESS_LINK_LIMIT_PER_EMAIL: "4",
      ACCESS_LINK_LIMIT_PER_IP: "1000",
    });
    await createAccount(server.db, { email: "customer@example.com", product: "dsone", name: "Casey" });
    await createAccount(server.db, { email: "desktop@example.com", product: "solveiq" });
    const disabled = await createAccount(server.db, { email: "disabled@example.com", product: "dsone" });
    await setAccountDisabled(server.db, disabled.id, true);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const ask = (email: string, headers: Record<string, string> = {}, url = "/api/access-link") =>
    server.app.inject({
      method: "POST",
      url,
      remoteAddress: "203.0.113.40",
      headers,
      payload: url === "/api/access-link" ? { Email: email, ProductId: 6 } : { email },
    });

  async function mailsTo(email: string) {
    await drainMail(server);
    return server.delivered.filter((mail) => mail.to.toLowerCase() === email);
  }

  it("answers an unknown address as a known one, status, body and cookie alike", async () => {
    const known = await ask("customer@example.com");
    const unknown = await ask("stranger@example.com");
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(unknown.json()).toEqual({ isOk: true, isExistingDesktopUser: false, redirectUrl: "" });
    const cookieNames = (response: typeof known) => [response.headers["set-cookie"]].flat().map((cookie) => String(cookie).split("=")[0]);
    expect(cookieNames(unknown)).toEqual(cookieNames(known));
    expect((await mailsTo("customer@example.com")).at(-1)?.subject).toBe("Your DS One sign-in link");
  });

  it("mails an unknown address a note in the brand's look, with its sign-up address and no link", async () => {
    const [note] = await mailsTo("stranger@example.com");
    expect(note?.subject).toBe("No DS One account uses this email");
    expect(note?.from).toBe('"DS One" <no-reply@localhost>');
    expect(note?.text).toContain("Someone, maybe you, asked to sign in to DS One with this email address");
    expect(note?.text).toContain(`Create Your Account: ${server.config.links.cart}`);
    expect(note?.text).toContain("you can ignore this email");
    expect(note?.html).toContain(`href="${server.config.links.cart}"`);
    expect(note?.text).not.toContain("access-link?token=");
    const kind = await server.db.selectFrom("outbox").select("kind").where("to_key", "=", "stranger@example.com").executeTakeFirst();
    expect(kind?.kind).toBe("no_account");
  });

  it("writes the note in the language asked in, and in the brand of the product asked for", async () => {
    await ask("fremde@example.com", { "accept-language": "de-DE,de;q=0.9" });
    const [german] = await mailsTo("fremde@example.com");
    expect(german?.subject).toBe("Zu dieser E-Mail-Adresse gibt es kein Konto bei DS One");
    expect(german?.text).toContain(`Konto erstellen: ${server.config.links.cart}`);
    await ask("sconosciuto@example.com", { "accept-language": "ja" }, "/api/account/maverick/passwordless-login");
    const [japanese] = await mailsTo("sconosciuto@example.com");
    expect(japanese?.subject).toBe("このメールアドレスを使用しているMaverick Safeアカウントはありません");
    expect(japanese?.text).toContain(server.config.links.maverickSignUp);
  });

  it("mails one address few notes, and past them still answers the same", async () => {
    const email = "often@example.com";
    const answers = [];
    for (let attempt = 0; attempt < 4; attempt++) answers.push(await ask(email));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(answers.every((answer) => answer.json().isOk === true)).toBe(true);
    // NO_ACCOUNT_NOTE_LIMIT_PER_EMAIL (2) notes; the link requests' own per-email limit (4) then refuses, as for any address.
    expect(await mailsTo(email)).toHaveLength(2);
    expect((await ask(email)).statusCode).toBe(429);
    expect((await ask("customer@example.com")).statusCode).toBe(200);
    const known = await ask("customer@example.com");
    expect(known.statusCode).toBe(200);
  });

  it("mails a bounced address nothing, and says it bounced whoever it belongs to", async () => {
    for (const email of ["bounced@example.com", "customer-bounced@example.com"]) {
      await server.db
        .insertInto("mail_addresses")
        .values({
          email_key: email,
          bounced_at: Date.now(),
          bounce_reason: "no_mailbox",
          bounce_code: "550 5.1.1",
          bounce_words: null,
          bounce_mail_id: null,
          complained_at: null,
          updated_at: Date.now(),
        })
        .execute();
    }
    await createAccount(server.db, { email: "customer-bounced@example.com", product: "dsone" });
    const unknown = await ask("bounced@example.com");
    const known = await ask("customer-bounced@example.com");
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json().code).toBe("EMAIL_UNDELIVERABLE");
    expect(unknown.json()).toEqual(known.json());
    expect(await mailsTo("bounced@example.com")).toHaveLength(0);
  });

  it("mails an existing desktop user its link, and a disabled account nothing, both answered as any address", async () => {
    const desktop = await ask("desktop@example.com");
    expect(desktop.json()).toEqual({ isOk: true, isExistingDesktopUser: false, redirectUrl: "" });
    expect((await mailsTo("desktop@example.com")).at(-1)?.subject).toBe("Your DS One sign-in link");
    const disabled = await ask("disabled@example.com");
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toEqual({ isOk: true, isExistingDesktopUser: false, redirectUrl: "" });
    expect(await mailsTo("disabled@example.com")).toHaveLength(0);
  });

  it("answers the earlier area's passwordless login and desktop-account check alike for every address", async () => {
    const known = await ask("customer@example.com", {}, "/api/account/passwordless-login");
    const unknown = await ask("nobody-earlier@example.com", {}, "/api/account/passwordless-login");
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    for (const email of ["desktop@example.com", "customer@example.com", "nobody@example.com"]) {
      const checked = await server.app.inject({ method: "POST", url: "/api/account/check-desktop-account", payload: { email } });
      expect(checked.json()).toEqual({ isOk: true, isDesktopAccount: false });
    }
  });

  /** Asks for a link for `email` in a new browser; answers the code cookie it was given. */
  async function askInNewBrowser(email: string): Promise<string> {
    const response = await ask(email);
    expect(response.statusCode).toBe(200);
    return codeCookieOf(response);
  }

  /** Ends a browser's code (or its stand-in) as its 10 minutes would. */
  async function expire(cookie: string) {
    const browserHash = hashSecret(cookie.slice(CODE_COOKIE.length + 1));
    await server.db
      .updateTable("sign_in_codes")
      .set({ expires_at: Date.now() - 1 })
      .where("browser_hash", "=", browserHash)
      .execute();
    await server.db
      .updateTable("rate_limits")
      .set({ window_start: Date.now() - 1 })
      .where("key", "=", `sign-in-code-stand-in:browser|${browserHash}`)
      .execute();
  }

  it("has the wait answer an unknown address as a known one: waiting, two digits that stay, the same long poll", async () => {
    await createAccount(server.db, { email: "waiter@example.com", product: "dsone" });
    const browsers = [await askInNewBrowser("waiter@example.com"), await askInNewBrowser("nobody-waits@example.com")];
    const numbers = [];
    for (const cookie of browsers) {
      const first = await followUp(server, "/api/access-link/wait", { Wait: false }, cookie);
      const again = await followUp(server, "/api/access-link/wait", { Wait: false }, cookie);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ state: "waiting", number: expect.any(Number) });
      expect(again.json()).toEqual(first.json());
      expect(first.headers["cache-control"]).toBe("no-store");
      numbers.push(first.json().number as number);
    }
    for (const number of numbers) expect(number >= 0 && number <= 99 && Number.isInteger(number)).toBe(true);

    // Each long poll is held (reading once a second) until the code ends, and then says so alike.
    const answered: string[] = [];
    const held = browsers.map((cookie, index) =>
      followUp(server, "/api/access-link/wait", { Wait: true }, cookie).then((answer) => {
        answered.push(index === 0 ? "known" : "unknown");
        return answer.json();
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(answered).toEqual([]);
    for (const cookie of browsers) await expire(cookie);
    expect(await Promise.all(held)).toEqual([{ state: "expired" }, { state: "expired" }]);
  });

  it("has five wrong codes answered alike for a known and an unknown address, to the last", async () => {
    await createAccount(server.db, { email: "typist@example.com", product: "dsone" });
    const known = await wrongCodes(server, await askInNewBrowser("typist@example.com"));
    const unknown = await wrongCodes(server, await askInNewBrowser("nobody-types@example.com"));
    expect(unknown).toEqual(known);
    expect(known.map(({ status, body }) => [status, body.code, body.message])).toEqual([
      [400, "CODE_WRONG", "That code is not right. 4 tries left."],
      [400, "CODE_WRONG", "That code is not right. 3 tries left."],
      [400, "CODE_WRONG", "That code is not right. 2 tries left."],
      [400, "CODE_WRONG", "That code is not right. 1 try left."],
      [410, "CODE_SPENT", "That code is not right, and it can no longer be used. Please ask for a new email."],
      [410, "CODE_SPENT", "This code can no longer be used. Please ask for a new email."],
    ]);
    // The last wrong code takes the browser's secret away, for either.
    expect(known[CODE_ATTEMPTS - 1]?.cookies).toEqual([CODE_COOKIE]);
  });

  it("tells the note's fate on the wait as a link mail's, and knows no cookie it did not give", async () => {
    await createAccount(server.db, { email: "bouncing@example.com", product: "dsone" });
    const browsers = [await askInNewBrowser("bouncing@example.com"), await askInNewBrowser("nobody-bounces@example.com")];
    await drainMail(server);
    await server.db
      .updateTable("outbox")
      .set({ delivery: "bounced", delivery_code: "5.1.1" })
      .where("to_key", "in", ["bouncing@example.com", "nobody-bounces@example.com"])
      .execute();
    const answers = [];
    for (const cookie of browsers) answers.push((await followUp(server, "/api/access-link/wait", { Wait: false }, cookie)).json());
    expect(answers[1]).toEqual({ state: "undelivered", reason: answers[0].reason, reference: expect.stringMatching(/^[0-9A-F]{10}$/) });
    expect(answers[0]).toMatchObject({ state: "undelivered" });

    const madeUp = `${CODE_COOKIE}=${"x".repeat(43)}`;
    expect((await followUp(server, "/api/access-link/wait", { Wait: true }, madeUp)).json()).toEqual({ state: "none" });
    expect((await followUp(server, "/api/access-link/code", { code: "000000" }, madeUp)).json().code).toBe("CODE_UNKNOWN");
  });

  it("counts the notes in a bucket of their own, keyed by the address's hash", async () => {
    const row = await server.db
      .selectFrom("rate_limits")
      .select("count")
      .where("key", "=", bucketKey("noAccountNotePerEmail", "stranger@example.com"))
      .executeTakeFirst();
    expect(Number(row?.count)).toBe(1);
  });
});

describeEachDatabase("with HIDE_ACCOUNT_EXISTENCE off (the default) on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("answers Account Not Found and mails nothing", async () => {
    expect(server.config.hideAccountExistence).toBe(false);
    const answer = await server.app.inject({
      method: "POST",
      url: "/api/access-link",
      remoteAddress: "203.0.113.41",
      payload: { Email: "stranger@example.com", ProductId: 6 },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ isOk: false, isExistingDesktopUser: false, redirectUrl: "" });
    await drainMail(server);
    expect(server.delivered).toHaveLength(0);
  });

  it("answers an unknown address's wait and code as before: nothing to wait for, no code", async () => {
    const asked = await server.app.inject({
      method: "POST",
      url: "/api/access-link",
      remoteAddress: "203.0.113.41",
      payload: { Email: "stranger-again@example.com", ProductId: 6 },
    });
    expect(asked.cookies.map((cookie) => cookie.name)).not.toContain(CODE_COOKIE);
    expect((await followUp(server, "/api/access-link/wait", { Wait: false })).json()).toEqual({ state: "none" });
    const madeUp = `${CODE_COOKIE}=${"x".repeat(43)}`;
    expect((await followUp(server, "/api/access-link/wait", { Wait: false }, madeUp)).json()).toEqual({ state: "none" });
    expect((await followUp(server, "/api/access-link/code", { code: "000000" }, madeUp)).json().code).toBe("CODE_UNKNOWN");
  });

  it("counts a known address's wrong codes as always", async () => {
    await createAccount(server.db, { email: "typist@example.com", product: "dsone" });
    const asked = await server.app.inject({
      method: "POST",
      url: "/api/access-link",
      remoteAddress: "203.0.113.41",
      payload: { Email: "typist@example.com", ProductId: 6 },
    });
    const answers = await wrongCodes(server, codeCookieOf(asked));
    expect(answers.map(({ body }) => body.code)).toEqual([
      "CODE_WRONG",
      "CODE_WRONG",
      "CODE_WRONG",
      "CODE_WRONG",
      "CODE_SPENT",
      "CODE_SPENT",
    ]);
  });
});

describe("the setting", () => {
  it("is read as the other boolean settings are", async () => {
    const { loadConfig } = await import("../../../server/base/config.ts");
    expect(loadConfig({ HIDE_ACCOUNT_EXISTENCE: "yes" }).hideAccountExistence).toBe(true);
    expect(() => loadConfig({ HIDE_ACCOUNT_EXISTENCE: "maybe" })).toThrow("HIDE_ACCOUNT_EXISTENCE: must be true or false");
  });
});
