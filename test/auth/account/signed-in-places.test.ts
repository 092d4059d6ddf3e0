import * as client from "openid-client";
import { afterAll, beforeAll, expect, it } from "vitest";
import { accountActivity } from "../../../server/auth/kernel/audit-trail.ts";
import { signOutApp, signOutBrowser, whereSignedIn } from "../../../server/auth/kernel/signed-in-places.ts";
import { BrowserAgent } from "../../support/browser-agent.ts";
import { describeEachDatabase } from "../../support/databases.ts";
import { unlimitedRateLimits } from "../../support/limits.ts";
import { desktopAgentSignIn, type OidcTestBed, startOidcTestBed } from "../../support/oidc-flow.ts";

const FIREFOX_ON_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SUPPORT = { operator: "cli:support-3" };

/**
 * Where an account is signed in (the account page's and support's list): each browser with its
 * browser and network, each app with a grant; one of each signed out alone, nothing else touched.
 */
describeEachDatabase("where an account is signed in, on %s", (kind) => {
  let bed: OidcTestBed;

  beforeAll(async () => {
    bed = await startOidcTestBed(kind, unlimitedRateLimits());
  });
  afterAll(async () => {
    await bed?.server.stop();
  });

  const signedIn = async (browser: BrowserAgent) =>
    ((await (await browser.request(`${bed.issuer}/api/dsone/session`)).json()) as { signedIn: boolean }).signedIn;
  const sessionId = (browser: BrowserAgent) => browser.cookieHeader(bed.issuer).match(/(?:^|; )session=([^;]+)/)?.[1];
  const list = (current?: BrowserAgent) =>
    whereSignedIn(bed.server.db, bed.accountId, {
      idleTimeoutMs: bed.server.config.sessionIdleTimeoutMs,
      currentSessionId: current ? sessionId(current) : undefined,
    });

  it("lists each browser and app, signs out one browser and one app, and refuses a name it does not know", async () => {
    // The desktop agent signs in through the customer's first browser.
    const first = new BrowserAgent();
    const agent = await desktopAgentSignIn(bed, first);
    // A second browser, Firefox on Linux.
    const second = new BrowserAgent();
    const login = await second.request(`${bed.issuer}/api/dsone/password-login`, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": FIREFOX_ON_LINUX },
      body: JSON.stringify({ Email: bed.email, Password: bed.password }),
    });
    expect(login.status).toBe(200);

    const before = await list(first);
    expect(before.browsers).toHaveLength(2);
    expect(before.browsers.filter((browser) => browser.current)).toHaveLength(1);
    const other = before.browsers.find((browser) => !browser.current);
    expect(other).toMatchObject({ device: "Firefox on Linux", address: "127.0.0.1" });
    expect(before.apps).toEqual([{ clientId: "desktop-agent", brand: "dsone", kind: "desktop", since: expect.any(Number) }]);

    // Unknown names change nothing.
    expect(await signOutBrowser(bed.server.db, bed.accountId, "0".repeat(64), SUPPORT)).toBe(false);
    expect(await signOutApp(bed.server.db, bed.accountId, "no-such-app", SUPPORT)).toBe(false);
    expect(await list(first)).toEqual(before);

    expect(await signOutBrowser(bed.server.db, bed.accountId, other?.ref as string, SUPPORT)).toBe(true);
    expect(await signedIn(second)).toBe(false);
    expect(await signedIn(first)).toBe(true);

    expect(await signOutApp(bed.server.db, bed.accountId, "desktop-agent", SUPPORT)).toBe(true);
    await expect(client.refreshTokenGrant(agent.config, agent.tokens.refresh_token as string)).rejects.toMatchObject({
      error: "invalid_grant",
    });
    expect(await signedIn(first)).toBe(true);

    const after = await list(first);
    expect(after.browsers.map((browser) => browser.current)).toEqual([true]);
    expect(after.apps).toEqual([]);
    const trail = await accountActivity(bed.server.db, bed.accountId);
    expect(trail.slice(0, 2).map((entry) => [entry.event, entry.clientId, entry.actor])).toEqual([
      ["app_signed_out", "desktop-agent", "cli:support-3"],
      ["signed_out", null, "cli:support-3"],
    ]);
  });
});
