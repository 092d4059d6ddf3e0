/**
 * A failed delivery as the mail worker reads it, wherever it failed (the delivery thread, the
 * development mailbox, a test's delivery): its message, the SMTP reply code and line, the command
 * the relay answered (RCPT TO: about the recipient), and nodemailer's error code.
 */
export interface DeliveryFailure {
  message: string;
  responseCode?: number;
  code?: string;
  response?: string;
  command?: string;
}

export function failureOf(error: unknown): DeliveryFailure {
  const { responseCode, code, response, command } = (error ?? {}) as Record<string, unknown>;
  return {
    message: error instanceof Error ? error.message : String(error),
    ...(typeof responseCode === "number" ? { responseCode } : {}),
    ...(typeof code === "string" ? { code } : {}),
    ...(typeof response === "string" ? { response } : {}),
    ...(typeof command === "string" ? { command } : {}),
  };
}

const EMAIL_ADDRESS = /[^\s<>"'():;,[\]]+@[^\s<>"'():;,[\]]+/g;

/** Text as it may be stored and logged: without the addresses mail servers like to quote back. */
export function withoutAddresses(text: string): string {
  return text.replace(EMAIL_ADDRESS, "redacted");
}
