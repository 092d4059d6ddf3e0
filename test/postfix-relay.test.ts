import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { createTransport } from "nodemailer";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type PostfixRelay, startPostfixRelay } from "./support/postfix-relay.ts";

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** An SMTP server on a free local port that keeps what it accepts and refuses recipients `refuse` matches with 550. */
async function listen(refuse: (address: string) => boolean): Promise<{ server: SMTPServer; port: number; mails: Received[] }> {
  const mails: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!refuse(address.address)) return callback();
      callback(Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected: User unknown`), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.server.address() as AddressInfo).port, mails };
}

async function waitFor<T>(find: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`no ${what} within ${timeoutMs} ms:\n${await postfix?.log()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let relay: Awaited<ReturnType<typeof listen>>;
let feedback: Awaited<ReturnType<typeof listen>>;
let postfix: PostfixRelay | undefined;

beforeAll(async () => {
  relay = await listen((address) => address.startsWith("nobody@"));
  feedback = await listen(() => false);
  postfix = await startPostfixRelay({ relayPort: relay.port, bounceDomain: "bounces.test", feedbackPort: feedback.port });
});

afterAll(async () => {
  await postfix?.stop();
  await Promise.all([relay, feedback].filter(Boolean).map(({ server }) => new Promise<void>((resolve) => server.close(() => resolve()))));
});

test("Postfix relays accepted mail and returns a real delivery status notification for a refused recipient", async () => {
  const transport = createTransport({ host: "127.0.0.1", port: postfix?.port, secure: false, ignoreTLS: true });
  const send = (to: string) =>
    transport.sendMail({
      envelope: { from: "bounces+abc123@bounces.test", to },
      from: "Accounts <accounts@example.test>",
      to,
      subject: `For ${to}`,
      text: "Hello.",
    });
  const sentAt = Date.now();
  await send("nobody@example.test");
  await send("someone@example.test");

  const relayed = await waitFor(() => relay.mails.find((mail) => mail.to.includes("someone@example.test")), 20_000, "relayed mail");
  expect(relayed.from).toBe("bounces+abc123@bounces.test");
  expect(relay.mails.some((mail) => mail.to.includes("nobody@example.test"))).toBe(false);

  const dsn = await waitFor(() => feedback.mails[0], 20_000, "bounce at the feedback listener");
  console.info(`the bounce arrived ${Date.now() - sentAt} ms after the mail was sent`);
  expect(dsn.to).toEqual(["bounces+abc123@bounces.test"]);
  expect(dsn.from).toBe(""); // a bounce has the null sender, so it can never bounce in turn
  expect(dsn.raw).toContain("Content-Type: multipart/report; report-type=delivery-status");
  expect(dsn.raw).toContain("Action: failed");
  expect(dsn.raw).toContain("Status: 5.1.1");
  expect(dsn.raw).toContain("Final-Recipient: rfc822; nobody@example.test");
  expect(dsn.raw).toContain("Recipient address rejected: User unknown");

  // Kept as a part of its own rather than folded into the text, to show it is one.
  const parsed = await simpleParser(dsn.raw, { keepDeliveryStatus: true });
  const status = parsed.attachments.find((part) => part.contentType === "message/delivery-status");
  expect(status?.content.toString("utf8")).toMatch(/^Final-Recipient: rfc822; nobody@example\.test$[\s\S]*^Action: failed$/m);
  expect(feedback.mails).toHaveLength(1);
});
