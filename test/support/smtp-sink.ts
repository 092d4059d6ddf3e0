import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { BRANDS } from "../../common/brands/index.ts";
import { strings as english } from "../../server/i18n/en.ts";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on a free local port that keeps what it receives, for tests that follow a
 * mail through the real sending path. It can be told to refuse mail, like a server that is down.
 */
export class SmtpSink {
  readonly messages: ReceivedMail[] = [];
  /** Every mail's raw text as the sink received it, accepted or not (a duplicate shows up here). */
  readonly attempts: string[] = [];
  /** Answer 451 (try again later), like a server that is down for a while. */
  refusing = false;
  /** Answer 550 quoting the recipient, like a server that has no such mailbox. */
  rejecting = false;
  /**
   * Recipients refused at RCPT TO with 550 5.1.1, as a relay refuses a mailbox that does not
   * exist: the server marks such an address bounced (docs/decisions/0087). Lowercase addresses.
   */
  readonly unknownMailboxes = new Set<string>();
  /** Take the mail and never answer, like a server that stalls mid-delivery. */
  stalling = false;
  /** How long to take over each mail before answering, like a real relay (its checks, its disk). */
  delayMs = 0;
  /** Attempts (counted from 1, as `attempts` grows) on which the connection breaks mid-mail, unanswered. */
  readonly breakOn = new Set<number>();
  /** Attempts answered 421 (throttled: "try again later"), which also closes the connection. */
  readonly throttleOn = new Set<number>();
  /** Connections opened to the sink so far. */
  connections = 0;
  /** The most connections open at one time so far. */
  mostOpen = 0;
  #open = 0;
  /** When each accepted mail arrived (Date.now()), in the order of `messages`. */
  readonly arrivals: number[] = [];
  readonly #server: SMTPServer;
  readonly #waiters: (() => void)[] = [];
  port = 0;

  constructor() {
    this.#server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onConnect: (_session, callback) => {
        this.connections++;
        this.#open++;
        this.mostOpen = Math.max(this.mostOpen, this.#open);
        callback();
      },
      onClose: () => {
        this.#open--;
      },
      onRcptTo: (address, _session, callback) => {
        if (!this.unknownMailboxes.has(address.address.toLowerCase())) return callback();
        callback(Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected: User unknown`), { responseCode: 550 }));
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", async () => {
          this.attempts.push(Buffer.concat(chunks).toString("utf8"));
          const attempt = this.attempts.length;
          if (this.stalling) return;
          if (this.breakOn.has(attempt)) {
            this.#socketOf(session.id)?.destroy();
            return;
          }
          if (this.throttleOn.has(attempt)) {
            callback(Object.assign(new Error("4.7.0 Too many messages, slow down"), { responseCode: 421 }));
            return;
          }
          if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
          if (this.rejecting) {
            const recipient = session.envelope.rcptTo[0]?.address ?? "";
            callback(Object.assign(new Error(`5.1.1 <${recipient}>: Recipient address rejected: User unknown`), { responseCode: 550 }));
            return;
          }
          if (this.refusing) {
            callback(Object.assign(new Error("mailbox unavailable"), { responseCode: 451 }));
            return;
          }
          this.messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          this.arrivals.push(Date.now());
          for (const wake of this.#waiters.splice(0)) wake();
          callback();
        });
      },
    });
  }

  /** The socket of the session `id` (smtp-server keeps its connections in a set of its own). */
  #socketOf(id: string): { destroy(): void } | undefined {
    const connections = (this.#server as unknown as { connections: Set<{ id: string; _socket: { destroy(): void } }> }).connections;
    return [...connections].find((connection) => connection.id === id)?._socket;
  }

  async start(): Promise<this> {
    // A client that vanishes mid-session (a server process killed in a test) resets its
    // connection; smtp-server reports that as an error event, which unheard would end the run.
    this.#server.on("error", () => {});
    await new Promise<void>((resolve) => this.#server.listen(0, "127.0.0.1", resolve));
    this.port = (this.#server.server.address() as AddressInfo).port;
    return this;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /**
   * Waits for a mail to `to` (after `since` messages) whose subject matches `subject`, up to
   * `timeoutMs`. By default any mail but a "New sign-in" notice: those come whenever a test signs
   * an address in from another browser, and a test that waits for one asks for it by subject.
   */
  async waitFor(to: string, { since = 0, timeoutMs = 10_000, subject = ANY_BUT_NOTICES } = {}): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages
        .slice(since)
        .find((message) => (message.to.includes(to.toLowerCase()) || message.to.includes(to)) && subject.test(subjectOf(message.raw)));
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no mail to ${to} within ${timeoutMs} ms (received ${this.messages.length})`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 250));
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}

/**
 * Every mail's subject but a notice's: the mails the server sends on its own after something
 * happened to an account (a new browser, a passkey added, a password changed or set, Google
 * unlinked), in English, in either brand. They are delivered in the background, and may arrive
 * after a test's mark and before the link it asked for; a test that waits for one names it.
 */
const NOTICES = [
  english.mail.newSignIn,
  english.mail.passkeyAdded,
  english.mail.passwordChanged,
  english.mail.passwordSet,
  english.mail.googleUnlinked,
].flatMap(({ subject }) => BRANDS.map((brand) => subject(brand.name).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
const ANY_BUT_NOTICES = new RegExp(`^(?!(?:${NOTICES.join("|")})$)`);

/** The Subject header of a raw mail, unfolded and its encoded words (RFC 2047) decoded: "Ihr Anmeldelink für DS One". */
export function subjectOf(raw: string): string {
  const headers = raw.split(/\r?\n\r?\n/, 1)[0] ?? "";
  const folded = headers.match(/^Subject:[ \t]*(.*(?:\r?\n[ \t].*)*)/im)?.[1] ?? "";
  return folded
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/\r?\n[ \t]/g, " ")
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toLowerCase() === "b"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(quotedPrintableBytes(text.replace(/_/g, " "))).toString("utf8"),
    )
    .trim();
}

/** The bytes of quoted-printable text (soft line breaks removed). */
function quotedPrintableBytes(text: string): number[] {
  const bytes: number[] = [];
  const unbroken = text.replace(/=\r?\n/g, "");
  for (let index = 0; index < unbroken.length; index++) {
    const hex = unbroken.slice(index + 1, index + 3);
    if (unbroken[index] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else bytes.push(...Buffer.from(unbroken[index] as string, "utf8"));
  }
  return bytes;
}

/** A received mail's text part, decoded (quoted-printable or base64, UTF-8), as the customer reads it. */
export function textOf(mail: ReceivedMail): string {
  const part = mail.raw.match(/Content-Type: text\/plain[\s\S]*?\r?\n\r?\n([\s\S]*?)(?:\r?\n--|$)/i);
  if (!part) throw new Error("no text part in the mail");
  const headers = mail.raw.slice(0, (part.index ?? 0) + part[0].indexOf(part[1] ?? ""));
  const encoding = headers.match(/Content-Transfer-Encoding:\s*(\S+)\s*$/im)?.[1]?.toLowerCase();
  const body = part[1] ?? "";
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") return Buffer.from(quotedPrintableBytes(body)).toString("utf8");
  return body;
}

/** The Message-ID header of a raw mail. */
export function messageIdOf(raw: string): string | undefined {
  return raw.match(/^Message-ID:\s*(<[^>\r\n]+>)/im)?.[1];
}

/** The first link to `path` in a received mail's text part (quoted-printable soft breaks undone). */
export function linkIn(mail: ReceivedMail, path: string): string {
  const text = mail.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const match = text.match(new RegExp(`https?://[^\\s"<>]*${path.replace(/[/?]/g, "\\$&")}[^\\s"<>]*`));
  if (!match) throw new Error(`no ${path} link in the mail`);
  return match[0];
}

/** The first six digits a received mail writes as "123 456" (a confirmation code), joined. */
export function sixDigitsIn(mail: ReceivedMail): string {
  const found = mail.raw.match(/(\d{3}) (\d{3})/);
  if (!found) throw new Error("no six-digit code in the mail");
  return `${found[1]}${found[2]}`;
}

/** The six-digit sign-in code in a received access-link mail's text (quoted-printable soft breaks undone). */
export function codeIn(mail: ReceivedMail): string {
  const text = mail.raw.replace(/=\r?\n/g, "").replace(/\s+/g, " ");
  const found = text.match(/type this code instead \(it works for 10 minutes\): (\d{3}) (\d{3})/);
  if (!found) throw new Error("no sign-in code in the mail");
  return `${found[1]}${found[2]}`;
}
