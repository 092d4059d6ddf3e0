import type { FastifyInstance } from "fastify";
import { brandById } from "../../common/brands/index.ts";
import type { AppContext } from "../context.ts";
import { escapeHtml, sendPlainPage } from "../html.ts";

/**
 * GET /external/login?provider=…&product=dsone|maverick&…: the start of social sign-in (SPEC
 * section 7, Navigations). The OpenID Connect exchange with Google is not part of this server yet,
 * so the page says so plainly and offers the email sign-in with the customer's query.
 */
export function externalLoginRoutes(app: FastifyInstance, _context: AppContext): void {
  app.get("/external/login", async (request, reply) => {
    const query = new URLSearchParams(request.url.split("?")[1] ?? "");
    const brand = brandById(query.get("product"));
    const provider = query.get("provider") || "this provider";
    query.delete("provider");
    query.delete("product");
    // Back to the same sign-in, so the ReturnUrl it was started with still applies.
    const rest = query.toString();
    // Each brand's sign-in with an emailed link: the one the page below promises.
    const back = `${brand.paths.emailLogin}${rest ? `?${rest}` : ""}`;
    const body = `<h1>Sign-in with ${escapeHtml(provider)} is not available</h1>
<p>This server cannot sign you in with a social account yet. Please sign in with your email address: we will send you a personal access link.</p>
<p><a class="button" href="${escapeHtml(back)}">Sign in with email</a></p>`;
    return sendPlainPage(reply, "Social sign-in is not available", body, 501);
  });
}
