import * as client from "openid-client";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { MyAccount } from "../common/api/contract.ts";
import { BrowserAgent } from "./support/browser-agent.ts";
import { describeEachDatabase } from "./support/databases.ts";
import { unlimitedRateLimits } from "./support/limits.ts";
import { desktopAgentSignIn, type OidcTestBed, startOidcTestBed } from "./support/oidc-flow.ts";

const FIREFOX_ON_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

/**
 * The account page's API, called by a signed-in customer's browser: what it shows, and each change
 * it makes, for this account only; bad input and strangers change nothing.
 */
describeEachDatabase("the account page's API on %s", (kind) => {
  let bed: OidcTestBed;

  beforeAll(async () => {
    bed = await startOidcTestBed(kind, unlimitedRateLimits());
  });
  afterAll(async () => {
    await bed?.server.stop();
  });

  const call = (browser: BrowserAgent, path: string, body?: unknown) =>
    browser.request(`${bed.issuer}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { "content-type": "application/json", origin: bed.issuer },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const me = async (browser: BrowserAgent) => (await (await call(browser, "/api/me")).json()) as MyAccount;

  it("shows who, how, where and what happened, and signs one browser, one app, then everywhere else out", async () => {
    const mine = new BrowserAgent();
    const agent = await desktopAgentSignIn(bed, mine);
    const other = new BrowserAgent();
    expect(
      (
        await other.request(`${bed.issuer}/api/dsone/password-login`, {
          method: "POST",
          headers: { "content-type": "application/json", "user-agent": FIREFOX_ON_LINUX },
          body: JSON.stringify({ Email: bed.email, Password: bed.password }),
        })
      ).status,
    ).toBe(200);

    const shown = await me(mine);
    expect(shown).toMatchObject({
      email: bed.email,
      name: "Olive Idc",
      licenses: [{ product: "dsone", state: "Active" }],
      signInMethods: { link: true, password: true, google: [] },
      apps: [{ clientId: "desktop-agent", brand: "dsone" }],
    });
    const browsers = shown.browsers;
    expect(browsers).toHaveLength(2);
    const firefox = browsers.find((browser) => !browser.current);
    expect(firefox?.device).toBe("Firefox on Linux");
    expect(shown.activity.map((entry) => entry.event)).toContain("signed_in");

    expect((await call(mine, "/api/me/name", { Name: "  Olive Renamed  " })).status).toBe(200);
    expect((await call(mine, "/api/me/name", { Name: "bad\u0007name" })).status).toBe(400);
    expect((await call(mine, "/api/me/sign-out-browser", { ref: "0".repeat(64) })).status).toBe(404);
    expect((await call(mine, "/api/me/sign-out-app", { clientId: "no-such-app" })).status).toBe(404);

    expect(await (await call(mine, "/api/me/sign-out-browser", { ref: firefox?.ref })).json()).toEqual({
      isOk: true,
      signedOutHere: false,
    });
    expect((await call(other, "/api/me")).status).toBe(401);
    expect((await call(mine, "/api/me/sign-out-app", { clientId: "desktop-agent" })).status).toBe(200);
    await expect(client.refreshTokenGrant(agent.config, agent.tokens.refresh_token as string)).rejects.toMatchObject({
      error: "invalid_grant",
    });

    const after = await me(mine);
    expect(after).toMatchObject({ name: "Olive Renamed", apps: [] });
    expect(after.activity.slice(0, 3).map((entry) => entry.event)).toEqual(["app_signed_out", "signed_out", "name_changed"]);

    // Everything held, as a file to keep; nothing in it signs in.
    const download = await call(mine, "/api/me/export");
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toBe(`attachment; filename="${bed.email}-account.json"`);
    const data = (await download.json()) as { account: { email: string }; activity: { event: string }[] };
    expect(data.account.email).toBe(bed.email);
    expect(data.activity.map((entry) => entry.event)).toContain("app_signed_out");
    const cookie = mine.cookieHeader(bed.issuer).match(/(?:^|; )session=([^;]+)/)?.[1] as string;
    expect(JSON.stringify(data)).not.toContain(cookie);

    // Everywhere else: a third browser goes, this one stays.
    const third = new BrowserAgent();
    await third.request(`${bed.issuer}/api/dsone/password-login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ Email: bed.email, Password: bed.password }),
    });
    expect((await call(mine, "/api/me/sign-out-everywhere-else", {})).status).toBe(200);
    expect((await call(third, "/api/me")).status).toBe(401);
    expect((await call(mine, "/api/me")).status).toBe(200);

    // This browser, picked from the list, is a logout.
    const here = (await me(mine)).browsers.find((browser) => browser.current);
    expect(await (await call(mine, "/api/me/sign-out-browser", { ref: here?.ref })).json()).toEqual({ isOk: true, signedOutHere: true });
    expect((await call(mine, "/api/me")).status).toBe(401);
  });

  it("answers nobody signed in with 401, and a foreign origin's change with a refusal that changes nothing", async () => {
    const stranger = new BrowserAgent();
    expect((await call(stranger, "/api/me")).status).toBe(401);
    expect((await call(stranger, "/api/me/name", { Name: "Mallory" })).status).toBe(401);
    expect((await call(stranger, "/api/me/export")).status).toBe(401);
    const signedIn = new BrowserAgent();
    await signedIn.request(`${bed.issuer}/api/dsone/password-login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ Email: bed.email, Password: bed.password }),
    });
    const before = (await me(signedIn)).name;
    const forged = await signedIn.request(`${bed.issuer}/api/me/name`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example" },
      body: JSON.stringify({ Name: "Forged" }),
    });
    expect(forged.status).toBe(403);
    expect((await me(signedIn)).name).toBe(before);
  });
});
