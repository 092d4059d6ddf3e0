import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { languageForList } from "../../common/languages.ts";
import { enforceLimits } from "../auth/kernel/rate-limit.ts";
import { AUTHORIZE_CALLBACK_PATH } from "../auth/kernel/return-url.ts";
import { endSession } from "../auth/kernel/sessions.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../errors.ts";
import { escapeHtml, sendPlainHtml, sendPlainPage } from "../html.ts";
import { serverStrings } from "../i18n/index.ts";
import { callerOf, clientAddress } from "../routes/caller.ts";
import { requestLanguage } from "../routes/language.ts";
import { kyselyAdapter } from "./adapter.ts";
import { type AppSession, appSession } from "./app-session.ts";
import { authorizationRequestProblem } from "./authorization-bounds.ts";
import { clientBrand } from "./clients.ts";
import { OIDC_ROUTES } from "./configuration.ts";
import { signInErrorPage } from "./pages.ts";
import type { OidcService } from "./service.ts";

/** Endpoints called by apps (often from another origin), never relying on the session cookie. */
export const OIDC_API_PATHS: readonly string[] = [
  OIDC_ROUTES.token,
  OIDC_ROUTES.userinfo,
  OIDC_ROUTES.revocation,
  OIDC_ROUTES.introspection,
];

/** Every address the provider answers, spelled as its clients are told (decision 25). */
const PROVIDER_PATHS: ReadonlySet<string> = new Set([
  ...Object.values(OIDC_ROUTES),
  `${OIDC_ROUTES.end_session}/confirm`,
  `${OIDC_ROUTES.end_session}/success`,
  "/.well-known/openid-configuration",
]);

/** Where the provider resumes an authorization after the sign-in: one segment, the interaction's uid. */
const RESUME_PREFIX = `${OIDC_ROUTES.authorization}/`;

/**
 * Whether the provider is reached by this path as spelled. Its router also takes other case and a
 * trailing slash (/connect/AUTHORIZE, /connect/token/), which the bounds and limits here would not
 * recognise: those spellings are refused before the provider sees them, so each endpoint has one.
 */
function providerSpelling(path: string): boolean {
  if (PROVIDER_PATHS.has(path)) return true;
  const uid = path.startsWith(RESUME_PREFIX) ? path.slice(RESUME_PREFIX.length) : "";
  return uid.length > 0 && !uid.includes("/");
}

/** Posts the provider's logout confirmation at once (pages carry no inline script). */
const LOGOUT_SCRIPT = 'document.getElementById("op.logoutForm")?.submit();\n';

/**
 * The provider's idea of the scheme (its cookies' Secure flag) and of its own address follow
 * PUBLIC_URL, and its client address is the one Fastify resolved under TRUST_PROXY: no header a
 * client sends decides any of them. Its own address is what a DPoP proof's htu must name: an
 * instance reached under another host (a load balancer that rewrites Host) still takes a proof
 * made for PUBLIC_URL, and never one made for the host it was reached by.
 */
function resolvedByFastify(request: FastifyRequest, config: AppContext["config"]): void {
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

/**
 * The OpenID Provider inside the Fastify server: the provider's own endpoints, handed the raw
 * request (its body unread), and the authorization callback that joins it to our screens.
 */
export function oidcRoutes(app: FastifyInstance, context: AppContext, oidc: OidcService): void {
  const { db, config } = context;
  /** When an authorization sent the customer to sign in: a session must be newer than that. */
  const loginRequests = new (kyselyAdapter(db))("LoginRequest");

  app.register(async (scope) => {
    // oidc-provider reads its own request bodies.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null));

    const toProvider = async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split("?")[0] ?? "";
      if (!providerSpelling(path)) throw new AppError("NOT_FOUND");
      if (request.method === "POST" && path === OIDC_ROUTES.token) {
        const refused = await tokenRateLimit(request);
        if (refused) return reply.code(429).headers(refused.headers).send(refused.body);
      }
      if (path === OIDC_ROUTES.authorization) {
        const refused = await authorizationRefusal(request);
        if (refused) {
          return sendPlainHtml(
            reply.headers(refused.headers),
            signInErrorPage(requestLanguage(request), refused.error, refused.description),
            refused.status,
          );
        }
      }
      // Started before the answer is handed over: a provider that cannot start is an error Fastify
      // still answers, not a request left hanging.
      await oidc.start();
      resolvedByFastify(request, config);
      // Headers set by the app's hooks (nosniff, frame options…) go on the provider's answers too.
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
      reply.hijack();
      await oidc.handle(request.raw, reply.raw);
    };
    scope.all("/connect/*", toProvider);
    scope.all("/.well-known/openid-configuration", toProvider);
    scope.all("/.well-known/openid-configuration/*", toProvider);
  });

  app.get("/connect/endsession.js", (_request, reply) =>
    reply.type("text/javascript; charset=utf-8").header("cache-control", "public, max-age=3600").send(LOGOUT_SCRIPT),
  );

  app.get<{ Querystring: { uid?: string } }>(AUTHORIZE_CALLBACK_PATH, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const interaction = await thisBrowsersInteraction(request, reply);
    if (!interaction) {
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
    const { uid } = interaction;

    let result: Record<string, unknown>;
    if (interaction.prompt.name === "login") {
      const session = await appSession(db, config, request.headers.cookie);
      const sentToLogin = (await loginRequests.find(uid)) as { at: number } | undefined;
      if (!session || !freshEnoughFor(interaction, session, sentToLogin?.at)) {
        // prompt=login, max_age or another account: the customer signs in again, on a form that
        // only shows without a session. Only this browser's own interaction gets this far.
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
      result = {
        login: {
          accountId: session.accountId,
          ts: Math.floor(session.signedInAt / 1000),
          remember: true,
          ...(session.amr ? { amr: session.amr } : {}),
        },
      };
    } else if (interaction.prompt.name === "consent") {
      result = { consent: { grantId: await grantRequestedScopes(interaction) } };
    } else {
      throw new AppError("BAD_REQUEST");
    }
    return reply.redirect(await (await oidc.provider()).interactionResult(request.raw, reply.raw, result), 303);
  });

  /**
   * The pending authorization the address names, when it is this browser's: the provider's signed
   * interaction cookie must name the same one. Another browser's (a link someone was sent) is
   * treated as expired, and so cannot end or finish anybody's sign-in.
   */
  async function thisBrowsersInteraction(request: FastifyRequest<{ Querystring: { uid?: string } }>, reply: FastifyReply) {
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

  /** First-party clients get what they ask for: there is no consent screen. */
  async function grantRequestedScopes(interaction: InteractionLike): Promise<string> {
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
   * An authorization request over its bounds, or from an address over AUTHORIZE_LIMIT_PER_IP, is
   * answered here and stores nothing. The limit's window is as long as a pending authorization
   * lives, so it also bounds what one address can keep pending.
   */
  async function authorizationRefusal(request: FastifyRequest) {
    // A form posted without its length (chunked) could be any size: it counts as too long.
    const declared = request.headers["content-length"] ?? (request.method === "POST" ? "Infinity" : "0");
    const problem = authorizationRequestProblem(request.url, Number(declared));
    if (problem) return { status: 400, headers: {}, error: "invalid_request", description: problem };
    try {
      await enforceLimits(db, config, [["oidcAuthorizePerIp", clientAddress(request)]], "sign-in requests");
      return undefined;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return { status: 429, headers: error.headers, error: "temporarily_unavailable", description: error.message };
    }
  }

  async function tokenRateLimit(request: FastifyRequest) {
    try {
      await enforceLimits(db, config, [["oidcTokenPerIp", clientAddress(request)]], "token requests");
      return undefined;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return { headers: error.headers, body: { error: "temporarily_unavailable", error_description: error.message } };
    }
  }
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
