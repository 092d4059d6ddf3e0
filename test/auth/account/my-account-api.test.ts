import * as client from "openid-client";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { MyAccount } from "../../../common/api/contract.ts";
import { createAccount } from "../../../server/auth/kernel/accounts.ts";
import { accountFailureKey } from "../../../server/auth/kernel/password-check.ts";
import { linkIdentity } from "../../../server/auth/social/external-logins.ts";
import { drainMail, tokenFromMail } from "../../support/app.ts";
import { BrowserAgent } from "../../support/browser-agent.ts";
import { describeEachDatabase } from "../../support/databases.ts";
import { unlimitedRateLimits } from "../../support/limits.ts";
import { accountCall, desktopAgentSignIn, type OidcTestBed, startOidcTestBed } from "../../support/oidc-flow.ts";

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

  const call = (browser: BrowserAgent, path: string, body?: unknown) => accountCall(bed, browser, path, body);
  const me = async (browser: BrowserAgent) => (await (await call(browser, "/api/me")).json()) as MyAccount;
  const passwordLogin = (browser: BrowserAgent, email: string, password: string, headers: Record<string, string> = {}) =>
    browser.request(`${bed.issuer}/api/dsone/password-login`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify({ Email: email, Password: password }),
    });
  /** A browser signed in to the account by its emailed link: the way in an account without a password has. */
  const linkSignIn = async (email: string) => {
    const browser = new BrowserAgent();
    await call(browser, "/api/access-link", { Email: email, ProductId: 6 });
    await drainMail(bed.server);
    const mail = bed.server.delivered.findLast((sent) => sent.to === email && sent.subject === "Your DS One sign-in link");
    expect((await call(browser, "/api/access-link/consume", { token: tokenFromMail(mail as never) })).status).toBe(200);
    return browser;
  };

  it("shows who, how, where and what happened, and signs one browser, one app, then everywhere else out", async () => {
    const mine = new BrowserAgent();
    const agent = await desktopAgentSignIn(bed, mine);
    const other = new BrowserAgent();
    expect((await passwordLogin(other, bed.email, bed.password, { "user-agent": FIREFOX_ON_LINUX })).status).toBe(200);

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
    await passwordLogin(third, bed.email, bed.password);
    expect((await call(mine, "/api/me/sign-out-everywhere-else", { RemovePasskeys: [] })).status).toBe(200);
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
    await passwordLogin(signedIn, bed.email, bed.password);
    const before = (await me(signedIn)).name;
    const forged = await signedIn.request(`${bed.issuer}/api/me/name`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example" },
      body: JSON.stringify({ Name: "Forged" }),
    });
    expect(forged.status).toBe(403);
    expect((await me(signedIn)).name).toBe(before);
  });

  it("changes the password given the current one: the old one stops signing in, every other browser is signed out", async () => {
    const email = "changing@example.com";
    const [oldPassword, newPassword] = ["old secret words", "new secret words"];
    const account = await createAccount(bed.server.db, { email, password: oldPassword, product: "dsone" });
    const mine = new BrowserAgent();
    const other = new BrowserAgent();
    expect((await passwordLogin(mine, email, oldPassword)).status).toBe(200);
    expect((await passwordLogin(other, email, oldPassword)).status).toBe(200);
    const hash = () => bed.server.db.selectFrom("accounts").select("password_hash").where("id", "=", account.id).executeTakeFirstOrThrow();
    const before = await hash();
    const change = (CurrentPassword: string) =>
      call(mine, "/api/me/password", { CurrentPassword, Password: newPassword, ConfirmPassword: newPassword });

    const missing = await change("");
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ code: "CURRENT_PASSWORD_MISSING", message: "Enter your current password." });

    // A wrong current password is a failed password attempt like a sign-in's, and changes nothing.
    const wrong = await change("not the password");
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ code: "CURRENT_PASSWORD_WRONG", message: "Your current password is incorrect." });
    const failures = () =>
      bed.server.db.selectFrom("rate_limits").select("count").where("key", "=", accountFailureKey(email)).executeTakeFirst();
    expect((await failures())?.count).toBe(1);
    expect(await hash()).toEqual(before);
    expect((await call(other, "/api/me")).status).toBe(200);
    expect((await me(mine)).activity[0]).toMatchObject({ event: "password_change_refused", method: "password" });

    const changed = await change(oldPassword);
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({
      isOk: true,
      statusText: "Your password has been changed. Every other browser and app has been signed out.",
    });
    expect((await call(mine, "/api/me")).status).toBe(200);
    expect((await call(other, "/api/me")).status).toBe(401);
    expect(await failures()).toBeUndefined();
    expect((await passwordLogin(new BrowserAgent(), email, oldPassword)).status).toBe(401);
    expect((await passwordLogin(new BrowserAgent(), email, newPassword)).status).toBe(200);
    await drainMail(bed.server);
    expect(bed.server.delivered.filter((mail) => mail.to === email).map((mail) => mail.subject)).toContain(
      "Your DS One password was changed",
    );
    expect((await me(mine)).activity.map((entry) => entry.event)).toContain("password_changed");
  });

  it("sets an account's first password without a current one, and refuses one that breaks the rules", async () => {
    const email = "first.password@example.com";
    await createAccount(bed.server.db, { email, product: "dsone" });
    const mine = await linkSignIn(email);
    const weak = await call(mine, "/api/me/password", { Password: "short", ConfirmPassword: "short" });
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({ code: "PASSWORD_INVALID" });

    const set = await call(mine, "/api/me/password", { Password: "first secret words", ConfirmPassword: "first secret words" });
    expect(await set.json()).toEqual({ isOk: true, statusText: "Your password is set." });
    const shown = await me(mine);
    expect(shown.signInMethods.password).toBe(true);
    expect(shown.activity[0]?.event).toBe("password_set");
    expect((await passwordLogin(new BrowserAgent(), email, "first secret words")).status).toBe(200);
    // The owner hears of the new way in.
    await drainMail(bed.server);
    const notice = bed.server.delivered.find((sent) => sent.to === email && sent.subject.startsWith("A password was set"));
    expect(notice?.subject).toBe("A password was set for your DS One account");
    expect(notice?.text).toContain("If it was not you, reset your password at once");
  });

  it("unlinks a Google login of this account, but not the only one of an account without a password", async () => {
    const email = "googler@example.com";
    const account = await createAccount(bed.server.db, { email, product: "dsone" });
    await linkIdentity(bed.server.db, { provider: "google", subject: "g-unlink-1", email }, account.id, { operator: "test" });
    const stranger = await createAccount(bed.server.db, { email: "stranger.googler@example.com" });
    await linkIdentity(bed.server.db, { provider: "google", subject: "g-stranger", email: stranger.email }, stranger.id, {
      operator: "test",
    });
    const mine = await linkSignIn(email);
    const unlink = (subject: string) => call(mine, "/api/me/unlink-google", { subject });

    const refused = await unlink("g-unlink-1");
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      code: "GOOGLE_ONLY_WAY_IN",
      message: "Google is how you sign in besides the emailed link. Set a password first, then unlink Google.",
    });
    // Another account's login, and one linked to nobody, are not this account's to unlink.
    expect((await unlink("g-stranger")).status).toBe(404);
    expect((await unlink("g-nobody")).status).toBe(404);
    expect((await me(mine)).signInMethods.google.map((login) => login.subject)).toEqual(["g-unlink-1"]);
    const strangers = await bed.server.db.selectFrom("external_logins").select("subject").where("account_id", "=", stranger.id).execute();
    expect(strangers).toEqual([{ subject: "g-stranger" }]);

    expect((await call(mine, "/api/me/password", { Password: "now with a password", ConfirmPassword: "now with a password" })).status).toBe(
      200,
    );
    expect(await (await unlink("g-unlink-1")).json()).toEqual({ isOk: true });
    const shown = await me(mine);
    expect(shown.signInMethods.google).toEqual([]);
    expect(shown.activity[0]?.event).toBe("google_unlinked");
    expect((await unlink("g-unlink-1")).status).toBe(404);
  });
});
