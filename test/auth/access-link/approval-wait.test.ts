import { afterAll, beforeAll, expect, it } from "vitest";
import { CODE_COOKIE } from "../../../server/auth/access-link/sign-in-codes.ts";
import { createAccount } from "../../../server/auth/kernel/accounts.ts";
import { hashSecret } from "../../../server/secrets/tokens.ts";
import type { RunningServer } from "../../../server/server.ts";
import { BrowserAgent } from "../../support/browser-agent.ts";
import { describeEachDatabase } from "../../support/databases.ts";
import { unlimitedRateLimits } from "../../support/limits.ts";
import { type OidcTestBed, startOidcTestBed, startSecondInstance } from "../../support/oidc-flow.ts";

/**
 * Check Your Email waits for the other device with a long poll (docs/decisions/0073): one browser
 * has one wait held at a time, on every instance behind one database; any other wait it sends
 * meanwhile is answered at once, "waiting", which the screen follows with a pause.
 */
describeEachDatabase("one approval wait at a time per browser, on %s", (kind) => {
  let bed: OidcTestBed;
  let second: RunningServer;
  let secondUrl: string;
  let n = 0;

  beforeAll(async () => {
    bed = await startOidcTestBed(kind, unlimitedRateLimits());
    ({ server: second, url: secondUrl } = await startSecondInstance(bed));
  });
  afterAll(async () => {
    await second?.close();
    await bed?.server.stop();
  });

  const wait = async (browser: BrowserAgent, long: boolean, at = bed.issuer): Promise<Record<string, unknown>> => {
    const response = await browser.request(`${at}/api/access-link/wait`, {
      method: "POST",
      // Both instances serve one public address: the browser sends that address's cookies to either.
      headers: { "content-type": "application/json", origin: bed.issuer, cookie: browser.cookieHeader(bed.issuer) },
      body: JSON.stringify({ Wait: long }),
    });
    return { status: response.status, ...((await response.json()) as Record<string, unknown>) };
  };

  /** A browser that asked for a link: its screen's first wait answers at once with the number. */
  async function asking() {
    n += 1;
    const email = `waiter${n}@example.com`;
    await createAccount(bed.server.db, { email, product: "dsone" });
    const browser = new BrowserAgent();
    const asked = await browser.request(`${bed.issuer}/api/access-link`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: bed.issuer },
      body: JSON.stringify({ Email: email, ProductId: 6 }),
    });
    expect(asked.status).toBe(200);
    const first = await wait(browser, false);
    expect(first).toMatchObject({ status: 200, state: "waiting", number: expect.any(Number) });
    return { browser, number: first.number as number };
  }

  /** Moves the end of a browser's request; ended (as its 10 minutes running out would), a held wait answers. */
  const endsAt = (browser: BrowserAgent, at: number) => {
    const secret = new RegExp(`(?:^|; )${CODE_COOKIE}=([^;]+)`).exec(browser.cookieHeader(bed.issuer))?.[1] ?? "no cookie";
    return bed.server.db.updateTable("sign_in_codes").set({ expires_at: at }).where("browser_hash", "=", hashSecret(secret)).execute();
  };
  const expire = (browser: BrowserAgent) => endsAt(browser, Date.now() - 1);

  it("holds one of 25 waits sent at once with one cookie, answers the rest at once, and holds another browser's", async () => {
    const { browser, number } = await asking();
    const answered: Record<string, unknown>[] = [];
    // Spread over both instances: the one wait is the browser's, not an instance's.
    const waits = Array.from({ length: 25 }, (_, index) =>
      wait(browser, true, index % 2 === 0 ? bed.issuer : secondUrl).then((answer) => {
        answered.push(answer);
        return answer;
      }),
    );
    await expect.poll(() => answered.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(24);
    expect(answered).toEqual(Array.from({ length: 24 }, () => ({ status: 200, state: "waiting", number })));

    // Another browser's wait is held as before, while the first browser's one wait still is.
    const other = await asking();
    let otherAnswered = false;
    const otherWait = wait(other.browser, true, secondUrl).then((answer) => {
      otherAnswered = true;
      return answer;
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(otherAnswered).toBe(false);
    expect(answered).toHaveLength(24);

    // Each held wait answers as soon as its request ends.
    await expire(browser);
    await expire(other.browser);
    expect((await Promise.all(waits)).filter((answer) => answer.state === "expired")).toHaveLength(1);
    expect(await otherWait).toEqual({ status: 200, state: "expired" });
  });

  it("holds the browser's next wait once the one before has answered", async () => {
    const { browser, number } = await asking();
    const held = wait(browser, true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await wait(browser, true, secondUrl)).toEqual({ status: 200, state: "waiting", number });
    await expire(browser);
    expect(await held).toEqual({ status: 200, state: "expired" });
    // The slot was given back with the answer: a new request's wait is held again.
    await endsAt(browser, Date.now() + 600_000);
    let answeredAt = 0;
    const next = wait(browser, true, secondUrl).then((answer) => {
      answeredAt = Date.now();
      return answer;
    });
    const startedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(answeredAt).toBe(0);
    await expire(browser);
    expect(await next).toEqual({ status: 200, state: "expired" });
    expect(answeredAt - startedAt).toBeGreaterThanOrEqual(1_500);
  });
});
