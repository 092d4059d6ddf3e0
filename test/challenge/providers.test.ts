import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChallengeRefusal } from "../../common/challenge.ts";
import { ConfigError, loadConfig } from "../../server/base/config.ts";
import { verifyThirdParty } from "../../server/challenge/third-party.ts";
import { contentSecurityPolicy } from "../../server/http/security-headers.ts";
import { startTestServer, type TestServer } from "../support/app.ts";
import { describeEachDatabase } from "../support/databases.ts";
import { FakeCaptcha } from "../support/fake-captcha.ts";
import { PRODUCTION_ADDRESSES } from "../support/production-env.ts";

/**
 * The choice of provider (decision 93): Turnstile and hCaptcha pass or fail through a local server
 * that speaks their siteverify protocol, a provider that does not answer refuses the challenged
 * request alone, the page's CSP allows only the chosen provider's origins, and the settings say
 * what each choice needs.
 */
const SECRET = "provider-secret";
const captcha = new FakeCaptcha(SECRET);
beforeAll(async () => {
  await captcha.start();
});
afterAll(async () => {
  await captcha.close();
});

const PROVIDERS = {
  turnstile: { script: "/turnstile/v0/api.js", verify: "/turnstile/v0/siteverify" },
  hcaptcha: { script: "/hcaptcha/api.js", verify: "/hcaptcha/siteverify" },
} as const;

for (const [provider, paths] of Object.entries(PROVIDERS) as [keyof typeof PROVIDERS, (typeof PROVIDERS)[keyof typeof PROVIDERS]][]) {
  describeEachDatabase(`${provider} as the human check on %s`, (kind) => {
    let server: TestServer;
    let address = 0;

    beforeAll(async () => {
      server = await startTestServer(kind, {
        CAPTCHA_PROVIDER: provider,
        CAPTCHA_SITE_KEY: "site-key",
        CAPTCHA_SECRET_KEY: SECRET,
        CAPTCHA_SCRIPT_URL: `${captcha.url}${paths.script}`,
        CAPTCHA_VERIFY_URL: `${captcha.url}${paths.verify}`,
        CAPTCHA_TIMEOUT: "2s",
        // Half of 2: the first request is free, the second asks.
        ACCESS_LINK_LIMIT_PER_IP: "2",
        ACCESS_LINK_LIMIT_PER_EMAIL: "1000",
      });
    });
    afterAll(async () => {
      await server?.stop();
    });

    /** A fresh address, already past its threshold. */
    async function pressedAddress(): Promise<string> {
      address += 1;
      const ip = `192.0.2.${address}`;
      expect((await ask(ip)).statusCode).toBe(200);
      return ip;
    }

    function ask(ip: string, proof?: string) {
      return server.app.inject({
        method: "POST",
        url: "/api/access-link",
        remoteAddress: ip,
        headers: proof ? { "challenge-proof": proof } : {},
        payload: { Email: "nobody@example.com", ProductId: 6 },
      });
    }

    /** What the link requests for the address counted: a refused one counts nothing. */
    async function countedForTheEmail(): Promise<number> {
      const rows = await server.db.selectFrom("rate_limits").select("count").where("key", "like", "access-link:email|%").execute();
      return rows.reduce((sum, row) => sum + Number(row.count), 0);
    }

    it("asks past the threshold for the provider's widget, and lets a passing token through", async () => {
      captcha.mode = "pass";
      const ip = await pressedAddress();
      const asked = await ask(ip);
      expect(asked.statusCode).toBe(428);
      expect(asked.json<ChallengeRefusal>().challenge).toEqual({
        provider,
        siteKey: "site-key",
        scriptUrl: `${captcha.url}${paths.script}`,
      });
      expect((await ask(ip, "pass:site-key")).statusCode).toBe(200);
      expect(captcha.verifications.at(-1)).toEqual({ secret: SECRET, response: "pass:site-key" });
    });

    it("asks the provider nothing below the threshold, even for a request that brings a token", async () => {
      captcha.mode = "pass";
      const verifications = captcha.verifications.length;
      address += 1;
      expect((await ask(`192.0.2.${address}`, "fail:site-key")).statusCode).toBe(200);
      expect(captcha.verifications.length).toBe(verifications);
    });

    it("refuses a token the provider does not pass, with a new challenge", async () => {
      captcha.mode = "pass";
      for (const token of ["fail:site-key", ...(provider === "hcaptcha" ? ["pass:another-site"] : [])]) {
        const refused = await ask(await pressedAddress(), token);
        expect(refused.statusCode).toBe(403);
        expect(refused.json<ChallengeRefusal>()).toMatchObject({ code: "CHALLENGE_FAILED", challenge: { provider } });
      }
    });

    it("refuses only the challenged request when the provider does not answer, and offers another way in", async () => {
      const ip = await pressedAddress();
      captcha.mode = "down";
      try {
        const before = await countedForTheEmail();
        const refused = await ask(ip, "pass:site-key");
        expect(refused.statusCode).toBe(503);
        expect(refused.json()).toMatchObject({
          code: "CHALLENGE_UNAVAILABLE",
          message: "We can't check that you're a person right now. Please try again in a minute, or sign in another way.",
        });
        expect(await countedForTheEmail()).toBe(before);
        // A request below its threshold never asks the provider, and goes through.
        address += 1;
        expect((await ask(`192.0.2.${address}`)).statusCode).toBe(200);
      } finally {
        captcha.mode = "pass";
      }
    });
  });
}

describe("reCAPTCHA's verdicts", () => {
  const settings = {
    provider: "recaptcha" as const,
    siteKey: "site-key",
    secretKey: SECRET,
    scriptUrl: "https://www.google.com/recaptcha/api.js",
    verifyUrl: "",
    minScore: 0.5,
    timeoutMs: 2000,
  };
  it("passes the action submit at the minimum score, and fails a low score, another action, and no answer", async () => {
    const recaptcha = { ...settings, verifyUrl: `${captcha.url}/siteverify` };
    captcha.mode = "pass";
    expect(await verifyThirdParty(recaptcha, "pass:site-key:submit", "192.0.2.1")).toBe("passed");
    expect(await verifyThirdParty(recaptcha, "pass:site-key:login", "192.0.2.1")).toBe("failed");
    expect(await verifyThirdParty(recaptcha, "low-score:site-key:submit", "192.0.2.1")).toBe("failed");
    expect(await verifyThirdParty(recaptcha, "", "192.0.2.1")).toBe("failed");
    captcha.mode = "down";
    expect(await verifyThirdParty(recaptcha, "pass:site-key:submit", "192.0.2.1")).toBe("unavailable");
    captcha.mode = "pass";
    expect(await verifyThirdParty({ ...recaptcha, verifyUrl: "http://127.0.0.1:9/siteverify" }, "pass:site-key:submit", "192.0.2.1")).toBe(
      "unavailable",
    );
  });
});

describe("the choice of provider in the settings", () => {
  const keys = { CAPTCHA_SITE_KEY: "site", CAPTCHA_SECRET_KEY: "secret" };
  const problemsOf = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return [];
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
  };

  it("defaults to our own proof of work in development, none in tests, and reCAPTCHA where its keys are set", () => {
    expect(loadConfig({ NODE_ENV: "development" }).challenge.provider).toBe("pow");
    expect(loadConfig({ NODE_ENV: "test" }).challenge.provider).toBe("off");
    expect(loadConfig({ NODE_ENV: "test", ...keys }).challenge.provider).toBe("recaptcha");
    expect(loadConfig({ NODE_ENV: "test", ...keys, CAPTCHA_PROVIDER: "turnstile" }).challenge.thirdParty).toMatchObject({
      provider: "turnstile",
      scriptUrl: "https://challenges.cloudflare.com/turnstile/v0/api.js",
      verifyUrl: "https://challenges.cloudflare.com/turnstile/v0/siteverify",
    });
  });

  it("refuses a third party without its keys, an unknown provider, and proof of work in production without its secret", () => {
    expect(problemsOf({ CAPTCHA_PROVIDER: "hcaptcha" })).toContain(
      "CAPTCHA_PROVIDER: hcaptcha needs CAPTCHA_SITE_KEY and CAPTCHA_SECRET_KEY",
    );
    expect(problemsOf({ CAPTCHA_PROVIDER: "friendly" })).toContain("CAPTCHA_PROVIDER: must be pow, recaptcha, turnstile, hcaptcha or off");
    const production = {
      NODE_ENV: "production",
      PUBLIC_URL: "https://accounts.example.com",
      SMTP_URL: "smtps://mail.example.com",
      ...PRODUCTION_ADDRESSES,
    };
    expect(problemsOf({ ...production, CAPTCHA_PROVIDER: "pow" }).join("\n")).toContain("CHALLENGE_SECRET: is required in production");
    expect(problemsOf({ ...production, CAPTCHA_PROVIDER: "pow", CHALLENGE_SECRET: "a".repeat(44) })).toEqual([]);
    expect(loadConfig(production).challenge.provider).toBe("off");
  });
});

describe("the pages' Content-Security-Policy", () => {
  const policyFor = (env: Record<string, string>) => {
    const directives = contentSecurityPolicy(
      loadConfig({ NODE_ENV: "test", CAPTCHA_SITE_KEY: "site", CAPTCHA_SECRET_KEY: "secret", ...env }),
    )
      .split("; ")
      .map((directive) => directive.split(" "));
    return (name: string) => directives.find(([first]) => first === name)?.slice(1) ?? [];
  };

  it("allows the chosen provider's origins and no other's", () => {
    const turnstile = policyFor({ CAPTCHA_PROVIDER: "turnstile" });
    expect(turnstile("script-src")).toEqual(["'self'", "https://challenges.cloudflare.com"]);
    expect(turnstile("frame-src")).toEqual(["https://challenges.cloudflare.com"]);
    const hcaptcha = policyFor({ CAPTCHA_PROVIDER: "hcaptcha" });
    expect(hcaptcha("script-src")).toEqual(["'self'", "https://hcaptcha.com", "https://*.hcaptcha.com"]);
    expect(hcaptcha("style-src")).toEqual(["'self'", "https://hcaptcha.com", "https://*.hcaptcha.com"]);
    const recaptcha = policyFor({});
    expect(recaptcha("script-src")).toEqual(["'self'", "https://www.google.com", "https://www.gstatic.com"]);
    // Our own proof of work needs nobody's: no third-party script, no frame.
    const pow = policyFor({ CAPTCHA_PROVIDER: "pow" });
    expect(pow("script-src")).toEqual(["'self'"]);
    expect(pow("frame-src")).toEqual(["'none'"]);
  });
});

describeEachDatabase("reCAPTCHA on %s: on every request of the sign-in form, elsewhere only under pressure", (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, {
      CAPTCHA_SITE_KEY: "site-key",
      CAPTCHA_SECRET_KEY: SECRET,
      CAPTCHA_VERIFY_URL: `${captcha.url}/siteverify`,
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const post = (url: string, payload: unknown) =>
    server.app.inject({ method: "POST", url, remoteAddress: "192.0.2.200", payload: payload as object });

  it("says Login failed to the sign-in form's request without a passing token, and sends the link with one", async () => {
    captcha.mode = "pass";
    const refused = await post("/api/access-link", { Email: "nobody@example.com", ProductId: 6 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: "CAPTCHA_FAILED", message: "Login failed" });
    expect(
      (await post("/api/access-link", { Email: "nobody@example.com", ProductId: 6, CaptchaToken: "pass:site-key:submit" })).statusCode,
    ).toBe(200);
  });

  it("lets the earlier area's link request through below the threshold, with no token", async () => {
    const answer = await post("/api/account/passwordless-login", { email: "nobody@example.com", product: 6 });
    expect(answer.statusCode).toBe(200);
  });
});
