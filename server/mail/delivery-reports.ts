import type { Readable } from "node:stream";
import { type ParsedMail, simpleParser } from "mailparser";
import { type DeliveryVerdict, enhancedStatus, redactedWords } from "./delivery-state.ts";

/*
 * Reading what comes back to the bounce address (docs/decisions/0087). mailparser reads the MIME
 * (multipart/report, its parts, their encodings); the report part's fields are header fields
 * (RFC 3464 section 2.1, RFC 5965 section 3.1), so mailparser reads each group of them too, folded
 * lines and all, as it reads a message's header. What this adds is what the fields mean.
 */

const PARSE = {
  keepDeliveryStatus: true,
  skipHtmlToText: true,
  skipTextToHtml: true,
  skipImageLinks: true,
  skipTextLinks: true,
  maxHtmlLengthToParse: 0,
} as const;

/**
 * The groups of report fields, each read as a header block: lower-case names, unfolded values. One
 * group after another, and no more than MAX_GROUPS: a report is about one mail and a recipient or
 * two, and a message of thousands of tiny groups must cost no more than a real one.
 */
const MAX_GROUPS = 21;

async function fieldGroups(body: string): Promise<Map<string, string>[]> {
  const groups = body
    .replace(/\r\n/g, "\n")
    .split(/\n\s*\n/, MAX_GROUPS * 4)
    .filter((group) => group.trim() !== "")
    .slice(0, MAX_GROUPS);
  const read: Map<string, string>[] = [];
  for (const group of groups) {
    const parsed = await simpleParser(`${group.trim()}\n\n`, PARSE);
    read.push(
      new Map(
        parsed.headerLines.map(({ key, line }) => [
          key,
          line
            .slice(line.indexOf(":") + 1)
            .replace(/\s+/g, " ")
            .trim(),
        ]),
      ),
    );
  }
  return read;
}

/** The part of a report that says what happened, by its content type. */
function reportPart(mail: ParsedMail, types: readonly string[]): string | undefined {
  const part = mail.attachments.find((attachment) => types.includes(attachment.contentType.toLowerCase()));
  return part?.content.toString("utf8");
}

/**
 * What a delivery status notification says of the mail: failed (bounced) or delayed, with the
 * recipient's status and the remote server's words. Delivered, relayed and expanded say nothing
 * to keep. The first recipient group that failed wins over one that was delayed.
 */
async function readDeliveryStatus(text: string): Promise<DeliveryVerdict | undefined> {
  const [, ...recipients] = await fieldGroups(text);
  const failed = recipients.find((fields) => fields.get("action")?.toLowerCase() === "failed");
  const delayed = recipients.find((fields) => fields.get("action")?.toLowerCase() === "delayed");
  const fields = failed ?? delayed;
  if (!fields) return undefined;
  const diagnostic = fields.get("diagnostic-code")?.replace(/^[a-z-]+\s*;\s*/i, "");
  const status = enhancedStatus(fields.get("status") ?? "") ?? enhancedStatus(diagnostic ?? "");
  const reply = diagnostic?.match(/^([245]\d\d)\b/)?.[1];
  const code = [reply, status].filter((part) => part !== undefined).join(" ");
  return {
    delivery: failed ? "bounced" : "delayed",
    code: code || null,
    words: diagnostic ? redactedWords(diagnostic) : null,
  };
}

/** What a feedback report says: a complaint, unless it is of a kind that is none (RFC 5965's not-spam). */
async function readFeedbackReport(text: string): Promise<DeliveryVerdict | undefined> {
  const [fields] = await fieldGroups(text);
  const type = fields?.get("feedback-type")?.toLowerCase();
  if (!type || type === "not-spam") return undefined;
  return { delivery: "complained", code: null, words: `feedback report: ${redactedWords(type)}` };
}

/**
 * The verdict a message sent to the bounce address carries: a bounce or a delay (RFC 3464), a
 * complaint (RFC 5965 ARF), or nothing (an out-of-office reply, anything else).
 */
export async function readReport(message: Buffer | Readable): Promise<DeliveryVerdict | undefined> {
  const mail = await simpleParser(message, PARSE);
  const type = mail.headers.get("content-type") as { value?: string; params?: Record<string, string> } | undefined;
  if (type?.value?.toLowerCase() !== "multipart/report") return undefined;
  const reportType = type.params?.["report-type"]?.toLowerCase();
  if (reportType === "delivery-status") {
    const status = reportPart(mail, ["message/delivery-status", "message/global-delivery-status"]);
    return status ? readDeliveryStatus(status) : undefined;
  }
  if (reportType === "feedback-report") {
    const feedback = reportPart(mail, ["message/feedback-report"]);
    return feedback ? readFeedbackReport(feedback) : undefined;
  }
  return undefined;
}
