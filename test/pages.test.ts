import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_CONFIG_ELEMENT_ID } from "../common/client-config.ts";
import { startTestServer, type TestServer } from "./support/app.ts";
import { PRODUCTION_ADDRESSES } from "./support/production-env.ts";

describe("pages and headers", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("sqlite", { CAPTCHA_SITE_KEY: "site-key", CAPTCHA_SECRET_KEY: "secret-key" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("serves the app for any path with a strict CSP, no referrer, and only the public settings", async () => {
    const response = await server.app.inject({ method: "GET", url: "/anything/at/all?x=1" });
    expect(response.statusCode).toBe(200);
    const csp = String(response.headers["content-security-policy"]);
    for (const directive of [
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "script-src 'self' https://www.google.com https://www.gstatic.com",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(response.headers["referrer-policy"]).toBe("no-referrer");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    const json = response.body.match(new RegExp(`<script id="${CLIENT_CONFIG_ELEMENT_ID}" type="application/json">(.*?)</script>`))?.[1];
    const settings = JSON.parse(json ?? "null");
    expect(settings.captcha).toEqual({ siteKey: "site-key", scriptUrl: "https://www.google.com/recaptcha/api.js" });
    expect(response.body).not.toContain("secret-key");
  });

  it("sends a sign-in with a provider it does not offer to the brand's social sign-in screen, query kept", async () => {
    const response = await server.app.inject({
      method: "GET",
      url: "/external/login?provider=<b>x</b>&product=maverick&ReturnUrl=%2Fdemo%2Fmaverick%2Fui",
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/maverick/social-sign-in?ReturnUrl=%2Fdemo%2Fmaverick%2Fui&problem=unavailable");
    expect(response.headers["set-cookie"]).toBeUndefined();
  });

  it("serves the agent console page outside production, and lets pages reach the agent's ports", async () => {
    const page = await server.app.inject({ method: "GET", url: "/dev/agent" });
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain("http://localhost:49217");
    expect(csp).toContain("ws://localhost:49221");
    expect(csp).toContain("http://localhost:51219");
  });

  it("answers unknown API paths with a JSON 404, not the app", async () => {
    const response = await server.app.inject({ method: "GET", url: "/api/nothing" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: "NOT_FOUND", message: "There is nothing at this address." });
  });

  it("refuses the access-link request when the captcha check fails, with 'Login failed'", async () => {
    const response = await server.app.inject({
      method: "POST",
      url: "/api/access-link",
      payload: { Email: "new.customer@example.com", ProductId: 6 },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: "CAPTCHA_FAILED", message: "Login failed" });
  });

  it("shows the development mailbox, to this machine only, and the stand-in product pages outside production", async () => {
    const mailbox = await server.app.inject({ method: "GET", url: "/dev/mailbox" });
    expect(mailbox.body).toContain("Development mailbox");
    expect(mailbox.headers["content-security-policy"]).toContain("default-src 'none'");
    expect((await server.app.inject({ method: "GET", url: "/dev/mailbox", remoteAddress: "203.0.113.5" })).statusCode).toBe(404);
    const standIn = await server.app.inject({ method: "GET", url: "/demo/dsone/ui" });
    expect(standIn.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(standIn.body).toContain("Nobody is signed in.");
    expect(standIn.body).toContain(`/dsone/login?ReturnUrl=${encodeURIComponent("http://localhost:3000/demo/dsone/ui")}`);
  });
});

describe("in production", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("sqlite", {
      NODE_ENV: "production",
      PUBLIC_URL: "https://accounts.example",
      SMTP_URL: "smtp://127.0.0.1:2525?requireTLS=true",
      ...PRODUCTION_ADDRESSES,
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("has no development mailbox, no stand-ins and no demo accounts, and sends HSTS", async () => {
    expect((await server.app.inject({ method: "GET", url: "/dev/mailbox" })).headers["content-type"]).toContain("application/json");
    expect((await server.app.inject({ method: "GET", url: "/demo/dsone/ui" })).statusCode).toBe(404);
    expect((await server.app.inject({ method: "GET", url: "/dev/agent" })).statusCode).toBe(404);
    const settings = (await server.app.inject({ method: "GET", url: "/dsone/login" })).body.match(
      /type="application\/json">(.*?)<\/script>/,
    )?.[1];
    expect(JSON.parse(settings ?? "{}").agentConsole).toBe(false);
    expect(server.seeded).toBe(false);
    const accounts = await server.db.selectFrom("accounts").select("email").execute();
    expect(accounts).toEqual([]);
    const page = await server.app.inject({ method: "GET", url: "/dsone/login" });
    expect(page.headers["strict-transport-security"]).toContain("max-age=");
  });
});
