import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { dsone, maverick } from "../../../common/brands/index.ts";
import { createAccount, linkDevice } from "../../../server/auth/kernel/accounts.ts";
import { pruneOneTimeTokens, TOKEN_KEPT_AFTER_EXPIRY_MS } from "../../../server/auth/kernel/one-time-tokens.ts";
import { hashSecret } from "../../../server/secrets/tokens.ts";
import { drainMail, sessionCookieFrom, startTestServer, type TestServer, tokenFromMail } from "../../support/app.ts";
import { describeEachDatabase } from "../../support/databases.ts";

const UUID = "0b9e4f5c-1d2a-4b3c-8d7e-6f5a4b3c2d1e";

describeEachDatabase("access links on %s", (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, { ACCESS_LINK_LIMIT_PER_EMAIL: "1000", ACCESS_LINK_LIMIT_PER_IP: "1000" });
    await createAccount(server.db, { email: "Customer@Example.com", product: "dsone", name: "Casey" });
    await linkDevice(server.db, "customer@example.com", "dsone", UUID);
    await createAccount(server.db, { email: "desktop@example.com", product: "solveiq" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function ask(email: string, extra: Record<string, unknown> = {}, ip = "203.0.113.9") {
    return server.app.inject({
      method: "POST",
      url: "/api/access-link",
      remoteAddress: ip,
      payload: { Email: email, ProductId: 6, ...extra },
    });
  }

  async function mailFor(email: string) {
    await drainMail(server);
    const mail = server.delivered.findLast((m) => m.to.toLowerCase() === email.toLowerCase());
    if (!mail) throw new Error(`no mail for ${email}`);
    return mail;
  }

  async function count(table: "outbox" | "one_time_tokens" | "sessions") {
    const row = await server.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it("sends a link to a known email, in any case, and stores only the token's hash", async () => {
    const response = await ask("CUSTOMER@example.com", { ReturnUrl: "http://localhost:3000/demo/dsone/my-account" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ isOk: true, isExistingDesktopUser: false, redirectUrl: "" });
    const mail = await mailFor("Customer@Example.com");
    expect(mail.subject).toBe("Your DS One sign-in link");
    expect(mail.from).toBe('"DS One" <no-reply@localhost>');
    // The screen's own words for the lifetime ("Check Your Email": "The link expires in 1 Day.").
    expect(mail.text).toContain("The link expires in 1 Day.");
    expect(mail.html).toContain("The link expires in 1 Day.");
    expect(mail.html).toContain("DS One");
    const token = tokenFromMail(mail);
    const link = `http://localhost:3000/dsone/access-link?token=${token}`;
    // The link as a button and as an address to copy, in the HTML part; alone in the text part.
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain(
      `open this address in your browser:<br><a href="${link}" style="color:#0b5cab;word-break:break-all">${link}</a>`,
    );
    expect(mail.text).toContain(`Sign in: ${link}`);
    const stored = await server.db
      .selectFrom("one_time_tokens")
      .selectAll()
      .where("token_hash", "=", hashSecret(token))
      .executeTakeFirstOrThrow();
    expect(stored.purpose).toBe("access_link");
    expect(stored.return_url).toBe("http://localhost:3000/demo/dsone/my-account");
    expect(stored.expires_at - stored.created_at).toBe(86_400_000);
    const anyRawToken = await server.db
      .selectFrom("one_time_tokens")
      .select("token_hash")
      .where("token_hash", "=", token)
      .executeTakeFirst();
    expect(anyRawToken).toBeUndefined();
  });

  it("answers isOk false for an unknown email and sends nothing", async () => {
    const before = await count("outbox");
    const response = await ask("nobody@example.com");
    expect(response.json()).toEqual({ isOk: false, isExistingDesktopUser: false, redirectUrl: "" });
    expect(await count("outbox")).toBe(before);
  });

  it("mails the link in the brand's look: its mark, its colour, a button and the address as text", async () => {
    for (const [productId, brand] of [
      [6, dsone],
      [maverick.productId, maverick],
    ] as const) {
      await ask("customer@example.com", { ProductId: productId });
      const mail = await mailFor("customer@example.com");
      const link = `http://localhost:3000${brand.paths.accessLink}?token=${tokenFromMail(mail)}`;
      expect(mail.from).toContain(brand.name);
      expect(mail.html).toContain(`<img src="http://localhost:3000${brand.mailLogo}" width="36" height="36" alt=""`);
      expect(mail.html).toContain(`style="display:inline-block;background:${brand.theme.light.go};`);
      expect(mail.html).toContain(`>Sign in to ${brand.name}</a>`);
      expect(mail.html).toContain(`>${link}</a>`);
      expect(mail.html).toContain("The link expires in 1 Day. It can be used once.");
      expect(mail.text).toContain(`Sign in: ${link}`);
      expect(mail.text).toContain("The link expires in 1 Day. It can be used once.");
      expect(mail.text).not.toContain("<");
    }
  });

  it("sends an existing desktop user to the desktop sign-in page instead", async () => {
    const response = await ask("desktop@example.com");
    expect(response.json()).toEqual({
      isOk: false,
      isExistingDesktopUser: true,
      redirectUrl: "http://localhost:3000/dsone/password-login?email=",
    });
  });

  it("keeps the ReturnUrl through the desktop sign-in, with the email still appended last", async () => {
    const response = await ask("desktop@example.com", { ReturnUrl: "/demo/dsone/ui?tab=1" });
    expect(response.json()).toEqual({
      isOk: false,
      isExistingDesktopUser: true,
      redirectUrl:
        "http://localhost:3000/dsone/password-login?ReturnUrl=http%3A%2F%2Flocalhost%3A3000%2Fdemo%2Fdsone%2Fui%3Ftab%3D1&email=",
    });
    // An off-site ReturnUrl is not carried.
    const offSite = await ask("desktop@example.com", { ReturnUrl: "https://evil.example/" });
    expect(offSite.json().redirectUrl).toBe("http://localhost:3000/dsone/password-login?email=");
  });

  it("opening the link's page spends nothing; the POST signs in once and continues to the ReturnUrl", async () => {
    await ask("customer@example.com", { ReturnUrl: "/demo/dsone/ui?tab=1" });
    const token = tokenFromMail(await mailFor("customer@example.com"));

    const page = await server.app.inject({ method: "GET", url: `/dsone/access-link?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers["referrer-policy"]).toBe("no-referrer");
    const unused = await server.db
      .selectFrom("one_time_tokens")
      .select("used_at")
      .where("token_hash", "=", hashSecret(token))
      .executeTakeFirstOrThrow();
    expect(unused.used_at).toBeNull();

    // The page's check says the link would sign in, and spends nothing either, however often.
    const check = () => server.app.inject({ method: "POST", url: "/api/access-link/check", payload: { token } });
    for (let i = 0; i < 3; i += 1) {
      const checked = await check();
      expect(checked.statusCode).toBe(200);
      // Opened elsewhere than in the browser that asked: it may also approve that one (decision 73).
      expect(checked.json()).toMatchObject({ isOk: true, otherDevice: { signsInTo: { brand: "DS One" } } });
      expect(checked.headers["set-cookie"]).toBeUndefined();
    }

    const first = await server.app.inject({ method: "POST", url: "/api/access-link/consume", payload: { token } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ redirectUrl: "http://localhost:3000/demo/dsone/ui?tab=1" });
    const setCookie = String(first.headers["set-cookie"]);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/Secure/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);

    const session = await server.app.inject({ method: "GET", url: "/api/dsone/session", headers: { cookie: sessionCookieFrom(first) } });
    expect(session.json()).toMatchObject({ signedIn: true, email: "Customer@Example.com", SvcLicenseState: "Active", UUID });

    const second = await server.app.inject({ method: "POST", url: "/api/access-link/consume", payload: { token } });
    expect(second.statusCode).toBe(410);
    expect(second.json().code).toBe("LINK_USED");
    // Once spent, the check says so as spending would.
    expect((await check()).json().code).toBe("LINK_USED");
  });

  it("lets only one of two simultaneous clicks through", async () => {
    await ask("customer@example.com");
    const token = tokenFromMail(await mailFor("customer@example.com"));
    const results = await Promise.all(
      Array.from({ length: 4 }, () => server.app.inject({ method: "POST", url: "/api/access-link/consume", payload: { token } })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 410, 410, 410]);
  });

  it("refuses an expired link and an unknown one", async () => {
    await ask("customer@example.com");
    const token = tokenFromMail(await mailFor("customer@example.com"));
    await server.db
      .updateTable("one_time_tokens")
      .set({ expires_at: Date.now() - 1 })
      .where("token_hash", "=", hashSecret(token))
      .execute();
    const expired = await server.app.inject({ method: "POST", url: "/api/access-link/consume", payload: { token } });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ code: "LINK_EXPIRED", message: "This sign-in link has expired. Please ask for a new one." });
    const checkedExpired = await server.app.inject({ method: "POST", url: "/api/access-link/check", payload: { token } });
    expect([checkedExpired.statusCode, checkedExpired.json().code]).toEqual([410, "LINK_EXPIRED"]);

    const unknown = await server.app.inject({ method: "POST", url: "/api/access-link/consume", payload: { token: "A".repeat(43) } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe("LINK_UNKNOWN");
  });

  it("housekeeping keeps a link's row for 30 days past its expiry, then deletes it", async () => {
    const tokens = [];
    for (const email of ["customer@example.com", "customer@example.com"]) {
      await ask(email);
      tokens.push(tokenFromMail(await mailFor(email)));
    }
    const [recent = "", old = ""] = tokens;
    const now = Date.now();
    const expire = (token: string, at: number) =>
      server.db.updateTable("one_time_tokens").set({ expires_at: at }).where("token_hash", "=", hashSecret(token)).execute();
    await expire(recent, now - TOKEN_KEPT_AFTER_EXPIRY_MS + 60_000);
    await expire(old, now - TOKEN_KEPT_AFTER_EXPIRY_MS - 1);
    await pruneOneTimeTokens(server.db, now);
    const consume = async (token: string) =>
      (await server.app.inject({ method: "POST", url: "/api/access-link/consume", payload: { token } })).json().code;
    // Within the 30 days the link still says what became of it; after them it is unknown.
    expect(await consume(recent)).toBe("LINK_EXPIRED");
    expect(await consume(old)).toBe("LINK_UNKNOWN");
    const left = await server.db
      .selectFrom("one_time_tokens")
      .select("token_hash")
      .where("token_hash", "in", [hashSecret(recent), hashSecret(old)])
      .execute();
    expect(left).toEqual([{ token_hash: hashSecret(recent) }]);
  });

  it("ignores an off-site ReturnUrl and lands on the DS One UI address", async () => {
    for (const evil of [
      "https://evil.example/steal",
      "//evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "http://localhost:3000@evil.example/",
    ]) {
      await ask("customer@example.com", { ReturnUrl: evil });
      const token = tokenFromMail(await mailFor("customer@example.com"));
      const response = await server.app.inject({ method: "POST", url: "/api/access-link/consume", payload: { token } });
      expect(response.json(), evil).toEqual({ redirectUrl: "http://localhost:3000/demo/dsone/ui" });
    }
  });

  it("gives a new session id at every sign-in and ends the one before", async () => {
    await ask("customer@example.com");
    const first = await server.app.inject({
      method: "POST",
      url: "/api/access-link/consume",
      payload: { token: tokenFromMail(await mailFor("customer@example.com")) },
    });
    const firstCookie = sessionCookieFrom(first);
    await ask("customer@example.com");
    const second = await server.app.inject({
      method: "POST",
      url: "/api/access-link/consume",
      headers: { cookie: firstCookie },
      payload: { token: tokenFromMail(await mailFor("customer@example.com")) },
    });
    expect(sessionCookieFrom(second)).not.toBe(firstCookie);
    const old = await server.app.inject({ method: "GET", url: "/api/dsone/session", headers: { cookie: firstCookie } });
    expect(old.json().signedIn).toBe(false);
  });

  it("limits requests per email and per address with a clear message", async () => {
    const limited = await startTestServer(kind, {
      ACCESS_LINK_LIMIT_PER_EMAIL: "3",
      ACCESS_LINK_LIMIT_PER_IP: "5",
      ACCESS_LINK_CONSUME_LIMIT_PER_IP: "5",
    });
    try {
      await createAccount(limited.db, { email: "limited@example.com" });
      const askLimited = (email: string, ip: string) =>
        limited.app.inject({ method: "POST", url: "/api/access-link", remoteAddress: ip, payload: { Email: email, ProductId: 6 } });
      const perEmail: number[] = [];
      for (let i = 0; i < 4; i++) perEmail.push((await askLimited("limited@example.com", `198.51.100.${i}`)).statusCode);
      expect(perEmail).toEqual([200, 200, 200, 429]);
      const refused = await askLimited("LIMITED@example.com", "198.51.100.99");
      expect(refused.json().message).toMatch(/^Too many sign-in links were requested\. Please wait \d+ minutes? and try again\.$/);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);

      const perAddress: number[] = [];
      for (let i = 0; i < 6; i++) perAddress.push((await askLimited(`someone-${i}@example.com`, "192.0.2.1")).statusCode);
      expect(perAddress).toEqual([200, 200, 200, 200, 200, 429]);

      const clicks: number[] = [];
      for (let i = 0; i < 6; i++) {
        const click = await limited.app.inject({
          method: "POST",
          url: "/api/access-link/consume",
          remoteAddress: "192.0.2.7",
          payload: { token: "B".repeat(43) },
        });
        clicks.push(click.statusCode);
      }
      expect(clicks).toEqual([404, 404, 404, 404, 404, 429]);
    } finally {
      await limited.stop();
    }
  });

  it("counts the client's address behind a trusted proxy, not one the client wrote", async () => {
    const proxied = await startTestServer(kind, { TRUST_PROXY: "1", ACCESS_LINK_LIMIT_PER_IP: "1" });
    try {
      const askVia = (forwardedFor: string) =>
        proxied.app.inject({
          method: "POST",
          url: "/api/access-link",
          headers: { "x-forwarded-for": forwardedFor },
          payload: { Email: "nobody@example.com", ProductId: 6 },
        });
      expect((await askVia("198.51.100.1, 203.0.113.50")).statusCode).toBe(200);
      // Same customer (the address the proxy saw), a different forged first hop: still limited.
      expect((await askVia("198.51.100.2, 203.0.113.50")).statusCode).toBe(429);
      expect((await askVia("203.0.113.51")).statusCode).toBe(200);
    } finally {
      await proxied.stop();
    }
  });

  it("refuses bad input with a clear 4xx and writes nothing", async () => {
    const before = { outbox: await count("outbox"), tokens: await count("one_time_tokens") };
    const cases: [string, InjectOptions, number, RegExp][] = [
      ["missing email", { method: "POST", url: "/api/access-link", payload: { ProductId: 6 } }, 400, /^Email: is required$/],
      [
        "malformed email",
        { method: "POST", url: "/api/access-link", payload: { Email: "not-an-email", ProductId: 6 } },
        400,
        /^Email: must be a valid email address$/,
      ],
      [
        "product not a number",
        { method: "POST", url: "/api/access-link", payload: { Email: "customer@example.com", ProductId: "six" } },
        400,
        /ProductId/,
      ],
      [
        "malformed JSON",
        { method: "POST", url: "/api/access-link", headers: { "content-type": "application/json" }, payload: "{nope" },
        400,
        /not valid JSON/,
      ],
      [
        "wrong content type",
        { method: "POST", url: "/api/access-link", headers: { "content-type": "text/plain" }, payload: "Email=x" },
        415,
        /JSON/,
      ],
      [
        "form-encoded",
        {
          method: "POST",
          url: "/api/access-link",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          payload: "Email=customer%40example.com&ProductId=6",
        },
        415,
        /JSON/,
      ],
      [
        "oversized",
        {
          method: "POST",
          url: "/api/access-link",
          payload: { Email: "customer@example.com", ProductId: 6, ReturnUrl: "x".repeat(20_000) },
        },
        413,
        /too large/,
      ],
      [
        "cross-site",
        {
          method: "POST",
          url: "/api/access-link",
          headers: { origin: "https://evil.example" },
          payload: { Email: "customer@example.com", ProductId: 6 },
        },
        403,
        /another site/,
      ],
      [
        "bad token shape",
        { method: "POST", url: "/api/access-link/consume", payload: { token: "short" } },
        400,
        /token: is not a sign-in link token/,
      ],
    ];
    for (const [name, request, status, message] of cases) {
      const response = await server.app.inject(request);
      expect(response.statusCode, name).toBe(status);
      expect(response.json().message, name).toMatch(message);
    }
    expect({ outbox: await count("outbox"), tokens: await count("one_time_tokens") }).toEqual(before);
  });
});

describeEachDatabase("an existing desktop user with password login off, on %s", (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, { PASSWORD_LOGIN_ALLOWED: "false" });
    await createAccount(server.db, { email: "desktop@example.com", product: "solveiq" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("gets a link instead of being sent to a password screen that would send them back", async () => {
    const response = await server.app.inject({
      method: "POST",
      url: "/api/access-link",
      remoteAddress: "203.0.113.9",
      payload: { Email: "desktop@example.com", ProductId: 6, ReturnUrl: "/demo/dsone/ui" },
    });
    expect(response.json()).toEqual({ isOk: true, isExistingDesktopUser: false, redirectUrl: "" });
    await drainMail(server);
    const token = tokenFromMail(server.delivered.findLast((mail) => mail.to === "desktop@example.com") ?? fail("no mail"));
    const spent = await server.app.inject({ method: "POST", url: "/api/access-link/consume", payload: { token } });
    expect(spent.json()).toEqual({ redirectUrl: "http://localhost:3000/demo/dsone/ui" });
  });
});

function fail(message: string): never {
  throw new Error(message);
}
