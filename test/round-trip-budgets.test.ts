import * as client from "openid-client";
import { afterAll, beforeAll, expect, it } from "vitest";
import { BrowserAgent } from "./support/browser-agent.ts";
import { describeEachDatabase } from "./support/databases.ts";
import { proofKey } from "./support/dpop.ts";
import { costOf, type RoundTripCost } from "./support/hot-statements.ts";
import { unlimitedRateLimits } from "./support/limits.ts";
import { discover, startAuthorization } from "./support/oidc-client.ts";
import { type OidcTestBed, passwordSignIn, startOidcTestBed } from "./support/oidc-flow.ts";

/**
 * The OpenID round trip's statement budget on PostgreSQL (docs/decisions/0089): a desktop agent's
 * authorization in a browser already signed in, with its grant, the code's exchange and a refresh.
 * Each is measured on the third of its kind, as a busy server sees it, and fails when it grows past
 * its budget (statements, and commits that write: each a flush of PostgreSQL's log).
 */
const BUDGETS = {
  authorization: { statements: 8, writeCommits: 2 },
  exchange: { statements: 9, writeCommits: 5 },
  refresh: { statements: 9, writeCommits: 5 },
};

describeEachDatabase("the OpenID round trip's budget on %s", (kind) => {
  if (kind === "sqlite") {
    it("is counted on PostgreSQL (its statements and commits are what the budget is about)", () => {});
    return;
  }
  let bed: OidcTestBed;
  beforeAll(async () => {
    bed = await startOidcTestBed(kind, unlimitedRateLimits());
  });
  afterAll(async () => {
    await bed?.server.stop();
  });

  const within = (cost: RoundTripCost, budget: { statements: number; writeCommits: number }, what: string) => {
    const listing = cost.statements.map((statement, index) => `${index + 1}. ${statement.slice(0, 160)}`).join("\n");
    expect(cost.statements.length, `${what}:\n${listing}`).toBeLessThanOrEqual(budget.statements);
    expect(cost.writeCommits, `${what}: commits that wrote\n${listing}`).toBeLessThanOrEqual(budget.writeCommits);
  };

  it("keeps an authorization, an exchange and a refresh within their statements and commits", async () => {
    const browser = new BrowserAgent();
    await passwordSignIn(bed, browser);
    const config = await discover(bed.issuer, "desktop-agent");
    const redirectUri = "http://127.0.0.1:9/callback";
    const dpop = client.getDPoPHandle(config, await proofKey());
    const authorize = async () => {
      const { url, checks } = await startAuthorization(config, redirectUri);
      const stop = await browser.follow(url, redirectUri);
      expect(stop.url.startsWith(redirectUri)).toBe(true);
      return { callbackUrl: new URL(stop.url), checks };
    };
    const exchange = async (code: Awaited<ReturnType<typeof authorize>>) =>
      client.authorizationCodeGrant(config, code.callbackUrl, code.checks, undefined, { DPoP: dpop });

    await exchange(await authorize());
    const warm = await exchange(await authorize());
    await client.refreshTokenGrant(config, warm.refresh_token as string, undefined, { DPoP: dpop });

    let code: Awaited<ReturnType<typeof authorize>> | undefined;
    within(
      await costOf(async () => {
        code = await authorize();
      }),
      BUDGETS.authorization,
      "authorization",
    );
    let tokens: Awaited<ReturnType<typeof exchange>> | undefined;
    within(
      await costOf(async () => {
        tokens = await exchange(code as NonNullable<typeof code>);
      }),
      BUDGETS.exchange,
      "exchange",
    );
    within(
      await costOf(async () => {
        await client.refreshTokenGrant(config, tokens?.refresh_token as string, undefined, { DPoP: dpop });
      }),
      BUDGETS.refresh,
      "refresh",
    );
  });
});
