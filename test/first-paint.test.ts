import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "../server/auth/kernel/accounts.ts";
import { fillNoScript } from "../server/site/no-script.ts";
import { WEB_BUILD_DIR } from "../server/site/spa.ts";
import { drainMail, startTestServer, type TestServer, tokenFromMail } from "./support/app.ts";
import { describeEachDatabase } from "./support/databases.ts";

/** What is inside the page's root element and its <noscript> (decision 50). */
function parts(html: string): { root: string; noScript: string } {
  return {
    root: html.match(/<div id="root">([\s\S]*?)<\/div>\s*<template id="root-end">/)?.[1] ?? "",
    noScript: html.match(/<noscript>([\s\S]*?)<\/noscript>/)?.[1] ?? "",
  };
}

describe("screens rendered ahead, with the deployment's settings", () => {
  let withGoogle: TestServer;
  let withoutGoogle: TestServer;

  beforeAll(async () => {
    [withGoogle, withoutGoogle] = await Promise.all([
      startTestServer("sqlite", { GOOGLE_STAND_IN: "true" }, { webBuildDir: WEB_BUILD_DIR }),
      startTestServer("sqlite", { GOOGLE_STAND_IN: "false", MICROSOFT_STAND_IN: "false" }, { webBuildDir: WEB_BUILD_DIR }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([withGoogle?.stop(), withoutGoogle?.stop()]);
  });

  it("puts the screen in the page, and the email form's label follows the Google setting", async () => {
    const page = (server: TestServer) =>
      server.app.inject({ method: "GET", url: "/maverick/email-login?ReturnUrl=%2Fdemo%2Fmaverick%2Fui" });
    const google = parts((await page(withGoogle)).body).root;
    const plain = parts((await page(withoutGoogle)).body).root;
    expect(google).toContain('<h1 id="_R_');
    expect(google).toContain("Continue with Google");
    expect(google).toContain("Use another email");
    expect(plain).not.toContain("Continue with Google");
    expect(plain).not.toContain("Continue with Microsoft");
    // Microsoft's button beside Google's, its mark drawn inline.
    expect(google).toContain("Continue with Microsoft");
    expect(google).toContain('fill="#f25022"');
    expect(plain).toContain("Enter your email");
    // Rendered with no query: nothing of the address is in it.
    expect(google).not.toContain("ReturnUrl");
  });

  it("renders the screens that do not depend on the query, and leaves the others to the browser", async () => {
    for (const [url, heading] of [
      ["/dsone/password-login", "Login To Your Account"],
      ["/DSONE/Password-Login/", "Login To Your Account"],
      ["/maverick/password-login", "Login"],
      ["/dsone/forgot-password", "Forgot Your Password"],
      // Rendered with no token, it shows what a fresh link shows; the app checks the real one.
      ["/dsone/access-link?token=abc", "Sign In to DS One"],
      ["/dsone/reset-password-confirmation", "Your New Password Has Been Reset!"],
    ] as const) {
      const response = await withoutGoogle.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(parts(response.body).root, url).toContain(`>${heading}</h1>`);
    }
    for (const url of ["/dsone/reset-password?code=x", "/dsone/logout", "/dsone/social-sign-in?problem=cancelled"]) {
      const response = await withoutGoogle.app.inject({ method: "GET", url });
      expect(parts(response.body).root, url).toBe("");
    }
  });

  it("gives a rendered screen's controls disabled until the app takes over", async () => {
    const { root } = parts((await withoutGoogle.app.inject({ method: "GET", url: "/dsone/password-login" })).body);
    expect(root).toMatch(/<button type="submit"[^>]* disabled=""/);
    expect(root).toMatch(/<input [^>]*readOnly=""/);
  });

  it("tells a browser without JavaScript what needs it, with the brand, on every page", async () => {
    for (const [url, brand] of [
      ["/dsone/password-login", "DS One"],
      ["/maverick/password-login", "Maverick Safe"],
      ["/dsone/reset-password?code=x", "DS One"],
    ] as const) {
      const { noScript } = parts((await withoutGoogle.app.inject({ method: "GET", url })).body);
      expect(noScript, url).toContain("Please Turn On JavaScript");
      expect(noScript, url).toContain(`<span class="logo__name">${brand}</span>`);
    }
    const login = parts((await withoutGoogle.app.inject({ method: "GET", url: "/dsone/login" })).body).noScript;
    expect(login).toContain('<form class="email-form" method="post">');
  });
});

describeEachDatabase("the plain form posts on %s", (kind) => {
  let server: TestServer;
  const origin = { origin: "http://localhost:3000" };

  beforeAll(async () => {
    server = await startTestServer(
      kind,
      { ACCESS_LINK_LIMIT_PER_IP: "5", GOOGLE_STAND_IN: "false", MICROSOFT_STAND_IN: "false" },
      { webBuildDir: WEB_BUILD_DIR },
    );
    await createAccount(server.db, { email: "customer@example.com", product: "dsone" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const post = (url: string, payload: Record<string, string> | undefined, remoteAddress = "203.0.113.20", headers = origin) =>
    server.app.inject({
      method: "POST",
      url,
      remoteAddress,
      headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams(payload).toString(),
    });

  it("the email form sends a link, and the link's page signs in once and goes on to the ReturnUrl", async () => {
    const asked = await post("/dsone/login?ReturnUrl=%2Fdemo%2Fdsone%2Fui%3Ftab%3D1", { email: " Customer@Example.com " });
    expect(asked.statusCode).toBe(200);
    expect(asked.headers["cache-control"]).toBe("no-store");
    expect(parts(asked.body).noScript).toContain('<strong class="email">Customer@Example.com</strong>');
    await drainMail(server);
    const mail = server.delivered.findLast((m) => m.to.toLowerCase() === "customer@example.com");
    if (!mail) throw new Error("no mail was sent");
    const token = tokenFromMail(mail);

    const signedIn = await post(`/dsone/access-link?token=${token}`, undefined);
    expect(signedIn.statusCode).toBe(303);
    expect(signedIn.headers.location).toBe("http://localhost:3000/demo/dsone/ui?tab=1");
    expect(signedIn.cookies.some((cookie) => cookie.name === "session")).toBe(true);

    const again = await post(`/dsone/access-link?token=${token}`, undefined);
    expect(again.statusCode).toBe(410);
    expect(parts(again.body).noScript).toContain("This Link Has Already Been Used");
    expect(again.cookies).toEqual([]);
  });

  it("answers the form at the screen's legacy alias and its lower-case spelling, and nowhere else", async () => {
    for (const path of ["/loginDSOne", "/logindsone", "/dsone/login/"]) {
      const asked = await post(path, { email: "customer@example.com" }, "203.0.113.21");
      expect({ path, status: asked.statusCode }).toEqual({ path, status: 200 });
      expect(parts(asked.body).noScript).toContain('<strong class="email">customer@example.com</strong>');
    }
    // Only the screens with a form take a post: any other address is not found, and sends nothing.
    expect((await post("/dsone/forgot-password", { email: "customer@example.com" }, "203.0.113.21")).statusCode).toBe(404);
  });

  it("bad input is answered on the page and changes nothing", async () => {
    const before = await server.db
      .selectFrom("outbox")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const empty = await post("/dsone/login", { email: "" }, "203.0.113.21");
    expect(empty.statusCode).toBe(400);
    expect(parts(empty.body).noScript).toContain("Email is required");
    const invalid = await post("/dsone/login", { email: "not an address" }, "203.0.113.21");
    expect(parts(invalid.body).noScript).toContain("Please enter a valid email address");
    const badToken = await post("/dsone/access-link?token=short", undefined, "203.0.113.21");
    expect(parts(badToken.body).noScript).toContain("This Link Is Not Valid");
    const after = await server.db
      .selectFrom("outbox")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("what the customer typed and the address are escaped in the answer", async () => {
    const answer = await post("/dsone/login?x=%22%3E%3Cb%3Ebold", { email: "nobody@example.com" }, "203.0.113.22");
    expect(answer.statusCode).toBe(200);
    expect(parts(answer.body).noScript).toContain("Account Not Found");
    expect(parts(answer.body).noScript).toContain('href="/dsone/login?x=%22%3E%3Cb%3Ebold"');
    // What a raw request could carry, unencoded, is escaped all the same.
    expect(fillNoScript('<a href="%%RETRY%%">%%EMAIL%%</a>', { retry: '/dsone/login?x="><b>bold', email: "<i>'&" })).toBe(
      '<a href="/dsone/login?x=&quot;&gt;&lt;b&gt;bold">&lt;i&gt;&#39;&amp;</a>',
    );
  });

  it("keeps the API's rate limit, says so on the page, and refuses another site's post", async () => {
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await post("/dsone/login", { email: "customer@example.com" }, "203.0.113.23"));
    const limited = answers.at(-1);
    expect(limited?.statusCode).toBe(429);
    expect(limited?.headers["retry-after"]).toBeDefined();
    expect(parts(limited?.body ?? "").noScript).toContain('role="alert"');

    const crossSite = await post("/dsone/login", { email: "customer@example.com" }, "203.0.113.24", { origin: "https://attacker.example" });
    expect(crossSite.statusCode).toBe(403);
  });
});
