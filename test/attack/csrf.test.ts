import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createAccount } from "../../server/auth/kernel/accounts.ts";
import { BUCKETS, bucketKey } from "../../server/base/rate-limit-buckets.ts";
import { signInByLink, startTestServer, type TestServer } from "../support/app.ts";
import { describeEachDatabase } from "../support/databases.ts";
import { unlimitedRateLimits } from "../support/limits.ts";
import { recordCases } from "./scale.ts";

/** Every state-changing endpoint, with a body that would be accepted from our own pages. */
const STATE_CHANGING: { url: string; form?: boolean; body: Record<string, unknown> }[] = [
  { url: "/api/access-link", body: { Email: "csrf@example.com", ProductId: 6 } },
  { url: "/api/me/name", body: { Name: "Forged Name" } },
  { url: "/api/me/sign-out-browser", body: { ref: "0".repeat(64) } },
  { url: "/api/me/sign-out-app", body: { clientId: "desktop-agent" } },
  { url: "/api/me/sign-out-everywhere-else", body: { RemovePasskeys: [] } },
  { url: "/api/me/confirm", body: { Password: "csrf-password-1" } },
  { url: "/api/me/confirm/send-code", body: { ProductId: 6 } },
  { url: "/api/passkey/removal/check", body: { token: "A".repeat(43) } },
  { url: "/api/passkey/removal/confirm", body: { token: "A".repeat(43) } },
  { url: "/api/not-me/check", body: { token: "A".repeat(43) } },
  { url: "/api/not-me/confirm", body: { token: "A".repeat(43) } },
  { url: "/api/me/delete/request", body: { ProductId: 6 } },
  { url: "/api/me/delete/check", body: { token: "A".repeat(43) } },
  { url: "/api/me/delete/keep", body: { token: "A".repeat(43) } },
  { url: "/api/me/delete/confirm", body: { token: "A".repeat(43) } },
  {
    url: "/api/me/password",
    body: { CurrentPassword: "csrf-password-1", Password: "x-new-password-1", ConfirmPassword: "x-new-password-1" },
  },
  { url: "/api/me/unlink-google", body: { subject: "csrf-google-subject" } },
  { url: "/api/access-link/consume", body: { token: "A".repeat(43) } },
  { url: "/api/access-link/code", body: { code: "123456" } },
  { url: "/api/dsone/password-login", body: { Email: "csrf@example.com", Password: "csrf-password-1" } },
  { url: "/api/maverick/password-login", body: { Email: "csrf@example.com", Password: "csrf-password-1" } },
  { url: "/api/dsone/auto-login", body: { UUID: "0b9e4f5c-1d2a-4b3c-8d7e-6f5a4b3c2d1e" } },
  { url: "/api/maverick/auto-login", body: { UUID: "0b9e4f5c-1d2a-4b3c-8d7e-6f5a4b3c2d1e" } },
  { url: "/api/password/forgot", body: { email: "csrf@example.com" } },
  { url: "/api/password/reset/open", body: { code: "A".repeat(43), email: "csrf@example.com" } },
  { url: "/api/password/reset", body: { Password: "x-new-password-1", ConfirmPassword: "x-new-password-1" } },
  { url: "/api/password/set", body: { Password: "x-new-password-1", ConfirmPassword: "x-new-password-1" } },
  { url: "/api/session/logout", body: {} },
  { url: "/api/telemetry/page-view", body: { path: "/dsone/login", query: {} } },
  { url: "/api/account/passwordless-login", body: { email: "csrf@example.com" } },
  { url: "/api/account/maverick/passwordless-login", body: { email: "csrf@example.com" } },
  { url: "/api/account/check-desktop-account", body: { email: "csrf@example.com" } },
  { url: "/api/account/solveiq/forgot-password", body: { email: "csrf@example.com" } },
  { url: "/api/account/desktop/forgot-password", body: { email: "csrf@example.com" } },
  { url: "/api/account/login", form: true, body: { Email: "csrf@example.com", Password: "csrf-password-1" } },
  { url: "/api/account/maverick-login", form: true, body: { Email: "csrf@example.com", Password: "csrf-password-1" } },
  { url: "/api/account/solveiq/set-password", form: true, body: { Password: "x-new-password-1", ConfirmPassword: "x-new-password-1" } },
  { url: "/api/account/desktop/set-password", form: true, body: { Password: "x-new-password-1", ConfirmPassword: "x-new-password-1" } },
  { url: "/notifications/updateunregisterednotifications", body: { uuid: "0b9e4f5c-1d2a-4b3c-8d7e-6f5a4b3c2d1e", settingValue: "false" } },
  { url: "/demo/sign-out", form: true, body: { back: "http://localhost:3000/demo/dsone/ui" } },
  // The support console's, as an admin would send them (the signed-in account is one).
  ...supportActions(),
  ...passkeyActions(),
];

/** Every passkey request (docs/decisions/0059-passkeys.md), each shaped as our pages send it. */
function passkeyActions(): { url: string; body: Record<string, unknown> }[] {
  const id = "Y3NyZi1wYXNza2V5";
  const response = { clientDataJSON: "e30", authenticatorData: "AAAA", signature: "AAAA", attestationObject: "AAAA" };
  const credential = { id, rawId: id, type: "public-key", response, clientExtensionResults: {} };
  return [
    { url: "/api/passkey/sign-in/options", body: {} },
    { url: "/api/passkey/sign-in", body: { credential, ProductId: 6 } },
    { url: "/api/passkey/offer", body: { ReturnUrl: null, ProductId: 6 } },
    { url: "/api/passkey/offer/decline", body: {} },
    { url: "/api/passkey/register/options", body: { ProductId: 6 } },
    { url: "/api/passkey/register", body: { credential } },
    { url: "/api/me/passkeys/rename", body: { id, Name: "Forged" } },
    { url: "/api/me/passkeys/remove", body: { id } },
  ];
}

/** Every support console request, aimed at a customer other than the signed-in admin. */
function supportActions(): { url: string; body: Record<string, unknown> }[] {
  const target = { accountId: "csrf-target", reason: "forged ticket" };
  return [
    { url: "/api/support/search", body: { query: "csrf" } },
    { url: "/api/support/customer", body: { accountId: "csrf-target" } },
    { url: "/api/support/send-link", body: { ...target, ProductId: 6 } },
    { url: "/api/support/sign-out-browser", body: { ...target, ref: "0".repeat(64) } },
    { url: "/api/support/sign-out-app", body: { ...target, clientId: "desktop-agent" } },
    { url: "/api/support/sign-out-everywhere", body: target },
    { url: "/api/support/clear-limits", body: target },
    { url: "/api/support/unlink-google", body: { ...target, subject: "csrf-google-subject" } },
    { url: "/api/support/disable", body: { ...target, disabled: true } },
    { url: "/api/support/delete", body: target },
    { url: "/api/support/role", body: { ...target, role: "admin" } },
  ];
}

const FOREIGN_ORIGINS = [
  "https://evil.example",
  "null",
  "http://localhost:3000.evil.example",
  "http://localhost:3001",
  "https://localhost:3000",
  "http://LOCALHOST:3000.evil.example",
  "http://127.0.0.1:3000",
];

describeEachDatabase("cross-site requests on %s", (kind) => {
  let server: TestServer;
  let cookie = "";
  let cases = 0;

  beforeAll(async () => {
    server = await startTestServer(kind, unlimitedRateLimits());
    await createAccount(server.db, { email: "csrf@example.com", role: "admin" });
    await createAccount(server.db, { email: "csrf.target@example.com" });
    await server.db.updateTable("accounts").set({ id: "csrf-target" }).where("email_key", "=", "csrf.target@example.com").execute();
    cookie = await signInByLink(server, "csrf@example.com");
  });
  afterAll(async () => {
    recordCases("cross-site requests (CSRF)", cases);
    await server?.stop();
  });

  async function snapshot(): Promise<string> {
    const tables = [
      "accounts",
      "sessions",
      "one_time_tokens",
      "outbox",
      "device_settings",
      "devices",
      "rate_limits",
      "passkeys",
      "passkey_challenges",
    ];
    const rows = await Promise.all(tables.map((table) => sql`select * from ${sql.table(table)}`.execute(server.db)));
    // Refusals are recorded as funnel steps, which count against telemetry's overall bound and the
    // address's share of it: those counters are telemetry, as the events themselves are, not
    // something the request changed.
    const telemetryBound = bucketKey("telemetryTotal");
    const telemetryShare = `${BUCKETS.telemetryEventsPerIp.prefix}|`;
    const isTelemetry = (key: string | undefined) => key === telemetryBound || key?.startsWith(telemetryShare);
    return JSON.stringify(rows.map((result) => result.rows.filter((row) => !isTelemetry((row as { key?: string }).key))));
  }

  it(`refuses every state-changing endpoint (${STATE_CHANGING.length}) from another site, as JSON and as a form, and writes nothing`, async () => {
    const before = await snapshot();
    const failures: string[] = [];
    for (const endpoint of STATE_CHANGING) {
      for (const origin of FOREIGN_ORIGINS) {
        for (const asForm of [false, true]) {
          cases++;
          const payload = asForm
            ? new URLSearchParams(Object.entries(endpoint.body).map(([key, value]): [string, string] => [key, String(value)])).toString()
            : JSON.stringify(endpoint.body);
          const response = await server.app.inject({
            method: "POST",
            url: endpoint.url,
            headers: {
              cookie,
              origin,
              "sec-fetch-site": "cross-site",
              "content-type": asForm ? "application/x-www-form-urlencoded" : "application/json",
            },
            payload,
          });
          if (response.statusCode !== 403 || response.json().code !== "CROSS_SITE_REQUEST") {
            failures.push(`${endpoint.url} from ${origin} (${asForm ? "form" : "JSON"}) -> ${response.statusCode}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toBe(before);
    // The same session still works from our own origin: the refusals ended nothing.
    const session = await server.app.inject({ method: "GET", url: "/api/dsone/session", headers: { cookie } });
    expect(session.json()).toMatchObject({ email: "csrf@example.com" });
  });

  it("refuses a cross-site sign-out by link or image", async () => {
    cases++;
    const response = await server.app.inject({
      method: "GET",
      url: "/account/logout",
      headers: { cookie, "sec-fetch-site": "cross-site" },
    });
    expect(response.statusCode).toBe(403);
    const session = await server.app.inject({ method: "GET", url: "/api/dsone/session", headers: { cookie } });
    expect(session.json()).toMatchObject({ email: "csrf@example.com" });
  });
});
