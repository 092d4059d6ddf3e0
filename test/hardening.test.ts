import { readFileSync } from "node:fs";
import { join } from "node:path";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerError } from "../server/app.ts";
import { createAccount } from "../server/auth/kernel/accounts.ts";
import { addressForLimits, canonicalAddress } from "../server/base/client-address.ts";
import { loadConfig } from "../server/base/config.ts";
import { AppError } from "../server/base/errors.ts";
import { BUCKETS, type BucketName, bucketKey, bucketSettings } from "../server/base/rate-limit-buckets.ts";
import { Argon2Scheduler } from "../server/secrets/argon2-scheduler.ts";
import { hashSecret } from "../server/secrets/tokens.ts";
import { drainMail, sessionCookieFrom, startTestServer, type TestServer } from "./support/app.ts";
import { describeEachDatabase } from "./support/databases.ts";
import { FakeCaptcha } from "./support/fake-captcha.ts";

describe("client addresses and rate-limit keys", () => {
  it("believes only valid IPv4 and IPv6 addresses, in one spelling", () => {
    expect(canonicalAddress("198.51.100.7")).toBe("198.51.100.7");
    expect(canonicalAddress("::FFFF:198.51.100.7")).toBe("198.51.100.7");
    expect(canonicalAddress("2001:DB8::1")).toBe("2001:db8::1");
    for (const bad of ["", "a".repeat(2800), "198.51.100.7, 10.0.0.1", "999.1.1.1", "localhost", "2001:db8::1%eth0<script>"]) {
      expect(canonicalAddress(bad), bad.slice(0, 20)).toBeUndefined();
    }
  });

  it("counts an IPv6 client by its /64", () => {
    expect(addressForLimits("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressForLimits("2001:db8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(addressForLimits("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressForLimits("198.51.100.7")).toBe("198.51.100.7");
  });

  it("builds every bucket's key short, without the email, whatever the parts", () => {
    const long = `${"x".repeat(3000)}@example.com`;
    for (const bucket of Object.keys(BUCKETS) as BucketName[]) {
      const parts = BUCKETS[bucket].parts.map(() => long);
      const key = bucketKey(bucket, ...parts);
      expect(key.length, bucket).toBeLessThanOrEqual(120);
      expect(key).not.toContain("example.com");
      // A bucket without parts (one counter for everyone) is its prefix alone.
      expect(key === BUCKETS[bucket].prefix || key.startsWith(`${BUCKETS[bucket].prefix}|`), bucket).toBe(true);
    }
    // The same email in another case is the same key; another email is not.
    expect(bucketKey("accessLinkPerEmail", "Pat@Example.com")).toBe(bucketKey("accessLinkPerEmail", "pat@example.com"));
    expect(bucketKey("accessLinkPerEmail", "pat@example.com")).not.toBe(bucketKey("accessLinkPerEmail", "pam@example.com"));
    expect(() => bucketKey("accessLinkPerEmail")).toThrow();
  });

  it("gives every bucket setting a default, a row in docs/configuration.md, and no two buckets one prefix", () => {
    const configuration = readFileSync(join(import.meta.dirname, "..", "docs", "configuration.md"), "utf8");
    for (const [setting, { defaultLimit }] of bucketSettings()) {
      expect(configuration, setting).toMatch(new RegExp(`\\| \`${setting}\` \\| \`${defaultLimit}\` \\|`));
    }
    const prefixes = Object.values(BUCKETS).map((bucket) => bucket.prefix);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    expect(() => loadConfig({ PASSWORD_FAILURE_LIMIT_PER_ACCOUNT: "101" })).toThrow(
      "PASSWORD_FAILURE_LIMIT_PER_ACCOUNT: must be at most 100",
    );
    expect(loadConfig({ SET_PASSWORD_LIMIT_PER_IP: "7" }).rateLimits.limits.setPasswordPerIp).toBe(7);
  });
});

describe("argon2 scheduler", () => {
  it("runs at most its concurrency at once, keeps a slot for sign-in checks, and refuses past its queue", async () => {
    const scheduler = new Argon2Scheduler(2, 6);
    const releases: (() => void)[] = [];
    const started: string[] = [];
    const work = (name: string) => () =>
      new Promise<string>((resolve) => {
        started.push(name);
        releases.push(() => resolve(name));
      });
    const hashes = Array.from({ length: 4 }, (_, i) => scheduler.run("hash", work(`hash${i}`)));
    await Promise.resolve();
    // New-password hashing never takes the last slot: one hash runs, a login starts at once.
    expect(started).toEqual(["hash0"]);
    const login = scheduler.run("verify", work("verify0"));
    await Promise.resolve();
    expect(started).toEqual(["hash0", "verify0"]);
    // Queued: a login goes ahead of the waiting hashes.
    const laterLogin = scheduler.run("verify", work("verify1"));
    const overflow = [scheduler.run("hash", work("x")), scheduler.run("hash", work("y"))];
    // Six calls wait (three hashes, a login, two more hashes): the seventh is refused at once.
    await expect(scheduler.run("hash", work("too-many"))).rejects.toMatchObject({ code: "BUSY", headers: { "retry-after": "1" } });
    releases.shift()?.();
    await hashes[0];
    expect(started.at(-1)).toBe("verify1");
    const all = Promise.all([...hashes, login, laterLogin, ...overflow]);
    let settled = false;
    void all.then(() => {
      settled = true;
    });
    while (!settled) {
      releases.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect(started).toHaveLength(8);
    expect(scheduler.stats()).toEqual({ peakRunning: 2, hashesDone: 6 });
  });
});

describeEachDatabase("sessions, client addresses and new passwords on %s", (kind) => {
  let server: TestServer;
  const captcha = new FakeCaptcha("hardening-secret");

  beforeAll(async () => {
    await captcha.start();
    server = await startTestServer(kind, {
      TRUST_PROXY: "1",
      SESSION_IDLE_TIMEOUT: "20m",
      PASSWORD_FAILURE_LIMIT_PER_EMAIL_AND_IP: "2",
      CAPTCHA_SITE_KEY: "site-key",
      CAPTCHA_SECRET_KEY: "hardening-secret",
      CAPTCHA_VERIFY_URL: `${captcha.url}/siteverify`,
    });
    await createAccount(server.db, { email: "idle@example.com", password: "idle-secret-1" });
    await createAccount(server.db, { email: "fresh@example.com" });
  });
  afterAll(async () => {
    await server?.stop();
    await captcha.close();
  });

  const login = (Email: string, Password: string, forwardedFor = "198.51.100.9", extra: Record<string, string> = {}) =>
    server.app.inject({
      method: "POST",
      url: "/api/dsone/password-login",
      headers: { "x-forwarded-for": forwardedFor },
      payload: { Email, Password, ...extra },
    });

  it("answers a 2.8 KB X-Forwarded-For without storing it, counting the proxy's address instead", async () => {
    const forged = `${"9".repeat(2800)}`;
    const answer = await server.app.inject({
      method: "POST",
      url: "/api/access-link",
      headers: { "x-forwarded-for": forged },
      payload: { Email: "nobody@example.com", ProductId: 6, CaptchaToken: "pass:site-key:submit" },
    });
    expect(answer.statusCode).toBe(200);
    const keys = await server.db.selectFrom("rate_limits").select("key").execute();
    expect(keys.length).toBeGreaterThan(0);
    for (const { key } of keys) expect(key.length).toBeLessThanOrEqual(120);
    expect(keys.map(({ key }) => key)).toContain(bucketKey("accessLinkPerIp", "127.0.0.1"));
  });

  it("steps a guessing address up to the captcha instead of blocking the email", async () => {
    // One failure is free; past the threshold (half of PASSWORD_FAILURE_LIMIT_PER_EMAIL_AND_IP's 2)
    // the next attempt must pass the captcha first (decision 93), the right password included.
    expect((await login("idle@example.com", "guess-secret")).statusCode).toBe(401);
    const asked = await login("idle@example.com", "idle-secret-1");
    expect(asked.statusCode).toBe(428);
    expect(asked.json()).toMatchObject({
      code: "CHALLENGE_REQUIRED",
      challenge: { provider: "recaptcha", siteKey: "site-key", scriptUrl: "https://www.google.com/recaptcha/api.js" },
    });
    const lowScore = await login("idle@example.com", "idle-secret-1", "198.51.100.9", { CaptchaToken: "low-score:site-key:submit" });
    expect(lowScore.statusCode).toBe(403);
    expect(lowScore.json().code).toBe("CHALLENGE_FAILED");
    expect((await login("idle@example.com", "idle-secret-1", "198.51.100.9", { CaptchaToken: "pass:site-key:submit" })).statusCode).toBe(
      200,
    );
  });

  it("ends a session left idle, and writes its last use at most once a minute", async () => {
    const cookie = sessionCookieFrom(await login("idle@example.com", "idle-secret-1", "198.51.100.10"));
    const idHash = hashSecret(cookie.split("=")[1] ?? "");
    const lastSeen = async () =>
      Number(
        (await server.db.selectFrom("sessions").select("last_seen_at").where("id_hash", "=", idHash).executeTakeFirstOrThrow())
          .last_seen_at,
      );
    const check = async () =>
      (await server.app.inject({ method: "GET", url: "/api/dsone/session", headers: { cookie } })).json().signedIn as boolean;
    const setLastSeen = (at: number) => server.db.updateTable("sessions").set({ last_seen_at: at }).where("id_hash", "=", idHash).execute();

    // Used 5 minutes ago: still signed in, and the use is written (once).
    await setLastSeen(Date.now() - 5 * 60_000);
    expect(await check()).toBe(true);
    const written = await lastSeen();
    expect(written).toBeGreaterThan(Date.now() - 10_000);
    expect(await check()).toBe(true);
    expect(await lastSeen()).toBe(written);

    // Unused for longer than SESSION_IDLE_TIMEOUT (20m): ended, though its lifetime (30d) is not over.
    await setLastSeen(Date.now() - 21 * 60_000);
    expect(await check()).toBe(false);
  });

  it("refuses one of the most common breached passwords as a new password", async () => {
    await server.app.inject({
      method: "POST",
      url: "/api/access-link",
      payload: { Email: "fresh@example.com", ProductId: 6, CaptchaToken: "pass:site-key:submit" },
    });
    const token = await server.db.selectFrom("outbox").select("text_body").where("to_address", "=", "fresh@example.com").executeTakeFirst();
    expect(token).toBeDefined();
    await drainMail(server);
    const link = server.delivered.findLast((mail) => mail.to === "fresh@example.com")?.text.match(/token=([\w-]{43})/)?.[1];
    const cookie = sessionCookieFrom(
      await server.app.inject({ method: "POST", url: "/api/access-link/consume", payload: { token: link } }),
    );
    const set = (Password: string) =>
      server.app.inject({
        method: "POST",
        url: "/api/password/set",
        headers: { cookie },
        payload: { Password, ConfirmPassword: Password },
      });
    for (const common of ["Password1", "baseball1", "qwerty123"]) {
      const refused = await set(common);
      expect(refused.statusCode, common).toBe(400);
      expect(refused.json().messages).toEqual(["New Password must not be a commonly used password"]);
    }
    expect((await set("fresh-secret-1")).statusCode).toBe(200);
  });
});

/**
 * An API error's words follow the request's language (Accept-Language among its hints), so a
 * cache that kept one would hand it to a reader of another: every error answer says it varies by
 * language and may not be stored.
 */
describe("API error answers", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer("sqlite");
  });
  afterAll(async () => {
    await server?.stop();
  });

  const varyOf = (headers: Record<string, unknown>) =>
    String(headers.vary ?? "")
      .split(",")
      .map((field) => field.trim().toLowerCase());

  it("vary by Accept-Language and are never stored, whatever raised them", async () => {
    const answers = {
      wrongPassword: await server.app.inject({
        method: "POST",
        url: "/api/dsone/password-login",
        headers: { "accept-language": "de" },
        payload: { Email: "nobody.here@example.com", Password: "not a password at all" },
      }),
      notSignedIn: await server.app.inject({ method: "GET", url: "/api/me", headers: { "accept-language": "fr" } }),
      crossSite: await server.app.inject({
        method: "POST",
        url: "/api/me/name",
        headers: { origin: "https://elsewhere.example", "accept-language": "es" },
        payload: { name: "x" },
      }),
      badJson: await server.app.inject({
        method: "POST",
        url: "/api/access-link",
        headers: { "content-type": "application/json" },
        payload: "{not json",
      }),
      noSuchApi: await server.app.inject({ method: "POST", url: "/api/no-such-endpoint" }),
    };
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer.statusCode, name).toBeGreaterThanOrEqual(400);
      expect({ name, vary: varyOf(answer.headers), cacheControl: answer.headers["cache-control"] }).toEqual({
        name,
        vary: expect.arrayContaining(["accept-language"]),
        cacheControl: "no-store",
      });
    }
    // The translation the header speaks of.
    expect(answers.wrongPassword.json().message).not.toBe(
      (
        await server.app.inject({
          method: "POST",
          url: "/api/dsone/password-login",
          payload: { Email: "nobody.here@example.com", Password: "not a password at all" },
        })
      ).json().message,
    );
  });

  it("add to the Vary a route had already set, naming each field once", async () => {
    const app = Fastify();
    app.setErrorHandler(answerError);
    app.get("/compressed", (_request, reply) => {
      reply.header("vary", "Accept-Encoding");
      throw new AppError("NOT_FOUND");
    });
    app.get("/page", (_request, reply) => {
      reply.header("vary", "accept-language, cookie");
      throw new AppError("NOT_FOUND");
    });
    expect((await app.inject({ url: "/compressed" })).headers.vary).toBe("Accept-Encoding, accept-language, x-language, cookie");
    expect((await app.inject({ url: "/page" })).headers.vary).toBe("accept-language, cookie, x-language");
    await app.close();
  });
});
