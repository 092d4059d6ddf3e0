import { afterAll, beforeAll, expect, it } from "vitest";
import type { MyAccount, SupportCustomer } from "../../common/api/contract.ts";
import { PRODUCTS } from "../../common/products.ts";
import { createAccount } from "../../server/auth/kernel/accounts.ts";
import { TOKEN_KEPT_AFTER_EXPIRY_MS } from "../../server/auth/kernel/one-time-tokens.ts";
import { RECENT_SIGN_IN_MS } from "../../server/auth/kernel/recent-sign-in.ts";
import { NOT_ME_LINK_LIFETIME_MS, pruneSignInNotices } from "../../server/auth/not-me/not-me.ts";
import { hashSecret } from "../../server/secrets/tokens.ts";
import { drainMail, tokenFromMail } from "../support/app.ts";
import { BrowserAgent } from "../support/browser-agent.ts";
import { describeEachDatabase } from "../support/databases.ts";
import { unlimitedRateLimits } from "../support/limits.ts";
import { type OidcTestBed, passwordSignIn, startOidcTestBed } from "../support/oidc-flow.ts";
import { SoftAuthenticator } from "../support/soft-authenticator.ts";
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
      ACCOUNT_EXPORT_LIMIT_PER_SESSION: "3",
      // At its default: the owner's password change must not be a limit another session spends.
      SET_PASSWORD_LIMIT_PER_ACCOUNT: "5",
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
    expect((await post(owner, "/api/me/sign-out-everywhere-else", { RemovePasskeys: [] })).status).toBe(200);
    cases += 1;
    expect((await thief.request(`${bed.issuer}/api/me`)).status).toBe(401);
  });

  const sessionIdOf = (browser: BrowserAgent) =>
    /(?:^|; )(?:__Host-)?session=([^;]+)/.exec(browser.cookieHeader(bed.issuer))?.[1] ?? "no session";

  /** A browser whose sign-in is older than 10 minutes: a session cookie copied off the owner's computer, say. */
  async function staleSession() {
    const browser = await signedIn();
    await bed.server.db
      .updateTable("sessions")
      .set({ created_at: Date.now() - RECENT_SIGN_IN_MS - 60_000 })
      .where("id_hash", "=", hashSecret(sessionIdOf(browser)))
      .execute();
    return browser;
  }

  // biome-ignore lint/suspicious/noExplicitAny: the options go to the soft authenticator and are read loosely.
  const options = async (answer: Promise<Response>) => ((await (await answer).json()) as { options: any }).options;

  /** Makes a passkey in `browser`, as the account page's button does; answers the authenticator. */
  async function addPasskey(browser: BrowserAgent) {
    const authenticator = new SoftAuthenticator(bed.issuer);
    const made = await post(browser, "/api/passkey/register", {
      credential: authenticator.create(await options(post(browser, "/api/passkey/register/options", { ProductId: 6 }))),
      ProductId: 6,
    });
    expect(made.status).toBe(200);
    return authenticator;
  }

  /** A sign-in with the passkey: 200, or 401 once it is removed (PASSKEY_UNKNOWN). */
  async function passkeySignIn(authenticator: SoftAuthenticator) {
    const browser = new BrowserAgent();
    const credential = authenticator.get(await options(post(browser, "/api/passkey/sign-in/options")));
    return { browser, response: await post(browser, "/api/passkey/sign-in", { credential, ProductId: 6 }) };
  }

  const passkeyCount = async () =>
    Number(
      (
        await bed.server.db
          .selectFrom("passkeys")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("account_id", "=", bed.accountId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const lastMailTo = async (subject: string) => {
    await drainMail(bed.server);
    return bed.server.delivered.findLast((mail) => mail.to === bed.email && mail.subject === subject);
  };

  it("a stolen session cannot add a passkey; the owner confirms with the password or an emailed code", async () => {
    const thief = await staleSession();
    const refused = await post(thief, "/api/passkey/register/options", { ProductId: 6 });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "RECENT_SIGN_IN_REQUIRED" });
    expect((await post(thief, "/api/me/confirm", { Password: "not the password" })).status).toBe(400);
    expect((await post(thief, "/api/passkey/register/options", { ProductId: 6 })).status).toBe(403);

    // The owner, signed in long ago too, confirms with the password: the passkey is added.
    const owner = await staleSession();
    expect((await post(owner, "/api/me/confirm", { Password: bed.password })).status).toBe(200);
    await addPasskey(owner);

    // Or with a code mailed to the account's own address, in that browser only, five tries.
    const other = await staleSession();
    expect((await post(other, "/api/me/confirm/send-code", { ProductId: 6 })).status).toBe(200);
    const mail = await lastMailTo("Your DS One confirmation code");
    const code =
      mail?.text
        .match(/(\d{3}) (\d{3})/)
        ?.slice(1)
        .join("") ?? "";
    expect(code).toMatch(/^\d{6}$/);
    // The code works in the browser it was mailed for only: the thief's session has none.
    expect((await post(thief, "/api/me/confirm", { Code: code })).status).toBe(410);
    const wrong = code === "000000" ? "111111" : "000000";
    const wrongAnswer = await post(other, "/api/me/confirm", { Code: wrong });
    expect(await wrongAnswer.json()).toMatchObject({ code: "CODE_WRONG" });
    expect((await post(other, "/api/me/confirm", { Code: code })).status).toBe(200);
    await addPasskey(other);
    expect(await passkeyCount()).toBe(2);
    const events = await bed.server.db
      .selectFrom("audit_events")
      .select(["event", "method"])
      .where("account_id", "=", bed.accountId)
      .execute();
    expect(events).toContainEqual({ event: "identity_confirmed", method: "password" });
    expect(events).toContainEqual({ event: "identity_confirmed", method: "code" });
  });

  it("mails the owner as a passkey is added; the mail's link removes it and signs out the browser that added it", async () => {
    const adder = await signedIn();
    const authenticator = await addPasskey(adder);
    const mail = await lastMailTo("A passkey was added to your DS One account");
    expect(mail?.text).toContain("/dsone/account/remove-passkey?token=");
    // Which browser added it, near which network (never the address), and when.
    const year = String(new Date().getUTCFullYear());
    expect(mail?.text).toMatch(new RegExp(`^.+, near 127\\.0\\.0\\.0, on .*${year}.*\\.$`, "m"));
    const token = tokenFromMail(mail as never);

    // Opening the link spends nothing: a mail scanner opening it removes nothing.
    const stranger = new BrowserAgent();
    const checked = await post(stranger, "/api/passkey/removal/check", { token });
    expect(await checked.json()).toMatchObject({ isOk: true, addedAt: expect.any(Number) });
    expect((await post(stranger, "/api/passkey/removal/check", { token })).status).toBe(200);
    expect((await passkeySignIn(authenticator)).response.status).toBe(200);

    expect((await post(stranger, "/api/passkey/removal/confirm", { token })).status).toBe(200);
    expect((await adder.request(`${bed.issuer}/api/me`)).status).toBe(401);
    expect((await passkeySignIn(authenticator)).response.status).toBe(401);
    const again = await post(stranger, "/api/passkey/removal/confirm", { token });
    expect(await again.json()).toMatchObject({ code: "PASSKEY_REMOVAL_LINK_USED" });
  });

  it("the thief's passkey does not outlive the owner's reset and sign-out everywhere when the owner ticks it", async () => {
    // The thief had a fresh sign-in (a phished link, say) and added a passkey.
    const thief = await signedIn();
    const thiefKey = await addPasskey(thief);
    const owner = await signedIn();
    const shown = (await (await owner.request(`${bed.issuer}/api/me`)).json()) as MyAccount;
    const recent = shown.passkeys.filter((passkey) => Date.now() - passkey.createdAt < 30 * 86_400_000).map((passkey) => passkey.id);
    expect(recent.length).toBeGreaterThan(0);

    // A reset by its emailed link, removing the passkeys the page ticks.
    await post(new BrowserAgent(), "/api/password/forgot", { email: bed.email, ProductId: 6 });
    const resetMail = await lastMailTo("Reset your DS One password");
    const link = resetMail?.text.match(/code=([A-Za-z0-9_-]{43})/)?.[1] ?? "";
    const resetter = new BrowserAgent();
    const opened = await post(resetter, "/api/password/reset/open", { code: link, email: bed.email });
    const { passkeys } = (await opened.json()) as { passkeys: { id: string }[] };
    expect(passkeys.map((passkey) => passkey.id)).toEqual(expect.arrayContaining(recent));
    const reset = await post(resetter, "/api/password/reset", {
      Password: bed.password,
      ConfirmPassword: bed.password,
      RemovePasskeys: recent,
    });
    expect(reset.status).toBe(200);
    expect((await passkeySignIn(thiefKey)).response.status).toBe(401);
    expect((await thief.request(`${bed.issuer}/api/me`)).status).toBe(401);

    // And "Sign out everywhere else" with the ticked passkeys.
    const thief2 = await signedIn();
    const key2 = await addPasskey(thief2);
    const owner2 = await signedIn();
    const ids = ((await (await owner2.request(`${bed.issuer}/api/me`)).json()) as MyAccount).passkeys.map((passkey) => passkey.id);
    expect((await post(owner2, "/api/me/sign-out-everywhere-else", { RemovePasskeys: ids })).status).toBe(200);
    expect((await passkeySignIn(key2)).response.status).toBe(401);
    expect(await passkeyCount()).toBe(0);
  });

  it("support removes a passkey with a reason, and signs out everywhere removing the ticked ones", async () => {
    const agentEmail = "passkey.agent@example.com";
    await createAccount(bed.server.db, { email: agentEmail, password: "agent password 1", role: "support" });
    const agent = new BrowserAgent();
    const signIn = await post(agent, "/api/dsone/password-login", { Email: agentEmail, Password: "agent password 1" });
    expect(signIn.status).toBe(200);
    const customer = await signedIn();
    const first = await addPasskey(customer);
    const second = await addPasskey(await signedIn());
    const view = (await (await post(agent, "/api/support/customer", { accountId: bed.accountId })).json()) as SupportCustomer;
    const [newest, older] = view.passkeys;
    const removed = await post(agent, "/api/support/remove-passkey", {
      accountId: bed.accountId,
      reason: "ticket 77: not the customer's",
      id: newest?.id,
    });
    expect(removed.status).toBe(200);
    expect((await passkeySignIn(second)).response.status).toBe(401);
    const trail = await bed.server.db
      .selectFrom("audit_events")
      .select(["actor", "reason"])
      .where("account_id", "=", bed.accountId)
      .where("event", "=", "passkey_removed")
      .execute();
    expect(trail.some((entry) => entry.actor?.startsWith("support:") && entry.reason?.startsWith("ticket 77"))).toBe(true);
    const everywhere = await post(agent, "/api/support/sign-out-everywhere", {
      accountId: bed.accountId,
      reason: "ticket 77",
      removePasskeys: [older?.id],
    });
    expect(everywhere.status).toBe(200);
    expect((await passkeySignIn(first)).response.status).toBe(401);
    expect((await customer.request(`${bed.issuer}/api/me`)).status).toBe(401);
  });

  it("a passkey sign-in of an existing desktop user carries only an allowed ReturnUrl to the desktop sign-in", async () => {
    const authenticator = await addPasskey(await signedIn());
    // The account's licenses become solve IQ's only: an existing desktop user (decision 3).
    await bed.server.db.updateTable("licenses").set({ product_id: PRODUCTS.solveiq.id }).where("account_id", "=", bed.accountId).execute();
    for (const [returnUrl, carried] of [
      ["https://evil.example/steal", false],
      ["//evil.example/steal", false],
      [`${bed.issuer}/demo/dsone/ui`, true],
    ] as const) {
      const browser = new BrowserAgent();
      const credential = authenticator.get(await options(post(browser, "/api/passkey/sign-in/options")));
      const answer = await post(browser, "/api/passkey/sign-in", { credential, ProductId: 6, ReturnUrl: returnUrl });
      const { redirectUrl } = (await answer.json()) as { redirectUrl: string };
      expect(redirectUrl).toContain("password-login");
      expect(redirectUrl.includes(encodeURIComponent(returnUrl)), returnUrl).toBe(carried);
      expect(redirectUrl).not.toContain("evil.example");
    }
  });

  it("caps the wrong codes one session may ever type, however many codes it asks for", async () => {
    const thief = await staleSession();
    let refused = false;
    for (let code = 0; code < 4 && !refused; code += 1) {
      const sent = await post(thief, "/api/me/confirm/send-code", { ProductId: 6 });
      if (sent.status !== 200) {
        refused = true;
        break;
      }
      for (let guess = 0; guess < 5; guess += 1) await post(thief, "/api/me/confirm", { Code: String(100000 + code * 10 + guess) });
    }
    // Ten wrong codes at most: then neither a new code nor a guess is taken.
    expect(refused).toBe(true);
    const after = await post(thief, "/api/me/confirm/send-code", { ProductId: 6 });
    expect(await after.json()).toMatchObject({ code: "CODE_SPENT" });
    const failures = await bed.server.db
      .selectFrom("sessions")
      .select("confirm_failures")
      .where("id_hash", "=", hashSecret(sessionIdOf(thief)))
      .executeTakeFirstOrThrow();
    expect(Number(failures.confirm_failures)).toBe(10);
  });

  it("removing a passkey by the mail's link also signs out the browsers that signed in with it", async () => {
    const adder = await signedIn();
    const authenticator = await addPasskey(adder);
    const mail = await lastMailTo("A passkey was added to your DS One account");
    const { browser: elsewhere, response } = await passkeySignIn(authenticator);
    expect(response.status).toBe(200);
    expect((await post(new BrowserAgent(), "/api/passkey/removal/confirm", { token: tokenFromMail(mail as never) })).status).toBe(200);
    expect((await elsewhere.request(`${bed.issuer}/api/me`)).status).toBe(401);
    expect((await adder.request(`${bed.issuer}/api/me`)).status).toBe(401);
  });

  it("This wasn't me: the mail's button signs that browser out and removes its passkey, once, and signs nobody in", async () => {
    await signedIn();
    // A browser new to the account: the owner is mailed, with "This wasn't me".
    const stranger = await signedIn();
    const notice = await lastMailTo("New sign-in to your DS One account");
    expect(notice?.text).toContain("/dsone/account/not-me?token=");
    expect(notice?.text).not.toContain("reset your password");
    const token = tokenFromMail(notice as never);
    const strangerKey = await addPasskey(stranger);

    const presser = new BrowserAgent();
    const checked = await post(presser, "/api/not-me/check", { token });
    expect(await checked.json()).toMatchObject({ isOk: true, email: bed.email, signedInAt: expect.any(Number) });
    // Opening the page changed nothing.
    expect((await stranger.request(`${bed.issuer}/api/me`)).status).toBe(200);
    const pressed = await post(presser, "/api/not-me/confirm", { token });
    expect(pressed.status).toBe(200);
    expect(pressed.headers.get("set-cookie") ?? "").not.toMatch(/session=/);
    expect((await stranger.request(`${bed.issuer}/api/me`)).status).toBe(401);
    expect((await passkeySignIn(strangerKey)).response.status).toBe(401);
    expect((await presser.request(`${bed.issuer}/api/me`)).status).toBe(401);
    expect(await (await post(presser, "/api/not-me/confirm", { token })).json()).toMatchObject({ code: "NOT_ME_LINK_USED" });
    const events = await bed.server.db.selectFrom("audit_events").select("event").where("account_id", "=", bed.accountId).execute();
    expect(events).toContainEqual({ event: "sign_in_reported" });

    // Seven days, then it has expired.
    await signedIn();
    const later = await signedIn();
    const second = tokenFromMail((await lastMailTo("New sign-in to your DS One account")) as never);
    await bed.server.db
      .updateTable("one_time_tokens")
      .set({ expires_at: Date.now() - 1 })
      .where("token_hash", "=", hashSecret(second))
      .execute();
    expect(await (await post(presser, "/api/not-me/confirm", { token: second })).json()).toMatchObject({ code: "NOT_ME_LINK_EXPIRED" });
    expect((await later.request(`${bed.issuer}/api/me`)).status).toBe(200);

    // A notice goes with its token: kept while the link can still say why it fails, then pruned.
    const notices = () =>
      bed.server.db.selectFrom("sign_in_notices").select("token_hash").where("account_id", "=", bed.accountId).execute();
    await pruneSignInNotices(bed.server.db);
    expect((await notices()).length).toBeGreaterThan(0);
    await pruneSignInNotices(bed.server.db, Date.now() + NOT_ME_LINK_LIFETIME_MS + TOKEN_KEPT_AFTER_EXPIRY_MS + 60_000);
    expect(await notices()).toEqual([]);
  });

  it("a thief's session that does not know the password leaves the owner's password change allowed", async () => {
    const thief = await signedIn();
    const owner = await signedIn();
    const change = (browser: BrowserAgent, current: string, next: string) =>
      post(browser, "/api/me/password", { CurrentPassword: current, Password: next, ConfirmPassword: next, ProductId: 6 });
    // The thief guesses the current password, or sends none, more often than SET_PASSWORD_LIMIT_PER_ACCOUNT.
    for (let guess = 0; guess < 7; guess += 1) {
      const refused = await change(thief, guess % 2 === 0 ? `not the password ${guess}` : "", "a thief's new passphrase");
      expect(refused.status).not.toBe(200);
    }
    // The owner, who knows it, changes it: every other browser, the thief's, is signed out.
    const changed = await change(owner, bed.password, "the owner's new passphrase");
    expect(changed.status).toBe(200);
    cases += 1;
    expect((await thief.request(`${bed.issuer}/api/me`)).status).toBe(401);
    // Back to the bed's password, for the tests after this one.
    expect((await change(owner, "the owner's new passphrase", bed.password)).status).toBe(200);
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

  it("a thief's session that used up its data downloads leaves the owner's downloads allowed", async () => {
    const thief = await signedIn();
    const owner = await signedIn();
    const download = async (browser: BrowserAgent) => {
      cases += 1;
      const response = await browser.request(`${bed.issuer}/api/me/export`, { headers: { "sec-fetch-site": "same-origin" } });
      // Read whole, so the connection is free again when the server stops.
      await response.arrayBuffer();
      return response.status;
    };
    let thiefRefused = false;
    for (let attempt = 0; attempt < 6 && !thiefRefused; attempt += 1) thiefRefused = (await download(thief)) === 429;
    expect(thiefRefused).toBe(true);
    expect(await download(owner)).toBe(200);
  });
});
