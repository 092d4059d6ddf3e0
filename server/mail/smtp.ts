import type { Transporter } from "nodemailer";
import { keptUntilFailure } from "../base/kept-promise.ts";
import { type Encoders, loadEncoders, type MailParts, readyMadeMail } from "./message.ts";

const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };
/** Mails one pooled connection carries before it is closed and a fresh one opened. */
const MESSAGES_PER_CONNECTION = 100;

/** Sends mail to one SMTP server; `send` throws what the server or the connection answered. */
export interface SmtpSender {
  send(mail: MailParts): Promise<void>;
  /** Ends the pool's connections. */
  close(): Promise<void>;
}

/**
 * Mail over SMTP through nodemailer's pool: up to `connections` connections kept open and reused
 * for up to 100 mails each, so a burst pays the connect, greeting, EHLO, STARTTLS and AUTH once per
 * connection rather than once per mail. The pool sends a mail again over a fresh connection when a
 * reused one turns out closed before any of it went out; a connection that breaks mid-mail, a 4xx
 * (throttling, "too many connections") or a 421 fails that mail's send, as a 5xx does. Each mail is
 * handed to the pool written out in one piece (message.ts).
 */
export function smtpSender(smtpUrl: string, connections: number): SmtpSender {
  // nodemailer is loaded with the first mail, not with the server: a start sends none. A failed
  // load is not kept: the next mail tries again.
  const transport = keptUntilFailure<{ pool: Transporter; encoders: Encoders }>(() =>
    Promise.all([import("nodemailer"), loadEncoders()]).then(([{ default: nodemailer }, encoders]) => ({
      pool: nodemailer.createTransport({
        url: smtpUrl,
        pool: true,
        maxConnections: connections,
        maxMessages: MESSAGES_PER_CONNECTION,
        ...SMTP_TIMEOUTS,
      }),
      encoders,
    })),
  );
  return {
    async send(mail) {
      const { pool, encoders } = await transport();
      await pool.sendMail(readyMadeMail(encoders, mail));
    },
    async close() {
      const opened = await transport.made()?.catch(() => undefined);
      opened?.pool.close();
    },
  };
}
