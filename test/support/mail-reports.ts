/**
 * Reports as they come back to the bounce address, for the tests of the mail feedback listener
 * (docs/decisions/0087): a delivery status notification as Postfix writes one (RFC 3464), and a
 * feedback loop's abuse report (RFC 5965).
 */

/** An RFC 3464 report about `recipient`: failed with 5.1.1 unless told otherwise. */
export function deliveryReport(
  recipient: string,
  { action = "failed", status = "5.1.1", diagnostic }: { action?: string; status?: string; diagnostic?: string } = {},
): string {
  return [
    "From: MAILER-DAEMON@relay.test (Mail Delivery System)",
    "Subject: Undelivered Mail Returned to Sender",
    "MIME-Version: 1.0",
    'Content-Type: multipart/report; report-type=delivery-status; boundary="B"',
    "",
    "--B",
    "Content-Type: text/plain",
    "",
    "This is the mail system.",
    "",
    "--B",
    "Content-Type: message/delivery-status",
    "",
    "Reporting-MTA: dns; relay.test",
    "",
    `Final-Recipient: rfc822; ${recipient}`,
    `Action: ${action}`,
    `Status: ${status}`,
    ...(diagnostic ? [`Diagnostic-Code: smtp; ${diagnostic}`] : []),
    "",
    "--B--",
    "",
  ].join("\r\n");
}

/** An RFC 5965 report of `type` (abuse unless told otherwise), as a mailbox provider's feedback loop sends one. */
export function feedbackReport(type = "abuse"): string {
  return [
    "From: fbl@isp.test",
    "Subject: Abuse report",
    "MIME-Version: 1.0",
    'Content-Type: multipart/report; report-type=feedback-report; boundary="F"',
    "",
    "--F",
    "Content-Type: text/plain",
    "",
    "This is an abuse report.",
    "",
    "--F",
    "Content-Type: message/feedback-report",
    "",
    `Feedback-Type: ${type}`,
    "User-Agent: isp-fbl/1.0",
    "Version: 1",
    "",
    "--F",
    "Content-Type: text/rfc822-headers",
    "",
    "Subject: Your DS One sign-in link",
    "",
    "--F--",
    "",
  ].join("\r\n");
}
