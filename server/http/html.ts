import type { FastifyReply } from "fastify";
import { DEFAULT_LANGUAGE, directionOf, type Language } from "../../common/languages.ts";
import { escapeHtml } from "../base/escape-html.ts";

/**
 * A small server-rendered page (development mailbox, stand-in product pages, plain error pages).
 * No script; styles from one stylesheet, so PLAIN_PAGE_CSP holds.
 */
export function plainPage(title: string, body: string, language: Language = DEFAULT_LANGUAGE): string {
  return `<!doctype html>
<html lang="${language}" dir="${directionOf(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="stylesheet" href="/plain.css"></head>
<body><main>${body}</main></body></html>`;
}

/** The CSP of server-rendered pages: nothing runs, styles come from /plain.css, forms post here. */
const PLAIN_PAGE_CSP = "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

export function sendPlainPage(
  reply: FastifyReply,
  title: string,
  body: string,
  status = 200,
  language: Language = DEFAULT_LANGUAGE,
): FastifyReply {
  return sendPlainHtml(reply, plainPage(title, body, language), status);
}

/** A page plainPage made, with the headers every such page is sent with. */
export function sendPlainHtml(reply: FastifyReply, html: string, status = 200): FastifyReply {
  return reply
    .code(status)
    .type("text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .header("content-security-policy", PLAIN_PAGE_CSP)
    .header("referrer-policy", "no-referrer")
    .send(html);
}
