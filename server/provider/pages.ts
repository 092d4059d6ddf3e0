import type { KoaContextWithOIDC } from "oidc-provider";
import { LANGUAGE_COOKIE, type Language } from "../../common/languages.ts";
import type { Config } from "../base/config.ts";
import { escapeHtml } from "../base/escape-html.ts";
import type { Db } from "../db/database.ts";
import { plainPage } from "../http/html.ts";
import { languageOf } from "../http/language.ts";
import { serverStrings } from "../i18n/index.ts";
import { appSession } from "./app-session.ts";
import { brandOfClient } from "./clients.ts";

/**
 * The provider's error page in the customer's language: the OAuth error and its description (as
 * the provider words them, for the app's developer) between our own sentences.
 */
export function signInErrorPage(language: Language, error: string, description: string): string {
  const words = serverStrings(language).pages;
  return plainPage(
    words.signInErrorTitle,
    `<h1>${escapeHtml(words.signInErrorHeading)}</h1><p><strong>${escapeHtml(error)}</strong>: ${escapeHtml(
      description,
    )}</p><p>${escapeHtml(words.signInErrorRetry)}</p>`,
    language,
  );
}

/** The language of a request the provider answers itself: its ui_locales, then as for any page. */
export function providerLanguage(ctx: KoaContextWithOIDC): Language {
  return languageOf(ctx.url, ctx.req.headers, ctx.cookies.get(LANGUAGE_COOKIE), ctx.oidc?.params?.ui_locales);
}

/**
 * The provider's logout page. An app of ours that names the customer signed in here (an
 * id_token_hint whose subject is our session's account; the provider has checked its signature
 * and audience, not its expiry) logs them out at once: the form is posted by a same-origin
 * script. Anything else (a link on another site, a bare address, a hint naming anyone else, the
 * attacker's own token say) only asks: a page elsewhere cannot sign a customer out by sending
 * them here, only the customer's own post of the form from this page can.
 */
export async function logoutPage(db: Db, config: Config, ctx: KoaContextWithOIDC, form: string): Promise<void> {
  const brand = brandOfClient(ctx.oidc.client as never);
  const postLogout = ctx.oidc.params?.post_logout_redirect_uri;
  const postLogoutOrigin = typeof postLogout === "string" && URL.canParse(postLogout) ? new URL(postLogout).origin : "";
  const afterLogoutOrigin = new URL(config.links[brand.afterLogout.link]).origin;
  const hinted = (ctx.oidc.entities.IdTokenHint as { payload?: { sub?: unknown } } | undefined)?.payload?.sub;
  const signedIn =
    typeof hinted === "string" && ctx.oidc.client !== undefined ? await appSession(db, config, ctx.get("cookie")) : undefined;
  const fromOurApp = signedIn !== undefined && signedIn.accountId === hinted;
  ctx.type = "html";
  // Browsers check form-action on the redirect that follows the post, so the post-logout
  // address's origin is allowed.
  ctx.set(
    "content-security-policy",
    `default-src 'none'; script-src 'self'; style-src 'self'; form-action 'self' ${postLogoutOrigin} ${afterLogoutOrigin}; base-uri 'none'; frame-ancestors 'none'`.replace(
      / +/g,
      " ",
    ),
  );
  ctx.set("cache-control", "no-store");
  const language = providerLanguage(ctx);
  const words = serverStrings(language).pages;
  const confirm = form.replace("</form>", '<input type="hidden" name="logout" value="yes"></form>');
  const button = `<button class="button" type="submit" form="op.logoutForm">${escapeHtml(words.logOut)}</button>`;
  ctx.body = plainPage(
    brand.name,
    fromOurApp
      ? `<h1>${escapeHtml(brand.name)}</h1><p>${escapeHtml(words.loggingOut)}</p>${confirm}
<noscript>${button}</noscript>
<script src="/connect/endsession.js"></script>`
      : `<h1>${escapeHtml(brand.name)}</h1><p>${escapeHtml(words.logoutQuestion)}</p>${confirm}${button}`,
    language,
  );
}

/** The form oidc-provider puts on its logout page: its confirmation, with this browser's xsrf. */
export function providerLogoutForm(oidc: KoaContextWithOIDC["oidc"]): string {
  const xsrf = String((oidc.session?.state as { secret?: unknown } | undefined)?.secret ?? "");
  return `<form id="op.logoutForm" method="post" action="${escapeHtml(oidc.urlFor("end_session_confirm"))}"><input type="hidden" name="xsrf" value="${escapeHtml(xsrf)}"/></form>`;
}
