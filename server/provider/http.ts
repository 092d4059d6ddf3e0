import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { enforceLimits } from "../auth/kernel/rate-limit.ts";
import type { AppContext } from "../base/context.ts";
import { AppError } from "../base/errors.ts";
import { clientAddress } from "../http/caller.ts";
import { sendPlainHtml } from "../http/html.ts";
import { requestLanguage } from "../http/language.ts";
import { authorizationRequestProblem } from "./authorization-bounds.ts";
import { OIDC_ROUTES } from "./configuration.ts";
import { interactionRoutes, resolvedByFastify } from "./interactions.ts";
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
 * The OpenID Provider inside the Fastify server: the provider's own endpoints, handed the raw
 * request (its body unread), each spelling checked and its limits applied first, and the
 * authorization callback that joins it to our screens (interactions.ts).
 */
export function oidcRoutes(app: FastifyInstance, context: AppContext, oidc: OidcService): void {
  app.register(async (scope) => {
    // oidc-provider reads its own request bodies.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null));

    const toProvider = async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split("?")[0] ?? "";
      if (!providerSpelling(path)) throw new AppError("NOT_FOUND");
      if (request.method === "POST" && path === OIDC_ROUTES.token) {
        const refused = await tokenRateLimit(context, request);
        if (refused) return reply.code(429).headers(refused.headers).send(refused.body);
      }
      if (path === OIDC_ROUTES.authorization) {
        const refused = await authorizationRefusal(context, request);
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
      resolvedByFastify(request, context.config);
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

  interactionRoutes(app, context, oidc);
}

/**
 * An authorization request over its bounds, or from an address over AUTHORIZE_LIMIT_PER_IP, is
 * answered here and stores nothing. The limit's window is as long as a pending authorization
 * lives, so it also bounds what one address can keep pending.
 */
async function authorizationRefusal({ db, config }: AppContext, request: FastifyRequest) {
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

async function tokenRateLimit({ db, config }: AppContext, request: FastifyRequest) {
  try {
    await enforceLimits(db, config, [["oidcTokenPerIp", clientAddress(request)]], "token requests");
    return undefined;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { headers: error.headers, body: { error: "temporarily_unavailable", error_description: error.message } };
  }
}
