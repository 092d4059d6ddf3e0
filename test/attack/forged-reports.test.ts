import fc from "fast-check";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, expect, it } from "vitest";
import { mailKeysFor } from "../../server/mail/body-encryption.ts";
import { enqueueMail } from "../../server/mail/outbox.ts";
import { mailIdOfBounceRecipient, parseBounceAddress, taggedBounceAddress } from "../../server/mail/verp.ts";
import { drainMail, startTestServer, type TestServer } from "../support/app.ts";
import { describeEachDatabase } from "../support/databases.ts";
import { deliveryReport, feedbackReport } from "../support/mail-reports.ts";
import { freePort } from "../support/spawn-server.ts";
import { recordCases, scaled } from "./scale.ts";

/**
 * The mail feedback listener (docs/decisions/0087) is open to anyone who can reach its port. Whatever
 * is sent to it, no address's standing changes but that of the recipient of the one mail a
 * genuine tag names: forged and mutated tags, other domains, case games, bodies that claim other
 * recipients, malformed MIME. Only the mail whose tag is real may change, and only its recipient.
 */
describeEachDatabase("forged mail reports on %s", (kind) => {
  let server: TestServer;
  let port: number;
  let cases = 0;
  const bounce = parseBounceAddress("bounces@bounces.test");

  beforeAll(async () => {
    port = await freePort();
    server = await startTestServer(kind, { MAIL_BOUNCE_ADDRESS: "bounces@bounces.test", MAIL_FEEDBACK_LISTEN: `127.0.0.1:${port}` });
  });
  afterAll(async () => {
    recordCases("forged mail reports", cases);
    await server?.stop();
  });

  async function send(recipient: string, raw: string): Promise<boolean> {
    const transport = nodemailer.createTransport({ host: "127.0.0.1", port, secure: false, ignoreTLS: true });
    try {
      await transport.sendMail({ envelope: { from: "", to: recipient }, raw });
      return true;
    } catch {
      return false;
    } finally {
      transport.close();
    }
  }

  it("changes no address but the genuine tag's own recipient, whatever is sent", async () => {
    await enqueueMail(server.db, server.config, "no-reply@localhost", "owner@example.test", {
      kind: "access_link",
      subject: "s",
      text: "t",
      html: "h",
    });
    await drainMail(server);
    const mail = await server.db.selectFrom("outbox").select("id").where("to_key", "=", "owner@example.test").executeTakeFirstOrThrow();
    const genuine = taggedBounceAddress(bounce, mailKeysFor(server.config), mail.id);

    const recipient = fc.oneof(
      // A genuine tag with one character changed, added or dropped.
      fc.tuple(fc.nat(genuine.indexOf("@") - 8), fc.constantFrom("0", "f", "", "ab")).map(([at, put]) => {
        const index = 8 + at;
        return genuine.slice(0, index) + put + genuine.slice(index + 1);
      }),
      // Made-up tags of the right shape.
      fc.stringMatching(/^[0-9a-f]{52}$/).map((tag) => `bounces+${tag}@bounces.test`),
      // The genuine tag at another domain, or another local part.
      fc.constantFrom(genuine.replace("bounces.test", "victim.test"), genuine.replace("bounces+", "postmaster+"), "bounces@bounces.test"),
    );
    const body = fc.oneof(
      fc
        .tuple(fc.emailAddress(), fc.constantFrom("failed", "delayed", "delivered"), fc.constantFrom("5.1.1", "4.4.1", "2.0.0"))
        .map(([to, action, status]) => deliveryReport(to, { action, status })),
      fc
        .string({ maxLength: 400 })
        .map((text) => `Content-Type: multipart/report; report-type=delivery-status; boundary="B"\r\n\r\n--B\r\n${text}`),
      fc.constant(feedbackReport()),
    );
    await fc.assert(
      fc.asyncProperty(recipient, body, async (to, raw) => {
        cases++;
        const accepted = await send(to, raw);
        const real = mailIdOfBounceRecipient(bounce, mailKeysFor(server.config), to) !== undefined;
        expect(accepted && !real).toBe(false);
        const touched = await server.db.selectFrom("mail_addresses").select("email_key").execute();
        expect(touched.filter((row) => row.email_key !== "owner@example.test")).toEqual([]);
      }),
      { numRuns: scaled(30, 400) },
    );

    // The genuine tag with a report naming someone else: only the owner's standing changes.
    cases++;
    expect(await send(genuine, deliveryReport("victim@example.test"))).toBe(true);
    const rows = await server.db.selectFrom("mail_addresses").select(["email_key", "bounce_reason"]).execute();
    expect(rows).toEqual([{ email_key: "owner@example.test", bounce_reason: "no_mailbox" }]);
  }, 120_000);
});
