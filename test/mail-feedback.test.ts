import nodemailer from "nodemailer";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createAccount } from "../server/auth/kernel/accounts.ts";
import { mailKeysFor } from "../server/mail/body-encryption.ts";
import { clearAddress, recordRelayRefusal } from "../server/mail/delivery-state.ts";
import type { MailKind } from "../server/mail/mail-kinds.ts";
import { parseBounceAddress, taggedBounceAddress } from "../server/mail/verp.ts";
import { startTestServer, type TestServer } from "./support/app.ts";
import { describeEachDatabase } from "./support/databases.ts";
import { deliveryReport, feedbackReport } from "./support/mail-reports.ts";
import { type PostfixRelay, startPostfixRelay } from "./support/postfix-relay.ts";
import { SmtpSink } from "./support/smtp-sink.ts";
import { freePort } from "./support/spawn-server.ts";

/**
 * The default way in learns what the relay and the mailbox said (docs/decisions/0087), through a
 * relay nobody here wrote: the server sends through a private Postfix, which relays to a mail
 * server that refuses some mailboxes (as a real one does, at RCPT TO) and returns its real RFC
 * 3464 reports to the server's own feedback listener, by the tagged envelope sender.
 */

/** The far mail server: refuses `gone-*` mailboxes at RCPT TO, takes the rest. */
async function farMailServer(): Promise<{ port: number; received: string[]; close(): Promise<void> }> {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith("gone-"))
        return callback(
          Object.assign(new Error("5.1.1 <x>: Recipient address rejected: User unknown in local recipient table"), { responseCode: 550 }),
        );
      callback();
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on("end", () => {
        received.push(...session.envelope.rcptTo.map((rcpt) => rcpt.address));
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { port, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const BOUNCE_DOMAIN = "bounces.test";

/** A customer's browser asking `server` for a link: its answer, and the cookie its waits carry. */
async function askFor(server: TestServer, email: string) {
  const response = await server.app.inject({
    method: "POST",
    url: "/api/access-link",
    remoteAddress: "203.0.113.9",
    payload: { Email: email, ProductId: 6 },
  });
  const cookie = [response.headers["set-cookie"] ?? []]
    .flat()
    .map((line) => String(line).split(";")[0])
    .join("; ");
  return { response, cookie };
}

/** That browser's "Check Your Email" wait: at once, or held (`hold`). */
async function waitAt(server: TestServer, cookie: string, hold = false): Promise<Record<string, unknown>> {
  const answer = await server.app.inject({
    method: "POST",
    url: "/api/access-link/wait",
    remoteAddress: "203.0.113.9",
    headers: { cookie },
    payload: { Wait: hold },
  });
  return answer.json();
}

/** A bodiless mail of `kind` queued to `email`, as the flows queue theirs (its fate is what the test reads). */
async function queueMail(server: TestServer, email: string, kind: MailKind): Promise<string> {
  const id = crypto.randomUUID();
  const now = Date.now();
  await server.db
    .insertInto("outbox")
    .values({
      id,
      to_address: email,
      to_key: email,
      kind,
      from_address: "no-reply@localhost",
      subject: kind,
      text_body: "",
      html_body: "",
      created_at: now,
      next_attempt_at: now,
    })
    .execute();
  return id;
}

describeEachDatabase("mail that arrives, or says why not, on %s", (kind) => {
  let server: TestServer;
  let far: Awaited<ReturnType<typeof farMailServer>>;
  let postfix: PostfixRelay;
  let feedbackPort: number;
  let n = 0;

  beforeAll(async () => {
    far = await farMailServer();
    feedbackPort = await freePort();
    postfix = await startPostfixRelay({ relayPort: far.port, bounceDomain: BOUNCE_DOMAIN, feedbackPort });
    server = await startTestServer(
      kind,
      {
        SMTP_URL: `smtp://127.0.0.1:${postfix.port}`,
        MAIL_BOUNCE_ADDRESS: `bounces@${BOUNCE_DOMAIN}`,
        MAIL_FEEDBACK_LISTEN: `127.0.0.1:${feedbackPort}`,
        ACCESS_LINK_LIMIT_PER_EMAIL: "1000",
        ACCESS_LINK_LIMIT_PER_IP: "1000",
      },
      { ownDelivery: true },
    );
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await postfix?.stop();
    await far?.close();
  });

  const ask = (email: string) => askFor(server, email);
  const wait = (cookie: string) => waitAt(server, cookie);

  async function newAccount(prefix: string) {
    n += 1;
    const email = `${prefix}-${kind}-${n}@example.test`;
    await createAccount(server.db, { email, product: "dsone" });
    return email;
  }

  /** Sends a message to the feedback listener, as a relay or a stranger would; answers the listener's reply or refusal. */
  async function report(recipient: string, raw: string): Promise<{ ok: boolean; response: string }> {
    const transport = nodemailer.createTransport({ host: "127.0.0.1", port: feedbackPort, secure: false, ignoreTLS: true });
    try {
      const sent = await transport.sendMail({ envelope: { from: "", to: recipient }, raw });
      return { ok: true, response: sent.response };
    } catch (error) {
      return { ok: false, response: String((error as { response?: string }).response ?? error) };
    } finally {
      transport.close();
    }
  }

  const outboxOf = (email: string) =>
    server.db.selectFrom("outbox").selectAll().where("to_key", "=", email).orderBy("created_at", "asc").execute();

  const tagOf = (mailId: string) => taggedBounceAddress(parseBounceAddress(`bounces@${BOUNCE_DOMAIN}`), mailKeysFor(server.config), mailId);

  it("tells the asking screen within seconds that Postfix's report came back: no such mailbox", async () => {
    const email = await newAccount("gone");
    const { response, cookie } = await ask(email);
    expect(response.statusCode).toBe(200);
    expect(await wait(cookie)).toMatchObject({ state: "waiting" });
    // Postfix takes the mail (250), the far server refuses it, and Postfix's report comes back.
    await expect.poll(() => wait(cookie), { timeout: 20_000, interval: 250 }).toMatchObject({ state: "undelivered", reason: "no_mailbox" });
    const [mail] = await outboxOf(email);
    expect(mail).toMatchObject({ delivery: "bounced", delivery_code: "550 5.1.1", kind: "access_link" });
    expect(mail?.sent_at).not.toBeNull();
    expect(mail?.delivery_words).toContain("User unknown");
    expect(mail?.delivery_words).not.toContain("@");
    const answer = await wait(cookie);
    expect(answer.reference).toMatch(/^[0-9A-F]{10}$/);
    expect(far.received).not.toContain(email);
  });

  it("sends nothing to an address that bounced and says why at once", async () => {
    const email = await newAccount("gone");
    await ask(email);
    await expect.poll(async () => (await outboxOf(email))[0]?.delivery, { timeout: 20_000, interval: 250 }).toBe("bounced");
    const again = await ask(email);
    expect(again.response.statusCode).toBe(409);
    expect(again.response.json()).toMatchObject({
      code: "EMAIL_UNDELIVERABLE",
      reason: "no_mailbox",
      reference: expect.stringMatching(/^[0-9A-F]{10}$/),
    });
    expect(await outboxOf(email)).toHaveLength(1);
    // A notice the account would get is held back too, kept as not sent for support to see.
    await queueMail(server, email, "new_sign_in");
    server.mailWorker.deliverNow();
    await expect.poll(async () => (await outboxOf(email))[1]?.delivery, { timeout: 5_000 }).toBe("suppressed");

    // Cleared (support, the operator, or the customer after another way in): mail goes again.
    await clearAddress(server.db, email);
    const cleared = await ask(email);
    expect(cleared.response.statusCode).toBe(200);
  });

  it("tells the screen at once when the mail server refuses the recipient outright", async () => {
    // The development mailbox refuses .invalid domains at RCPT TO with 550 5.1.1, as a relay does.
    const other = await startTestServer(kind, {}, { ownDelivery: true });
    try {
      const address = `someone-${kind}@nowhere.invalid`;
      await createAccount(other.db, { email: address, product: "dsone" });
      const { response: asked, cookie } = await askFor(other, address);
      expect(asked.statusCode).toBe(200);
      const waitThere = () => waitAt(other, cookie);
      await expect.poll(waitThere, { timeout: 5_000 }).toMatchObject({ state: "undelivered", reason: "no_mailbox" });
      const [mail] = await other.db.selectFrom("outbox").selectAll().where("to_key", "=", address).execute();
      expect(mail).toMatchObject({ delivery: "refused", delivery_code: "550 5.1.1" });
      expect(mail?.failed_at).not.toBeNull();
      const standing = await other.db.selectFrom("mail_addresses").selectAll().where("email_key", "=", address).executeTakeFirst();
      expect(standing).toMatchObject({ bounce_reason: "no_mailbox", bounce_code: "550 5.1.1" });
    } finally {
      await other.stop();
    }
  });

  it("says the mail is taking longer than usual while the relay defers it", async () => {
    const sink = await new SmtpSink().start();
    sink.refusing = true;
    const other = await startTestServer(kind, { SMTP_URL: `smtp://127.0.0.1:${sink.port}` }, { ownDelivery: true });
    try {
      const address = `slow-${kind}@example.test`;
      await createAccount(other.db, { email: address, product: "dsone" });
      const { cookie } = await askFor(other, address);
      const waitThere = (hold: boolean) => waitAt(other, cookie, hold);
      // The screen's first wait answers at once; a held one answers as soon as the mail is deferred.
      const first = await waitThere(false);
      expect(first).toMatchObject({ state: "waiting" });
      const started = Date.now();
      const held = first.slow ? first : await waitThere(true);
      expect(held).toMatchObject({ state: "waiting", slow: true });
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await other.stop();
      await sink.close();
    }
  });

  it("refuses forged, foreign and oversized reports, ignores what is no report, and changes nothing", async () => {
    const email = await newAccount("kept");
    await ask(email);
    await expect.poll(async () => (await outboxOf(email))[0]?.sent_at, { timeout: 20_000 }).not.toBeNull();
    const [mail] = await outboxOf(email);
    const tag = tagOf(mail?.id as string);
    const dsn = deliveryReport("victim@example.test", { status: "5.2.2", diagnostic: "552 5.2.2 <victim@example.test>: mailbox full" });

    const forged = tag.replace(/[0-9a-f](?=@)/, (digit) => (digit === "0" ? "1" : "0"));
    expect(await report(forged, dsn)).toMatchObject({ ok: false, response: expect.stringContaining("550") });
    expect(await report(`bounces@${BOUNCE_DOMAIN}`, dsn)).toMatchObject({ ok: false });
    expect(await report(tag.replace(BOUNCE_DOMAIN, "elsewhere.test"), dsn)).toMatchObject({ ok: false });
    const huge = `${dsn}\r\n${"x".repeat(600 * 1024)}`;
    expect(await report(tag, huge)).toMatchObject({ ok: false, response: expect.stringContaining("552") });
    expect(await report(tag, "Subject: out of office\r\n\r\nI am away.\r\n")).toMatchObject({ ok: true });
    expect((await outboxOf(email))[0]?.delivery).toBeNull();

    // A real tag with a report that names someone else: only the tagged mail's own recipient changes.
    expect(await report(tag, dsn)).toMatchObject({ ok: true });
    expect((await outboxOf(email))[0]?.delivery).toBe("bounced");
    const victim = await server.db.selectFrom("mail_addresses").selectAll().where("email_key", "=", "victim@example.test").execute();
    expect(victim).toEqual([]);
  });

  it("never marks the recipient for a refusal of our own bounce address, and takes ten tags a message at most", async () => {
    const email = `sender-${kind}@example.test`;
    const id = await queueMail(server, email, "access_link");
    await recordRelayRefusal(
      server.db,
      { id, to_address: email },
      {
        responseCode: 550,
        command: "RCPT TO",
        response: "550 5.1.0 <bounces+x@bounces.test>: Sender address rejected: User unknown in local recipient table",
        message: "refused",
      },
    );
    expect((await outboxOf(email))[0]?.delivery).toBe("refused");
    expect(await server.db.selectFrom("mail_addresses").selectAll().where("email_key", "=", email).execute()).toEqual([]);

    const transport = nodemailer.createTransport({ host: "127.0.0.1", port: feedbackPort, secure: false, ignoreTLS: true });
    try {
      const tags = Array.from({ length: 11 }, () => tagOf(crypto.randomUUID()));
      const sent = await transport.sendMail({ envelope: { from: "", to: tags }, raw: deliveryReport("x@example.test") });
      expect(sent.accepted).toHaveLength(10);
      expect(sent.rejected).toHaveLength(1);
    } finally {
      transport.close();
    }
  });

  it("hears a complaint: notices stop, sign-in links still go", async () => {
    const email = await newAccount("complains");
    await ask(email);
    await expect.poll(async () => (await outboxOf(email))[0]?.sent_at, { timeout: 20_000 }).not.toBeNull();
    const [mail] = await outboxOf(email);
    expect(await report(tagOf(mail?.id as string), feedbackReport())).toMatchObject({ ok: true });
    expect((await outboxOf(email))[0]?.delivery).toBe("complained");
    await queueMail(server, email, "new_sign_in");
    server.mailWorker.deliverNow();
    await expect.poll(async () => (await outboxOf(email))[1]?.delivery, { timeout: 5_000 }).toBe("suppressed");
    const again = await ask(email);
    expect(again.response.statusCode).toBe(200);
    await expect.poll(async () => (await outboxOf(email))[2]?.sent_at, { timeout: 20_000 }).not.toBeNull();
    expect((await outboxOf(email))[2]?.delivery).toBeNull();
  });
});
