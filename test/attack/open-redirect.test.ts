import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { safeRedirect } from "../../common/redirects.ts";
import { createAccount } from "../../server/auth/kernel/accounts.ts";
import { drainMail, sessionCookieFrom, startTestServer, type TestServer, tokenFromMail } from "../support/app.ts";
import { unlimitedRateLimits } from "../support/limits.ts";
import { redirectCorpus, staysHome } from "./redirect-corpus.ts";
import { FULL, recordCases, scaled } from "./scale.ts";

const ORIGIN = "http://localhost:3000";
const PAYLOADS = redirectCorpus(ORIGIN);
const TIMEOUT = scaled(60_000, 600_000);
/** Sinks that hash a password per case take every payload in the full run, every 27th in npm test. */
const COSTLY_PAYLOADS = FULL ? PAYLOADS : PAYLOADS.filter((_, index) => index % 27 === 0);

describe("open redirects (server)", () => {
  let server: TestServer;
  let cases = 0;
  let failures: string[] = [];

  beforeEach(() => {
    failures = [];
  });

  beforeAll(async () => {
    server = await startTestServer("sqlite", {
      ...unlimitedRateLimits(),
    });
    await createAccount(server.db, { email: "redirect@example.com", password: "redirect-password-1" });
  });
  afterAll(async () => {
    recordCases("open redirects (server)", cases);
    await server?.stop();
  });

  function check(sink: string, payload: string, target: string | undefined) {
    cases++;
    if (target === undefined || !staysHome(target, ORIGIN, server.config.allowedRedirectOrigins)) {
      failures.push(`${sink} ${JSON.stringify(payload.slice(0, 80))} -> ${JSON.stringify(target?.slice(0, 80))}`);
    }
  }

  it(`holds ${PAYLOADS.length} payloads (at least 60)`, () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(60);
  });

  it(
    "the shared check refuses every payload that leaves home",
    () => {
      for (const payload of PAYLOADS) {
        const answer = safeRedirect(payload, ORIGIN, server.config.allowedRedirectOrigins);
        if (answer !== undefined) check("safeRedirect", payload, answer);
        else cases++;
      }
      expect(failures).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    "access link: ReturnUrl stored at request, spent at sign-in",
    async () => {
      for (const payload of PAYLOADS) {
        server.delivered.length = 0;
        const asked = await server.app.inject({
          method: "POST",
          url: "/api/access-link",
          payload: { Email: "redirect@example.com", ProductId: 6, ReturnUrl: payload },
        });
        if (asked.statusCode !== 200) {
          cases++;
          if (asked.statusCode >= 500) failures.push(`access-link ${JSON.stringify(payload)} -> ${asked.statusCode}`);
          continue;
        }
        await drainMail(server);
        const mail = server.delivered.at(-1);
        if (!mail) throw new Error("no mail");
        const spent = await server.app.inject({ method: "POST", url: "/api/access-link/consume", payload: { token: tokenFromMail(mail) } });
        check("access-link", payload, spent.json().redirectUrl);
      }
      expect(failures).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    "password logins (JSON and the earlier form posts) answer a safe redirectUrl",
    async () => {
      const sinks = [
        { url: "/api/dsone/password-login", form: false },
        { url: "/api/maverick/password-login", form: false },
        { url: "/api/account/login", form: true },
        { url: "/api/account/maverick-login", form: true },
      ];
      for (const { url, form } of sinks) {
        for (const payload of COSTLY_PAYLOADS) {
          const fields = { Email: "redirect@example.com", Password: "redirect-password-1", ReturnUrl: payload };
          const response = await server.app.inject({
            method: "POST",
            url,
            ...(form
              ? { payload: new URLSearchParams(fields).toString(), headers: { "content-type": "application/x-www-form-urlencoded" } }
              : { payload: fields }),
          });
          if (response.statusCode !== 200) {
            cases++;
            if (response.statusCode >= 500) failures.push(`${url} ${JSON.stringify(payload)} -> ${response.statusCode}`);
            continue;
          }
          check(url, payload, response.json().redirectUrl);
        }
      }
      expect(failures).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    "set password answers a safe redirectUrl",
    async () => {
      for (const [index, payload] of COSTLY_PAYLOADS.entries()) {
        const email = `set${index}@example.com`;
        await createAccount(server.db, { email });
        server.delivered.length = 0;
        await server.app.inject({ method: "POST", url: "/api/access-link", payload: { Email: email, ProductId: 6 } });
        await drainMail(server);
        const mail = server.delivered.at(-1);
        if (!mail) throw new Error("no mail");
        const signedIn = await server.app.inject({
          method: "POST",
          url: "/api/access-link/consume",
          payload: { token: tokenFromMail(mail) },
        });
        const response = await server.app.inject({
          method: "POST",
          url: "/api/password/set",
          headers: { cookie: sessionCookieFrom(signedIn) },
          payload: { Password: "a-new-password-1", ConfirmPassword: "a-new-password-1", ReturnUrl: payload },
        });
        if (response.statusCode !== 200) {
          cases++;
          if (response.statusCode >= 500) failures.push(`/api/password/set ${JSON.stringify(payload)} -> ${response.statusCode}`);
          continue;
        }
        check("/api/password/set", payload, response.json().redirectUrl);
      }
      expect(failures).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    "the stand-ins' sign-out goes back only to a stand-in",
    async () => {
      for (const payload of PAYLOADS) {
        const response = await server.app.inject({
          method: "POST",
          url: "/demo/sign-out",
          payload: new URLSearchParams({ back: payload }).toString(),
          headers: { "content-type": "application/x-www-form-urlencoded" },
        });
        const location = response.headers.location;
        check("/demo/sign-out", payload, typeof location === "string" ? new URL(location, ORIGIN).href : undefined);
      }
      expect(failures).toEqual([]);
    },
    TIMEOUT,
  );
});
