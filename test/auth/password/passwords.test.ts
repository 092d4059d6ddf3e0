import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, linkDevice } from "../../../server/auth/kernel/accounts.ts";
import type { OutgoingMail } from "../../../server/mail/worker.ts";
import { drainMail, sessionCookieFrom, startTestServer, type TestServer } from "../../support/app.ts";
import { describeEachDatabase } from "../../support/databases.ts";

const DEVICE = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";

describeEachDatabase("passwords, settings and auto-login on %s", (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
    await createAccount(server.db, { email: "pw@example.com", password: "first-password", product: "dsone" });
    await linkDevice(server.db, "pw@example.com", "dsone", DEVICE);
    await createAccount(server.db, { email: "nopw@example.com" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const post = (url: string, payload: unknown, extra: Partial<InjectOptions> = {}) =>
    server.app.inject({ method: "POST", url, payload: payload as InjectOptions["payload"], ...extra });
  const login = (Email: string, Password: string, ReturnUrl?: string) => post("/api/dsone/password-login", { Email, Password, ReturnUrl });

  async function mailTo(to: string, subject: string): Promise<OutgoingMail> {
    await drainMail(server);
    const mail = server.delivered.findLast((m) => m.to === to && m.subject === subject);
    if (!mail) throw new Error(`no "${subject}" mail to ${to}`);
    return mail;
  }

  function resetLinkParts(mail: OutgoingMail) {
    const link = new URL(mail.text.match(/https?:\/\/\S+reset-password\S+/)?.[0] ?? "");
    return { path: link.pathname, code: link.searchParams.get("code") ?? "", email: link.searchParams.get("email") ?? "" };
  }

  async function count(table: "outbox" | "one_time_tokens" | "sessions" | "device_settings") {
    const row = await server.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it("signs in with the right password, continues to an allowed ReturnUrl, and refuses a wrong one the same way as an unknown email", async () => {
    const ok = await login("PW@example.com", "first-password", "/demo/dsone/my-account");
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ isOk: true, redirectUrl: "http://localhost:3000/demo/dsone/my-account" });
    const session = await server.app.inject({ method: "GET", url: "/api/dsone/session", headers: { cookie: sessionCookieFrom(ok) } });
    expect(session.json()).toMatchObject({ signedIn: true, email: "pw@example.com" });

    expect((await login("pw@example.com", "first-password", "https://evil.example/")).json().redirectUrl).toBe(
      "http://localhost:3000/demo/dsone/ui",
    );
    // One too long to be ours is ignored like an off-site one: the sign-in goes on.
    const overLong = await login("pw@example.com", "first-password", `/${"a".repeat(3000)}`);
    expect(overLong.statusCode).toBe(200);
    expect(overLong.json().redirectUrl).toBe("http://localhost:3000/demo/dsone/ui");

    const wrong = await login("pw@example.com", "wrong-password");
    const unknown = await login("ghost@example.com", "whatever-password");
    const passwordless = await login("nopw@example.com", "whatever-password");
    for (const refused of [wrong, unknown, passwordless]) {
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ code: "INVALID_CREDENTIALS", message: "Email Address or Password is invalid" });
      expect(refused.headers["set-cookie"]).toBeUndefined();
    }
  });

  it("answers a forgot-password request the same way for any email, and mails only real accounts", async () => {
    const before = server.delivered.length;
    const known = await post("/api/password/forgot", { email: "pw@example.com" });
    const unknown = await post("/api/password/forgot", { email: "ghost@example.com" });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    const mail = await mailTo("pw@example.com", "Reset your DS One password");
    expect(mail.text).toContain("expires in 1 hour");
    expect(server.delivered.slice(before).some((m) => m.to === "ghost@example.com")).toBe(false);
  });

  it("resets a password from the link: opening spends nothing, the code works once, other sessions end, a notice is mailed", async () => {
    const otherBrowser = sessionCookieFrom(await login("pw@example.com", "first-password"));
    await post("/api/password/forgot", { email: "pw@example.com" });
    const olderCode = resetLinkParts(await mailTo("pw@example.com", "Reset your DS One password")).code;
    await post("/api/password/forgot", { email: "pw@example.com" });
    const { path, code, email } = resetLinkParts(await mailTo("pw@example.com", "Reset your DS One password"));
    expect(path).toBe("/dsone/reset-password");
    expect(email).toBe("pw@example.com");

    expect((await post("/api/password/reset/open", { code, email: "someone.else@example.com" })).json().code).toBe("RESET_LINK_UNKNOWN");
    const opened = await post("/api/password/reset/open", { code, email });
    expect(opened.statusCode).toBe(200);
    const cookies = opened.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    expect(opened.cookies.find((c) => c.name === "password_reset")).toMatchObject({
      httpOnly: true,
      secure: true,
      sameSite: "Strict",
      path: "/api/password",
    });
    // Opening twice still works: nothing was spent.
    expect((await post("/api/password/reset/open", { code, email })).statusCode).toBe(200);

    const weak = await post(
      "/api/password/reset",
      { Password: "short", ConfirmPassword: "other", Email: "", Code: "" },
      { headers: { cookie: cookies } },
    );
    expect(weak.statusCode).toBe(400);
    expect(weak.json().messages).toEqual(["New Password must be at least 8 characters long", "Confirm Password must match Password"]);

    const reset = await post(
      "/api/password/reset",
      { Password: "second-password", ConfirmPassword: "second-password", Email: "", Code: "" },
      { headers: { cookie: cookies } },
    );
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ isOk: true, statusText: "", redirectUrl: "/dsone/reset-password-confirmation" });
    expect((await server.app.inject({ method: "GET", url: "/api/dsone/session", headers: { cookie: otherBrowser } })).json().signedIn).toBe(
      false,
    );
    await mailTo("pw@example.com", "Your DS One password was changed");

    const again = await post("/api/password/reset", {
      Password: "third-password",
      ConfirmPassword: "third-password",
      Email: email,
      Code: code,
    });
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe("RESET_LINK_USED");
    // An older link sent before this reset stopped working with it.
    const older = await post("/api/password/reset", {
      Password: "third-password",
      ConfirmPassword: "third-password",
      Email: email,
      Code: olderCode,
    });
    expect(older.json().code).toBe("RESET_LINK_USED");
    expect((await login("pw@example.com", "first-password")).statusCode).toBe(401);
    expect((await login("pw@example.com", "second-password")).statusCode).toBe(200);
  });

  it("sets a first password for a signed-in account that has none, once", async () => {
    expect((await post("/api/password/set", { Password: "new-password", ConfirmPassword: "new-password" })).json()).toMatchObject({
      code: "NOT_SIGNED_IN",
      messages: ["Please sign in first."],
    });
    await post("/api/access-link", { Email: "nopw@example.com", ProductId: 6 });
    await drainMail(server);
    const token = server.delivered.findLast((m) => m.to === "nopw@example.com")?.text.match(/token=([\w-]{43})/)?.[1];
    const cookie = sessionCookieFrom(await post("/api/access-link/consume", { token }));

    const mismatch = await post(
      "/api/password/set",
      { Password: "new-password", ConfirmPassword: "new-passwort", ReturnUrl: "/dsone/set-password-confirmation" },
      { headers: { cookie } },
    );
    expect(mismatch.json()).toMatchObject({ code: "PASSWORD_INVALID", messages: ["Confirm Password must match Password"] });
    const set = await post(
      "/api/password/set",
      { Password: "new-password", ConfirmPassword: "new-password", ReturnUrl: "/dsone/set-password-confirmation" },
      { headers: { cookie } },
    );
    expect(set.json()).toEqual({ isOk: true, redirectUrl: "http://localhost:3000/dsone/set-password-confirmation" });
    expect((await login("nopw@example.com", "new-password")).statusCode).toBe(200);
    const twice = await post(
      "/api/password/set",
      { Password: "other-password", ConfirmPassword: "other-password" },
      { headers: { cookie } },
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().messages).toEqual(["This account already has a password. To change it, use Forgot your password?"]);
  });

  it("stores the notification setting per device", async () => {
    expect(
      (await post("/notifications/updateunregisterednotifications", { uuid: DEVICE.toUpperCase(), settingValue: false })).json(),
    ).toEqual({ isOk: true });
    expect((await post("/notifications/updateunregisterednotifications", { uuid: DEVICE, settingValue: true })).statusCode).toBe(200);
    const row = await server.db.selectFrom("device_settings").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ uuid: DEVICE, show_notifications: 1 });
  });

  it("answers auto-login for the signed-in account's own device only", async () => {
    expect((await post("/api/dsone/auto-login", { UUID: DEVICE })).statusCode).toBe(401);
    const cookie = sessionCookieFrom(await login("pw@example.com", "second-password"));
    expect((await post("/api/dsone/auto-login", { UUID: DEVICE }, { headers: { cookie } })).json()).toEqual({
      isOk: true,
      UUID: DEVICE,
      SvcLicenseState: "Active",
    });
    expect(
      (await post("/api/dsone/auto-login", { UUID: "00000000-0000-4000-8000-000000000000" }, { headers: { cookie } })).json().code,
    ).toBe("DEVICE_NOT_FOUND");
  });

  it("refuses bad input on every endpoint with a clear 4xx and writes nothing", async () => {
    const tables = ["outbox", "one_time_tokens", "sessions", "device_settings"] as const;
    const before = await Promise.all(tables.map(count));
    const json = { "content-type": "application/json" };
    const cases: [string, InjectOptions, number, RegExp][] = [
      [
        "login without password",
        { method: "POST", url: "/api/dsone/password-login", payload: { Email: "pw@example.com" } },
        400,
        /^Password: is required$/,
      ],
      [
        "login with a bad email",
        { method: "POST", url: "/api/dsone/password-login", payload: { Email: "pw", Password: "x" } },
        400,
        /^Email: must be a valid email address$/,
      ],
      [
        "login form-encoded",
        {
          method: "POST",
          url: "/api/dsone/password-login",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          payload: "Email=a",
        },
        415,
        /JSON/,
      ],
      ["forgot without email", { method: "POST", url: "/api/password/forgot", payload: {} }, 400, /^email: is required$/],
      [
        "forgot malformed JSON",
        { method: "POST", url: "/api/password/forgot", headers: json, payload: '{"email":' },
        400,
        /not valid JSON/,
      ],
      [
        "open with a bad code",
        { method: "POST", url: "/api/password/reset/open", payload: { code: "abc", email: "pw@example.com" } },
        400,
        /^code: is not a password reset code$/,
      ],
      [
        "reset without a code or link",
        { method: "POST", url: "/api/password/reset", payload: { Password: "long-enough", ConfirmPassword: "long-enough" } },
        404,
        /not valid/,
      ],
      [
        "reset with an oversized body",
        { method: "POST", url: "/api/password/reset", payload: { Password: "x".repeat(20_000), ConfirmPassword: "" } },
        413,
        /too large/,
      ],
      [
        "set password as text",
        { method: "POST", url: "/api/password/set", headers: { "content-type": "text/plain" }, payload: "Password=x" },
        415,
        /JSON/,
      ],
      [
        "notifications with a bad uuid",
        { method: "POST", url: "/notifications/updateunregisterednotifications", payload: { uuid: "device-1", settingValue: true } },
        400,
        /^uuid: must be a device UUID/,
      ],
      [
        "notifications with a text setting",
        { method: "POST", url: "/notifications/updateunregisterednotifications", payload: { uuid: DEVICE, settingValue: "false" } },
        400,
        /^settingValue: must be true or false$/,
      ],
      [
        "auto-login with a bad UUID",
        { method: "POST", url: "/api/dsone/auto-login", payload: { UUID: "nope" } },
        400,
        /^UUID: must be a device UUID/,
      ],
      ["auto-login without a body", { method: "POST", url: "/api/dsone/auto-login", headers: json, payload: "" }, 400, /empty/],
    ];
    for (const [name, request, status, message] of cases) {
      const response = await server.app.inject(request);
      expect(response.statusCode, name).toBe(status);
      expect(response.json().message, name).toMatch(message);
    }
    expect(await Promise.all(tables.map(count))).toEqual(before);
  });
});

describe("password login limits", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("sqlite", { PASSWORD_FAILURE_LIMIT_PER_ACCOUNT: "3" });
    await createAccount(server.db, { email: "locked@example.com", password: "right-password" });
    await createAccount(server.db, { email: "burst@example.com", password: "right-password" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("stops checking an account's password for strangers at its failure limit less the owner's reserve, even the right one", async () => {
    const attempt = (Password: string) =>
      server.app.inject({ method: "POST", url: "/api/dsone/password-login", payload: { Email: "locked@example.com", Password } });
    const statuses: number[] = [];
    // A limit of 3 keeps 1 for the owner's own devices and addresses: strangers get 2.
    for (let i = 0; i < 2; i++) statuses.push((await attempt("wrong-password")).statusCode);
    expect(statuses).toEqual([401, 401]);
    const refused = await attempt("right-password");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      "Too many failed sign-in attempts on this account. Please sign in with an emailed link, or reset your password with Forgot your password?",
    );
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);

    // A password reset lifts the lock: the account's password is new.
    await server.app.inject({ method: "POST", url: "/api/password/forgot", payload: { email: "locked@example.com" } });
    await drainMail(server);
    const link = new URL(
      server.delivered.findLast((m) => m.to === "locked@example.com")?.text.match(/https?:\/\/\S+reset-password\S+/)?.[0] ?? "",
    );
    const reset = await server.app.inject({
      method: "POST",
      url: "/api/password/reset",
      payload: {
        Password: "newer-password",
        ConfirmPassword: "newer-password",
        Email: link.searchParams.get("email"),
        Code: link.searchParams.get("code"),
      },
    });
    expect(reset.statusCode).toBe(200);
    expect((await attempt("newer-password")).statusCode).toBe(200);
  });

  it("counts a burst of simultaneous guesses before checking any of them", async () => {
    const guesses = await Promise.all(
      Array.from({ length: 8 }, () =>
        server.app.inject({
          method: "POST",
          url: "/api/dsone/password-login",
          payload: { Email: "burst@example.com", Password: "guess-password" },
        }),
      ),
    );
    const statuses = guesses.map((guess) => guess.statusCode).sort();
    expect(statuses).toEqual([401, 401, 429, 429, 429, 429, 429, 429]);
  });

  it("is turned off by configuration", async () => {
    const off = await startTestServer("sqlite", { PASSWORD_LOGIN_ALLOWED: "false" });
    try {
      const response = await off.app.inject({
        method: "POST",
        url: "/api/dsone/password-login",
        payload: { Email: "password.customer@example.com", Password: "demo-password" },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe("PASSWORD_LOGIN_DISABLED");
      for (const request of [
        { url: "/api/maverick/password-login", payload: { Email: "safe.customer@example.com", Password: "demo-password" } },
        {
          url: "/api/account/maverick-login",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          payload: "Email=safe.customer%40example.com&Password=demo-password",
        },
      ]) {
        const refused = await off.app.inject({ method: "POST", ...request });
        expect(refused.json().code, request.url).toBe("PASSWORD_LOGIN_DISABLED");
      }
    } finally {
      await off.stop();
    }
  });
});
