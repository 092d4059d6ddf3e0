import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.ts";
import { AppError } from "../errors.ts";
import { escapeHtml, sendPlainPage } from "../html.ts";

function isLoopback(ip: string): boolean {
  return ip === "::1" || ip.startsWith("127.") || ip.startsWith("::ffff:127.");
}

const LINK = /(https?:\/\/[^\s<>"]+)/g;

/** Text with its web addresses made clickable, everything else escaped. */
function linkify(text: string): string {
  return text
    .split(LINK)
    .map((part, index) => (index % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part)))
    .join("");
}

function status(row: { sent_at: number | null; failed_at: number | null; attempts: number }): string {
  if (row.sent_at !== null) return "delivered";
  if (row.failed_at !== null) return `gave up after ${row.attempts} attempts`;
  return row.attempts > 0 ? `waiting to retry (${row.attempts} failed)` : "queued";
}

/**
 * The development mailbox (/dev/mailbox): every mail in the outbox, newest first, readable in the
 * browser. Registered only outside production, and it answers only this machine: a server started
 * without NODE_ENV=production on a public interface must not hand out sign-in links.
 */
export function devMailboxRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.addHook("onRequest", async (request) => {
    if (request.url.startsWith("/dev/mailbox") && !isLoopback(request.ip)) {
      throw new AppError("NOT_FOUND");
    }
  });

  app.get("/dev/mailbox", async (_request, reply) => {
    const rows = await db.selectFrom("outbox").selectAll().orderBy("created_at", "desc").limit(100).execute();
    const items = rows
      .map(
        (row) => `<article class="mail">
<h2>${escapeHtml(row.subject)}</h2>
<p class="meta">To ${escapeHtml(row.to_address)} · from ${escapeHtml(row.from_address)} · ${new Date(row.created_at).toISOString()} · ${status(row)} · <a href="/dev/mailbox/${escapeHtml(row.id)}">HTML version</a></p>
<pre>${linkify(row.text_body)}</pre>
</article>`,
      )
      .join("\n");
    const body = `<h1>Development mailbox</h1>
<p>Mail the account server has sent, newest first. It is kept here because no SMTP_URL is set; this page does not exist in production.</p>
${items || "<p>No mail yet. Ask for a sign-in link on the login page and reload this page.</p>"}`;
    return sendPlainPage(reply, "Development mailbox", body);
  });

  app.get<{ Params: { id: string } }>("/dev/mailbox/:id", async (request, reply) => {
    const row = await db.selectFrom("outbox").select("html_body").where("id", "=", request.params.id).executeTakeFirst();
    if (!row) throw new AppError("NOT_FOUND", "There is no such mail in the development mailbox.");
    // The mail's HTML is shown as a mail client would: no script, inline styles allowed.
    return reply
      .type("text/html; charset=utf-8")
      .header(
        "content-security-policy",
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox allow-popups allow-top-navigation-by-user-activation",
      )
      .header("referrer-policy", "no-referrer")
      .send(row.html_body);
  });
}
