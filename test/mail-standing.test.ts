import { afterAll, beforeAll, expect, it } from "vitest";
import type { MyAccount, SupportCustomer } from "../common/api/contract.ts";
import { createAccount } from "../server/auth/kernel/accounts.ts";
import { addressStanding, recordReport } from "../server/mail/delivery-state.ts";
import { developmentMailbox } from "../server/mail/worker.ts";
import { drainMail, silentLogger } from "./support/app.ts";
import { BrowserAgent } from "./support/browser-agent.ts";
import { describeEachDatabase } from "./support/databases.ts";
import { unlimitedRateLimits } from "./support/limits.ts";
import { type OidcTestBed, startOidcTestBed } from "./support/oidc-flow.ts";

const AGENT = { email: "mail.agent@example.com", password: "support agent password" };
const PASSWORD = "customer password 1";

/**
 * An address whose mail bounced (docs/decisions/0087): what support sees of it, support's Clear,
 * and the customer's own "Try my email again". The addresses bounce for real: their mail goes to
 * the development mailbox, which refuses a `.invalid` domain at RCPT TO with 550 5.1.1 as a relay
 * refuses an unknown mailbox, and the worker marks the address; once a test says the mailbox
 * works again, its mail is delivered (captured) instead.
 */
describeEachDatabase("an address whose mail bounced, on %s", (kind) => {
  let bed: OidcTestBed;
  /** Addresses whose mailbox works again: their mail no longer goes through the refusing mailbox. */
  const repaired = new Set<string>();

  beforeAll(async () => {
    bed = await startOidcTestBed(kind, { ...unlimitedRateLimits(), NEW_SIGN_IN_MAIL: "false" });
    await createAccount(bed.server.db, { ...AGENT, role: "support" });
    const mailbox = developmentMailbox(bed.server.db, bed.server.config);
    bed.server.beforeDelivery = async (mail) => {
      if (/\.invalid>?$/i.test(mail.to) && !repaired.has(mail.to)) await mailbox(mail, silentLogger());
    };
  });
  afterAll(async () => {
    await bed?.server.stop();
  });

  /** A same-origin JSON POST, as the app sends one: an empty body is `{}`. */
  const post = (browser: BrowserAgent, path: string, body: unknown = {}) =>
    browser.request(`${bed.issuer}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: bed.issuer },
      body: JSON.stringify(body),
    });
  const signIn = async (email: string, password: string) => {
    const browser = new BrowserAgent();
    expect((await post(browser, "/api/dsone/password-login", { Email: email, Password: password })).status).toBe(200);
    return browser;
  };
  /** A customer at a `.invalid` address, with a password (the way in left when mail does not arrive). */
  const customerAt = async (name: string) => {
    const email = `${name}-${kind}@mailbox.invalid`;
    const { id } = await createAccount(bed.server.db, { email, password: PASSWORD, product: "dsone" });
    return { email, id };
  };
  /** A password reset mail to the address, which its mailbox refuses: the address is then bounced. */
  const bounce = async (email: string) => {
    expect((await post(new BrowserAgent(), "/api/password/forgot", { email, ProductId: 6 })).status).toBe(200);
    await drainMail(bed.server);
    expect((await addressStanding(bed.server.db, email)).bounced).toMatchObject({ reason: "no_mailbox", code: "550 5.1.1" });
  };
  const view = async (agent: BrowserAgent, accountId: string) =>
    (await (await post(agent, "/api/support/customer", { accountId })).json()) as SupportCustomer;
  const me = async (browser: BrowserAgent) => (await (await browser.request(`${bed.issuer}/api/me`)).json()) as MyAccount;

  it("shows support a bounced address's standing and its last mails, with the code and the relay's words", async () => {
    const customer = await customerAt("gone");
    await bounce(customer.email);
    const agent = await signIn(AGENT.email, AGENT.password);

    const { mailStanding, lastMails } = await view(agent, customer.id);
    expect(mailStanding).toEqual({
      bounced: {
        at: expect.any(Number),
        reason: "no_mailbox",
        code: "550 5.1.1",
        words: expect.stringContaining("Recipient address rejected: User unknown"),
        reference: expect.stringMatching(/^[0-9A-F]{10}$/),
      },
      complainedAt: null,
    });
    expect(lastMails).toEqual([
      {
        reference: mailStanding.bounced?.reference,
        kind: "password_reset",
        queuedAt: expect.any(Number),
        state: "refused",
        code: "550 5.1.1",
        words: mailStanding.bounced?.words,
      },
    ]);
    // The relay's words never carry the address, and the record never a link.
    expect(JSON.stringify({ mailStanding, lastMails })).not.toContain(customer.email);
    expect(JSON.stringify(lastMails)).not.toMatch(/token=|code=/);

    // No mail goes to it until cleared: a fresh link from support is kept as not sent.
    expect((await post(agent, "/api/support/send-link", { accountId: customer.id, reason: "ticket 7", ProductId: 6 })).status).toBe(200);
    await drainMail(bed.server);
    expect((await view(agent, customer.id)).lastMails.map((mail) => [mail.kind, mail.state])).toEqual([
      ["access_link", "suppressed"],
      ["password_reset", "refused"],
    ]);
  });

  it("clears for support with a reason only, writes the trail, and mail is delivered to the address again", async () => {
    const customer = await customerAt("cleared");
    await bounce(customer.email);
    const agent = await signIn(AGENT.email, AGENT.password);
    const clear = (body: Record<string, unknown>) => post(agent, "/api/support/clear-mail", { accountId: customer.id, ...body });

    // A reason is required, as for every support action; a customer may not clear at all.
    expect((await clear({})).status).toBe(400);
    expect((await clear({ reason: " " })).status).toBe(400);
    const self = await signIn(customer.email, PASSWORD);
    expect((await post(self, "/api/support/clear-mail", { accountId: customer.id, reason: "my own mail" })).status).toBe(403);
    expect((await addressStanding(bed.server.db, customer.email)).bounced).not.toBeNull();

    const cleared = await clear({ reason: "ticket 4711: mailbox fixed" });
    expect(await cleared.json()).toEqual({ isOk: true, cleared: { bounced: true, complained: false } });
    const page = await view(agent, customer.id);
    expect(page.mailStanding).toEqual({ bounced: null, complainedAt: null });
    const entries = page.trail.filter((entry) => entry.event === "mail_cleared");
    expect(entries).toEqual([
      expect.objectContaining({ by: AGENT.email, reason: "ticket 4711: mailbox fixed (cleared: bounce 550 5.1.1)" }),
    ]);
    // Cleared again, there is nothing to clear and nothing is recorded.
    expect(await (await clear({ reason: "ticket 4711 again" })).json()).toEqual({
      isOk: true,
      cleared: { bounced: false, complained: false },
    });
    expect((await view(agent, customer.id)).trail.filter((entry) => entry.event === "mail_cleared")).toHaveLength(1);

    // The mailbox works again: a fresh link from support is delivered.
    repaired.add(customer.email);
    const sent = await post(agent, "/api/support/send-link", { accountId: customer.id, reason: "ticket 4711", ProductId: 6 });
    expect(sent.status).toBe(200);
    await drainMail(bed.server);
    expect(bed.server.delivered.filter((mail) => mail.to === customer.email).map((mail) => mail.subject)).toEqual([
      "Your DS One sign-in link",
    ]);
    expect((await view(agent, customer.id)).lastMails[0]).toMatchObject({ kind: "access_link", state: "sent" });
  });

  it("clears a complaint for support too, recording what it cleared", async () => {
    const customer = await customerAt("complained");
    repaired.add(customer.email);
    expect((await post(new BrowserAgent(), "/api/password/forgot", { email: customer.email, ProductId: 6 })).status).toBe(200);
    await drainMail(bed.server);
    const mail = await bed.server.db.selectFrom("outbox").select("id").where("to_key", "=", customer.email).executeTakeFirstOrThrow();
    expect(await recordReport(bed.server.db, mail.id, { delivery: "complained", code: null, words: null })).toBe(true);
    const agent = await signIn(AGENT.email, AGENT.password);
    expect((await view(agent, customer.id)).mailStanding).toEqual({ bounced: null, complainedAt: expect.any(Number) });

    const cleared = await post(agent, "/api/support/clear-mail", { accountId: customer.id, reason: "ticket 5: clicked spam by mistake" });
    expect(await cleared.json()).toEqual({ isOk: true, cleared: { bounced: false, complained: true } });
    const page = await view(agent, customer.id);
    expect(page.mailStanding).toEqual({ bounced: null, complainedAt: null });
    expect(page.trail).toContainEqual(
      expect.objectContaining({ event: "mail_cleared", reason: "ticket 5: clicked spam by mistake (cleared: complaint)" }),
    );
  });

  it("lets the customer try their own email again, signed in only, and clears no one else's", async () => {
    const customer = await customerAt("mine");
    const other = await customerAt("theirs");
    await bounce(customer.email);
    await bounce(other.email);
    // The customer also marked a mail as spam once: that stays theirs, and support's to clear.
    const mail = await bed.server.db.selectFrom("outbox").select("id").where("to_key", "=", customer.email).executeTakeFirstOrThrow();
    await recordReport(bed.server.db, mail.id, { delivery: "complained", code: null, words: null });

    expect((await post(new BrowserAgent(), "/api/me/try-email-again")).status).toBe(401);
    expect((await addressStanding(bed.server.db, customer.email)).bounced).not.toBeNull();

    const browser = await signIn(customer.email, PASSWORD);
    const before = await me(browser);
    const { bounced } = await addressStanding(bed.server.db, customer.email);
    expect(before.undelivered).toEqual({
      reason: "no_mailbox",
      reference: expect.stringMatching(/^[0-9A-F]{10}$/),
      since: bounced?.at,
    });
    // The page is never told the relay's own words nor its code (searched as they are stored: a
    // bare "550" also turns up in random hex, such as a browser's reference).
    const page = JSON.stringify(before);
    expect(bounced?.code).toBe("550 5.1.1");
    expect(page).not.toContain(bounced?.code);
    expect(page).not.toMatch(/\b550\b|5\.1\.1/);
    expect(page).not.toContain("Recipient address rejected");

    expect(await (await post(browser, "/api/me/try-email-again")).json()).toEqual({ isOk: true, cleared: true });
    const after = await me(browser);
    expect(after.undelivered).toBeNull();
    expect(after.activity).toContainEqual(expect.objectContaining({ event: "mail_cleared", byOperator: false }));
    expect(await addressStanding(bed.server.db, customer.email)).toEqual({ bounced: null, complainedAt: expect.any(Number) });
    expect((await addressStanding(bed.server.db, other.email)).bounced).toMatchObject({ code: "550 5.1.1" });
    const trail = await bed.server.db
      .selectFrom("audit_events")
      .select(["account_id", "actor", "reason"])
      .where("event", "=", "mail_cleared")
      .where("account_id", "in", [customer.id, other.id])
      .execute();
    expect(trail).toEqual([{ account_id: customer.id, actor: null, reason: "cleared: bounce 550 5.1.1" }]);

    // Nothing left to clear: nothing more is recorded.
    expect(await (await post(browser, "/api/me/try-email-again")).json()).toEqual({ isOk: true, cleared: false });
  });
});
