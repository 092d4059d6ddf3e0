import * as client from "openid-client";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { MyAccount } from "../../../common/api/contract.ts";
import { createAccount } from "../../../server/auth/kernel/accounts.ts";
import { linkIdentity } from "../../../server/auth/social/external-logins.ts";
import { drainMail, lastMailTo, linkTokenIn } from "../../support/app.ts";
import { BrowserAgent } from "../../support/browser-agent.ts";
import { describeEachDatabase } from "../../support/databases.ts";
import { unlimitedRateLimits } from "../../support/limits.ts";
import { accountCall, desktopAgentSignIn, type OidcTestBed, passwordSignIn, startOidcTestBed } from "../../support/oidc-flow.ts";

/**
 * Changing the email (docs/decisions/0070), through the API as the pages call it: nothing changes
 * until the new address confirms; the old address is told at once and can cancel, then undo for
 * 7 days; a taken address is answered like a free one; two confirmations: one wins.
 */
describeEachDatabase("changing the email, on %s", (kind) => {
  let bed: OidcTestBed;
  let n = 0;
  let email: string;
  let accountId: string;
  const password = "correct horse battery";

  beforeAll(async () => {
    bed = await startOidcTestBed(kind, unlimitedRateLimits());
  });
  afterAll(async () => {
    await bed?.server.stop();
  });
  beforeEach(async () => {
    n += 1;
    email = `mover${n}@example.com`;
    accountId = (await createAccount(bed.server.db, { email, password, product: "dsone", name: "Mo Ver" })).id;
  });

  const call = (browser: BrowserAgent, path: string, body?: unknown) => accountCall(bed, browser, path, body);
  const json = async (response: Response) => (await response.json()) as Record<string, unknown>;
  async function signedIn(address = email): Promise<BrowserAgent> {
    const browser = new BrowserAgent();
    await passwordSignIn({ ...bed, email: address, password }, browser);
    return browser;
  }
  const mailTo = (to: string, subject: RegExp) => lastMailTo(bed.server, to, subject);
  const emailOf = async () =>
    (await bed.server.db.selectFrom("accounts").select("email").where("id", "=", accountId).executeTakeFirstOrThrow()).email;
  const events = async () =>
    (await bed.server.db.selectFrom("audit_events").select("event").where("account_id", "=", accountId).orderBy("id").execute()).map(
      (row) => row.event,
    );

  it("changes nothing until the new address confirms; then the old address can undo it for 7 days", async () => {
    const asking = await signedIn();
    const other = await signedIn();
    const newEmail = `new${n}@example.org`;
    const asked = await call(asking, "/api/me/email", { NewEmail: ` ${newEmail} `, ProductId: 6 });
    expect(asked.status).toBe(200);
    expect(await emailOf()).toBe(email);

    const notice = await mailTo(email, /Someone asked to change the email of your DS One account/);
    // Addresses inside a sentence are isolated and kept on one line (templates.ts): read without the marks.
    expect(plain(notice.text)).toContain("to n…@example.org");
    const confirmation = await mailTo(newEmail, /Confirm your new DS One email/);
    expect(confirmation.text).toMatch(/\d{3} \d{3}/);
    const token = linkTokenIn(confirmation, "/dsone/account/confirm-email");

    // Opening the link changes nothing; the button does, and the phone that presses it is signed in nowhere.
    const checked = await json(await fetch(`${bed.issuer}/api/email-change/check`, post({ token })));
    expect(checked).toMatchObject({ oldEmail: email, newEmail });
    expect(await emailOf()).toBe(email);
    const phone = new BrowserAgent();
    const confirmed = await call(phone, "/api/email-change/confirm", { token });
    expect(await json(confirmed)).toMatchObject({ isOk: true, email: newEmail });
    expect(await emailOf()).toBe(newEmail);
    expect((await call(phone, "/api/me")).status).toBe(401);

    // The browser that asked stays; the other one is signed out.
    expect(((await json(await call(asking, "/api/me"))) as unknown as MyAccount).email).toBe(newEmail);
    expect((await call(other, "/api/me")).status).toBe(401);
    // The same link again: already confirmed.
    expect(await json(await call(phone, "/api/email-change/confirm", { token }))).toMatchObject({
      message: "This email change has already been confirmed.",
    });

    // The new address signs in; the old one has no account any more.
    await signedIn(newEmail);
    const old = await fetch(`${bed.issuer}/api/dsone/password-login`, post({ Email: email, Password: password }));
    expect(old.status).toBe(401);

    // The old address is told, with an undo link.
    const changed = await mailTo(email, /Your DS One email was changed/);
    expect(plain(changed.text)).toContain("n…@example.org");
    const undo = linkTokenIn(changed, "/dsone/account/undo-email-change");
    expect(await json(await fetch(`${bed.issuer}/api/email-change/undo/check`, post({ token: undo })))).toMatchObject({
      oldEmail: email,
      newEmail: "n…@example.org",
    });
    expect(await emailOf()).toBe(newEmail);
    const undone = await fetch(`${bed.issuer}/api/email-change/undo`, post({ token: undo }));
    expect(await json(undone)).toMatchObject({ isOk: true, email });
    expect(await emailOf()).toBe(email);
    // Every browser is signed out, the asking one too; the undo signs nobody in.
    expect((await call(asking, "/api/me")).status).toBe(401);
    expect(undone.headers.get("set-cookie")).toBeNull();
    expect(await json(await fetch(`${bed.issuer}/api/email-change/undo`, post({ token: undo })))).toMatchObject({
      message: "This change has already been undone.",
    });
    expect(await events()).toEqual(expect.arrayContaining(["email_change_requested", "email_changed", "email_change_undone"]));
  });

  it("the old address's This wasn't me cancels the request and signs the asking browser out", async () => {
    const thief = await signedIn();
    const newEmail = `thief${n}@example.org`;
    expect((await call(thief, "/api/me/email", { NewEmail: newEmail, ProductId: 6 })).status).toBe(200);
    const cancel = linkTokenIn(await mailTo(email, /Someone asked to change/), "/dsone/account/cancel-email-change");
    const confirm = linkTokenIn(await mailTo(newEmail, /Confirm your new/), "/dsone/account/confirm-email");
    expect(await json(await fetch(`${bed.issuer}/api/email-change/cancel/check`, post({ token: cancel })))).toMatchObject({
      newEmail: "t…@example.org",
    });
    expect((await fetch(`${bed.issuer}/api/email-change/cancel`, post({ token: cancel }))).status).toBe(200);
    expect((await call(thief, "/api/me")).status).toBe(401);
    const late = await fetch(`${bed.issuer}/api/email-change/confirm`, post({ token: confirm }));
    expect(late.status).toBe(400);
    expect(await json(late)).toMatchObject({ message: "This email change was cancelled. Nothing was changed." });
    expect(await emailOf()).toBe(email);
    expect(await events()).toContain("email_change_cancelled");
  });

  it("answers a taken address exactly as a free one, and mails that address instead of a link", async () => {
    const taken = `taken${n}@example.com`;
    await createAccount(bed.server.db, { email: taken, password, product: "dsone", name: "Ta Ken" });
    const browser = await signedIn();
    const free = await call(browser, "/api/me/email", { NewEmail: `free${n}@example.org`, ProductId: 6 });
    const answered = await call(browser, "/api/me/email", { NewEmail: taken, ProductId: 6 });
    expect(answered.status).toBe(free.status);
    expect(await answered.text()).toBe(await free.text());
    const inUse = await mailTo(taken, /Someone tried to use this email for a DS One account/);
    expect(inUse.text).not.toMatch(/token=/);
    // The old address is told as for any request, and the free address's request was replaced.
    await mailTo(email, /Someone asked to change/);
    const replaced = linkTokenIn(await mailTo(`free${n}@example.org`, /Confirm your new/), "/dsone/account/confirm-email");
    expect(await json(await fetch(`${bed.issuer}/api/email-change/confirm`, post({ token: replaced })))).toMatchObject({
      message: "A newer request replaced this one. Use the link in the latest email.",
    });
    expect(await emailOf()).toBe(email);
  });

  it("refuses bad input with a sentence and changes nothing", async () => {
    const browser = await signedIn();
    const invalid = await call(browser, "/api/me/email", { NewEmail: "not-an-address", ProductId: 6 });
    expect(invalid.status).toBe(400);
    expect(await json(invalid)).toMatchObject({ message: "NewEmail: must be a valid email address" });
    const same = await call(browser, "/api/me/email", { NewEmail: email.toUpperCase(), ProductId: 6 });
    expect(await json(same)).toMatchObject({ code: "SAME_EMAIL", message: "This is already your email address." });
    const stranger = await call(new BrowserAgent(), "/api/me/email", { NewEmail: `x${n}@example.org`, ProductId: 6 });
    expect(stranger.status).toBe(401);
    const bogus = await fetch(`${bed.issuer}/api/email-change/confirm`, post({ token: "A".repeat(43) }));
    expect(await json(bogus)).toMatchObject({ code: "EMAIL_CHANGE_LINK_UNKNOWN" });
    expect(await emailOf()).toBe(email);
    expect(await events()).not.toContain("email_change_requested");
  });

  it("asks a sign-in older than 10 minutes to confirm it's the owner first", async () => {
    const browser = await signedIn();
    await bed.server.db
      .updateTable("sessions")
      .set({ created_at: Date.now() - 11 * 60_000 })
      .where("account_id", "=", accountId)
      .execute();
    const refused = await call(browser, "/api/me/email", { NewEmail: `late${n}@example.org`, ProductId: 6 });
    expect(refused.status).toBe(403);
    expect(await json(refused)).toMatchObject({ code: "RECENT_SIGN_IN_REQUIRED" });
    expect((await call(browser, "/api/me/confirm", { Password: password })).status).toBe(200);
    expect((await call(browser, "/api/me/email", { NewEmail: `late${n}@example.org`, ProductId: 6 })).status).toBe(200);
  });

  it("takes the code in the browser that asked: a wrong one counts, the right one changes the address", async () => {
    const browser = await signedIn();
    const newEmail = `code${n}@example.org`;
    await call(browser, "/api/me/email", { NewEmail: newEmail, ProductId: 6 });
    const code = (await mailTo(newEmail, /Confirm your new/)).text
      .match(/(\d{3}) (\d{3})/)
      ?.slice(1)
      .join("") as string;
    const wrong = code === "000000" ? "111111" : "000000";
    const refused = await call(browser, "/api/me/email/code", { Code: wrong });
    expect(refused.status).toBe(400);
    expect(await json(refused)).toMatchObject({ code: "CODE_WRONG" });
    // Another browser of the account cannot use it.
    const elsewhere = await call(await signedIn(), "/api/me/email/code", { Code: code });
    expect(elsewhere.status).toBe(410);
    const accepted = await call(browser, "/api/me/email/code", { Code: code });
    expect(await json(accepted)).toMatchObject({ isOk: true, email: newEmail });
    expect(await emailOf()).toBe(newEmail);
    expect((await call(browser, "/api/me")).status).toBe(200);
  });

  it("lets exactly one of two racing confirmations win", async () => {
    const browser = await signedIn();
    const newEmail = `race${n}@example.org`;
    await call(browser, "/api/me/email", { NewEmail: newEmail, ProductId: 6 });
    const token = linkTokenIn(await mailTo(newEmail, /Confirm your new/), "/dsone/account/confirm-email");
    const answers = await Promise.all([1, 2, 3].map(() => fetch(`${bed.issuer}/api/email-change/confirm`, post({ token }))));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400]);
    await drainMail(bed.server);
    expect(bed.server.delivered.filter((sent) => sent.to === email && /email was changed/.test(sent.subject))).toHaveLength(1);
  });

  it("the undo takes back what was added since: passkeys, a Google login, a password", async () => {
    const browser = await signedIn();
    const newEmail = `taker${n}@example.org`;
    await call(browser, "/api/me/email", { NewEmail: newEmail, ProductId: 6 });
    const token = linkTokenIn(await mailTo(newEmail, /Confirm your new/), "/dsone/account/confirm-email");
    await call(browser, "/api/email-change/confirm", { token });
    // What a taker adds once the address is theirs.
    const now = Date.now();
    await bed.server.db
      .insertInto("passkeys")
      .values({
        id: `pk-${n}`,
        account_id: accountId,
        public_key: "AA",
        sign_count: 0,
        transports: null,
        device_type: null,
        backed_up: 0,
        aaguid: null,
        name: "Taker's key",
        browser_mark: null,
        created_at: now,
        last_used_at: null,
        added_by_session: null,
        removal_token_hash: null,
        added_from: null,
      } as never)
      .execute();
    await linkIdentity(bed.server.db, { provider: "google", subject: `taker-${n}`, email: newEmail }, accountId, { operator: "test" });
    const changed = await call(browser, "/api/me/password", {
      CurrentPassword: password,
      Password: "Taker owns this 42!",
      ConfirmPassword: "Taker owns this 42!",
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    const undo = linkTokenIn(await mailTo(email, /Your DS One email was changed/), "/dsone/account/undo-email-change");
    const undone = await fetch(`${bed.issuer}/api/email-change/undo`, post({ token: undo }));
    expect(undone.status, await undone.clone().text()).toBe(200);
    const account = await bed.server.db
      .selectFrom("accounts")
      .select(["email", "password_hash"])
      .where("id", "=", accountId)
      .executeTakeFirstOrThrow();
    expect(account).toEqual({ email, password_hash: null });
    expect(await bed.server.db.selectFrom("passkeys").select("id").where("account_id", "=", accountId).execute()).toEqual([]);
    expect(await bed.server.db.selectFrom("external_logins").select("subject").where("account_id", "=", accountId).execute()).toEqual([]);
  });

  it("apps see the new email from their next token; a desktop agent's sign-in ends with the change", async () => {
    const browser = new BrowserAgent();
    const agent = await desktopAgentSignIn({ ...bed, email, password, accountId }, browser);
    expect(agent.tokens.claims()?.email).toBe(email);
    const newEmail = `apps${n}@example.org`;
    expect((await call(browser, "/api/me/email", { NewEmail: newEmail, ProductId: 6 })).status).toBe(200);
    const token = linkTokenIn(await mailTo(newEmail, /Confirm your new/), "/dsone/account/confirm-email");
    expect((await call(browser, "/api/email-change/confirm", { token })).status).toBe(200);
    await expect(
      client.refreshTokenGrant(agent.config, agent.tokens.refresh_token as string, undefined, { DPoP: agent.dpop }),
    ).rejects.toMatchObject({
      error: "invalid_grant",
    });
    // Signed in again through the browser that stayed: the ID token and userinfo say the new address.
    const again = await desktopAgentSignIn({ ...bed, email: newEmail, password, accountId }, browser);
    expect(again.tokens.claims()?.email).toBe(newEmail);
    expect(await client.fetchUserInfo(again.config, again.tokens.access_token, accountId, { DPoP: again.dpop })).toMatchObject({
      email: newEmail,
    });
  });

  it("support starts a change for a customer who lost their mailbox: the new address confirms, the old is told, the trail names the agent", async () => {
    const agent = await createAccount(bed.server.db, { email: `agent${n}@example.com`, password, role: "support" });
    const console_ = await signedIn(`agent${n}@example.com`);
    const newEmail = `found${n}@example.org`;
    const asked = await call(console_, "/api/support/change-email", {
      accountId,
      reason: "ticket 77: lost the old mailbox",
      NewEmail: newEmail,
    });
    expect(asked.status).toBe(200);
    expect(await emailOf()).toBe(email);
    const confirmation = await mailTo(newEmail, /Confirm your new DS One email/);
    // No browser of the customer's asked: a link, no code.
    expect(confirmation.text).not.toMatch(/\d{3} \d{3}/);
    await mailTo(email, /Someone asked to change/);
    const entry = await bed.server.db
      .selectFrom("audit_events")
      .select(["actor", "reason"])
      .where("account_id", "=", accountId)
      .where("event", "=", "email_change_requested")
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ actor: `support:${agent.id}`, reason: "ticket 77: lost the old mailbox (to f…@example.org)" });
    const token = linkTokenIn(confirmation, "/dsone/account/confirm-email");
    expect((await fetch(`${bed.issuer}/api/email-change/confirm`, post({ token }))).status).toBe(200);
    expect(await emailOf()).toBe(newEmail);
    // Without a reason, nothing is asked for.
    expect((await call(console_, "/api/support/change-email", { accountId, reason: "", NewEmail: `x${n}@example.org` })).status).toBe(400);
  });

  it("the operator's change: mailed for confirmation, or made at once without it, as the trail says", async () => {
    const { changeEmailByOperator } = await import("../../../server/auth/account/email-change/by-operator.ts");
    await changeEmailByOperator(bed.server.db, bed.server.config, email, `op${n}@example.org`, { operator: "cli:ops", reason: "ticket 9" });
    expect(await emailOf()).toBe(email);
    await mailTo(`op${n}@example.org`, /Confirm your new/);
    await changeEmailByOperator(
      bed.server.db,
      bed.server.config,
      email,
      `now${n}@example.org`,
      { operator: "cli:ops", reason: "ticket 9" },
      {
        withoutConfirmation: true,
      },
    );
    expect(await emailOf()).toBe(`now${n}@example.org`);
    await mailTo(email, /Your DS One email was changed/);
    const changed = await bed.server.db
      .selectFrom("audit_events")
      .select(["actor", "reason"])
      .where("account_id", "=", accountId)
      .where("event", "=", "email_changed")
      .executeTakeFirstOrThrow();
    expect(changed).toEqual({ actor: "cli:ops", reason: "ticket 9; without confirmation (from m…@example.com)" });
  });

  it("a password reset ends a pending change: a taker's link no longer confirms", async () => {
    const thief = await signedIn();
    const newEmail = `pending${n}@example.org`;
    await call(thief, "/api/me/email", { NewEmail: newEmail, ProductId: 6 });
    const token = linkTokenIn(await mailTo(newEmail, /Confirm your new/), "/dsone/account/confirm-email");
    await fetch(`${bed.issuer}/api/password/forgot`, post({ email }));
    const code = (await mailTo(email, /reset/i)).text.match(/code=([A-Za-z0-9_-]{43})/)?.[1];
    const reset = await fetch(
      `${bed.issuer}/api/password/reset`,
      post({ Code: code, Email: email, Password: "Owner again 1234", ConfirmPassword: "Owner again 1234" }),
    );
    expect(reset.status).toBe(200);
    const late = await fetch(`${bed.issuer}/api/email-change/confirm`, post({ token }));
    expect(await json(late)).toMatchObject({ code: "EMAIL_CHANGE_CANCELLED" });
    expect(await emailOf()).toBe(email);
  });

  /** A mail's text without the marks that keep an address whole inside a sentence. */
  function plain(text: string): string {
    return text.replace(/[\u2060\u2068\u2069]/g, "");
  }

  function post(body: unknown): RequestInit {
    return { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  }
});

describeEachDatabase("the email change's limits and a deleted account, on %s", (kind) => {
  let bed: OidcTestBed;
  beforeAll(async () => {
    bed = await startOidcTestBed(kind, {
      ...unlimitedRateLimits(),
      EMAIL_CHANGE_LIMIT_PER_ACCOUNT: "2",
      EMAIL_CHANGE_LIMIT_PER_EMAIL: "1",
    });
  });
  afterAll(async () => {
    await bed?.server.stop();
  });
  const ask = (browser: BrowserAgent, newEmail: string) => accountCall(bed, browser, "/api/me/email", { NewEmail: newEmail, ProductId: 6 });
  const signIn = async (email: string) => {
    const browser = new BrowserAgent();
    await passwordSignIn({ ...bed, email, password: "correct horse battery" }, browser);
    return browser;
  };

  it("limits requests per account and per new address, and says so", async () => {
    await createAccount(bed.server.db, { email: "limits@example.com", password: "correct horse battery", product: "dsone" });
    await createAccount(bed.server.db, { email: "other.limits@example.com", password: "correct horse battery", product: "dsone" });
    const browser = await signIn("limits@example.com");
    expect((await ask(browser, "one@example.org")).status).toBe(200);
    // The same new address from another account: its one request is used.
    const stranger = await signIn("other.limits@example.com");
    const sameAddress = await ask(stranger, "one@example.org");
    expect(sameAddress.status).toBe(429);
    expect((await ask(browser, "two@example.org")).status).toBe(200);
    const third = await ask(browser, "three@example.org");
    expect(third.status).toBe(429);
    expect(((await third.json()) as { message: string }).message).toMatch(/email changes/i);
    await drainMail(bed.server);
    expect(bed.server.delivered.filter((mail) => mail.to === "three@example.org")).toEqual([]);
  });

  it("a confirmation after the account was deleted says the link no longer works", async () => {
    await createAccount(bed.server.db, { email: "leaving@example.com", password: "correct horse battery", product: "dsone" });
    const browser = await signIn("leaving@example.com");
    expect((await ask(browser, "leaving.new@example.org")).status).toBe(200);
    await drainMail(bed.server);
    const mail = bed.server.delivered.findLast((sent) => sent.to === "leaving.new@example.org");
    const token = mail?.text.match(/confirm-email\?token=([A-Za-z0-9_-]{43})/)?.[1];
    const { removeAccount } = await import("../../../server/auth/account/account-deletion.ts");
    await removeAccount(bed.server.db, bed.server.config, "leaving@example.com", { operator: "test" });
    const late = await fetch(`${bed.issuer}/api/email-change/confirm`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token }),
    });
    expect(await late.json()).toMatchObject({
      code: "EMAIL_CHANGE_LINK_UNKNOWN",
      message: "This link is not valid, or its account no longer exists. Open it again from the email.",
    });
    expect(await bed.server.db.selectFrom("email_changes").selectAll().execute()).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ old_email: "leaving@example.com" })]),
    );
  });
});
