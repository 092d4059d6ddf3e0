import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createAccount } from "../../../server/auth/kernel/accounts.ts";
import type { OutgoingMail } from "../../../server/mail/worker.ts";
import { hashSecret } from "../../../server/secrets/tokens.ts";
import { drainMail, sessionCookieFrom, startTestServer, type TestServer } from "../../support/app.ts";
import { describeEachDatabase } from "../../support/databases.ts";

const form = { "content-type": "application/x-www-form-urlencoded" };
const json = { "content-type": "application/json" };

describeEachDatabase("earlier account area on %s, called as the older pages call it", (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
    await createAccount(server.db, {
      email: "old@example.com",
      password: "old-password",
      product: "solveiq",
      name: "Olive",
      role: "admin",
    });
    await createAccount(server.db, { email: "nopass@example.com", product: "dsone" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const inject = (options: InjectOptions) => server.app.inject(options);
  async function lastMailTo(to: string): Promise<OutgoingMail> {
    await drainMail(server);
    const mail = server.delivered.findLast((m) => m.to === to);
    if (!mail) throw new Error(`no mail to ${to}`);
    return mail;
  }
  async function count(table: "outbox" | "one_time_tokens" | "sessions" | "accounts") {
    return Number(
      (
        await server.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  }

  it("passwordless login takes an email alone or { email, product }; another product goes to the Maverick address", async () => {
    const alone = await inject({
      method: "POST",
      url: "/api/account/passwordless-login",
      headers: json,
      payload: JSON.stringify("nopass@example.com"),
    });
    expect(alone.json()).toEqual({ isOk: true, isExistingDesktopUser: false, redirectUrl: "" });
    expect((await lastMailTo("nopass@example.com")).subject).toBe("Your DS One sign-in link");
    await inject({
      method: "POST",
      url: "/api/account/maverick/passwordless-login",
      payload: { email: "nopass@example.com", product: 7 },
    });
    expect((await lastMailTo("nopass@example.com")).subject).toBe("Your Maverick Safe sign-in link");
  });

  it("login is a form with RememberMe false: a cookie that ends with the browser, isOk false for a wrong password", async () => {
    const ok = await inject({
      method: "POST",
      url: "/api/account/login",
      headers: form,
      payload: "Email=old%40example.com&Password=old-password&ReturnUrl=%2Fdemo%2Fdsone%2Fmy-account&RememberMe=false",
    });
    expect(ok.json()).toEqual({ isOk: true, redirectUrl: "http://localhost:3000/demo/dsone/my-account" });
    const session = ok.cookies.find((cookie) => cookie.name === "session");
    expect(session?.maxAge).toBeUndefined();
    // Not remembered on the server either: the session ends after BROWSER_SESSION_LIFETIME (12h),
    // not SESSION_LIFETIME (30d), however long the browser keeps its "session" cookie.
    const row = await server.db
      .selectFrom("sessions")
      .select(["created_at", "expires_at"])
      .where("id_hash", "=", hashSecret(session?.value ?? ""))
      .executeTakeFirstOrThrow();
    expect(Number(row.expires_at) - Number(row.created_at)).toBe(12 * 3_600_000);
    // An answer that sets the session cookie is never cached.
    expect(ok.headers["cache-control"]).toBe("no-store");
    const wrong = await inject({
      method: "POST",
      url: "/api/account/login",
      headers: form,
      payload: "Email=old%40example.com&Password=nope&ReturnUrl=%2F&RememberMe=false",
    });
    expect(wrong.json()).toEqual({ isOk: false, statusText: "Email Address or Password is invalid" });
  });

  it("forgot (JSON) and reset (form) for solve IQ: the solve IQ mail and screen, then a redirectUrl", async () => {
    const forgot = await inject({ method: "POST", url: "/api/account/solveiq/forgot-password", payload: { email: "old@example.com" } });
    expect(forgot.json()).toEqual({ isOk: true, statusText: "" });
    const mail = await lastMailTo("old@example.com");
    expect(mail.subject).toBe("Reset your solve IQ password");
    const link = new URL(mail.text.match(/https?:\/\/\S+/)?.[0] ?? "");
    expect(link.pathname).toBe("/resetPassword");
    const code = link.searchParams.get("code") ?? "";
    const body = new URLSearchParams({
      Email: "old@example.com",
      Password: "newer-password",
      ConfirmPassword: "newer-password",
      Code: code,
    }).toString();
    const reset = await inject({ method: "POST", url: "/api/account/solveiq/reset-password", headers: form, payload: body });
    expect(reset.json()).toEqual({ isOk: true, statusText: "", redirectUrl: server.config.links.signIn });
    const again = await inject({ method: "POST", url: "/api/account/solveiq/reset-password", headers: form, payload: body });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({
      isOk: false,
      statusText: "This password reset link has already been used. Please ask for a new one.",
    });
  });

  it("forgot for the desktop takes the email alone and links to the DS One screen", async () => {
    await inject({
      method: "POST",
      url: "/api/account/desktop/forgot-password",
      headers: json,
      payload: JSON.stringify("old@example.com"),
    });
    const link = new URL((await lastMailTo("old@example.com")).text.match(/https?:\/\/\S+/)?.[0] ?? "");
    expect(link.pathname).toBe("/dsone/reset-password");
  });

  it("set password (form) for a signed-in account without one; user info; logout with the query", async () => {
    await inject({ method: "POST", url: "/api/account/passwordless-login", payload: { email: "nopass@example.com" } });
    const token = (await lastMailTo("nopass@example.com")).text.match(/token=([\w-]{43})/)?.[1];
    const cookie = sessionCookieFrom(await inject({ method: "POST", url: "/api/access-link/consume", payload: { token } }));

    const info = await inject({ method: "GET", url: "/api/account/user-info", headers: { cookie } });
    expect(info.json()).toEqual({ isOk: true, statusText: "", email: "nopass@example.com", name: "", isAdmin: false });

    const mismatch = await inject({
      method: "POST",
      url: "/api/account/desktop/set-password",
      headers: { ...form, cookie },
      payload: "Password=first-password&ConfirmPassword=other&ReturnUrl=%2Fdsone%2Fset-password-confirmation",
    });
    expect(mismatch.json()).toMatchObject({ isOk: false, messages: ["Confirm Password must match Password"] });
    const set = await inject({
      method: "POST",
      url: "/api/account/desktop/set-password",
      headers: { ...form, cookie },
      payload: "Password=first-password&ConfirmPassword=first-password&ReturnUrl=%2Fdsone%2Fset-password-confirmation",
    });
    expect(set.json()).toEqual({ isOk: true, redirectUrl: "http://localhost:3000/dsone/set-password-confirmation" });

    const out = await inject({ method: "GET", url: "/account/logout?uuid=u-1&channel=beta", headers: { cookie } });
    expect(out.json()).toEqual({ isOk: true });
    expect((await inject({ method: "GET", url: "/api/account/user-info", headers: { cookie } })).json()).toMatchObject({ isOk: false });
  });

  it("user info says who is admin; check desktop account answers for an email", async () => {
    const cookie = sessionCookieFrom(
      await inject({
        method: "POST",
        url: "/api/account/login",
        headers: form,
        payload: "Email=old%40example.com&Password=newer-password&ReturnUrl=%2F",
      }),
    );
    expect((await inject({ method: "GET", url: "/api/account/user-info", headers: { cookie } })).json()).toMatchObject({
      email: "old@example.com",
      name: "Olive",
      isAdmin: true,
    });
    expect(
      (await inject({ method: "POST", url: "/api/account/check-desktop-account", payload: { email: "old@example.com" } })).json(),
    ).toEqual({ isOk: true, isDesktopAccount: true });
    expect(
      (
        await inject({
          method: "POST",
          url: "/api/account/check-desktop-account",
          headers: json,
          payload: JSON.stringify("ghost@example.com"),
        })
      ).json(),
    ).toEqual({
      isOk: true,
      isDesktopAccount: false,
    });
  });

  it("sends any product but DS One to the Maverick address, and refuses a cross-site logout", async () => {
    const other = await inject({
      method: "POST",
      url: "/api/account/maverick/passwordless-login",
      payload: { email: "nopass@example.com", product: 3 },
    });
    expect(other.json().isOk).toBe(true);
    expect((await lastMailTo("nopass@example.com")).subject).toBe("Your Maverick Safe sign-in link");
    const wrongPlace = await inject({
      method: "POST",
      url: "/api/account/maverick/passwordless-login",
      payload: { email: "nopass@example.com", product: 6 },
    });
    expect(wrongPlace.json().message).toBe("product: 6 is DS One; send it to /api/account/passwordless-login");
    const crossSite = await inject({ method: "GET", url: "/account/logout", headers: { "sec-fetch-site": "cross-site" } });
    expect(crossSite.statusCode).toBe(403);
  });

  it("says plainly that no captcha provider is configured", async () => {
    const response = await inject({ method: "POST", url: "/home/ValidateRecaptchaToken?token=abc" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      code: "CAPTCHA_NOT_CONFIGURED",
      message: "No captcha provider is configured on this server.",
      success: false,
    });
  });

  it("refuses bad input with a clear 4xx and writes nothing", async () => {
    const tables = ["outbox", "one_time_tokens", "sessions", "accounts"] as const;
    const before = await Promise.all(tables.map(count));
    const cases: [string, InjectOptions, number, RegExp][] = [
      [
        "passwordless without email",
        { method: "POST", url: "/api/account/passwordless-login", payload: { product: 6 } },
        400,
        /send an email address, or \{ email, product \}/,
      ],
      [
        "passwordless other product at the DS One address",
        { method: "POST", url: "/api/account/passwordless-login", payload: { email: "old@example.com", product: 99 } },
        400,
        /^product: 99 is not DS One \(6\)/,
      ],
      [
        "passwordless malformed JSON",
        { method: "POST", url: "/api/account/passwordless-login", headers: json, payload: '{"email":' },
        400,
        /not valid JSON/,
      ],
      ["login as JSON", { method: "POST", url: "/api/account/login", payload: { Email: "old@example.com", Password: "x" } }, 415, /form/],
      [
        "login without a password",
        { method: "POST", url: "/api/account/login", headers: form, payload: "Email=old%40example.com" },
        400,
        /^Password: is required$/,
      ],
      [
        "login with a bad RememberMe",
        { method: "POST", url: "/api/account/login", headers: form, payload: "Email=old%40example.com&Password=x&RememberMe=perhaps" },
        400,
        /^RememberMe: must be true or false$/,
      ],
      [
        "forgot as a form",
        { method: "POST", url: "/api/account/solveiq/forgot-password", headers: form, payload: "email=old%40example.com" },
        415,
        /JSON/,
      ],
      [
        "forgot with a bad email",
        { method: "POST", url: "/api/account/desktop/forgot-password", payload: { email: "old" } },
        400,
        /^email: must be a valid email address$/,
      ],
      [
        "reset without a code",
        {
          method: "POST",
          url: "/api/account/desktop/reset-password",
          headers: form,
          payload: "Email=old%40example.com&Password=a-long-password&ConfirmPassword=a-long-password",
        },
        400,
        /^Code: is required$/,
      ],
      [
        "reset oversized",
        {
          method: "POST",
          url: "/api/account/desktop/reset-password",
          headers: form,
          payload: `Email=old%40example.com&Password=${"x".repeat(20_000)}`,
        },
        413,
        /too large/,
      ],
      ["set password as JSON", { method: "POST", url: "/api/account/solveiq/set-password", payload: { Password: "x" } }, 415, /form/],
      [
        "check desktop account without a body",
        { method: "POST", url: "/api/account/check-desktop-account", headers: json, payload: "" },
        400,
        /empty/,
      ],
    ];
    for (const [name, request, status, message] of cases) {
      const response = await inject(request);
      expect(response.statusCode, name).toBe(status);
      expect(response.json().message, name).toMatch(message);
    }
    expect(await Promise.all(tables.map(count))).toEqual(before);
  });
});
