import fc from "fast-check";
import type { InjectOptions } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createAccount, linkDevice } from "../../server/auth/kernel/accounts.ts";
import { signInByLink, startTestServer, type TestServer } from "../support/app.ts";
import { describeEachDatabase } from "../support/databases.ts";
import { FakeCaptcha } from "../support/fake-captcha.ts";
import { unlimitedRateLimits } from "../support/limits.ts";
import { redirectCorpus } from "./redirect-corpus.ts";
import { FULL, leaksInternals, PROTOTYPE_KEYS, recordCases, scaled } from "./scale.ts";

const CAPTCHA_SITE_KEY = "fuzz-site-key";
/** A token the local captcha stand-in accepts: the fuzzer sometimes gets past the captcha. */
const CAPTCHA_PASS = `pass:${CAPTCHA_SITE_KEY}:submit`;

/** Every endpoint that takes a body, with how its callers encode it. */
const ENDPOINTS: { url: string; encoding: "json" | "form" }[] = [
  { url: "/api/access-link", encoding: "json" },
  { url: "/api/access-link/check", encoding: "json" },
  { url: "/api/access-link/consume", encoding: "json" },
  { url: "/api/access-link/code", encoding: "json" },
  { url: "/api/me/delete/request", encoding: "json" },
  { url: "/api/me/delete/check", encoding: "json" },
  { url: "/api/me/delete/confirm", encoding: "json" },
  { url: "/api/dsone/password-login", encoding: "json" },
  { url: "/api/dsone/auto-login", encoding: "json" },
  { url: "/api/password/forgot", encoding: "json" },
  { url: "/api/password/reset/open", encoding: "json" },
  { url: "/api/password/reset", encoding: "json" },
  { url: "/api/password/set", encoding: "json" },
  { url: "/api/maverick/password-login", encoding: "json" },
  { url: "/api/maverick/auto-login", encoding: "json" },
  { url: "/api/session/logout", encoding: "json" },
  { url: "/api/telemetry", encoding: "json" },
  { url: "/api/account/passwordless-login", encoding: "json" },
  { url: "/api/account/maverick/passwordless-login", encoding: "json" },
  { url: "/api/account/check-desktop-account", encoding: "json" },
  { url: "/api/account/solveiq/forgot-password", encoding: "json" },
  { url: "/api/account/desktop/forgot-password", encoding: "json" },
  { url: "/api/account/login", encoding: "form" },
  { url: "/api/account/maverick-login", encoding: "form" },
  { url: "/api/account/solveiq/reset-password", encoding: "form" },
  { url: "/api/account/desktop/reset-password", encoding: "form" },
  { url: "/api/account/solveiq/set-password", encoding: "form" },
  { url: "/api/account/desktop/set-password", encoding: "form" },
  { url: "/notifications/updateunregisterednotifications", encoding: "json" },
  { url: "/home/ValidateRecaptchaToken", encoding: "json" },
  { url: "/demo/sign-out", encoding: "form" },
  { url: "/api/passkey/sign-in/options", encoding: "json" },
  { url: "/api/passkey/sign-in", encoding: "json" },
  { url: "/api/passkey/offer", encoding: "json" },
  { url: "/api/passkey/offer/decline", encoding: "json" },
  { url: "/api/passkey/register/options", encoding: "json" },
  { url: "/api/passkey/register", encoding: "json" },
  { url: "/api/me/passkeys/rename", encoding: "json" },
  { url: "/api/me/passkeys/remove", encoding: "json" },
];

const FIELDS = [
  "Email",
  "email",
  "Password",
  "ConfirmPassword",
  "ReturnUrl",
  "ProductId",
  "product",
  "token",
  "Code",
  "code",
  "UUID",
  "uuid",
  "RememberMe",
  "RememberLogin",
  "PreferredBrowser",
  "ShowUI",
  "CaptchaToken",
  "settingValue",
  "path",
  "query",
  "back",
  // A passkey's credential and its parts (docs/decisions/0059-passkeys.md).
  "credential",
  "id",
  "rawId",
  "type",
  "response",
  "clientDataJSON",
  "authenticatorData",
  "signature",
  "userHandle",
  "attestationObject",
  "Name",
  ...PROTOTYPE_KEYS,
];

/** Tables a refused request must leave as they were (rate-limit counters may count a refusal). */
const GUARDED_TABLES = [
  "accounts",
  "licenses",
  "devices",
  "sessions",
  "one_time_tokens",
  "outbox",
  "device_settings",
  "passkeys",
  "passkey_challenges",
] as const;

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "fuzz@example.com",
    "FUZZ@EXAMPLE.COM",
    "a@b",
    "@",
    "x".repeat(5000),
    "0b9e4f5c-1d2a-4b3c-8d7e-6f5a4b3c2d1e",
    "fuzz-password-1",
    "A".repeat(43),
    "true",
    "6",
    "7",
    "-1",
    "1e400",
    "\u0000",
    "\ud800",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as text.
    "${7*7}",
    "' or 1=1 --",
    CAPTCHA_PASS,
    ...redirectCorpus("http://localhost:3000").slice(0, 20),
  ),
);
const value = fc.oneof(
  { weight: 5, arbitrary: text },
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 3 }),
  fc.dictionary(fc.constantFrom(...FIELDS), text, { maxKeys: 3 }),
);
const body = fc.dictionary(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...FIELDS) }, fc.string({ maxLength: 12 })), value, {
  maxKeys: 6,
});

type Shape = "declared" | "json-as-form" | "form-as-json" | "raw" | "no-type" | "text";
const request = fc.record({
  endpoint: fc.constantFrom(...ENDPOINTS),
  body: fc.oneof({ weight: 6, arbitrary: body }, fc.jsonValue()),
  shape: fc.constantFrom<Shape>("declared", "declared", "declared", "json-as-form", "form-as-json", "raw", "no-type", "text"),
  raw: fc.string({ unit: "binary", maxLength: 200 }),
  signedIn: fc.boolean(),
});

function formEncode(input: unknown): string {
  if (input === null || typeof input !== "object") return String(input);
  // URLSearchParams, unlike encodeURIComponent, takes lone surrogates (as U+FFFD) instead of throwing.
  return new URLSearchParams(
    Object.entries(input).map(([key, item]): [string, string] => [key, typeof item === "object" ? JSON.stringify(item) : String(item)]),
  ).toString();
}

function build(
  input: { endpoint: (typeof ENDPOINTS)[number]; body: unknown; shape: Shape; raw: string; signedIn: boolean },
  cookie: string,
): InjectOptions {
  const json = { "content-type": "application/json" };
  const form = { "content-type": "application/x-www-form-urlencoded" };
  const declaredJson = input.endpoint.encoding === "json";
  const headers: Record<string, string> = input.signedIn ? { cookie } : {};
  switch (input.shape) {
    case "declared":
      return declaredJson
        ? { method: "POST", url: input.endpoint.url, headers: { ...headers, ...json }, payload: JSON.stringify(input.body) }
        : { method: "POST", url: input.endpoint.url, headers: { ...headers, ...form }, payload: formEncode(input.body) };
    case "json-as-form":
      return { method: "POST", url: input.endpoint.url, headers: { ...headers, ...form }, payload: formEncode(input.body) };
    case "form-as-json":
      return { method: "POST", url: input.endpoint.url, headers: { ...headers, ...json }, payload: JSON.stringify(input.body) };
    case "raw":
      return { method: "POST", url: input.endpoint.url, headers: { ...headers, ...(declaredJson ? json : form) }, payload: input.raw };
    case "no-type":
      return { method: "POST", url: input.endpoint.url, headers, payload: input.raw };
    case "text":
      return { method: "POST", url: input.endpoint.url, headers: { ...headers, "content-type": "text/plain" }, payload: input.raw };
  }
}

describeEachDatabase("fuzzing every JSON and form endpoint on %s", (kind) => {
  // The full run spreads 10,000 cases over SQLite and 2,000 more over PostgreSQL; npm test runs a few hundred.
  const runs = kind === "sqlite" ? scaled(300, 10_000) : scaled(100, 2_000);
  let server: TestServer;
  let captcha: FakeCaptcha;
  let cookie = "";

  beforeAll(async () => {
    // The captcha is on, so its endpoint answers as configured (off, it says 503 by design).
    captcha = await new FakeCaptcha("fuzz-secret").start();
    server = await startTestServer(kind, {
      CAPTCHA_SITE_KEY,
      CAPTCHA_SECRET_KEY: "fuzz-secret",
      CAPTCHA_VERIFY_URL: `${captcha.url}/siteverify`,
      ...unlimitedRateLimits(),
    });
    await createAccount(server.db, { email: "fuzz@example.com", password: "fuzz-password-1", product: "dsone" });
    await linkDevice(server.db, "fuzz@example.com", "dsone", "0b9e4f5c-1d2a-4b3c-8d7e-6f5a4b3c2d1e");
    cookie = await signInByLink(server, "fuzz@example.com", { CaptchaToken: CAPTCHA_PASS });
  });
  afterAll(async () => {
    recordCases("fuzzing (JSON and form endpoints)", runs);
    await server?.stop();
    await captcha?.close();
  });

  async function counts(): Promise<Record<string, number>> {
    const selections = GUARDED_TABLES.map((table) => sql<number>`(select count(*) from ${sql.table(table)})`.as(table));
    const row = await server.db.selectNoFrom(selections as never).executeTakeFirstOrThrow();
    return Object.fromEntries(Object.entries(row as Record<string, unknown>).map(([table, count]) => [table, Number(count)]));
  }

  it(
    `answers ${runs} generated requests without a 5xx, a stack trace, or a row written by a refusal`,
    async () => {
      await fc.assert(
        fc.asyncProperty(request, async (input) => {
          const before = await counts();
          const response = await server.app.inject(build(input, cookie));
          expect(response.statusCode, response.body).toBeLessThan(500);
          expect(leaksInternals(response.body), response.body).toBe(false);
          if (response.statusCode >= 400) {
            await server.mailWorker.idle();
            expect(await counts()).toEqual(before);
          }
        }),
        { numRuns: runs, seed: FULL ? undefined : 20261122, endOnFailure: true },
      );
    },
    scaled(60_000, 900_000),
  );
});
