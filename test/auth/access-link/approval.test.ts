import { afterAll, beforeAll, expect, it } from "vitest";
import { createAccount } from "../../../server/auth/kernel/accounts.ts";
import type { RunningServer } from "../../../server/server.ts";
import { drainMail, tokenFromMail } from "../../support/app.ts";
import { BrowserAgent } from "../../support/browser-agent.ts";
import { describeEachDatabase } from "../../support/databases.ts";
import { unlimitedRateLimits } from "../../support/limits.ts";
import { discover, type OidcTestBed, startAuthorization, startOidcTestBed, startSecondInstance } from "../../support/oidc-flow.ts";

const CHROME_ON_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";

/**
 * Approving a sign-in on another device (docs/decisions/0073 and 0081), through the API as the
 * pages call it, on two instances behind one database: the link opened on a phone names the
 * computer that asked, its network, how long ago and what it signs in to, and takes the two digits
 * the computer shows; the right ones sign the computer in (and not the phone), any other sign
 * nobody in and spend the link.
 */
describeEachDatabase("approving a sign-in on another device, on %s", (kind) => {
  let bed: OidcTestBed;
  let second: RunningServer;
  let secondUrl: string;
  let n = 0;

  beforeAll(async () => {
    // An allowed ReturnUrl on another site, for the phone to name its host.
    bed = await startOidcTestBed(kind, { ...unlimitedRateLimits(), ALLOWED_REDIRECT_ORIGINS: "https://app.dsone.example" });
    ({ server: second, url: secondUrl } = await startSecondInstance(bed));
  });
  afterAll(async () => {
    await second?.close();
    await bed?.server.stop();
  });

  const post = (browser: BrowserAgent, path: string, body: unknown, at = bed.issuer, agent = CHROME_ON_WINDOWS) =>
    browser.request(`${at}${path}`, {
      method: "POST",
      // Both instances serve one public address: the pages' origin is it.
      headers: { "content-type": "application/json", origin: bed.issuer, "user-agent": agent },
      body: JSON.stringify(body),
    });
  const json = async (response: Response) => (await response.json()) as Record<string, unknown>;
  const signedIn = async (browser: BrowserAgent) =>
    ((await (await browser.request(`${bed.issuer}/api/dsone/session`)).json()) as { signedIn: boolean }).signedIn;

  /** A computer that asked for a link, the link's token, and the number its screen shows (as two digits). */
  async function asked(returnUrl?: string, computer = new BrowserAgent()) {
    n += 1;
    const email = `approver${n}@example.com`;
    await createAccount(bed.server.db, { email, product: "dsone" });
    const answer = await post(computer, "/api/access-link", { Email: email, ProductId: 6, ...(returnUrl ? { ReturnUrl: returnUrl } : {}) });
    expect(await json(answer)).toMatchObject({ isOk: true });
    await drainMail(bed.server);
    const mail = bed.server.delivered.findLast((sent) => sent.to === email);
    const token = tokenFromMail(mail as never);
    const waiting = await json(await post(computer, "/api/access-link/wait", { Wait: false }));
    expect(waiting).toMatchObject({ state: "waiting", number: expect.any(Number) });
    return { email, computer, token, number: waiting.number as number };
  }

  it("names the computer on the phone; the right number signs the computer in, on the other instance, and not the phone", async () => {
    const { computer, token, number } = await asked("/demo/dsone/ui");
    expect(number).toBeGreaterThanOrEqual(0);
    expect(number).toBeLessThanOrEqual(99);
    const phone = new BrowserAgent();
    const checked = await json(await post(phone, "/api/access-link/check", { token }, bed.issuer, PHONE));
    // Its network, never its address; its age by the server's clock; the page it lands on.
    expect(checked).toEqual({
      isOk: true,
      otherDevice: {
        device: "Chrome on Windows",
        network: "127.0.0.0",
        askedSecondsAgo: expect.any(Number),
        signsInTo: { brand: "DS One", app: null, host: new URL(bed.issuer).host },
      },
    });
    expect((checked.otherDevice as { askedSecondsAgo: number }).askedSecondsAgo).toBeLessThan(5);

    // The computer waits (a long poll) while the phone approves on another instance.
    const waited = post(computer, "/api/access-link/wait", { Wait: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const approved = await post(phone, "/api/access-link/approve", { token, Number: number }, secondUrl, PHONE);
    expect(await json(approved)).toEqual({ isOk: true, device: "Chrome on Windows" });
    expect(await json(await waited)).toMatchObject({ state: "signed_in", redirectUrl: expect.stringContaining("http") });
    expect(await signedIn(computer)).toBe(true);
    expect(await signedIn(phone)).toBe(false);

    // The approval was the link's one use: a replay, the button, the code all find it used.
    expect(await json(await post(phone, "/api/access-link/approve", { token, Number: number }, bed.issuer, PHONE))).toMatchObject({
      code: "LINK_USED",
    });
    expect((await post(phone, "/api/access-link/consume", { token }, bed.issuer, PHONE)).status).toBe(410);
  });

  it("names what approving signs in to: the app whose authorization waits, else the brand's page and its host", async () => {
    // A desktop agent's sign-in waits at the login screen in the computer's browser.
    const computer = new BrowserAgent();
    const config = await discover(bed.issuer, "desktop-agent");
    const { url } = await startAuthorization(config, "http://127.0.0.1:4998/callback");
    const login = new URL((await computer.follow(url, "http://127.0.0.1:4998/callback")).url);
    const returnUrl = login.searchParams.get("ReturnUrl") as string;
    expect(returnUrl).toMatch(/^\/connect\/authorize\/callback\?uid=/);
    const forAgent = await asked(returnUrl, computer);
    const checked = async (token: string) =>
      (
        (await json(await post(new BrowserAgent(), "/api/access-link/check", { token }, bed.issuer, PHONE))).otherDevice as {
          signsInTo: unknown;
        }
      ).signsInTo;
    expect(await checked(forAgent.token)).toEqual({ brand: "DS One", app: "desktop", host: null });

    // An allowed ReturnUrl names its host; one not allowed, or none, the brand's own address, where the sign-in lands.
    expect(await checked((await asked("https://app.dsone.example/welcome")).token)).toEqual({
      brand: "DS One",
      app: null,
      host: "app.dsone.example",
    });
    const brandsOwn = { brand: "DS One", app: null, host: new URL(bed.server.config.links.dsoneUi, bed.issuer).host };
    expect(await checked((await asked("https://elsewhere.example/")).token)).toEqual(brandsOwn);
    expect(await checked((await asked()).token)).toEqual(brandsOwn);
  });

  it("a wrong number spends the link and signs nobody in; the computer hears it was refused", async () => {
    const { email, computer, token, number } = await asked();
    const phone = new BrowserAgent();
    const wrong = (number + 1) % 100;
    const refused = await post(phone, "/api/access-link/approve", { token, Number: wrong }, bed.issuer, PHONE);
    expect(refused.status).toBe(400);
    expect(await json(refused)).toMatchObject({ code: "APPROVAL_WRONG_NUMBER", message: expect.stringMatching(/nobody was signed in/) });
    expect(await json(await post(computer, "/api/access-link/wait", { Wait: true }))).toEqual({ state: "refused" });
    expect(await signedIn(computer)).toBe(false);
    expect(await signedIn(phone)).toBe(false);
    expect((await post(phone, "/api/access-link/consume", { token }, bed.issuer, PHONE)).status).toBe(410);
    // The right number after a wrong one finds the request ended: one entry a request.
    expect((await post(phone, "/api/access-link/approve", { token, Number: number }, bed.issuer, PHONE)).status).toBe(410);
    expect(await signedIn(computer)).toBe(false);
    const account = await bed.server.db.selectFrom("accounts").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    const refusal = await bed.server.db
      .selectFrom("audit_events")
      .select(["event", "reason"])
      .where("account_id", "=", account.id)
      .where("event", "=", "sign_in_refused")
      .executeTakeFirst();
    expect(refusal).toEqual({ event: "sign_in_refused", reason: "a wrong number was typed on another device" });
  });

  it("refuses an entry that is not two digits, and an approval from the asking browser, changing nothing", async () => {
    const { computer, token, number } = await asked();
    const phone = new BrowserAgent();
    for (const bad of [100, -1, 4.5, `${number}`, null]) {
      const refused = await post(phone, "/api/access-link/approve", { token, Number: bad }, bed.issuer, PHONE);
      expect(refused.status).toBe(400);
      expect(await json(refused)).toMatchObject({ message: expect.stringContaining("must be the two digits the other device shows") });
    }
    // The asking browser opening its own link is offered no numbers, and may not approve itself.
    expect(await json(await post(computer, "/api/access-link/check", { token }))).toEqual({ isOk: true });
    expect(await json(await post(computer, "/api/access-link/approve", { token, Number: number }))).toMatchObject({
      code: "APPROVAL_SAME_BROWSER",
    });
    // Nothing was spent: the phone can still approve.
    expect((await post(phone, "/api/access-link/approve", { token, Number: number }, bed.issuer, PHONE)).status).toBe(200);
  });

  it("signing in on the phone instead tells the computer the link was used elsewhere", async () => {
    const { computer, token } = await asked();
    const phone = new BrowserAgent();
    expect((await post(phone, "/api/access-link/consume", { token }, bed.issuer, PHONE)).status).toBe(200);
    expect(await signedIn(phone)).toBe(true);
    expect(await json(await post(computer, "/api/access-link/wait", { Wait: false }))).toEqual({ state: "used_elsewhere" });
    expect(await signedIn(computer)).toBe(false);
  });

  it("offers no approval once the request's 10 minutes are over: the phone signs in as before", async () => {
    const { computer, token, number } = await asked();
    await bed.server.db
      .updateTable("sign_in_codes")
      .set({ expires_at: Date.now() - 1 })
      .where("approval_number", "=", number)
      .execute();
    const phone = new BrowserAgent();
    expect(await json(await post(phone, "/api/access-link/check", { token }, bed.issuer, PHONE))).toEqual({ isOk: true });
    expect(await json(await post(phone, "/api/access-link/approve", { token, Number: number }, bed.issuer, PHONE))).toMatchObject({
      code: "APPROVAL_UNAVAILABLE",
    });
    expect(await json(await post(computer, "/api/access-link/wait", { Wait: false }))).toEqual({ state: "expired" });
    expect((await post(phone, "/api/access-link/consume", { token }, bed.issuer, PHONE)).status).toBe(200);
  });

  it("counts the approval's sign-in as its own funnel step", async () => {
    const { computer, token, number } = await asked();
    await post(new BrowserAgent(), "/api/access-link/approve", { token, Number: number }, bed.issuer, PHONE);
    expect(await json(await post(computer, "/api/access-link/wait", { Wait: false }))).toMatchObject({ state: "signed_in" });
    const metric = await bed.server.telemetry.metrics.registry.getSingleMetric("account_sign_ins_total")?.get();
    expect(metric?.values.find((value) => value.labels.method === "approval")?.value).toBeGreaterThanOrEqual(1);
  });
});
