import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../server/base/config.ts";
import { PRODUCTION_ADDRESSES } from "./support/production-env.ts";

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("configuration", () => {
  it("has working defaults: SQLite file, port 3000, stand-in product pages, no SMTP", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBe("file:./data/account.db");
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.links.dsoneUi).toBe("http://localhost:3000/demo/dsone/ui");
    expect(config.links.signIn).toBe("http://localhost:3000/dsone/login?ReturnUrl=http%3A%2F%2Flocalhost%3A3000%2Fdemo%2Fdsone%2Fui");
    expect(config.accessLinkLifetimeDays).toBe(1);
    expect(config.resetLinkLifetimeMs).toBe(3_600_000);
    expect(config.mailbox).toBe(true);
    expect(config.passwordLoginAllowed).toBe(true);
  });

  it("names every bad variable at once", () => {
    const problems = problemsOf({
      PORT: "eighty",
      DATABASE_URL: "mysql://x",
      SMTP_URL: "mail.example.com",
      PASSWORD_LOGIN_ALLOWED: "maybe",
      RESET_LINK_LIFETIME: "soon",
      ALLOWED_REDIRECT_ORIGINS: "https://ok.example, not a url",
    });
    const names = problems.map((problem) => problem.split(":")[0]);
    expect(names).toEqual(
      expect.arrayContaining([
        "PORT",
        "DATABASE_URL",
        "SMTP_URL",
        "PASSWORD_LOGIN_ALLOWED",
        "RESET_LINK_LIFETIME",
        "ALLOWED_REDIRECT_ORIGINS.1",
      ]),
    );
    expect(problems.find((p) => p.startsWith("DATABASE_URL"))).toContain('must be "file:<path>" (SQLite) or "postgres://..." (PostgreSQL)');
  });

  it("requires the real product addresses and an https PUBLIC_URL in production", () => {
    const problems = problemsOf({ NODE_ENV: "production", PUBLIC_URL: "http://accounts.example.com" });
    expect(problems).toContain("DSONE_UI_URL: is required in production");
    expect(problems).toContain("MAVERICK_SIGNUP_URL: is required in production");
    expect(problems).toContain("PUBLIC_URL: must be https in production");
    expect(problems).toContain("SMTP_URL: is required in production");
  });

  it("allows redirects to its own origin, the configured product addresses and the listed origins only", () => {
    const config = loadConfig({
      DSONE_UI_URL: "https://app.dsone.example/home",
      ALLOWED_REDIRECT_ORIGINS: "https://partner.example/path",
      PRIVACY_POLICY_URL: "https://docs-host.example/dsone/privacy",
      INSTALLER_HOST: "https://downloads.example",
    });
    expect(config.allowedRedirectOrigins).toEqual(
      expect.arrayContaining(["http://localhost:3000", "https://app.dsone.example", "https://partner.example"]),
    );
    // Document and download hosts are not places to send a signed-in customer.
    for (const origin of ["https://evil.example", "https://docs-host.example", "https://downloads.example"]) {
      expect(config.allowedRedirectOrigins).not.toContain(origin);
    }
  });

  it("still reads a renamed setting by its former name, and names the one that was set when it is bad", () => {
    expect(loadConfig({}).rateLimits.limits.accountExportsPerSession).toBe(10);
    expect(loadConfig({ ACCOUNT_EXPORT_LIMIT_PER_ACCOUNT: "4" }).rateLimits.limits.accountExportsPerSession).toBe(4);
    // The current name wins when both are set.
    const both = { ACCOUNT_EXPORT_LIMIT_PER_ACCOUNT: "4", ACCOUNT_EXPORT_LIMIT_PER_SESSION: "6" };
    expect(loadConfig(both).rateLimits.limits.accountExportsPerSession).toBe(6);
    expect(problemsOf({ ACCOUNT_EXPORT_LIMIT_PER_ACCOUNT: "many" })).toEqual(["ACCOUNT_EXPORT_LIMIT_PER_ACCOUNT: must be a number"]);
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ SMTP_URL: "", PORT: "" }).port).toBe(3000);
  });

  it("believes a set number of proxies, or listed ones, but never every hop", () => {
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1" }).trustProxy).toEqual(["10.0.0.0/8", "127.0.0.1"]);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(problemsOf({ TRUST_PROXY: "true" })[0]).toMatch(/^TRUST_PROXY: must be false, the number of proxies in front/);
  });

  it("wants both captcha keys or neither", () => {
    expect(problemsOf({ CAPTCHA_SITE_KEY: "site" })).toEqual(["CAPTCHA_SITE_KEY, CAPTCHA_SECRET_KEY: set both or neither"]);
  });

  it("takes passkeys' relying-party ID from PUBLIC_URL, or a parent domain of it, and refuses anything else at start", () => {
    expect(loadConfig({}).passkeys).toEqual({ rpId: "localhost", origins: ["http://localhost:3000"], usable: true, relatedOrigins: [] });
    const publicUrl = { PUBLIC_URL: "https://account.example.com" };
    expect(loadConfig(publicUrl).passkeys).toMatchObject({
      rpId: "account.example.com",
      origins: ["https://account.example.com"],
      usable: true,
    });
    // Browsers refuse ceremonies on an address literal and on plain http other than localhost.
    expect(loadConfig({ PUBLIC_URL: "http://127.0.0.1:3000" }).passkeys.usable).toBe(false);
    expect(loadConfig({ PUBLIC_URL: "http://accounts.internal:3000" }).passkeys.usable).toBe(false);
    expect(loadConfig({ ...publicUrl, PASSKEY_RP_ID: "Example.com" }).passkeys.rpId).toBe("example.com");
    for (const rpId of ["other.example", "com", "ample.com", "sub.account.example.com"]) {
      expect(problemsOf({ ...publicUrl, PASSKEY_RP_ID: rpId }), rpId).toEqual([
        `PASSKEY_RP_ID: must be account.example.com (PUBLIC_URL's host) or a parent domain of it, such as the products' shared domain; or, for a sign-in site moved from ${rpId}, list https://account.example.com in PASSKEY_RELATED_ORIGINS and serve that list at https://${rpId}/.well-known/webauthn`,
      ]);
    }
    // A site moved to a new host keeps the old ID when it names itself among the related origins.
    expect(problemsOf({ ...publicUrl, PASSKEY_RP_ID: "other.example", PASSKEY_RELATED_ORIGINS: "https://account.example.com" })).toEqual(
      [],
    );
    expect(problemsOf({ ...publicUrl, PASSKEY_RP_ID: "other.example", PASSKEY_RELATED_ORIGINS: "https://elsewhere.example" })).toHaveLength(
      1,
    );
    expect(problemsOf({ ...publicUrl, PASSKEY_RP_ID: "https://example.com" })[0]).toMatch(/^PASSKEY_RP_ID: must be a domain name/);
  });

  it("reads PASSKEY_RELATED_ORIGINS as a list of origins, and refuses one that is not https in production", () => {
    expect(loadConfig({ PASSKEY_RELATED_ORIGINS: " https://a.example/path ,https://b.example:8443," }).passkeys.relatedOrigins).toEqual([
      "https://a.example",
      "https://b.example:8443",
    ]);
    expect(problemsOf({ PASSKEY_RELATED_ORIGINS: "https://a.example, a.example" })).toEqual([
      "PASSKEY_RELATED_ORIGINS.1: must be an absolute http(s) URL",
    ]);
    // Outside production a development origin may be plain http (localhost is a secure context).
    expect(loadConfig({ PASSKEY_RELATED_ORIGINS: "http://localhost:4000" }).passkeys.relatedOrigins).toEqual(["http://localhost:4000"]);
    const production = {
      NODE_ENV: "production",
      PUBLIC_URL: "https://account.example.com",
      SMTP_URL: "smtps://mail.example.com:465",
      MAIL_KEYS: Buffer.alloc(32, 1).toString("base64"),
      DPOP_NONCE_SECRET: Buffer.alloc(32, 2).toString("base64"),
      ...PRODUCTION_ADDRESSES,
    };
    expect(problemsOf({ ...production, PASSKEY_RELATED_ORIGINS: "https://signin.example.net" })).toEqual([]);
    expect(problemsOf({ ...production, PASSKEY_RELATED_ORIGINS: "https://signin.example.net,http://old.example.com" })).toEqual([
      "PASSKEY_RELATED_ORIGINS: must be https origins in production",
    ]);
  });

  describe("Google sign-in", () => {
    const production = {
      NODE_ENV: "production",
      PUBLIC_URL: "https://account.example.com",
      SMTP_URL: "smtps://mail.example.com:465",
      ...PRODUCTION_ADDRESSES,
    };

    it("outside production without a client id, is the local stand-in under /dev/google", () => {
      expect(loadConfig({}).google).toEqual({
        issuerUrl: "http://localhost:3000/dev/google",
        clientId: "google-stand-in",
        // Made up for this process, for the stand-in and the sign-in alike: never a fixed one.
        clientSecret: expect.stringMatching(/^[\w-]{43}$/),
        redirectUri: "http://localhost:3000/signin-google",
        timeoutMs: 10_000,
        standIn: true,
      });
      expect(loadConfig({}).google?.clientSecret).not.toBe(loadConfig({}).google?.clientSecret);
      expect(loadConfig({ GOOGLE_STAND_IN: "false" }).google).toBeUndefined();
    });

    it("with a client id and secret, is Google itself (or the configured issuer)", () => {
      const config = loadConfig({ ...production, GOOGLE_CLIENT_ID: "id.apps.googleusercontent.com", GOOGLE_CLIENT_SECRET: "s" });
      expect(config.google).toMatchObject({
        issuerUrl: "https://accounts.google.com",
        clientId: "id.apps.googleusercontent.com",
        clientSecret: "s",
        redirectUri: "https://account.example.com/signin-google",
        standIn: false,
      });
    });

    it("in production, is off without the real settings and refuses the stand-in and a plain-http issuer", () => {
      expect(loadConfig(production).google).toBeUndefined();
      expect(problemsOf({ ...production, GOOGLE_STAND_IN: "true" })).toEqual([
        "GOOGLE_STAND_IN: the stand-in Google is refused in production",
      ]);
      expect(
        problemsOf({ ...production, GOOGLE_CLIENT_ID: "i", GOOGLE_CLIENT_SECRET: "s", GOOGLE_ISSUER_URL: "http://issuer.example.com" }),
      ).toEqual(["GOOGLE_ISSUER_URL: must be https in production"]);
      expect(problemsOf({ GOOGLE_CLIENT_ID: "i" })).toEqual(["GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET: set both or neither"]);
    });
  });

  describe("Microsoft sign-in", () => {
    const production = {
      NODE_ENV: "production",
      PUBLIC_URL: "https://account.example.com",
      SMTP_URL: "smtps://mail.example.com:465",
      ...PRODUCTION_ADDRESSES,
    };

    it("outside production without settings, is the stand-in Microsoft (unless turned off)", () => {
      expect(loadConfig({}).microsoft).toEqual({
        issuerUrl: "http://localhost:3000/dev/microsoft/common/v2.0",
        clientId: "00000000-0000-0000-0000-00000000c0de",
        clientSecret: expect.stringMatching(/^[\w-]{43}$/),
        redirectUri: "http://localhost:3000/signin-microsoft",
        timeoutMs: 10_000,
        standIn: true,
      });
      expect(loadConfig({ MICROSOFT_STAND_IN: "false" }).microsoft).toBeUndefined();
    });

    it("with a client id and secret, is Microsoft's consumers authority (or the configured one)", () => {
      const config = loadConfig({
        ...production,
        MICROSOFT_CLIENT_ID: "6731de76-14a6-49ae-97bc-6eba6914391e",
        MICROSOFT_CLIENT_SECRET: "s",
      });
      expect(config.microsoft).toMatchObject({
        issuerUrl: "https://login.microsoftonline.com/consumers/v2.0",
        clientId: "6731de76-14a6-49ae-97bc-6eba6914391e",
        clientSecret: "s",
        redirectUri: "https://account.example.com/signin-microsoft",
        timeoutMs: 10_000,
        standIn: false,
      });
      expect(
        loadConfig({
          ...production,
          MICROSOFT_CLIENT_ID: "i",
          MICROSOFT_CLIENT_SECRET: "s",
          MICROSOFT_ISSUER_URL: "https://login.microsoftonline.com/common/v2.0",
          MICROSOFT_TIMEOUT: "3s",
        }).microsoft,
      ).toMatchObject({ issuerUrl: "https://login.microsoftonline.com/common/v2.0", timeoutMs: 3000 });
    });

    it("in production, is off without the real settings and refuses the stand-in and a plain-http issuer", () => {
      expect(loadConfig(production).microsoft).toBeUndefined();
      expect(problemsOf({ ...production, MICROSOFT_STAND_IN: "true" })).toEqual([
        "MICROSOFT_STAND_IN: the stand-in Microsoft is refused in production",
      ]);
      expect(
        problemsOf({
          ...production,
          MICROSOFT_CLIENT_ID: "i",
          MICROSOFT_CLIENT_SECRET: "s",
          MICROSOFT_ISSUER_URL: "http://login.example.com/v2.0",
        }),
      ).toEqual(["MICROSOFT_ISSUER_URL: must be https in production"]);
      expect(problemsOf({ MICROSOFT_CLIENT_SECRET: "s" })).toEqual(["MICROSOFT_CLIENT_ID, MICROSOFT_CLIENT_SECRET: set both or neither"]);
    });
  });
});

describe("production transport settings", () => {
  const production = {
    NODE_ENV: "production",
    PUBLIC_URL: "https://accounts.example",
    SMTP_URL: "smtps://mail.example:465",
    ...PRODUCTION_ADDRESSES,
  };

  it("refuses plain-http product and redirect addresses unless allowed", () => {
    expect(problemsOf(production)).toEqual([]);
    const plain = { ...production, DSONE_UI_URL: "http://products.example/ui", ALLOWED_REDIRECT_ORIGINS: "http://partner.example" };
    expect(problemsOf(plain)).toEqual([
      "DSONE_UI_URL: must be https in production (or set ALLOW_HTTP_ADDRESSES=true)",
      "ALLOWED_REDIRECT_ORIGINS: must be https in production (or set ALLOW_HTTP_ADDRESSES=true)",
    ]);
    expect(problemsOf({ ...plain, ALLOW_HTTP_ADDRESSES: "true" })).toEqual([]);
    // Outside production the stand-ins are http and that is fine.
    expect(problemsOf({ DSONE_UI_URL: "http://products.example/ui" })).toEqual([]);
  });

  it("refuses to start without MAIL_KEYS, and takes only 32-byte base64 keys", () => {
    const { MAIL_KEYS: key, ...withoutKey } = production as Record<string, string>;
    expect(problemsOf(withoutKey)).toEqual([
      "MAIL_KEYS: is required in production (queued mail is encrypted with it; make one with: openssl rand -base64 32)",
    ]);
    const bad = "must be one or more keys of 32 random bytes in base64 (openssl rand -base64 32), comma-separated, the newest first";
    for (const value of ["secret", Buffer.alloc(16).toString("base64"), `${key},short`]) {
      expect(problemsOf({ ...production, MAIL_KEYS: value })).toEqual([`MAIL_KEYS: ${bad}`]);
    }
    const newer = Buffer.alloc(32, 7).toString("base64url");
    expect(loadConfig({ ...production, MAIL_KEYS: `${newer}, ${key}` }).mailKeys).toEqual([newer, key]);
  });

  it("refuses to start without DPOP_NONCE_SECRET, takes only 32 bytes in base64, and has a fixed default elsewhere", () => {
    const { DPOP_NONCE_SECRET: secret, ...withoutSecret } = production as Record<string, string>;
    expect(problemsOf(withoutSecret)).toEqual([
      "DPOP_NONCE_SECRET: is required in production (DPoP nonces are derived from it, the same on every instance; make one with: openssl rand -base64 32)",
    ]);
    for (const value of ["secret", Buffer.alloc(16).toString("base64")]) {
      expect(problemsOf({ ...production, DPOP_NONCE_SECRET: value })).toEqual([
        "DPOP_NONCE_SECRET: must be 32 random bytes in base64 (openssl rand -base64 32)",
      ]);
    }
    expect(loadConfig({ ...production, DPOP_NONCE_SECRET: secret }).oidc.dpopNonceSecret).toEqual(Buffer.from(secret as string, "base64"));
    // Two development instances agree on it without a setting.
    expect(loadConfig({}).oidc.dpopNonceSecret).toEqual(loadConfig({ PORT: "4000" }).oidc.dpopNonceSecret);
    expect(loadConfig({}).oidc.dpopNonceSecret).toHaveLength(32);
  });

  it("refuses smtp:// without STARTTLS unless allowed", () => {
    const plain = { ...production, SMTP_URL: "smtp://mail.example:587" };
    expect(problemsOf(plain)).toEqual([
      'SMTP_URL: smtp:// must require STARTTLS in production: add "?requireTLS=true", use smtps://, or set SMTP_ALLOW_UNENCRYPTED=true',
    ]);
    expect(problemsOf({ ...plain, SMTP_URL: "smtp://mail.example:587?requireTLS=true" })).toEqual([]);
    expect(problemsOf({ ...plain, SMTP_ALLOW_UNENCRYPTED: "true" })).toEqual([]);
  });
});
