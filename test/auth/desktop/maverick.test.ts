import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, linkDevice } from "../../../server/auth/kernel/accounts.ts";
import { sessionCookieFrom, startTestServer, type TestServer } from "../../support/app.ts";
import { describeEachDatabase } from "../../support/databases.ts";

const DEVICE = "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
const form = { "content-type": "application/x-www-form-urlencoded" };

describeEachDatabase("Maverick Safe endpoints on %s", (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
    await createAccount(server.db, { email: "mav@example.com", password: "mav-password", product: "maverick" });
    await linkDevice(server.db, "mav@example.com", "maverick", DEVICE);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const inject = (options: InjectOptions) => server.app.inject(options);

  it("checks the session: LicenseStatus and UUID once signed in", async () => {
    expect((await inject({ method: "GET", url: "/api/maverick/session" })).json()).toEqual({
      signedIn: false,
      LicenseStatus: "",
      UUID: "",
    });
    const login = await inject({
      method: "POST",
      url: "/api/maverick/password-login",
      payload: { Email: "mav@example.com", Password: "mav-password" },
    });
    expect(login.json()).toEqual({ isOk: true, redirectUrl: "http://localhost:3000/demo/maverick/ui" });
    const session = await inject({ method: "GET", url: "/api/maverick/session", headers: { cookie: sessionCookieFrom(login) } });
    expect(session.json()).toMatchObject({ signedIn: true, LicenseStatus: "Active", UUID: DEVICE });
  });

  it("signs in with the earlier form-encoded login: remembered by default, ReturnUrl defaulting to the Maverick UI", async () => {
    const remembered = await inject({
      method: "POST",
      url: "/api/account/maverick-login",
      headers: form,
      payload: "Email=mav%40example.com&Password=mav-password&RememberLogin=true",
    });
    expect(remembered.json()).toEqual({ isOk: true, redirectUrl: "http://localhost:3000/demo/maverick/ui" });
    expect(remembered.cookies.find((cookie) => cookie.name === "session")?.maxAge).toBeGreaterThan(0);

    const returning = await inject({
      method: "POST",
      url: "/api/account/maverick-login",
      headers: form,
      payload: "Email=mav%40example.com&Password=mav-password&ReturnUrl=%2Fdemo%2Fmaverick%2Fmy-account&RememberLogin=false",
    });
    expect(returning.json().redirectUrl).toBe("http://localhost:3000/demo/maverick/my-account");
    // Not remembered: the cookie lasts until the browser closes.
    expect(returning.cookies.find((cookie) => cookie.name === "session")?.maxAge).toBeUndefined();

    const wrong = await inject({
      method: "POST",
      url: "/api/account/maverick-login",
      headers: form,
      payload: "Email=mav%40example.com&Password=nope&RememberLogin=true",
    });
    // The earlier pages read isOk: wrong credentials are an answer, not an HTTP error.
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()).toEqual({ isOk: false, statusText: "Email Address or Password is invalid" });
  });

  it("answers auto-login for the account's own Maverick device", async () => {
    const cookie = sessionCookieFrom(
      await inject({
        method: "POST",
        url: "/api/maverick/password-login",
        payload: { Email: "mav@example.com", Password: "mav-password" },
      }),
    );
    const ok = await inject({
      method: "POST",
      url: "/api/maverick/auto-login",
      headers: { cookie },
      payload: { UUID: DEVICE, PreferredBrowser: "firefox", ShowUI: true },
    });
    expect(ok.json()).toEqual({ isOk: true, UUID: DEVICE, LicenseStatus: "Active" });
    const other = await inject({
      method: "POST",
      url: "/api/maverick/auto-login",
      headers: { cookie },
      payload: { UUID: "00000000-0000-4000-8000-000000000001", PreferredBrowser: "edge", ShowUI: true },
    });
    expect(other.json().code).toBe("DEVICE_NOT_FOUND");
  });

  it("refuses bad input with a clear 4xx", async () => {
    const cases: [string, InjectOptions, number, RegExp][] = [
      [
        "login without a password",
        { method: "POST", url: "/api/maverick/password-login", payload: { Email: "mav@example.com" } },
        400,
        /^Password: is required$/,
      ],
      [
        "earlier login as JSON",
        { method: "POST", url: "/api/account/maverick-login", payload: { Email: "mav@example.com", Password: "x" } },
        415,
        /form/,
      ],
      [
        "earlier login with a bad RememberLogin",
        {
          method: "POST",
          url: "/api/account/maverick-login",
          headers: form,
          payload: "Email=mav%40example.com&Password=x&RememberLogin=maybe",
        },
        400,
        /^RememberLogin: must be true or false$/,
      ],
      [
        "earlier login without an email",
        { method: "POST", url: "/api/account/maverick-login", headers: form, payload: "Password=x" },
        400,
        /^Email: is required$/,
      ],
      [
        "auto-login with an unknown browser",
        { method: "POST", url: "/api/maverick/auto-login", payload: { UUID: DEVICE, PreferredBrowser: "netscape", ShowUI: true } },
        400,
        /^PreferredBrowser: must be firefox, edge or chrome$/,
      ],
      [
        "auto-login without ShowUI",
        { method: "POST", url: "/api/maverick/auto-login", payload: { UUID: DEVICE, PreferredBrowser: "chrome" } },
        400,
        /^ShowUI: must be true or false$/,
      ],
      [
        "auto-login signed out",
        { method: "POST", url: "/api/maverick/auto-login", payload: { UUID: DEVICE, PreferredBrowser: "chrome", ShowUI: true } },
        401,
        /sign in/,
      ],
    ];
    for (const [name, request, status, message] of cases) {
      const response = await inject(request);
      expect(response.statusCode, name).toBe(status);
      expect(response.json().message, name).toMatch(message);
    }
  });
});

describe("pages by brand", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("sqlite");
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("carries the brand and its icon in the page's first byte", async () => {
    const maverickPage = await server.app.inject({ method: "GET", url: "/maverick/login" });
    expect(maverickPage.body).toContain('<html lang="en" dir="ltr" data-brand="maverick">');
    expect(maverickPage.body).toContain('<link rel="icon" href="/brand/maverick.svg">');
    const dsonePage = await server.app.inject({ method: "GET", url: "/anything" });
    expect(dsonePage.body).toContain('<html lang="en" dir="ltr" data-brand="dsone">');
  });
});
