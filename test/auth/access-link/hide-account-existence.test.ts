import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, setAccountDisabled } from "../../../server/auth/kernel/accounts.ts";
import { bucketKey } from "../../../server/base/rate-limit-buckets.ts";
import { drainMail, startTestServer, type TestServer } from "../../support/app.ts";
import { describeEachDatabase } from "../../support/databases.ts";

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
});

describe("the setting", () => {
  it("is read as the other boolean settings are", async () => {
    const { loadConfig } = await import("../../../server/base/config.ts");
    expect(loadConfig({ HIDE_ACCOUNT_EXISTENCE: "yes" }).hideAccountExistence).toBe(true);
    expect(() => loadConfig({ HIDE_ACCOUNT_EXISTENCE: "maybe" })).toThrow("HIDE_ACCOUNT_EXISTENCE: must be true or false");
  });
});
