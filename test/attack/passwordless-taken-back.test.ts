import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { createAccount } from "../../server/auth/kernel/accounts.ts";
import { RECENT_SIGN_IN_MS } from "../../server/auth/kernel/recent-sign-in.ts";
import { hashSecret } from "../../server/secrets/tokens.ts";
import { lastMailTo, linkTokenIn } from "../support/app.ts";
import { BrowserAgent } from "../support/browser-agent.ts";
import { describeEachDatabase } from "../support/databases.ts";
import { unlimitedRateLimits } from "../support/limits.ts";
import { accountCall, type OidcTestBed, passwordSignIn, resetPasswordByMail, startOidcTestBed } from "../support/oidc-flow.ts";
import { SoftAuthenticator } from "../support/soft-authenticator.ts";
import { recordCases } from "./scale.ts";

/**
 * A passwordless account (the default kind) taken back stays taken back (docs/decisions/0078):
 * a stolen session cannot add a first password and confirm itself with it; a taker's own undo
 * link dies with the owner's undo; an undo or a cancellation removes what the change's sessions
 * added, even a second before they asked; "sign out everywhere" ends a taker's pending change.
 */
describeEachDatabase("a passwordless account taken back, on %s", (kind) => {
  let bed: OidcTestBed;
  let cases = 0;
  let n = 0;
  const ownersPassword = "correct horse battery";

  beforeAll(async () => {
    bed = await startOidcTestBed(kind, unlimitedRateLimits());
  });
  afterAll(async () => {
    recordCases("a passwordless account taken back", cases);
    await bed?.server.stop();
  });
  // Each test has an account of its own: what one test's taker did does not carry over.
  beforeEach(async () => {
    n += 1;
    bed.email = `owner${n}@example.com`;
    bed.password = ownersPassword;
    bed.accountId = (
      await createAccount(bed.server.db, { email: bed.email, password: ownersPassword, product: "dsone", name: "Olive" })
    ).id;
  });

  const call = (browser: BrowserAgent, path: string, body?: unknown) => {
    cases += 1;
    return accountCall(bed, browser, path, body);
  };
  const post = (path: string, body: unknown) =>
    fetch(`${bed.issuer}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const account = () =>
    bed.server.db.selectFrom("accounts").select(["email", "password_hash"]).where("id", "=", bed.accountId).executeTakeFirstOrThrow();
  const sessionIdOf = (browser: BrowserAgent) =>
    /(?:^|; )(?:__Host-)?session=([^;]+)/.exec(browser.cookieHeader(bed.issuer))?.[1] ?? "no session";

  async function signedIn(): Promise<BrowserAgent> {
    const browser = new BrowserAgent();
    await passwordSignIn(bed, browser);
    return browser;
  }
  /** Makes `browser`'s sign-in older than 10 minutes, as a cookie copied off the owner's computer is. */
  async function ageSession(browser: BrowserAgent): Promise<void> {
    const long = Date.now() - RECENT_SIGN_IN_MS - 60_000;
    await bed.server.db
      .updateTable("sessions")
      .set({ created_at: long, verified_at: null })
      .where("id_hash", "=", hashSecret(sessionIdOf(browser)))
      .execute();
  }
  /** The account becomes passwordless, as most are: it signs in by the emailed link. */
  const forgetPassword = () => bed.server.db.updateTable("accounts").set({ password_hash: null }).where("id", "=", bed.accountId).execute();

  const mailTo = (to: string, subject: RegExp) => lastMailTo(bed.server, to, subject);
  const codeIn = (mail: { text: string }) =>
    mail.text
      .match(/(\d{3}) (\d{3})/)
      ?.slice(1)
      .join("") ?? "";

  /** `browser` changes the account's email to `to`, and the mail to `to` confirms it; answers the undo link the old address got. */
  async function changeEmail(browser: BrowserAgent, from: string, to: string): Promise<string> {
    const asked = await call(browser, "/api/me/email", { NewEmail: to, ProductId: 6 });
    expect(asked.status, await asked.clone().text()).toBe(200);
    const token = linkTokenIn(await mailTo(to, /Confirm your new/), "/dsone/account/confirm-email");
    expect((await call(browser, "/api/email-change/confirm", { token })).status).toBe(200);
    return linkTokenIn(await mailTo(from, /Your DS One email was changed/), "/dsone/account/undo-email-change");
  }
  const undo = async (token: string) => {
    cases += 1;
    return (await post("/api/email-change/undo", { token })).json() as Promise<Record<string, unknown>>;
  };

  const setFirstPassword = (browser: BrowserAgent, password: string) =>
    call(browser, "/api/me/password", { CurrentPassword: "", Password: password, ConfirmPassword: password, ProductId: 6 });

  it("a stolen session cannot set a first password: it is a new way in, asked a recent sign-in or the emailed code", async () => {
    const thief = await signedIn();
    const owner = await signedIn();
    await forgetPassword();
    await ageSession(thief);
    const refused = await setFirstPassword(thief, "Thief's own secret 42");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "RECENT_SIGN_IN_REQUIRED" });
    // The earlier Set Password pages cannot ask in place: they ask for a new sign-in.
    const earlier = await call(thief, "/api/password/set", { Password: "Thief's own secret 42", ConfirmPassword: "Thief's own secret 42" });
    expect(earlier.status).toBe(403);
    expect(await earlier.json()).toMatchObject({ code: "SIGN_IN_AGAIN_TO_SET_PASSWORD" });
    expect((await account()).password_hash).toBeNull();
    // So the session has no password to confirm itself with, and still cannot add a passkey.
    expect((await call(thief, "/api/me/confirm", { Password: "Thief's own secret 42" })).status).toBe(400);
    expect((await call(thief, "/api/passkey/register/options", { ProductId: 6 })).status).toBe(403);

    // The owner, signed in long ago too, confirms with the emailed code, then sets one.
    await ageSession(owner);
    expect((await call(owner, "/api/me/confirm/send-code", { ProductId: 6 })).status).toBe(200);
    const code = codeIn(await mailTo(bed.email, /confirmation code/));
    expect((await call(owner, "/api/me/confirm", { Code: code })).status).toBe(200);
    expect((await setFirstPassword(owner, "Owner's own secret 42")).status).toBe(200);
    expect((await account()).password_hash).not.toBeNull();
  });

  it("a password set in a session never proves that session's recent sign-in", async () => {
    // A session fresh enough to set a first password (the thief typed the emailed code, say)…
    const browser = await signedIn();
    await forgetPassword();
    expect((await setFirstPassword(browser, "Set in this session 42")).status).toBe(200);
    // …once older than 10 minutes, cannot confirm itself with that password…
    await ageSession(browser);
    const refused = await call(browser, "/api/me/confirm", { Password: "Set in this session 42" });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "PASSWORD_SET_IN_THIS_SESSION" });
    expect((await call(browser, "/api/passkey/register/options", { ProductId: 6 })).status).toBe(403);
    // …while another sign-in with it, aged alike, can.
    bed.password = "Set in this session 42";
    const other = await signedIn();
    await ageSession(other);
    expect((await call(other, "/api/me/confirm", { Password: "Set in this session 42" })).status).toBe(200);
  });

  it("the owner's undo ends the taker's own undo link, reset or not", async () => {
    const owner = bed.email;
    const taker = await signedIn();
    const first = `taker.one${n}@example.org`;
    const second = `taker.two${n}@example.org`;
    const ownersUndo = await changeEmail(taker, owner, first);
    const takersUndo = await changeEmail(taker, first, second);

    expect(await undo(ownersUndo)).toMatchObject({ isOk: true, email: owner });
    await resetPasswordByMail({ ...bed, email: owner }, "Owner's new password 42");
    // The taker's link would put back an address the undone change introduced: it no longer works.
    expect(await undo(takersUndo)).toMatchObject({ code: "EMAIL_CHANGE_SUPERSEDED" });
    expect(await account()).toMatchObject({ email: owner, password_hash: expect.any(String) });
    // The owner's new password still signs in.
    bed.password = "Owner's new password 42";
    await signedIn();
  });

  it("a taker who undoes their own change first cannot end the owner's undo", async () => {
    const owner = bed.email;
    const taker = await signedIn();
    const first = `first${n}@example.org`;
    const ownersUndo = await changeEmail(taker, owner, first);
    const takersUndo = await changeEmail(taker, first, `second${n}@example.org`);

    expect(await undo(takersUndo)).toMatchObject({ isOk: true, email: first });
    expect(await undo(ownersUndo)).toMatchObject({ isOk: true, email: owner });
    expect((await account()).email).toBe(owner);
  });

  it("an undo removes the ways in added just before the change was asked for, and by the sessions of the change", async () => {
    const owner = bed.email;
    const taker = await signedIn();
    await forgetPassword();
    // A second before asking: a password and a passkey.
    expect((await setFirstPassword(taker, "Taker's way back 42")).status).toBe(200);
    const authenticator = new SoftAuthenticator(bed.issuer);
    const options = (await (await call(taker, "/api/passkey/register/options", { ProductId: 6 })).json()) as { options: never };
    expect((await call(taker, "/api/passkey/register", { credential: authenticator.create(options.options), ProductId: 6 })).status).toBe(
      200,
    );
    // Both made well before the request, as far as any clock says: only who made them tells.
    await bed.server.db.updateTable("accounts").set({ password_set_at: 1 }).where("id", "=", bed.accountId).execute();
    await bed.server.db.updateTable("passkeys").set({ created_at: 1 }).where("account_id", "=", bed.accountId).execute();
    const ownersUndo = await changeEmail(taker, owner, `taker${n}@example.org`);

    expect(await undo(ownersUndo)).toMatchObject({ isOk: true, email: owner });
    expect((await account()).password_hash).toBeNull();
    expect(await bed.server.db.selectFrom("passkeys").select("id").where("account_id", "=", bed.accountId).execute()).toEqual([]);
    // The password the taker set no longer signs in.
    const refused = await post("/api/dsone/password-login", { Email: owner, Password: "Taker's way back 42" });
    expect(refused.status).toBe(401);
  });

  it("the cancel removes what was added within the recent-sign-in window before the request", async () => {
    const owner = bed.email;
    const taker = await signedIn();
    await forgetPassword();
    expect((await setFirstPassword(taker, "Taker's way back 42")).status).toBe(200);
    // Set from another browser, a minute before the request: the window, not the session, catches it.
    await bed.server.db
      .updateTable("accounts")
      .set({ password_set_at: Date.now() - 60_000, password_set_by_session: "another browser" })
      .where("id", "=", bed.accountId)
      .execute();
    expect((await call(taker, "/api/me/email", { NewEmail: `taker${n}@example.org`, ProductId: 6 })).status).toBe(200);
    const cancel = linkTokenIn(await mailTo(owner, /Someone asked to change the email/), "/dsone/account/cancel-email-change");
    cases += 1;
    expect((await post("/api/email-change/cancel", { token: cancel })).status).toBe(200);
    expect((await account()).password_hash).toBeNull();
    expect((await call(taker, "/api/me")).status).toBe(401);
  });

  it("sign out everywhere ends a pending change: the taker's confirmation link no longer changes the address", async () => {
    const owner = bed.email;
    const taker = await signedIn();
    const takers = `taker${n}@example.org`;
    expect((await call(taker, "/api/me/email", { NewEmail: takers, ProductId: 6 })).status).toBe(200);
    const confirmation = linkTokenIn(await mailTo(takers, /Confirm your new/), "/dsone/account/confirm-email");

    const ownerBrowser = await signedIn();
    expect((await call(ownerBrowser, "/api/me/sign-out-everywhere-else", { RemovePasskeys: [] })).status).toBe(200);
    cases += 1;
    const late = await post("/api/email-change/confirm", { token: confirmation });
    expect(await late.json()).toMatchObject({ code: "EMAIL_CHANGE_CANCELLED" });
    expect((await account()).email).toBe(owner);
  });
});
