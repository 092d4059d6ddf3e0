import * as client from "openid-client";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { pruneRiscTokens, RISC_EVENT_TYPES } from "../../../server/auth/google/risc.ts";
import { createAccount } from "../../../server/auth/kernel/accounts.ts";
import { GOOGLE_HOLD_LOOKBACK_MS } from "../../../server/auth/kernel/sessions.ts";
import { linkIdentity } from "../../../server/auth/social/external-logins.ts";
import { clearCustomerGoogleHold } from "../../../server/auth/support/support-actions.ts";
import { drainMail, startTestServer, type TestServer } from "../../support/app.ts";
import { BrowserAgent } from "../../support/browser-agent.ts";
import { describeEachDatabase } from "../../support/databases.ts";
import { userinfoStatus } from "../../support/dpop.ts";
import { unlimitedRateLimits } from "../../support/limits.ts";
import { desktopAgentSignIn, type OidcTestBed, passwordSignIn, startOidcTestBed } from "../../support/oidc-flow.ts";
import { SoftAuthenticator } from "../../support/soft-authenticator.ts";
import { TestIssuer } from "../../support/test-issuer.ts";

/**
 * Google's Cross-Account Protection (docs/decisions/0091): Google posts a security event token to
 * /google/risc when something happens to a Google account that signs in here. A fake Google (the
 * test's own issuer, with a risc-configuration naming its keys) signs them; a stranger signs with
 * a key Google does not publish.
 */
const SUBJECT = "110169484474386276334";

describeEachDatabase("Google's security events on %s", (kind) => {
  let bed: OidcTestBed;
  let google: TestIssuer;

  beforeAll(async () => {
    google = await new TestIssuer().start();
    bed = await startOidcTestBed(kind, {
      ...unlimitedRateLimits(),
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_ISSUER_URL: google.url,
      GOOGLE_TIMEOUT: "2s",
    });
    await linkIdentity(bed.server.db, { provider: "google", subject: SUBJECT, email: bed.email }, bed.accountId, { operator: "test" });
  });
  afterAll(async () => {
    await bed?.server.stop();
    await google?.close();
  });
  beforeEach(async () => {
    google.idToken = (defaults) => ({ ...defaults, email: bed.email });
    await bed.server.db.updateTable("accounts").set({ google_held_at: null, google_change_asked_at: null }).execute();
  });

  const post = (token: string, contentType = "application/secevent+jwt") =>
    fetch(`${bed.issuer}/google/risc`, {
      method: "POST",
      headers: { "content-type": contentType, accept: "application/json" },
      body: token,
    });

  /** A browser signed in with the password, and a desktop agent signed in through it with its tokens. */
  async function signedInEverywhere() {
    const browser = new BrowserAgent();
    await passwordSignIn(bed, browser);
    const agent = await desktopAgentSignIn(bed, browser);
    expect(await browserSignedIn(browser)).toBe(true);
    expect(await userinfoStatus(bed.issuer, agent.tokens.access_token, agent.key)).toBe(200);
    return { browser, agent };
  }

  async function browserSignedIn(browser: BrowserAgent): Promise<boolean> {
    const session = (await (await browser.request(`${bed.issuer}/api/dsone/session`)).json()) as { signedIn: boolean };
    return session.signedIn;
  }

  async function stillSignedIn({ browser, agent }: Awaited<ReturnType<typeof signedInEverywhere>>): Promise<boolean> {
    const refreshed = await client
      .refreshTokenGrant(agent.config, agent.tokens.refresh_token as string, undefined, { DPoP: agent.dpop })
      .then((tokens) => {
        agent.tokens = tokens;
        return true;
      })
      .catch(() => false);
    return refreshed && (await browserSignedIn(browser));
  }

  async function trail() {
    return bed.server.db
      .selectFrom("audit_events")
      .select(["event", "actor", "reason"])
      .where("account_id", "=", bed.accountId)
      .where("event", "like", "google_%")
      .orderBy("id")
      .execute();
  }

  it("ends every browser session and every app's tokens on a signed sessions-revoked, within seconds, and says so in the trail", async () => {
    const signedIn = await signedInEverywhere();
    const before = (await trail()).length;
    const started = Date.now();
    const response = await post(await google.securityEvent(RISC_EVENT_TYPES.sessionsRevoked, SUBJECT));
    expect(response.status).toBe(202);
    expect(await browserSignedIn(signedIn.browser)).toBe(false);
    await expect(
      client.refreshTokenGrant(signedIn.agent.config, signedIn.agent.tokens.refresh_token as string, undefined, {
        DPoP: signedIn.agent.dpop,
      }),
    ).rejects.toMatchObject({ error: "invalid_grant" });
    expect(await userinfoStatus(bed.issuer, signedIn.agent.tokens.access_token, signedIn.agent.key)).toBe(401);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await trail()).slice(before)).toEqual([{ event: "google_sessions_revoked", actor: "google", reason: null }]);
  });

  it("ends them on tokens-revoked too", async () => {
    const signedIn = await signedInEverywhere();
    const response = await post(await google.securityEvent(RISC_EVENT_TYPES.tokensRevoked, SUBJECT));
    expect(response.status).toBe(202);
    expect(await stillSignedIn(signedIn)).toBe(false);
    expect((await trail()).at(-1)).toMatchObject({ event: "google_tokens_revoked", actor: "google" });
  });

  it("refuses a forged, foreign, mistyped or replayed token with 400 and ends nothing", async () => {
    const signedIn = await signedInEverywhere();
    const before = await trail();
    const type = RISC_EVENT_TYPES.sessionsRevoked;
    const refused = [
      [await google.securityEvent(type, SUBJECT, { signedBy: "stranger" }), "invalid_key"],
      [await google.securityEvent(type, SUBJECT, { header: { kid: "unknown-key" } }), "invalid_key"],
      [await google.securityEvent(type, SUBJECT, { claims: { aud: "another-client.apps.example" } }), "invalid_audience"],
      [await google.securityEvent(type, SUBJECT, { claims: { iss: "https://accounts.example.net/" } }), "invalid_issuer"],
      [await google.securityEvent(type, SUBJECT, { header: { typ: "JWT" } }), "invalid_request"],
      [await google.securityEvent(type, SUBJECT, { claims: { iat: Math.floor(Date.now() / 1000) - 30 * 86_400 } }), "invalid_request"],
      [
        await google.securityEvent(type, SUBJECT, {
          claims: { events: Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`${type}-${i}`, {}])) },
        }),
        "invalid_request",
      ],
      [await google.securityEvent(type, SUBJECT, { claims: { events: {} } }), "invalid_request"],
      ["not.a.token", "invalid_request"],
    ] as const;
    for (const [token, err] of refused) {
      const response = await post(token);
      expect(response.status, err).toBe(400);
      expect(await response.json()).toMatchObject({ err });
    }
    // The right token, but not as a security event token.
    const valid = await google.securityEvent(type, SUBJECT);
    expect((await post(valid, "application/jwt")).status).toBe(400);
    expect(await stillSignedIn(signedIn)).toBe(true);
    expect(await trail()).toEqual(before);

    // Taken once: a replay (here after a new sign-in) ends nothing.
    expect((await post(valid)).status).toBe(202);
    const again = await signedInEverywhere();
    const replay = await post(valid);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ err: "invalid_request", description: "this token was already received" });
    expect(await stillSignedIn(again)).toBe(true);
    const counted = await bed.server.telemetry.metrics.registry.getSingleMetric("account_google_security_events_total")?.get();
    const count = (outcome: string) => counted?.values.find((value) => value.labels.outcome === outcome)?.value ?? 0;
    expect(count("invalid_key")).toBeGreaterThanOrEqual(2);
    expect(count("invalid_audience")).toBeGreaterThanOrEqual(1);
    expect(count("accepted")).toBeGreaterThanOrEqual(1);
  });

  it("refuses a body over 64 KB with 400", async () => {
    const signedIn = await signedInEverywhere();
    const big = await google.securityEvent(RISC_EVENT_TYPES.sessionsRevoked, SUBJECT, { event: { padding: "x".repeat(70 * 1024) } });
    const response = await post(big);
    expect(response.status).toBe(400);
    expect(await stillSignedIn(signedIn)).toBe(true);
  });

  it("accepts an event about a subject it does not know, or another issuer's, and changes nothing", async () => {
    const signedIn = await signedInEverywhere();
    const before = await trail();
    expect((await post(await google.securityEvent(RISC_EVENT_TYPES.sessionsRevoked, "subject-of-nobody"))).status).toBe(202);
    const otherIssuer = await google.securityEvent(RISC_EVENT_TYPES.sessionsRevoked, SUBJECT, {
      event: { subject: { subject_type: "iss-sub", iss: "https://accounts.example.net/", sub: SUBJECT } },
    });
    expect((await post(otherIssuer)).status).toBe(202);
    expect(await stillSignedIn(signedIn)).toBe(true);
    expect(await trail()).toEqual(before);
  });

  it("answers a verification event", async () => {
    const response = await post(
      await google.securityEvent(RISC_EVENT_TYPES.verification, SUBJECT, { event: { subject: undefined, state: "check-1" } }),
    );
    expect(response.status).toBe(202);
  });

  it("holds Google sign-in after hijacking and mails why; a password sign-in or support lets Google in again", async () => {
    const signedIn = await signedInEverywhere();
    bed.server.delivered.length = 0;
    const response = await post(await google.securityEvent(RISC_EVENT_TYPES.accountDisabled, SUBJECT, { event: { reason: "hijacking" } }));
    expect(response.status).toBe(202);
    expect(await stillSignedIn(signedIn)).toBe(false);
    expect((await trail()).at(-1)).toMatchObject({ event: "google_account_hijacked", actor: "google", reason: "hijacking" });
    await drainMail(bed.server);
    const mail = bed.server.delivered.find((delivered) => delivered.to === bed.email && delivered.subject.includes("Google"));
    expect(mail?.subject).toBe("Signing in with Google to your DS One account is paused");
    expect(mail?.text).toContain("taken over");

    // Google signs the customer in no more.
    expect(await googleSignIn()).toContain("problem=held");
    // A password set lately may be the taker's, set while signed in with Google: it does not end the hold.
    const setAt = (at: number | null) =>
      bed.server.db.updateTable("accounts").set({ password_set_at: at }).where("id", "=", bed.accountId).execute();
    await setAt(Date.now() - GOOGLE_HOLD_LOOKBACK_MS + 86_400_000);
    await passwordSignIn(bed, new BrowserAgent());
    expect(await googleSignIn()).toContain("problem=held");
    // One set before then is a way in the taker does not hold: signing in with it ends the hold.
    await setAt(Date.now() - GOOGLE_HOLD_LOOKBACK_MS - 86_400_000);
    await passwordSignIn(bed, new BrowserAgent());
    expect(await googleSignIn()).not.toContain("problem=");
    await setAt(null);

    // Held again; support clears it, and the trail says so.
    await post(await google.securityEvent(RISC_EVENT_TYPES.accountDisabled, SUBJECT, { event: { reason: "hijacking" } }));
    expect(await googleSignIn()).toContain("problem=held");
    const agent = await createAccount(bed.server.db, { email: `agent-${kind}@example.com`, role: "support" });
    expect(
      await clearCustomerGoogleHold(bed.server.db, { accountId: agent.id, role: "support" }, bed.accountId, "secured with Google"),
    ).toBe(true);
    expect((await trail()).at(-1)).toMatchObject({ event: "google_hold_cleared", actor: `support:${agent.id}` });
    expect(await googleSignIn()).not.toContain("problem=");
  });

  it("lets a passkey end the hold only when it was added before the taker could have added it", async () => {
    // A passkey made after a password sign-in, as the offer's button makes it.
    const browser = new BrowserAgent();
    const authenticator = new SoftAuthenticator(bed.issuer);
    await passwordSignIn(bed, browser);
    const post = (agent: BrowserAgent, path: string, body: unknown) =>
      agent.request(`${bed.issuer}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: bed.issuer },
        body: JSON.stringify(body),
      });
    // biome-ignore lint/suspicious/noExplicitAny: the options go to the soft authenticator and are read loosely.
    const options = async (answer: Promise<Response>) => ((await (await answer).json()) as { options: any }).options;
    const made = await post(browser, "/api/passkey/register", {
      credential: authenticator.create(await options(post(browser, "/api/passkey/register/options", { ProductId: 6 }))),
    });
    expect(made.status).toBe(200);
    const passkeySignIn = async () => {
      const agent = new BrowserAgent();
      const asked = await options(post(agent, "/api/passkey/sign-in/options", {}));
      return (await post(agent, "/api/passkey/sign-in", { credential: authenticator.get(asked), ProductId: 6 })).status;
    };

    expect(await deliverHijacking()).toBe(202);
    expect(await passkeySignIn()).toBe(200);
    expect(await googleSignIn()).toContain("problem=held");
    await bed.server.db
      .updateTable("passkeys")
      .set({ created_at: Date.now() - GOOGLE_HOLD_LOOKBACK_MS - 86_400_000 })
      .where("account_id", "=", bed.accountId)
      .execute();
    expect(await passkeySignIn()).toBe(200);
    expect(await googleSignIn()).not.toContain("problem=");
  });

  async function deliverHijacking(): Promise<number> {
    return (await post(await google.securityEvent(RISC_EVENT_TYPES.accountDisabled, SUBJECT, { event: { reason: "hijacking" } }))).status;
  }

  it("records account-disabled for another reason and account-enabled, ending nothing", async () => {
    const signedIn = await signedInEverywhere();
    expect(
      (await post(await google.securityEvent(RISC_EVENT_TYPES.accountDisabled, SUBJECT, { event: { reason: "bulk-account" } }))).status,
    ).toBe(202);
    expect((await post(await google.securityEvent(RISC_EVENT_TYPES.accountEnabled, SUBJECT))).status).toBe(202);
    expect(await stillSignedIn(signedIn)).toBe(true);
    expect((await trail()).slice(-2)).toEqual([
      { event: "google_account_disabled", actor: "google", reason: "bulk-account" },
      { event: "google_account_enabled", actor: "google", reason: null },
    ]);
    expect(await googleSignIn()).not.toContain("problem=");
  });

  it("shows a credential change Google asked for on the account page until Google signs the customer in again", async () => {
    const browser = new BrowserAgent();
    await passwordSignIn(bed, browser);
    expect((await post(await google.securityEvent(RISC_EVENT_TYPES.credentialChangeRequired, SUBJECT))).status).toBe(202);
    const me = async () =>
      ((await (await browser.request(`${bed.issuer}/api/me`)).json()) as { googleSecurity: { changeAskedAt: number | null } })
        .googleSecurity;
    expect((await me()).changeAskedAt).toBeGreaterThan(Date.now() - 60_000);
    expect((await trail()).at(-1)).toMatchObject({ event: "google_credential_change_required", actor: "google" });
    expect(await googleSignIn()).not.toContain("problem=");
    expect((await me()).changeAskedAt).toBeNull();
    // The export names Google as the source, and keeps its reason.
    const exported = (await (await browser.request(`${bed.issuer}/api/me/export`)).json()) as {
      activity: { event: string; by: string | null }[];
    };
    expect(exported.activity.find((entry) => entry.event === "google_credential_change_required")).toMatchObject({ by: "google" });
  });

  /** A Google sign-in as the browser makes it: answers where the callback sends the browser. */
  async function googleSignIn(): Promise<string> {
    const browser = new BrowserAgent();
    const started = await browser.request(`${bed.issuer}/external/login?provider=Google&product=dsone`, { redirect: "manual" });
    const location = new URL(String(started.headers.get("location")));
    google.nonce = location.searchParams.get("nonce") ?? "";
    const back = await browser.request(
      `${bed.issuer}/signin-google?code=the-code&state=${encodeURIComponent(location.searchParams.get("state") ?? "")}`,
      { redirect: "manual" },
    );
    return String(back.headers.get("location"));
  }
});

describeEachDatabase("the RISC receiver's limit per address on %s", (kind) => {
  let server: TestServer;
  let google: TestIssuer;

  beforeAll(async () => {
    google = await new TestIssuer().start();
    server = await startTestServer(kind, {
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_ISSUER_URL: google.url,
      GOOGLE_RISC_LIMIT_PER_IP: "2",
    });
  });
  afterAll(async () => {
    await server?.stop();
    await google?.close();
  });

  it("answers 429 past the limit, before reading the token", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await server.app.inject({
        method: "POST",
        url: "/google/risc",
        headers: { "content-type": "application/secevent+jwt" },
        payload: await google.securityEvent(RISC_EVENT_TYPES.verification, "anyone"),
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([202, 202, 429]);
    expect(await server.db.selectFrom("google_risc_tokens").select("jti_hash").execute()).toHaveLength(2);
  });

  it("keeps each token id until a token that old is refused anyway, then housekeeping sweeps it", async () => {
    const now = Date.now();
    await server.db
      .insertInto("google_risc_tokens")
      .values({ jti_hash: "expired", received_at: now - 8 * 86_400_000, expires_at: now - 86_400_000 })
      .execute();
    const kept = await server.db.selectFrom("google_risc_tokens").select("expires_at").where("jti_hash", "!=", "expired").execute();
    for (const row of kept) expect(Number(row.expires_at)).toBeGreaterThan(now + 6 * 86_400_000);
    expect((await pruneRiscTokens(server.db, now)).rows).toBe(1);
    expect(await server.db.selectFrom("google_risc_tokens").select("jti_hash").execute()).toHaveLength(kept.length);
  });
});
