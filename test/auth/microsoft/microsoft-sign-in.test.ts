import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { createAccount } from "../../../server/auth/kernel/accounts.ts";
import { signInByLink, startTestServer, type TestServer } from "../../support/app.ts";
import { describeEachDatabase } from "../../support/databases.ts";
import { MicrosoftIssuer, PERSONAL_TENANT, WORK_TENANT } from "./microsoft-issuer.ts";

const START = "/external/login/microsoft?product=maverick&ReturnUrl=%2Fdemo%2Fmaverick%2Fmy-account&uuid=u-7";
const LOGIN_QUERY = "ReturnUrl=%2Fdemo%2Fmaverick%2Fmy-account&uuid=u-7";
const PROBLEM = (problem: string) => `/maverick/social-sign-in?${LOGIN_QUERY}&problem=${problem}&provider=microsoft`;
const LANDING = "http://localhost:3000/demo/maverick/my-account";

describeEachDatabase("Continue with Microsoft through the server on %s", (kind) => {
  let server: TestServer;
  let issuer: MicrosoftIssuer;

  beforeAll(async () => {
    issuer = await new MicrosoftIssuer().start();
    server = await startTestServer(kind, {
      MICROSOFT_CLIENT_ID: issuer.clientId,
      MICROSOFT_CLIENT_SECRET: issuer.clientSecret,
      MICROSOFT_ISSUER_URL: issuer.authority,
      MICROSOFT_TIMEOUT: "1s",
    });
    await createAccount(server.db, { email: "Pat@Outlook.example", product: "maverick" });
    await createAccount(server.db, { email: "lee@example.com", product: "maverick" });
    await createAccount(server.db, { email: "kim@contoso.example", product: "maverick" });
  });
  afterAll(async () => {
    await server?.stop();
    await issuer?.close();
  });
  beforeEach(() => {
    issuer.idToken = (defaults) => defaults;
  });

  /** Starts a sign-in as the browser does: answers the state and the attempt cookie. */
  async function begin(url = START, headers: Record<string, string> = {}) {
    const response = await server.app.inject({ method: "GET", url, headers });
    expect(response.statusCode).toBe(303);
    const location = new URL(String(response.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(`${issuer.url}/common/oauth2/v2.0/authorize`);
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
    expect(location.searchParams.get("redirect_uri")).toBe("http://localhost:3000/signin-microsoft");
    issuer.nonce = location.searchParams.get("nonce") ?? "";
    const cookie = response.cookies.find((c) => c.name === "microsoft_signin");
    if (!cookie) throw new Error("no attempt cookie");
    return { state: location.searchParams.get("state") ?? "", cookie: `microsoft_signin=${cookie.value}`, setCookie: cookie };
  }

  async function callback(state: string, cookie?: string, extra = "code=the-code") {
    return server.app.inject({
      method: "GET",
      url: `/signin-microsoft?${extra}&state=${encodeURIComponent(state)}`,
      headers: cookie ? { cookie } : {},
    });
  }

  const sessionOf = (response: { cookies: { name: string; value: string }[] }) =>
    response.cookies.find((c) => c.name === "session" && c.value !== "")?.value;

  async function links() {
    return server.db
      .selectFrom("external_logins")
      .innerJoin("accounts", "accounts.id", "external_logins.account_id")
      .select(["provider", "subject", "external_logins.email", "tenant_id", "object_id", "accounts.email as account"])
      .where("provider", "=", "microsoft")
      .orderBy("external_logins.created_at")
      .execute();
  }

  it("keeps the verifier in a short-lived HttpOnly cookie for the callback only", async () => {
    const { setCookie } = await begin();
    expect(setCookie).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax", path: "/signin-microsoft", maxAge: 600 });
  });

  it("links a personal account to the customer of its address, signs in and lands on the ReturnUrl", async () => {
    const { state, cookie } = await begin();
    const response = await callback(state, cookie);
    expect(response.headers.location).toBe(LANDING);
    expect(sessionOf(response)).toBeDefined();
    expect(await links()).toEqual([
      {
        provider: "microsoft",
        subject: "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ",
        email: "pat@outlook.example",
        tenant_id: PERSONAL_TENANT,
        object_id: "00000000-0000-0000-66f3-3332eca7ea81",
        account: "Pat@Outlook.example",
      },
    ]);
    const trail = await server.db.selectFrom("audit_events").select(["event", "method"]).orderBy("created_at").execute();
    expect(trail.map((entry) => entry.event)).toContain("microsoft_linked");
    expect(trail).toContainEqual({ event: "signed_in", method: "microsoft" });
    // The same callback again finds a spent attempt.
    const replay = await callback(state, cookie);
    expect(replay.headers.location).toBe(PROBLEM("expired"));
    expect(sessionOf(replay)).toBeUndefined();
  });

  it("finds the account by its subject after the Microsoft address changed", async () => {
    issuer.idToken = (defaults) => ({ ...defaults, email: "pat.renamed@hotmail.example" });
    const { state, cookie } = await begin();
    const response = await callback(state, cookie);
    expect(response.headers.location).toBe(LANDING);
    expect(sessionOf(response)).toBeDefined();
    expect((await links()).map((link) => [link.email, link.account])).toEqual([["pat.renamed@hotmail.example", "Pat@Outlook.example"]]);
  });

  it("never signs a work account into the customer whose address it claims without xms_edov", async () => {
    for (const xms of [{}, { xms_edov: false }]) {
      issuer.idToken = (defaults) => ({
        ...defaults,
        ...xms,
        iss: issuer.issuerOf(WORK_TENANT),
        tid: WORK_TENANT,
        sub: "work-subject-claiming-lee",
        oid: "c1a1b1d1-0000-4000-8000-000000000001",
        email: "lee@example.com",
      });
      const { state, cookie } = await begin();
      const response = await callback(state, cookie);
      expect(response.headers.location).toBe(PROBLEM("unconfirmed"));
      expect(sessionOf(response)).toBeUndefined();
    }
    expect((await links()).map((link) => link.account)).not.toContain("lee@example.com");
  });

  it("links a work account whose domain owner verified the address (xms_edov)", async () => {
    issuer.idToken = (defaults) => ({
      ...defaults,
      iss: issuer.issuerOf(WORK_TENANT),
      tid: WORK_TENANT,
      sub: "work-subject-of-kim",
      email: "kim@contoso.example",
      xms_edov: true,
    });
    const { state, cookie } = await begin();
    const response = await callback(state, cookie);
    expect(response.headers.location).toBe(LANDING);
    expect((await links()).find((link) => link.subject === "work-subject-of-kim")).toMatchObject({
      tenant_id: WORK_TENANT,
      account: "kim@contoso.example",
    });
  });

  it("links an unvouched work account once this browser signed in to that account itself", async () => {
    // Lee signs in by the emailed link first, then continues with Microsoft in the same browser.
    const session = await signInByLink(server, "lee@example.com");
    issuer.idToken = (defaults) => ({
      ...defaults,
      iss: issuer.issuerOf(WORK_TENANT),
      tid: WORK_TENANT,
      sub: "work-subject-of-lee",
      email: "lee@example.com",
    });
    const { state, cookie } = await begin();
    const response = await callback(state, `${cookie}; ${session}`);
    expect(response.headers.location).toBe(LANDING);
    expect((await links()).find((link) => link.subject === "work-subject-of-lee")).toMatchObject({ account: "lee@example.com" });
  });

  it("refuses a token whose issuer names another tenant than its tid, or a tenant-less one", async () => {
    for (const override of [
      { iss: issuer.issuerOf(WORK_TENANT), tid: PERSONAL_TENANT },
      { iss: issuer.issuerOf(PERSONAL_TENANT), tid: WORK_TENANT, xms_edov: true },
      { iss: `${issuer.url}/{tenantid}/v2.0`, tid: undefined },
      { aud: "another-client" },
    ]) {
      issuer.idToken = (defaults) => ({ ...defaults, sub: "forged-subject", email: "lee@example.com", ...override });
      const { state, cookie } = await begin();
      const response = await callback(state, cookie);
      expect(response.headers.location).toBe(PROBLEM("failed"));
      expect(sessionOf(response)).toBeUndefined();
    }
    expect((await links()).map((link) => link.subject)).not.toContain("forged-subject");
  });

  it("sends an address without an account to the brand's Account Not Found, and links nothing", async () => {
    issuer.idToken = (defaults) => ({ ...defaults, sub: "subject-of-nobody", email: "nobody@outlook.example" });
    const { state, cookie } = await begin();
    const response = await callback(state, cookie);
    expect(response.headers.location).toBe(`/maverick/email-login?${LOGIN_QUERY}&failedEmail=nobody%40outlook.example`);
    expect((await links()).map((link) => link.subject)).not.toContain("subject-of-nobody");
  });

  it("refuses a callback without the browser's cookie, and shows cancelled when the customer cancels", async () => {
    const { state } = await begin();
    expect((await callback(state)).headers.location).toBe(PROBLEM("expired"));
    const cancelled = await begin();
    expect((await callback(cancelled.state, cancelled.cookie, "error=access_denied")).headers.location).toBe(PROBLEM("cancelled"));
  });
});
