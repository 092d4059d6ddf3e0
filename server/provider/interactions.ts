import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { languageForList } from "../../common/languages.ts";
import { AUTHORIZE_CALLBACK_PATH } from "../auth/kernel/return-url.ts";
import { endSession } from "../auth/kernel/sessions.ts";
import type { AppContext } from "../base/context.ts";
import { AppError } from "../base/errors.ts";
import { escapeHtml } from "../base/escape-html.ts";
import { callerOf } from "../http/caller.ts";
import { sendPlainPage } from "../http/html.ts";
import { requestLanguage } from "../http/language.ts";
import { serverStrings } from "../i18n/index.ts";
import { kyselyAdapter } from "./adapter.ts";
import { type AppSession, appSession } from "./app-session.ts";
import { clientBrand } from "./clients.ts";
import type { OidcService } from "./service.ts";

/**
 * The provider's idea of the scheme (its cookies' Secure flag) and of its own address follow
 * PUBLIC_URL, and its client address is the one Fastify resolved under TRUST_PROXY: no header a
 * client sends decides any of them. Its own address is what a DPoP proof's htu must name: an
 * instance reached under another host (a load balancer that rewrites Host) still takes a proof
 * made for PUBLIC_URL, and never one made for the host it was reached by.
 */
export function resolvedByFastify(request: FastifyRequest, config: AppContext["config"]): void {
  const publicUrl = new URL(config.publicUrl);
  request.raw.headers["x-forwarded-proto"] = publicUrl.protocol.slice(0, -1);
  request.raw.headers["x-forwarded-host"] = publicUrl.host;
  request.raw.headers["x-forwarded-for"] = request.ip;
}

type InteractionLike = {
  uid: string;
  iat?: number;
  params: Record<string, unknown>;
  prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
  session?: { accountId?: string };
  grantId?: string;
  exp: number;
};

/** When an authorization sent the customer to sign in: a session must be newer than that. */
type LoginRequests = InstanceType<ReturnType<typeof kyselyAdapter>>;

/**
 * The authorization callback that joins the provider to our screens: where the provider sends a
 * customer who must sign in, and where the sign-in comes back to finish the authorization.
 */
export function interactionRoutes(app: FastifyInstance, context: AppContext, oidc: OidcService): void {
  const loginRequests: LoginRequests = new (kyselyAdapter(context.db))("LoginRequest");

  app.get<{ Querystring: { uid?: string } }>(AUTHORIZE_CALLBACK_PATH, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const interaction = await thisBrowsersInteraction(context, oidc, request, reply);
    if (!interaction) return sendExpired(request, reply);

    let result: Record<string, unknown>;
    if (interaction.prompt.name === "login") {
      const session = await appSession(context.db, context.config, request.headers.cookie);
      const sentToLogin = (await loginRequests.find(interaction.uid)) as { at: number } | undefined;
      if (!session || !freshEnoughFor(interaction, session, sentToLogin?.at))
        return sendToSignIn(context, loginRequests, interaction, session, request, reply);
      result = {
        login: {
          accountId: session.accountId,
          ts: Math.floor(session.signedInAt / 1000),
          remember: true,
          ...(session.amr ? { amr: session.amr } : {}),
        },
      };
    } else if (interaction.prompt.name === "consent") {
      result = { consent: { grantId: await grantRequestedScopes(oidc, interaction) } };
    } else {
      throw new AppError("BAD_REQUEST");
    }
    return reply.redirect(await (await oidc.provider()).interactionResult(request.raw, reply.raw, result), 303);
  });
}

/**
 * The pending authorization the address names, when it is this browser's: the provider's signed
 * interaction cookie must name the same one. Another browser's (a link someone was sent) is
 * treated as expired, and so cannot end or finish anybody's sign-in.
 */
async function thisBrowsersInteraction(
  { config }: AppContext,
  oidc: OidcService,
  request: FastifyRequest<{ Querystring: { uid?: string } }>,
  reply: FastifyReply,
) {
  const uid = request.query.uid;
  if (typeof uid !== "string" || uid.length === 0 || uid.length > 64) return undefined;
  resolvedByFastify(request, config);
  try {
    const interaction = (await (await oidc.provider()).interactionDetails(request.raw, reply.raw)) as unknown as InteractionLike;
    return interaction.uid === uid ? interaction : undefined;
  } catch (error) {
    if (error instanceof (await import("oidc-provider")).errors.SessionNotFound) return undefined;
    throw error;
  }
}

function sendExpired(request: FastifyRequest, reply: FastifyReply) {
  const language = requestLanguage(request);
  const words = serverStrings(language).pages;
  return sendPlainPage(
    reply,
    words.signInExpiredTitle,
    `<h1>${escapeHtml(words.signInExpiredHeading)}</h1><p>${escapeHtml(words.signInExpiredText)}</p>`,
    400,
    language,
  );
}

/**
 * prompt=login, max_age or another account: the customer signs in again, on a form that only
 * shows without a session. Only this browser's own interaction gets this far.
 */
async function sendToSignIn(
  { db, config }: AppContext,
  loginRequests: LoginRequests,
  interaction: InteractionLike,
  session: AppSession | undefined,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { uid } = interaction;
  if (session) await endSession(db, config, callerOf(request, reply), { providerSession: false });
  await loginRequests.upsert(uid, { at: Date.now() }, Math.max(1, interaction.exp - Math.floor(Date.now() / 1000)));
  const brand = await clientBrand(db, interaction.params.client_id);
  const returnUrl = `${AUTHORIZE_CALLBACK_PATH}?uid=${encodeURIComponent(uid)}`;
  const hint = typeof interaction.params.login_hint === "string" ? `&email=${encodeURIComponent(interaction.params.login_hint)}` : "";
  // The app's language (a desktop agent passes its computer's): the login, and every screen
  // after it, speak it, as a `lang` parameter the screens keep.
  const uiLanguage = languageForList(typeof interaction.params.ui_locales === "string" ? interaction.params.ui_locales : null);
  const lang = uiLanguage ? `&lang=${uiLanguage}` : "";
  return reply.redirect(`${brand.paths.emailLogin}?ReturnUrl=${encodeURIComponent(returnUrl)}${hint}${lang}`, 303);
}

/** First-party clients get what they ask for: there is no consent screen. */
async function grantRequestedScopes(oidc: OidcService, interaction: InteractionLike): Promise<string> {
  const { Grant } = await oidc.provider();
  const grant =
    (interaction.grantId ? await Grant.find(interaction.grantId) : undefined) ??
    new Grant({ accountId: interaction.session?.accountId as string, clientId: interaction.params.client_id as string });
  const details = interaction.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
  if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(" "));
  if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
  return grant.save();
}

/**
 * Whether this session is recent enough for the request (prompt=login, max_age, id_token_hint).
 * A fresh sign-in is one after we sent the customer to sign in; before that, one after the
 * request's second (its iat has no finer grain), so an earlier sign-in never counts as fresh.
 */
function freshEnoughFor(interaction: InteractionLike, session: AppSession, sentToLoginAt: number | undefined): boolean {
  // Signed in after this very request sent the customer to do so: fresh by definition, however
  // long the sign-in took (max_age counts up to the request, not through the sign-in).
  if (sentToLoginAt !== undefined && session.signedInAt > sentToLoginAt) return true;
  const reasons = interaction.prompt.reasons;
  const freshAfter = sentToLoginAt ?? ((interaction.iat ?? 0) + 1) * 1000;
  if ((reasons.includes("login_prompt") || reasons.includes("id_token_hint")) && session.signedInAt <= freshAfter) return false;
  const maxAge = Number(interaction.params.max_age);
  if (interaction.params.max_age !== undefined && Number.isFinite(maxAge) && session.signedInAt < Date.now() - maxAge * 1000) return false;
  return true;
}
