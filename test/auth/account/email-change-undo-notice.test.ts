import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { createAccount } from "../../../server/auth/kernel/accounts.ts";
import { drainMail } from "../../support/app.ts";
import { BrowserAgent } from "../../support/browser-agent.ts";
import { describeEachDatabase } from "../../support/databases.ts";
import { unlimitedRateLimits } from "../../support/limits.ts";
import { accountCall, type OidcTestBed, passwordSignIn, startOidcTestBed } from "../../support/oidc-flow.ts";

/**
 * The address an undo replaced hears of it at once (docs/decisions/0078): "Your email was changed
 * back", with "This wasn't me". Its link's check changes nothing; its button tells support (the
 * trail) once, moves no address and signs nobody in.
 */
describeEachDatabase("the undo's notice to the address it replaced, on %s", (kind) => {
  let bed: OidcTestBed;
  let n = 0;
  let email: string;
  let newEmail: string;
  let accountId: string;
  const password = "correct horse battery";

  beforeAll(async () => {
    bed = await startOidcTestBed(kind, { ...unlimitedRateLimits(), EMAIL_CHANGE_LINK_LIMIT_PER_IP: "40" });
  });
  afterAll(async () => {
    await bed?.server.stop();
  });
  beforeEach(async () => {
    n += 1;
    email = `owner${n}@example.com`;
    newEmail = `moved${n}@example.org`;
    accountId = (await createAccount(bed.server.db, { email, password, product: "dsone", name: "Ow Ner" })).id;
  });

  const post = (path: string, body: unknown) =>
    fetch(`${bed.issuer}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const json = async (response: Response) => (await response.json()) as Record<string, unknown>;
  const plain = (text: string) => text.replace(/[\u2060\u2068\u2069]/g, "");
  async function mailTo(to: string, subject: RegExp) {
    await drainMail(bed.server);
    return bed.server.delivered.findLast((sent) => sent.to === to && subject.test(sent.subject));
  }
  const tokenIn = (mail: { text: string } | undefined, path: string) => {
    const token = mail?.text.match(new RegExp(`${path}\\?token=([A-Za-z0-9_-]{43})`))?.[1];
    if (!token) throw new Error(`no ${path} link in the mail`);
    return token;
  };
  const emailOf = async () =>
    (await bed.server.db.selectFrom("accounts").select("email").where("id", "=", accountId).executeTakeFirstOrThrow()).email;
  const events = async (event: string) =>
    (
      await bed.server.db
        .selectFrom("audit_events")
        .select(["event", "reason"])
        .where("account_id", "=", accountId)
        .where("event", "=", event)
        .execute()
    ).map((row) => row.reason);
  const liveSessions = async () =>
    Number(
      (
        await bed.server.db
          .selectFrom("sessions")
          .select((eb) => eb.fn.countAll().as("count"))
          .where("account_id", "=", accountId)
          .executeTakeFirstOrThrow()
      ).count,
    );

  /** The owner changes the email to newEmail, confirmed; the old address's undo link is returned. */
  async function changedByTheOwner(): Promise<string> {
    const owner = new BrowserAgent();
    await passwordSignIn({ ...bed, email, password }, owner);
    expect((await accountCall(bed, owner, "/api/me/email", { NewEmail: newEmail, ProductId: 6 })).status).toBe(200);
    const confirm = tokenIn(await mailTo(newEmail, /Confirm your new DS One email/), "/dsone/account/confirm-email");
    expect((await accountCall(bed, owner, "/api/email-change/confirm", { token: confirm })).status).toBe(200);
    return tokenIn(await mailTo(email, /Your DS One email was changed/), "/dsone/account/undo-email-change");
  }

  it("mails the replaced address at the undo; This wasn't me tells support once, moves nothing, signs nobody in", async () => {
    const undo = await changedByTheOwner();
    expect(await mailTo(newEmail, /changed back/)).toBeUndefined();

    expect(await json(await post("/api/email-change/undo", { token: undo }))).toMatchObject({ isOk: true, email });
    const notice = await mailTo(newEmail, /Your DS One email was changed back/);
    expect(notice).toBeDefined();
    expect(plain(notice?.text ?? "")).toContain(`changed back to o…@example.com`);
    expect(notice?.text).toContain("every browser and app was signed out");
    expect(notice?.html).toContain("This wasn&#39;t me");
    // The restored address is never named in full to the replaced one.
    expect(notice?.text).not.toContain(email);
    const token = tokenIn(notice, "/dsone/account/email-changed-back");

    // Opening the link changes nothing.
    const checked = await post("/api/email-change/undo-dispute/check", { token });
    expect(await json(checked)).toMatchObject({ isOk: true, restoredEmail: "o…@example.com" });
    expect(await events("email_change_undo_disputed")).toEqual([]);

    // The button: the trail records it; the address stays; nobody is signed in.
    const pressing = new BrowserAgent();
    const pressed = await accountCall(bed, pressing, "/api/email-change/undo-dispute", { token });
    expect(await json(pressed)).toEqual({ isOk: true });
    expect(pressed.headers.get("set-cookie")).toBeNull();
    expect((await accountCall(bed, pressing, "/api/me")).status).toBe(401);
    expect(await emailOf()).toBe(email);
    expect(await liveSessions()).toBe(0);
    expect(await events("email_change_undo_disputed")).toEqual(["the undo back to o…@example.com"]);

    // A second press: used, and still one entry.
    const again = await post("/api/email-change/undo-dispute", { token });
    expect(again.status).toBe(400);
    expect(await json(again)).toMatchObject({
      code: "EMAIL_UNDO_DISPUTE_LINK_USED",
      message: "You have already told us about this change. Our support team has it.",
    });
    expect(await json(await post("/api/email-change/undo-dispute/check", { token }))).toMatchObject({
      code: "EMAIL_UNDO_DISPUTE_LINK_USED",
    });
    expect(await events("email_change_undo_disputed")).toHaveLength(1);
    expect(await emailOf()).toBe(email);
  });

  it("writes in the account's language, and says when the link expired or is unknown", async () => {
    const undo = await changedByTheOwner();
    await bed.server.db.updateTable("accounts").set({ language: "de" }).where("id", "=", accountId).execute();
    expect((await post("/api/email-change/undo", { token: undo })).status).toBe(200);
    const notice = await mailTo(newEmail, /zurückgesetzt/);
    expect(notice?.subject).toBe("Ihre E-Mail-Adresse für DS One wurde zurückgesetzt");
    const token = tokenIn(notice, "/dsone/account/email-changed-back");

    await bed.server.db
      .updateTable("one_time_tokens")
      .set({ expires_at: Date.now() - 1 })
      .where("purpose", "=", "email_undo_dispute")
      .where("account_id", "=", accountId)
      .execute();
    for (const path of ["/api/email-change/undo-dispute/check", "/api/email-change/undo-dispute"])
      expect(await json(await post(path, { token }))).toMatchObject({ code: "EMAIL_UNDO_DISPUTE_LINK_EXPIRED" });
    expect(await json(await post("/api/email-change/undo-dispute", { token: "x".repeat(43) }))).toMatchObject({
      code: "EMAIL_CHANGE_LINK_UNKNOWN",
    });
    expect(await events("email_change_undo_disputed")).toEqual([]);
  });

  it("counts the link's check and press per client address, as the other email-change links", async () => {
    const undo = await changedByTheOwner();
    expect((await post("/api/email-change/undo", { token: undo })).status).toBe(200);
    const token = tokenIn(await mailTo(newEmail, /changed back/), "/dsone/account/email-changed-back");
    let refused: Response | undefined;
    for (let attempt = 0; attempt < 45 && !refused; attempt += 1) {
      const answer = await post("/api/email-change/undo-dispute/check", { token });
      if (answer.status === 429) refused = answer;
    }
    expect(refused?.status).toBe(429);
    expect((await post("/api/email-change/undo-dispute", { token })).status).toBe(429);
    expect(await events("email_change_undo_disputed")).toEqual([]);
  });
});
