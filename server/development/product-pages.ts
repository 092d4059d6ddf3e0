import type { FastifyInstance } from "fastify";
import { dsone, maverick } from "../../common/brands/index.ts";
import { DSONE_PRODUCT_ID, PRODUCTS } from "../../common/products.ts";
import { currentAccount, endSession, productStanding } from "../auth/kernel/sessions.ts";
import type { AppContext } from "../base/context.ts";
import { AppError } from "../base/errors.ts";
import { escapeHtml } from "../base/escape-html.ts";
import { callerOf } from "../http/caller.ts";
import { sendPlainPage } from "../http/html.ts";

// Maps, not object literals: a key from the URL ("__proto__", "constructor") must find nothing.
const PAGES = new Map([
  ["ui", "web app"],
  ["my-account", "my-account page"],
  ["logged-out", "logged-out page"],
  ["sign-up", "sign-up page"],
  ["cart", "cart (create an account)"],
]);

const BRANDS = new Map([
  ["dsone", { name: PRODUCTS.dsone.name, productId: DSONE_PRODUCT_ID, login: dsone.paths.emailLogin, account: dsone.paths.account }],
  // Maverick Safe's login only checks the session and otherwise sends visitors to sign up; its
  // stand-ins sign in with an emailed link instead.
  [
    "maverick",
    { name: PRODUCTS.maverick.name, productId: PRODUCTS.maverick.id, login: maverick.paths.emailLogin, account: maverick.paths.account },
  ],
]);

/**
 * Stand-ins for the products' own sites (their web UI, my-account, logout, sign-up and cart
 * addresses), so that outside production every redirect lands somewhere that works. Each shows who
 * is signed in and starts a sign-in that returns to it. Registered only outside production.
 */
export function demoRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  app.get<{ Params: { brand: string; page: string } }>("/demo/:brand/:page", async (request, reply) => {
    const brand = BRANDS.get(request.params.brand);
    const role = PAGES.get(request.params.page);
    if (!brand || !role) throw new AppError("NOT_FOUND", "There is no such stand-in page.");
    const here = `${config.publicUrl}/demo/${request.params.brand}/${request.params.page}`;
    const account = await currentAccount(db, config, callerOf(request, reply));
    let who = `<p>Nobody is signed in.</p>
<p><a class="button" href="${escapeHtml(`${brand.login}?ReturnUrl=${encodeURIComponent(here)}`)}">Sign in to ${escapeHtml(brand.name)}</a></p>`;
    if (account) {
      const standing = await productStanding(db, account.accountId, brand.productId);
      who = `<p>Signed in as <strong>${escapeHtml(account.email)}</strong>${account.name ? ` (${escapeHtml(account.name)})` : ""}.</p>
<p>${escapeHtml(brand.name)} license: ${escapeHtml(standing.licenseState || "none")}${standing.uuid ? ` · device ${escapeHtml(standing.uuid)}` : ""}</p>
<p><a class="button" href="${escapeHtml(brand.account)}">Your account: sign-ins, activity, your data</a></p>
<form method="post" action="/demo/sign-out"><input type="hidden" name="back" value="${escapeHtml(here)}"><button class="button" type="submit">Sign out</button></form>`;
    }
    const body = `<p class="note">Stand-in page for development. In production this address is the product's own site.</p>
<h1>${escapeHtml(brand.name)} ${escapeHtml(role)}</h1>
${who}
<p><a href="/dev/mailbox">Development mailbox</a></p>`;
    return sendPlainPage(reply, `${brand.name} ${role}`, body);
  });

  app.get<{ Params: { "*": string } }>("/demo/installer/*", async (request, reply) => {
    const channel = request.params["*"].replace(/^api\/download\//, "");
    const body = `<p class="note">Stand-in page for development. In production this address is the installer host.</p>
<h1>Installer download</h1><p>The installer for channel <strong>${escapeHtml(channel || "(none)")}</strong> would download here.</p>`;
    return sendPlainPage(reply, "Installer download", body);
  });

  app.get<{ Params: { page: string } }>("/demo/legal/:page", async (request, reply) => {
    const title = request.params.page.replace(/-/g, " ");
    const body = `<p class="note">Stand-in page for development. In production this address is the product's own document.</p><h1>${escapeHtml(title)}</h1>`;
    return sendPlainPage(reply, title, body);
  });

  app.post<{ Body: { back?: string } }>("/demo/sign-out", async (request, reply) => {
    await endSession(db, config, callerOf(request, reply));
    const back =
      typeof request.body?.back === "string" && request.body.back.startsWith(`${config.publicUrl}/demo/`)
        ? request.body.back
        : "/demo/dsone/ui";
    return reply.redirect(back, 303);
  });
}
