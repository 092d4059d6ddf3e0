import { readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyFormbody from "@fastify/formbody";
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { redactUrl } from "../common/redact.ts";
import { accessLinkRoutes } from "./auth/access-link/http.ts";
import { emailChangeRoutes } from "./auth/account/email-change/http.ts";
import { accountDeletionRoutes, meRoutes, sessionRoutes } from "./auth/account/http.ts";
import { autoLoginRoutes, maverickRoutes } from "./auth/desktop/http.ts";
import { accountRoutes, notificationRoutes } from "./auth/earlier/http.ts";
import { googleRoutes } from "./auth/google/http.ts";
import { announceNewBrowsersWith } from "./auth/kernel/known-origins.ts";
import { microsoftRoutes } from "./auth/microsoft/http.ts";
import { notMeRoutes } from "./auth/not-me/http.ts";
import { announceNewBrowser } from "./auth/not-me/new-sign-in-mail.ts";
import { passkeyRoutes, passkeyWellKnownRoutes } from "./auth/passkey/http.ts";
import { passwordRoutes } from "./auth/password/http.ts";
import { adminRoutes, supportRoutes } from "./auth/support/http.ts";
import type { AppContext } from "./base/context.ts";
import { AppError, ERRORS } from "./base/errors.ts";
import { capLogoutQueue } from "./db/logout-deliveries.ts";
import { clientAddress } from "./http/caller.ts";
import { compressAnswers } from "./http/compression.ts";
import { requestLanguage } from "./http/language.ts";
import { baseHeaders } from "./http/security-headers.ts";
import { logoutAddressRule } from "./provider/clients.ts";
import { OIDC_API_PATHS, oidcRoutes } from "./provider/http.ts";
import { LogoutDeliveryWorker } from "./provider/logout-delivery.ts";
import { OidcService } from "./provider/service.ts";
import { homeRoutes } from "./site/home.ts";
import { spaRoutes } from "./site/spa.ts";
import { metricsRoutes, telemetryRoutes } from "./telemetry/http.ts";
import { measureRequests } from "./telemetry/http-metrics.ts";

const PLAIN_CSS = readFileSync(join(import.meta.dirname, "site", "plain.css"), "utf8");

/** Requests larger than this are refused: no sign-in form needs more. */
const BODY_LIMIT = 16 * 1024;

declare module "fastify" {
  interface FastifyInstance {
    /** The OpenID Provider (server/oidc). */
    oidc: OidcService;
    logoutDeliveries: LogoutDeliveryWorker;
  }
}

export interface AppOptions {
  /** Serve the built web app (off in API-only tests). */
  serveWebApp?: boolean;
  webBuildDir?: string;
  logger?: boolean;
}

export async function buildApp(context: AppContext, options: AppOptions = {}): Promise<FastifyInstance> {
  const { config } = context;
  const app = Fastify({
    bodyLimit: BODY_LIMIT,
    // A number of proxies becomes "believe that many hops" (hop 0 is the closest one).
    trustProxy: typeof config.trustProxy === "number" ? trustHops(config.trustProxy) : config.trustProxy,
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            // Request URLs can carry tokens and email addresses: they are logged redacted.
            serializers: {
              req: (request) => ({ method: request.method, url: redactUrl(request.url), remoteAddress: clientAddress(request) }),
            },
          },
  });

  await app.register(fastifyCookie);
  await app.register(fastifyFormbody, { bodyLimit: BODY_LIMIT });

  measureRequests(app, context.telemetry, context.config.publicUrl);
  // After the metrics hook, which reads the answers before they are compressed.
  await compressAnswers(app);
  const headers = baseHeaders(config);
  app.addHook("onRequest", async (request, reply) => {
    reply.headers(headers);
    // Cross-site form posts would carry the session cookie; JSON posts are already stopped by CORS
    // preflight, form posts are stopped here.
    // The OpenID endpoints apps call from their own origin use no cookie: they are exempt.
    if (
      request.method !== "GET" &&
      request.method !== "HEAD" &&
      request.method !== "OPTIONS" &&
      !OIDC_API_PATHS.includes(request.url.split("?")[0] as string)
    ) {
      const origin = request.headers.origin;
      if (origin !== undefined && origin !== config.publicUrl) throw new AppError("CROSS_SITE_REQUEST");
    }
  });

  app.setErrorHandler(answerError);

  app.get("/plain.css", (_request, reply) =>
    reply.type("text/css; charset=utf-8").header("cache-control", "public, max-age=3600").send(PLAIN_CSS),
  );
  app.get("/healthz", async () => ({ ok: true }));

  sessionRoutes(app, context);
  meRoutes(app, context);
  emailChangeRoutes(app, context);
  passkeyRoutes(app, context);
  // Every sign-in on a new browser is announced by the "This wasn't me" room (known-origins.ts).
  announceNewBrowsersWith(announceNewBrowser);
  notMeRoutes(app, context);
  passkeyWellKnownRoutes(app, context);
  accountDeletionRoutes(app, context);
  supportRoutes(app, context);
  accessLinkRoutes(app, context);
  passwordRoutes(app, context);
  autoLoginRoutes(app, context);
  maverickRoutes(app, context);
  notificationRoutes(app, context);
  accountRoutes(app, context);
  homeRoutes(app, context);
  telemetryRoutes(app, context);
  adminRoutes(app, context);
  metricsRoutes(app, context, { requireToken: true });
  const google = config.google;
  if (google?.standIn) {
    // Outside production, a Google of our own (server/development/): loaded only when it runs, as
    // the provider and its framework cost a server start ~0.4 s.
    void app.register(async (scope) => (await import("./development/google-stand-in.ts")).googleStandInRoutes(scope, google));
  }
  googleRoutes(app, context);
  const microsoft = config.microsoft;
  if (microsoft?.standIn) {
    void app.register(async (scope) => (await import("./development/microsoft-stand-in.ts")).microsoftStandInRoutes(scope, microsoft));
  }
  microsoftRoutes(app, context);
  const oidc = new OidcService(context.db, config, (error) => app.log.warn({ err: error }, "reloading the OpenID Provider's keys failed"));
  oidc.hooks.onDpopRefusal = (reason) => context.telemetry.metrics.dpopRefusals.inc({ reason });
  app.decorate("oidc", oidc);
  app.addHook("onClose", async () => oidc.stop());
  // Logout tokens go out from every instance, off the request path (decision 66), each app's
  // queue and share of the instance bounded (decision 79).
  capLogoutQueue(config.logoutTokens);
  const logoutDeliveries = new LogoutDeliveryWorker(context.db, () => oidc.provider(), {
    concurrencyPerApp: config.logoutTokens.concurrencyPerApp,
    addressRule: logoutAddressRule(config),
  });
  logoutDeliveries.onOutcome = (outcome) => context.telemetry.metrics.logoutTokens.inc({ outcome });
  app.decorate("logoutDeliveries", logoutDeliveries);
  logoutDeliveries.start(app.log);
  app.addHook("onClose", async () => logoutDeliveries.stop());
  oidcRoutes(app, context, oidc);
  // Loaded only outside production: the production bundle (the container image's) has neither.
  if (config.mailbox) await (await import("./development/mailbox.ts")).devMailboxRoutes(app, context);
  if (config.devTools) (await import("./development/product-pages.ts")).demoRoutes(app, context);
  if (options.serveWebApp !== false) {
    await spaRoutes(app, context, options.webBuildDir);
  } else {
    app.setNotFoundHandler(() => {
      throw new AppError("NOT_FOUND");
    });
  }
  return app;
}

/**
 * What an error's words are chosen by besides its address (http/language.ts): Accept-Language,
 * the app's X-Language and the language switcher's cookie.
 */
const LANGUAGE_HINTS = ["accept-language", "x-language", "cookie"] as const;

/**
 * Every error answer, as `{ code, message }`. Its message is in the request's language, so it
 * says what it varies by (a shared cache would otherwise hand one reader's words to another), and
 * it is about this request alone, so no cache keeps it.
 */
export function answerError(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  varyAlso(reply, LANGUAGE_HINTS);
  reply.header("cache-control", "no-store");
  if (error instanceof AppError) {
    const { message, details } = error.answerIn(requestLanguage(request));
    return reply
      .code(error.status)
      .headers(error.headers)
      .send({ code: error.code, message, ...details });
  }
  const known = knownFrameworkError(error);
  if (known) return reply.code(known.status).send(known.body);
  request.log.error({ err: error }, "unhandled error");
  return reply.code(500).send({ code: "INTERNAL", message: ERRORS.INTERNAL.message });
}

/** Adds `fields` to the answer's Vary, after what a route already put there, each once. */
function varyAlso(reply: FastifyReply, fields: readonly string[]): void {
  const present = String(reply.getHeader("vary") ?? "");
  const listed = present.split(",").map((field) => field.trim().toLowerCase());
  const missing = fields.filter((field) => !listed.includes(field));
  if (missing.length > 0) reply.header("vary", [present, ...missing].filter(Boolean).join(", "));
}

/** Fastify's own 4xx errors (bad JSON, wrong content type, too large), answered in our shape. */
function knownFrameworkError(error: FastifyError): { status: number; body: { code: string; message: string } } | undefined {
  switch (error.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return { status: 413, body: { code: "BODY_TOO_LARGE", message: ERRORS.BODY_TOO_LARGE.message } };
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return { status: 415, body: { code: "UNSUPPORTED_MEDIA_TYPE", message: ERRORS.UNSUPPORTED_MEDIA_TYPE.message } };
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return { status: 400, body: { code: "BAD_REQUEST", message: "The request body is empty; send a JSON object." } };
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return { status: 400, body: { code: "BAD_REQUEST", message: "The request body is not valid JSON." } };
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return { status: error.statusCode, body: { code: "BAD_REQUEST", message: ERRORS.BAD_REQUEST.message } };
  }
  return undefined;
}

function trustHops(count: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < count;
}
