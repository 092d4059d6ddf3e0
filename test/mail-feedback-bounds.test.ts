import { randomUUID } from "node:crypto";
import { connect, type Socket } from "node:net";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, expect, it } from "vitest";
import { mailKeysFor } from "../server/mail/body-encryption.ts";
import { parseBounceAddress, taggedBounceAddress } from "../server/mail/verp.ts";
import { startTestServer, type TestServer } from "./support/app.ts";
import { describeEachDatabase } from "./support/databases.ts";
import { deliveryReport } from "./support/mail-reports.ts";

/**
 * The feedback listener's bounds against a stranger who reaches its port (server/mail/feedback-server.ts):
 * it shares the event loop with sign-ins, so what a flood may cost it is bounded before any
 * message is read, not only when it is (bench/mail-feedback.ts measures the sign-ins meanwhile).
 */

const BOUNCE = "bounces@bounces.test";

/** A plain SMTP conversation: each command's reply, as the listener answers it. */
class Conversation {
  readonly #socket: Socket;
  #buffer = "";
  #waiting: ((line: string) => void)[] = [];
  closed = false;
  /** Bytes of message written before the listener closed the connection. */
  written = 0;

  constructor(port: number, localAddress: string) {
    this.#socket = connect({ host: "127.0.0.1", port, localAddress });
    this.#socket.setEncoding("utf8");
    this.#socket.on("data", (text: string) => {
      this.#buffer += text;
      let end = this.#buffer.indexOf("\r\n");
      while (end !== -1) {
        const line = this.#buffer.slice(0, end);
        this.#buffer = this.#buffer.slice(end + 2);
        // The last line of a reply: "250 …", not "250-…".
        if (line[3] !== "-") this.#waiting.shift()?.(line);
        end = this.#buffer.indexOf("\r\n");
      }
    });
    this.#socket.on("error", () => {});
    this.#socket.on("close", () => {
      this.closed = true;
      for (const waiter of this.#waiting.splice(0)) waiter("(closed)");
    });
  }

  reply(): Promise<string> {
    return new Promise((resolve) => {
      if (this.closed) resolve("(closed)");
      else this.#waiting.push(resolve);
    });
  }

  async say(command: string): Promise<string> {
    const answer = this.reply();
    this.#socket.write(`${command}\r\n`);
    return answer;
  }

  /** Streams `total` bytes of message body, stopping when the connection closes; answers the bytes it wrote. */
  async stream(total: number): Promise<number> {
    const line = Buffer.from(`${"x".repeat(998)}\r\n`);
    const chunk = Buffer.concat(Array.from({ length: 64 }, () => line));
    while (this.written < total && !this.closed) {
      this.written += chunk.length;
      if (!this.#socket.write(chunk)) await new Promise((resolve) => this.#socket.once("drain", resolve).once("close", resolve));
    }
    return this.written;
  }

  end(): void {
    this.#socket.destroy();
  }
}

describeEachDatabase("the feedback listener's bounds on %s", (kind) => {
  let server: TestServer;
  let address = 1;
  const from = () => `127.0.${kind === "sqlite" ? 30 : 31}.${address++}`;

  beforeAll(async () => {
    server = await startTestServer(kind, { MAIL_BOUNCE_ADDRESS: BOUNCE, MAIL_FEEDBACK_LISTEN: "127.0.0.1:0" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** A mail in the outbox as sent, and its tagged bounce address. */
  async function sentMail(to: string): Promise<{ id: string; tag: string }> {
    const id = randomUUID();
    const now = Date.now();
    await server.db
      .insertInto("outbox")
      .values({
        id,
        to_address: to,
        to_key: to,
        kind: "access_link",
        from_address: "no-reply@localhost",
        subject: "s",
        text_body: "",
        html_body: "",
        created_at: now,
        next_attempt_at: now,
        sent_at: now,
      })
      .execute();
    return { id, tag: taggedBounceAddress(parseBounceAddress(BOUNCE), mailKeysFor(server.config), id) };
  }

  it("paces every address's reports together: past a burst, each waits its turn, and none is lost", async () => {
    const { tag } = await sentMail(`paced-${kind}@example.test`);
    // Forty-five strangers at once (the listener takes 50 connections), each from an address of its
    // own: no address's minute fills.
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 45 }, async () => {
        const transport = nodemailer.createTransport({
          host: "127.0.0.1",
          port: server.feedbackPort,
          localAddress: from(),
          secure: false,
          ignoreTLS: true,
        });
        try {
          return (await transport.sendMail({ envelope: { from: "", to: tag }, raw: "Subject: Out of office\r\n\r\nAway.\r\n" })).response;
        } finally {
          transport.close();
        }
      }),
    );
    const elapsed = performance.now() - started;
    expect(answers.every((answer) => answer.startsWith("250"))).toBe(true);
    // Twenty at once, then twenty a second: the other twenty-five took a second and a quarter at least.
    expect(elapsed).toBeGreaterThanOrEqual(1_200);
  }, 30_000);

  it("stops reading a message at the size limit and closes the connection, rather than take it all", async () => {
    const { id, tag } = await sentMail(`huge-${kind}@example.test`);
    const smtp = new Conversation(server.feedbackPort as number, from());
    try {
      expect(await smtp.reply()).toMatch(/^220 /);
      expect(await smtp.say("EHLO stranger.test")).toMatch(/^250 /);
      expect(await smtp.say("MAIL FROM:<>")).toMatch(/^250 /);
      expect(await smtp.say(`RCPT TO:<${tag}>`)).toMatch(/^250 /);
      expect(await smtp.say("DATA")).toMatch(/^354 /);
      const refusal = smtp.reply();
      // 50 MB offered: the listener closes past its 512 KB, long before (the socket buffers hold a few MB).
      const written = await smtp.stream(50 * 1024 * 1024);
      expect(await refusal).toMatch(/^552 5\.3\.4 Report too large/);
      expect(smtp.closed).toBe(true);
      expect(written).toBeLessThan(20 * 1024 * 1024);
    } finally {
      smtp.end();
    }
    const mail = await server.db.selectFrom("outbox").select("delivery").where("id", "=", id).executeTakeFirstOrThrow();
    expect(mail.delivery).toBeNull();
  }, 30_000);

  it("records a report only for the recipients of its own transaction, not those of one abandoned before it", async () => {
    const abandoned = await sentMail(`abandoned-${kind}@example.test`);
    const reported = await sentMail(`reported-${kind}@example.test`);
    const smtp = new Conversation(server.feedbackPort as number, from());
    try {
      await smtp.reply();
      await smtp.say("EHLO relay.test");
      await smtp.say("MAIL FROM:<>");
      expect(await smtp.say(`RCPT TO:<${abandoned.tag}>`)).toMatch(/^250 /);
      expect(await smtp.say("RSET")).toMatch(/^250 /);
      await smtp.say("MAIL FROM:<>");
      expect(await smtp.say(`RCPT TO:<${reported.tag}>`)).toMatch(/^250 /);
      expect(await smtp.say("DATA")).toMatch(/^354 /);
      expect(await smtp.say(`${deliveryReport("someone@example.test")}\r\n.`)).toMatch(/^250 2\.0\.0 Report recorded/);
      await smtp.say("QUIT");
    } finally {
      smtp.end();
    }
    const deliveries = await server.db
      .selectFrom("outbox")
      .select(["id", "delivery"])
      .where("id", "in", [abandoned.id, reported.id])
      .execute();
    expect(Object.fromEntries(deliveries.map((row) => [row.id, row.delivery]))).toEqual({
      [abandoned.id]: null,
      [reported.id]: "bounced",
    });
  });
});
