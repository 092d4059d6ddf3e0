import { afterAll, beforeAll, expect, it } from "vitest";
import { BrowserAgent } from "../support/browser-agent.ts";
import { describeEachDatabase } from "../support/databases.ts";
import { unlimitedRateLimits } from "../support/limits.ts";
import { type OidcTestBed, passwordSignIn, startOidcTestBed } from "../support/oidc-flow.ts";
import { recordCases } from "./scale.ts";

/**
 * Someone holds a session of the customer's account (a stolen cookie, a shared computer). What the
 * owner does to take the account back must work whatever that session did first
 * (docs/decisions/0065): its changes count against its own allowance, not the account's, and no
 * other site can spend the owner's allowance for them.
 */
describeEachDatabase("taking an account back, on %s", (kind) => {
  let bed: OidcTestBed;
  let cases = 0;

  beforeAll(async () => {
    bed = await startOidcTestBed(kind, {
      ...unlimitedRateLimits(),
      ACCOUNT_CHANGE_LIMIT_PER_SESSION: "5",
      ACCOUNT_EXPORT_LIMIT_PER_ACCOUNT: "3",
    });
  });
  afterAll(async () => {
    recordCases("taking an account back", cases);
    await bed?.server.stop();
  });

  const post = (browser: BrowserAgent, path: string, body: unknown = {}) => {
    cases += 1;
    return browser.request(`${bed.issuer}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: bed.issuer },
      body: JSON.stringify(body),
    });
  };
  const signedIn = async () => {
    const browser = new BrowserAgent();
    await passwordSignIn(bed, browser);
    return browser;
  };

  it("a thief's session that used up its changes leaves the owner's sign-outs allowed", async () => {
    const thief = await signedIn();
    const owner = await signedIn();
    let thiefRefused = false;
    for (let change = 0; change < 8 && !thiefRefused; change += 1) {
      thiefRefused = (await post(thief, "/api/me/name", { Name: `Thief ${change}` })).status === 429;
    }
    expect(thiefRefused).toBe(true);
    // The owner still renames, and signs everywhere else out: the thief's session ends.
    expect((await post(owner, "/api/me/name", { Name: "Olive Idc" })).status).toBe(200);
    expect((await post(owner, "/api/me/sign-out-everywhere-else")).status).toBe(200);
    cases += 1;
    expect((await thief.request(`${bed.issuer}/api/me`)).status).toBe(401);
  });

  it("refuses the data download to another site's navigation, and gives it a limit of its own", async () => {
    const owner = await signedIn();
    const download = (site: string) => {
      cases += 1;
      return owner.request(`${bed.issuer}/api/me/export`, { headers: { "sec-fetch-site": site, "sec-fetch-mode": "navigate" } });
    };
    // A page elsewhere navigating to it: refused, and nothing counted.
    for (let visit = 0; visit < 5; visit += 1) expect((await download("cross-site")).status).toBe(403);
    expect((await download("same-origin")).status).toBe(200);
    expect((await download("same-origin")).status).toBe(200);
    expect((await download("none")).status).toBe(200);
    expect((await download("same-origin")).status).toBe(429);
    // Downloads are not changes: the session's changes are all still there.
    for (let change = 0; change < 5; change += 1) expect((await post(owner, "/api/me/name", { Name: "Olive" })).status).toBe(200);
  });
});
