import type { SendMailOptions } from "nodemailer";
import type MimeNode from "nodemailer/lib/mime-node";

/** The parts of nodemailer this uses. */
export interface Encoders {
  MailComposer: typeof import("nodemailer/lib/mail-composer").default;
  qp: typeof import("nodemailer/lib/qp");
  base64: typeof import("nodemailer/lib/base64");
}

/** What a mail is made of: who from and to, the subject, both bodies, its own Message-ID. */
export interface MailParts {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** The envelope sender (Return-Path), when it is not `from`: the mail's tagged bounce address. */
  envelopeFrom?: string;
}

/**
 * A mail as nodemailer's SMTP transport sends it ready-made: the message and its envelope.
 *
 * nodemailer's composer builds the message's tree (headers encoded, addresses parsed and put into
 * punycode, each body's transfer encoding chosen), and its own encoders encode the bodies. What this
 * leaves out is nodemailer's way of writing that tree out: a chain of streams per part, taken one
 * turn of the event loop at a time. For a mail of two short bodies that chain cost about half a
 * millisecond of CPU per mail, a third of delivering it
 * (docs/decisions/0063-mail-written-out-in-one-piece.md). The message written here is the one
 * nodemailer writes, byte for byte apart from the boundary and the date (test/mail-message.test.ts).
 */
export function readyMadeMail(encoders: Encoders, mail: MailParts): Pick<SendMailOptions, "envelope" | "raw"> {
  const { envelopeFrom, ...parts } = mail;
  const root = new encoders.MailComposer(parts).compile();
  const envelope = root.getEnvelope();
  return { envelope: envelopeFrom ? { ...envelope, from: envelopeFrom } : envelope, raw: writeOut(encoders, root) };
}

/** The part and those below it, as MimeNode.stream writes them with line breaks left as the bodies have them. */
function writeOut(encoders: Encoders, node: MimeNode): string {
  // buildHeaders decides the node's content type and multipart boundary, so it comes first.
  const headers = `${node.buildHeaders()}\r\n\r\n`;
  if (node.multipart) {
    const parts = node.childNodes.map((child) => `--${node.boundary}\r\n${writeOut(encoders, child)}`);
    return `${headers}${parts.join("\r\n")}\r\n--${node.boundary}--\r\n`;
  }
  const content = node.content;
  if (typeof content !== "string") throw new Error("a ready-made mail's parts are text");
  switch (node.getTransferEncoding()) {
    case "quoted-printable":
      return headers + encoders.qp.wrap(encoders.qp.encode(content), 76);
    case "base64":
      return headers + encoders.base64.wrap(encoders.base64.encode(content), 76);
    default:
      return headers + content;
  }
}

/** nodemailer's composer and encoders, loaded with the first mail (a start sends none). */
export async function loadEncoders(): Promise<Encoders> {
  const [{ default: MailComposer }, qp, base64] = await Promise.all([
    import("nodemailer/lib/mail-composer"),
    import("nodemailer/lib/qp"),
    import("nodemailer/lib/base64"),
  ]);
  return { MailComposer, qp, base64 };
}
