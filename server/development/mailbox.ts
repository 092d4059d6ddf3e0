import type { FastifyInstance } from "fastify";
import type { AppContext } from "../base/context.ts";
import { AppError } from "../base/errors.ts";
import { escapeHtml } from "../base/escape-html.ts";
import { sendPlainPage } from "../http/html.ts";
import { registerLocalOnly } from "../http/local-only.ts";
import { bodyContext, MailBodyError, mailKeysFor } from "../mail/body-encryption.ts";
import { unsentMail } from "../mail/outbox.ts";

const LINK = /(https?:\/\/[^\s<>"]+)/g;

/** Text with its web addresses made clickable, everything else escaped. */
function linkify(text: string): string {
  return text
    .split(LINK)
    .map((part, index) => (index % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part)))
    .join("");
}

function status(row: { failed_at: number | null; attempts: number }): string {
  if (row.failed_at !== null) return `gave up after ${row.attempts} attempts`;
  return row.attempts > 0 ? `waiting to retry (${row.attempts} failed)` : "queued";
}

/**
 * The development mailbox (/dev/mailbox): the mail delivered to it, newest first, readable in the
 * browser, and what the outbox still holds. Registered only outside production without SMTP_URL,
 * and it answers only this machine: a server started without NODE_ENV=production on a public
 * interface must not hand out sign-in links.
 */
export async function devMailboxRoutes(app: FastifyInstance, { db, config }: AppContext): Promise<void> {
  const keys = mailKeysFor(config);
  /** A stored body, decrypted; a mail sealed with a key since replaced says so instead. */
  const open = (row: { id: string; to_address: string }, envelope: string, part: "text" | "html"): string => {
    try {
      return keys.open(envelope, bodyContext("dev_mailbox", row, part));
    } catch (error) {
      if (!(error instanceof MailBodyError)) throw error;
      return `(This mail cannot be shown: ${error.message}.)`;
    }
  };
  await registerLocalOnly(app, (scope) => {
    scope.get("/dev/mailbox", async (_request, reply) => {
      const [mails, waiting] = await Promise.all([
        db.selectFrom("dev_mailbox").selectAll().orderBy("delivered_at", "desc").limit(100).execute(),
        unsentMail(db),
      ]);
      const items = mails
        .map(
          (row) => `<article class="mail">
<h2>${escapeHtml(row.subject)}</h2>
<p class="meta">To ${escapeHtml(row.to_address)} · from ${escapeHtml(row.from_address)} · ${new Date(row.delivered_at).toISOString()} · delivered · <a href="/dev/mailbox/${escapeHtml(row.id)}">HTML version</a></p>
<pre>${linkify(open(row, row.text_body, "text"))}</pre>
</article>`,
        )
        .join("\n");
      const pending = waiting
        .map(
          (row) =>
            `<li>To ${escapeHtml(row.to_address)}: ${escapeHtml(row.subject)} · ${new Date(row.created_at).toISOString()} · ${status(row)}</li>`,
        )
        .join("\n");
      const body = `<h1>Development mailbox</h1>
<p>Mail the account server has sent, newest first. It is kept here because no SMTP_URL is set; this page does not exist in production.</p>
${pending ? `<h2>Not delivered yet</h2><ul>${pending}</ul>` : ""}
${items || "<p>No mail yet. Ask for a sign-in link on the login page and reload this page.</p>"}`;
      return sendPlainPage(reply, "Development mailbox", body);
    });

    scope.get<{ Params: { id: string } }>("/dev/mailbox/:id", async (request, reply) => {
      const row = await db
        .selectFrom("dev_mailbox")
        .select(["id", "to_address", "html_body"])
        .where("id", "=", request.params.id)
        .executeTakeFirst();
      if (!row) throw new AppError("NOT_FOUND", "There is no such mail in the development mailbox.");
      // The mail's HTML is shown as a mail client would: no script, inline styles allowed.
      return reply
        .type("text/html; charset=utf-8")
        .header(
          "content-security-policy",
          "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox allow-popups allow-top-navigation-by-user-activation",
        )
        .header("referrer-policy", "no-referrer")
        .send(open(row, row.html_body, "html"));
    });
  });
}
