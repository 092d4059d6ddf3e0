import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { smtpDelivery } from "../server/mail/smtp-delivery.ts";
import { type Deliver, isPermanentFailure, type OutgoingMail } from "../server/mail/worker.ts";
import { silentLogger } from "./support/app.ts";
import { messageIdOf, SmtpSink, subjectOf } from "./support/smtp-sink.ts";

const mail = (to: string): OutgoingMail => ({
  from: '"DS One" <no-reply@example.com>',
  to,
  subject: `For ${to}`,
  text: "Hello\n",
  html: "<p>Hello</p>",
  messageId: `<${to.replace("@", ".")}@example.com>`,
});

describe("delivery over SMTP from the delivery thread", () => {
  let sink: SmtpSink;
  let deliver: Deliver;
  beforeEach(async () => {
    sink = await new SmtpSink().start();
    deliver = smtpDelivery(sink.url, { connections: 4 });
  });
  afterEach(async () => {
    await deliver.close?.();
    await sink.close();
  });

  it("sends each mail it is handed, with its subject and Message-ID", async () => {
    await Promise.all(["a@example.com", "b@example.com", "c@example.com"].map((to) => deliver(mail(to), silentLogger())));
    expect(sink.messages.map((received) => subjectOf(received.raw)).sort()).toEqual([
      "For a@example.com",
      "For b@example.com",
      "For c@example.com",
    ]);
    expect(messageIdOf(sink.messages.find((received) => received.to.includes("a@example.com"))?.raw ?? "")).toBe(
      "<a.example.com@example.com>",
    );
  });

  it("hands back the relay's reply code, so a 5xx is final and a 4xx is retried", async () => {
    sink.rejecting = true;
    const rejected = await deliver(mail("nobody@example.com"), silentLogger()).catch((error: unknown) => error);
    expect(rejected).toBeInstanceOf(Error);
    expect((rejected as { responseCode?: number }).responseCode).toBe(550);
    expect(isPermanentFailure(rejected)).toBe(true);
    sink.rejecting = false;
    sink.refusing = true;
    const refused = await deliver(mail("later@example.com"), silentLogger()).catch((error: unknown) => error);
    expect((refused as { responseCode?: number }).responseCode).toBe(451);
    expect(isPermanentFailure(refused)).toBe(false);
  });

  it("fails the mails in flight when it is closed, and starts again with the next mail", async () => {
    sink.stalling = true;
    const inFlight = deliver(mail("stalled@example.com"), silentLogger()).then(
      () => "delivered",
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    while (sink.attempts.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    await deliver.close?.();
    // Failed (the worker retries it after its back-off), not left waiting.
    expect(await inFlight).not.toBe("delivered");
    sink.stalling = false;
    await deliver(mail("after@example.com"), silentLogger());
    expect(sink.messages.map((received) => received.to)).toEqual([["after@example.com"]]);
  });
});
