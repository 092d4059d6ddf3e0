import { describe, expect, it } from "vitest";
import { MailKeys } from "../server/mail/body-encryption.ts";
import { readReport } from "../server/mail/delivery-reports.ts";
import { reasonOf } from "../server/mail/delivery-state.ts";
import { mailIdOfBounceRecipient, parseBounceAddress, taggedBounceAddress } from "../server/mail/verp.ts";

const key = (byte: number) => Buffer.alloc(32, byte);
const bounce = parseBounceAddress("bounces@Bounces.Account.example");
const id = "3f9a12bc-0d4e-4f5a-8b6c-7d8e9f0a1b2c";

describe("the tagged bounce address (VERP)", () => {
  it("names the one mail, fits a local part, and survives a relay folding its case", () => {
    const keys = new MailKeys([key(1)]);
    const address = taggedBounceAddress(bounce, keys, id);
    expect(address).toMatch(/^bounces\+[0-9a-f]{52}@bounces\.account\.example$/);
    expect(address.split("@")[0]?.length).toBeLessThanOrEqual(64);
    expect(mailIdOfBounceRecipient(bounce, keys, address)).toBe(id);
    expect(mailIdOfBounceRecipient(bounce, keys, address.toUpperCase())).toBe(id);
  });

  it("refuses a tag other keys made, another mail's id under this mail's code, and other addresses", () => {
    const keys = new MailKeys([key(1)]);
    const address = taggedBounceAddress(bounce, keys, id);
    expect(mailIdOfBounceRecipient(bounce, new MailKeys([key(2)]), address)).toBeUndefined();
    const otherId = address.replace("3f9a12bc", "3f9a12bd");
    expect(mailIdOfBounceRecipient(bounce, keys, otherId)).toBeUndefined();
    expect(mailIdOfBounceRecipient(bounce, keys, "bounces@bounces.account.example")).toBeUndefined();
    expect(mailIdOfBounceRecipient(bounce, keys, address.replace("account.example", "elsewhere.example"))).toBeUndefined();
  });

  it("still reads a tag made before the mail keys were rotated", () => {
    const before = taggedBounceAddress(bounce, new MailKeys([key(1)]), id);
    expect(mailIdOfBounceRecipient(bounce, new MailKeys([key(2), key(1)]), before)).toBe(id);
  });
});

describe("reading reports", () => {
  const report = (type: string, part: string, body: string) =>
    Buffer.from(
      [`Content-Type: multipart/report; report-type=${type}; boundary="B"`, "", "--B", `Content-Type: ${part}`, "", body, "--B--", ""].join(
        "\r\n",
      ),
    );

  it("reads a delay, and a failure over a delay", async () => {
    const delayed = "Reporting-MTA: dns; relay\r\n\r\nFinal-Recipient: rfc822; a@b.test\r\nAction: delayed\r\nStatus: 4.4.1\r\n";
    expect(await readReport(report("delivery-status", "message/delivery-status", delayed))).toMatchObject({
      delivery: "delayed",
      code: "4.4.1",
    });
    const both = `${delayed}\r\nFinal-Recipient: rfc822; c@b.test\r\nAction: failed\r\nStatus: 5.7.1\r\nDiagnostic-Code: smtp; 554 5.7.1 blocked by policy\r\n`;
    expect(await readReport(report("delivery-status", "message/delivery-status", both))).toMatchObject({
      delivery: "bounced",
      code: "554 5.7.1",
      words: "554 5.7.1 blocked by policy",
    });
  });

  it("hears no complaint in a not-spam report, nor a report in an ordinary mail", async () => {
    expect(await readReport(report("feedback-report", "message/feedback-report", "Feedback-Type: not-spam\r\n"))).toBeUndefined();
    expect(await readReport(Buffer.from("Subject: Out of office\r\n\r\nAway.\r\n"))).toBeUndefined();
    expect(await readReport(report("delivery-status", "message/delivery-status", "Reporting-MTA: dns; x\r\n"))).toBeUndefined();
  });

  it("puts statuses in the customer's words", () => {
    expect([
      reasonOf("5.1.1"),
      reasonOf("5.1.10"),
      reasonOf("5.2.1"),
      reasonOf("5.2.2"),
      reasonOf("5.7.1"),
      reasonOf("5.4.4"),
      reasonOf(undefined),
    ]).toEqual(["no_mailbox", "no_mailbox", "no_mailbox", "mailbox_full", "blocked", "other", "other"]);
  });
});

describe("bounded reading", () => {
  it("reads a report of a hundred thousand tiny field groups in bounded time and memory", async () => {
    const groups = "a: b\r\n\r\n".repeat(100_000);
    const raw = Buffer.from(
      [
        'Content-Type: multipart/report; report-type=delivery-status; boundary="B"',
        "",
        "--B",
        "Content-Type: message/delivery-status",
        "",
        groups,
        "--B--",
        "",
      ].join("\r\n"),
    );
    const started = performance.now();
    const before = process.memoryUsage().heapUsed;
    expect(await readReport(raw)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(200 * 2 ** 20);
  });

  it("does not take a refusal of our own bounce address for the recipient's", () => {
    expect([reasonOf("5.1.7"), reasonOf("5.1.8"), reasonOf("5.1.0")]).toEqual(["other", "other", "other"]);
  });
});
