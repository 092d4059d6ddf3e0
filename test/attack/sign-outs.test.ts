import * as client from "openid-client";
import { afterAll, beforeAll, expect, it } from "vitest";
import { removeAccount } from "../../server/auth/account/account-deletion.ts";
import { createAccount } from "../../server/auth/kernel/accounts.ts";
import { signAccountOutEverywhere } from "../../server/auth/kernel/sign-out.ts";
import { signOutBrowser } from "../../server/auth/kernel/signed-in-places.ts";
import { cookieFromHeader } from "../../server/base/cookies.ts";
import { addClient } from "../../server/provider/clients.ts";
import { hashSecret } from "../../server/secrets/tokens.ts";
import { sessionCookieFrom } from "../support/app.ts";
import { BrowserAgent } from "../support/browser-agent.ts";
import { describeEachDatabase } from "../support/databases.ts";
import { type ProofKey, userinfoStatus as userinfoAt } from "../support/dpop.ts";
import { unlimitedRateLimits } from "../support/limits.ts";
import {
  authorize,
  desktopAgentSignIn,
  discover,
  type OidcTestBed,
  passwordSignIn,
  resetPasswordByMail,
  startAuthorization,
  startOidcTestBed,
} from "../support/oidc-flow.ts";
import { recordCases } from "./scale.ts";

/**
 * Someone who knew the customer's password signed a desktop agent in. Whatever the customer then
 * does to take the account back (a password reset, sign out everywhere, removing the account) must
 * end that agent's access at once: its refresh token refused, its access token refused, and a code
 * issued but not yet redeemed worthless. A website logout ends the browser's sign-in only.
 */
describeEachDatabase("what each sign-out ends, on %s", (kind) => {
  let bed: OidcTestBed;
  let cases = 0;

  beforeAll(async () => {
    bed = await startOidcTestBed(kind, unlimitedRateLimits());
  });
  afterAll(async () => {
    recordCases("sign-outs end app sign-ins", cases);
    await bed?.server.stop();
  });

  /** The intruder's desktop agent with its tokens, and a second code issued but not redeemed. */
  async function intruder() {
    const browser = new BrowserAgent();
    const signedIn = await desktopAgentSignIn(bed, browser);
    const pending = await authorize(bed, browser, signedIn.config, signedIn.redirectUri);
    return { browser, ...signedIn, pending };
  }

  /**
   * A silent sign-in (prompt=none) of the web app in this browser: what the browser's sessions
   * still allow. Native apps never sign in silently, so the web app asks.
   */
  async function silentSignIn(browser: BrowserAgent): Promise<URLSearchParams> {
    const redirectUri = "http://127.0.0.1:4999/dsone/callback";
    const { url } = await startAuthorization(await discover(bed.issuer, "dsone-web"), redirectUri, {
      prompt: "none",
      scope: "openid email",
    });
    return new URL((await browser.follow(url, redirectUri)).url).searchParams;
  }

  /** As Bearer, or, for an agent's token bound to its key, as DPoP with a proof of that key. */
  const userinfoStatus = (accessToken: string, key?: ProofKey) => userinfoAt(bed.issuer, accessToken, key);

  async function expectEveryAppSignInEnded(signIn: Awaited<ReturnType<typeof intruder>>) {
    cases += 3;
    // Refused even with the agent's key.
    await expect(
      client.refreshTokenGrant(signIn.config, signIn.tokens.refresh_token as string, undefined, { DPoP: signIn.dpop }),
    ).rejects.toMatchObject({
      error: "invalid_grant",
    });
    expect(await userinfoStatus(signIn.tokens.access_token, signIn.key)).toBe(401);
    await expect(
      client.authorizationCodeGrant(signIn.config, signIn.pending.callbackUrl, signIn.pending.checks, undefined, { DPoP: signIn.dpop }),
    ).rejects.toMatchObject({
      error: "invalid_grant",
    });
    const left = await bed.server.db.selectFrom("oidc_payloads").select("model").where("account_id", "=", bed.accountId).execute();
    expect(left.filter((row) => row.model !== "Interaction")).toEqual([]);
  }

  const resetPassword = (password: string, cookie = "") => resetPasswordByMail(bed, password, cookie);

  it("a password reset ends the desktop agent's tokens and codes; the resetting browser stays signed in", async () => {
    const signIn = await intruder();
    expect(await userinfoStatus(signIn.tokens.access_token, signIn.key)).toBe(200);
    // The customer resets from their own signed-in browser.
    const customer = new BrowserAgent();
    const login = await customer.request(`${bed.issuer}/api/dsone/password-login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ Email: bed.email, Password: bed.password }),
    });
    const cookie = sessionCookieFrom({
      cookies: login.headers.getSetCookie().map((line) => {
        const [name = "", value = ""] = (line.split(";")[0] ?? "").split("=");
        return { name, value };
      }),
    });
    await resetPassword("a brand new passphrase 1", cookie);
    await expectEveryAppSignInEnded(signIn);
    const session = await (await fetch(`${bed.issuer}/api/dsone/session`, { headers: { cookie } })).json();
    expect(session).toMatchObject({ signedIn: true });
    cases++;
  });

  it("the intruder's browser cannot sign the agent in again silently after the reset", async () => {
    const signIn = await intruder();
    await resetPassword("another new passphrase 2");
    expect((await silentSignIn(signIn.browser)).get("error")).toBe("login_required");
    cases++;
  });

  it("sign out everywhere ends every browser and every app", async () => {
    const signIn = await intruder();
    await signAccountOutEverywhere(bed.server.db, bed.email, { operator: "test" });
    await expectEveryAppSignInEnded(signIn);
    const session = await (await signIn.browser.request(`${bed.issuer}/api/dsone/session`)).json();
    expect(session).toMatchObject({ signedIn: false });
    cases++;
  });

  it("a website logout ends that browser's sign-in, and leaves the desktop agent signed in", async () => {
    const signIn = await intruder();
    const logout = await signIn.browser.request(`${bed.issuer}/api/session/logout`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: bed.issuer },
      body: "{}",
    });
    expect(logout.status).toBe(200);
    // The browser's provider session ended with it: a silent sign-in asks for a login.
    expect((await silentSignIn(signIn.browser)).get("error")).toBe("login_required");
    const providerSessions = await bed.server.db
      .selectFrom("oidc_payloads")
      .select("id")
      .where("model", "=", "Session")
      .where("account_id", "=", bed.accountId)
      .execute();
    expect(providerSessions).toEqual([]);
    // The desktop agent is an app of its own (decision 52): it keeps refreshing.
    const refreshed = await client.refreshTokenGrant(signIn.config, signIn.tokens.refresh_token as string, undefined, {
      DPoP: signIn.dpop,
    });
    expect(refreshed.access_token).toBeTruthy();
    cases += 2;
  });

  it("a session past its idle timeout signs nobody in silently; a silent sign-in counts as a use", async () => {
    const signIn = await intruder();
    const { config } = bed.server;
    const setLastSeen = (at: number) =>
      bed.server.db.updateTable("sessions").set({ last_seen_at: at }).where("account_id", "=", bed.accountId).execute();
    const silently = () => silentSignIn(signIn.browser);
    // Still within the idle timeout, but stale enough to be written again: the silent sign-in works and is a use.
    const stale = Date.now() - config.sessionIdleTimeoutMs / 2;
    await setLastSeen(stale);
    const first = await silently();
    expect(first.get("code")).toBeTruthy();
    const row = await bed.server.db
      .selectFrom("sessions")
      .select("last_seen_at")
      .where("account_id", "=", bed.accountId)
      .executeTakeFirstOrThrow();
    expect(Number(row.last_seen_at)).toBeGreaterThan(stale);
    // Past it: refused, as every other request would be.
    await setLastSeen(Date.now() - config.sessionIdleTimeoutMs - 1_000);
    expect((await silently()).get("error")).toBe("login_required");
    cases += 2;
  });

  it("a page elsewhere cannot log the customer out: endsession without an app's hint only asks", async () => {
    const signIn = await intruder();
    const page = await signIn.browser.request(`${bed.issuer}/connect/endsession`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Do you want to log out?");
    expect(html).not.toContain("<script");
    const session = await (await signIn.browser.request(`${bed.issuer}/api/dsone/session`)).json();
    expect(session).toMatchObject({ signedIn: true });
    cases++;
  });

  it("another browser's pending authorization cannot end or finish this browser's sign-in", async () => {
    const victim = await intruder();
    // The attacker starts a prompt=login authorization in their own browser and sends the victim
    // its callback address.
    const attacker = new BrowserAgent();
    const { url } = await startAuthorization(victim.config, victim.redirectUri, { prompt: "login" });
    const stop = await attacker.follow(url, victim.redirectUri);
    const callback = new URL(stop.url).searchParams.get("ReturnUrl") ?? stop.url;
    expect(callback).toMatch(/\/connect\/authorize\/callback\?uid=/);
    const answer = await victim.browser.request(new URL(callback, bed.issuer).href);
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain("This sign-in has expired");
    const session = await (await victim.browser.request(`${bed.issuer}/api/dsone/session`)).json();
    expect(session).toMatchObject({ signedIn: true });
    cases++;
  });

  const signedIn = async (browser: BrowserAgent) =>
    ((await (await browser.request(`${bed.issuer}/api/dsone/session`)).json()) as { signedIn: boolean }).signedIn;

  /** The logout page endsession shows this browser: whether it posts itself, and its form's fields. */
  async function logoutPage(browser: BrowserAgent, idTokenHint?: string) {
    const query = idTokenHint ? `?${new URLSearchParams({ id_token_hint: idTokenHint })}` : "";
    const page = await browser.request(`${bed.issuer}/connect/endsession${query}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    return {
      html,
      postsItself: /<script/.test(html),
      asks: html.includes("Do you want to log out?"),
      action: html.match(/action="([^"]+)"/)?.[1] as string,
      xsrf: html.match(/name="xsrf" value="([^"]+)"/)?.[1] as string,
    };
  }

  /** What the customer's click on the page's button sends: a same-origin post of its form. */
  const confirmLogout = (browser: BrowserAgent, page: { action: string; xsrf: string }) =>
    browser.request(new URL(page.action, bed.issuer).href, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: bed.issuer },
      body: new URLSearchParams({ xsrf: page.xsrf, logout: "yes" }).toString(),
    });

  /** Another customer's ID token, from their own desktop agent: anyone can hold one. */
  async function someoneElsesIdToken(): Promise<string> {
    const other = { email: `other.${kind}.${Date.now()}@example.com`, password: "another customer's passphrase" };
    await createAccount(bed.server.db, { ...other, product: "dsone" });
    const { tokens } = await desktopAgentSignIn({ ...bed, ...other }, new BrowserAgent());
    return tokens.id_token as string;
  }

  it("a browser without a provider session is asked on our page, and signed out only once it confirms", async () => {
    const customer = new BrowserAgent();
    await passwordSignIn(bed, customer);
    const page = await logoutPage(customer);
    expect({ postsItself: page.postsItself, asks: page.asks }).toEqual({ postsItself: false, asks: true });
    expect(new URL(page.action, bed.issuer).href).toBe(`${bed.issuer}/connect/endsession/confirm`);
    expect(await signedIn(customer)).toBe(true);
    // The customer's own click (a same-origin post of the page's form, with the provider's xsrf).
    expect((await confirmLogout(customer, page)).status).toBe(303);
    expect(await signedIn(customer)).toBe(false);
    cases += 2;
  });

  it("an id_token_hint that names another account only asks, with or without a provider session", async () => {
    const attackersToken = await someoneElsesIdToken();
    const victim = await intruder();
    const withoutProviderSession = new BrowserAgent();
    await passwordSignIn(bed, withoutProviderSession);
    for (const browser of [victim.browser, withoutProviderSession]) {
      const page = await logoutPage(browser, attackersToken);
      expect({ postsItself: page.postsItself, asks: page.asks }).toEqual({ postsItself: false, asks: true });
      expect(await signedIn(browser)).toBe(true);
      cases++;
    }
    // A hint naming the account signed in here is an app of ours logging its customer out: it
    // posts itself, in a browser with a provider session or without one.
    for (const browser of [victim.browser, withoutProviderSession]) {
      const page = await logoutPage(browser, victim.tokens.id_token as string);
      expect(page.html).toContain('<script src="/connect/endsession.js"></script>');
      expect((await confirmLogout(browser, page)).status).toBe(303);
      expect(await signedIn(browser)).toBe(false);
    }
  });

  it("a logout through the provider is in the security trail, as every other sign-out is", async () => {
    const signedOutEntries = async () =>
      bed.server.db
        .selectFrom("audit_events")
        .select(["address", "device"])
        .where("account_id", "=", bed.accountId)
        .where("event", "=", "signed_out")
        .execute();
    const signIn = await intruder();
    const before = (await signedOutEntries()).length;
    const page = await logoutPage(signIn.browser, signIn.tokens.id_token as string);
    expect((await confirmLogout(signIn.browser, page)).status).toBe(303);
    expect(await signedIn(signIn.browser)).toBe(false);
    const after = await signedOutEntries();
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)).toMatchObject({ address: "127.0.0.1" });
    cases++;
  });

  /** A web app of ours with its secret: its tokens end with the browser's session (decision 52). */
  async function webAppSignIn(browser: BrowserAgent) {
    const id = `web-app-${kind}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const redirectUri = `http://127.0.0.1:4999/${id}/cb`;
    const { secret } = await addClient(bed.server.db, {
      id,
      type: "web",
      brand: "dsone",
      redirectUris: [redirectUri],
      postLogoutRedirectUris: [],
    });
    const config = await discover(bed.issuer, id, client.ClientSecretBasic(secret as string));
    const { callbackUrl, checks } = await authorize(bed, browser, config, redirectUri);
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, checks);
    expect(tokens.refresh_token).toBeTruthy();
    return { config, tokens };
  }

  const sessionRef = (browser: BrowserAgent) => hashSecret(cookieFromHeader(browser.cookieHeader(bed.issuer), "session") as string);

  it("signing one browser out from the list ends its web app's sign-in, as its logout would", async () => {
    const elsewhere = new BrowserAgent();
    const elsewhereApp = await webAppSignIn(elsewhere);
    const elsewhereAgent = await desktopAgentSignIn(bed, elsewhere);
    const here = new BrowserAgent();
    const hereApp = await webAppSignIn(here);
    expect(await userinfoStatus(elsewhereApp.tokens.access_token)).toBe(200);

    const answer = await here.request(`${bed.issuer}/api/me/sign-out-browser`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: bed.issuer },
      body: JSON.stringify({ ref: sessionRef(elsewhere) }),
    });
    expect(answer.status).toBe(200);
    expect(await signedIn(elsewhere)).toBe(false);
    expect(await userinfoStatus(elsewhereApp.tokens.access_token)).toBe(401);
    await expect(client.refreshTokenGrant(elsewhereApp.config, elsewhereApp.tokens.refresh_token as string)).rejects.toMatchObject({
      error: "invalid_grant",
    });
    expect((await silentSignIn(elsewhere)).get("error")).toBe("login_required");
    // As after a logout there, that browser's desktop agent is an app of its own (decision 52).
    expect(
      (
        await client.refreshTokenGrant(elsewhereAgent.config, elsewhereAgent.tokens.refresh_token as string, undefined, {
          DPoP: elsewhereAgent.dpop,
        })
      ).access_token,
    ).toBeTruthy();
    // The browser that asked keeps its own sign-in, its web app's included.
    expect(await signedIn(here)).toBe(true);
    expect(await userinfoStatus(hereApp.tokens.access_token)).toBe(200);
    expect((await client.refreshTokenGrant(hereApp.config, hereApp.tokens.refresh_token as string)).access_token).toBeTruthy();
    cases += 3;
  });

  it("support signing a customer's browser out ends that browser's web app sign-in too", async () => {
    const browser = new BrowserAgent();
    const app = await webAppSignIn(browser);
    // The support console and the CLI sign a browser out through the same function.
    expect(
      await signOutBrowser(bed.server.db, bed.accountId, sessionRef(browser), { operator: "support:test", reason: "asked by phone" }),
    ).toBe(true);
    expect(await userinfoStatus(app.tokens.access_token)).toBe(401);
    await expect(client.refreshTokenGrant(app.config, app.tokens.refresh_token as string)).rejects.toMatchObject({
      error: "invalid_grant",
    });
    cases += 2;
  });

  it("removing the account ends everything it had signed in", async () => {
    const signIn = await intruder();
    await removeAccount(bed.server.db, bed.server.config, bed.email, { operator: "test" });
    await expectEveryAppSignInEnded(signIn);
    expect(await discover(bed.issuer, "desktop-agent")).toBeTruthy();
    cases++;
  });
});
