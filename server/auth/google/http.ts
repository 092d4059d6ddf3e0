import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { GOOGLE_CALLBACK_PATH, GOOGLE_RISC_PATH } from "../../base/config.ts";
import type { AppContext } from "../../base/context.ts";
import { AppError } from "../../base/errors.ts";
import { callerOf } from "../../http/caller.ts";
import { contractRoute } from "../../http/contract-route.ts";
import { signedInCustomer } from "../../http/signed-in-customer.ts";
import { recordSignInStep } from "../../telemetry/sign-in-steps.ts";
import { enforceLimits } from "../kernel/rate-limit.ts";
import { unlinkAccountLogin } from "../social/external-logins.ts";
import { type OpenIdSignIn, openIdSignIn } from "../social/openid-sign-in.ts";
import { finishGoogleSignIn, GOOGLE, type GoogleStep, startGoogleSignIn } from "./google-sign-in.ts";
import { receiveSecurityEvent } from "./risc.ts";
import { type RiscTokenChecker, RiscTokenRefused, riscTokenChecker } from "./risc-token.ts";

/** The largest security event token /google/risc reads; a larger body is refused unread (decision 91). */
const RISC_BODY_LIMIT = 64 * 1024;

/**
 * Sign in with Google over HTTP (the flow is auth/google/google-sign-in.ts): GET /external/login starts
 * it, GET /signin-google is where Google sends the customer back. Each answer is a redirect, and
 * each step is logged and recorded as a funnel step. The account page unlinks Google with
 * POST /api/me/unlink-google. POST /google/risc receives Google's security event tokens
 * (Cross-Account Protection, auth/google/risc.ts), with the real Google only.
 */
export function googleRoutes(app: FastifyInstance, context: AppContext): void {
  const { config, db, mailWorker } = context;
  const signedIn = signedInCustomer({ db, config });
  let google: OpenIdSignIn | undefined;
  let risc: RiscTokenChecker | undefined;
  if (config.google) {
    // Plain http only to a local issuer outside production (production requires https, config.ts).
    const allowInsecureHttp = !config.production && config.google.issuerUrl.startsWith("http:");
    google = openIdSignIn({ ...config.google, allowInsecureHttp });
    if (!config.google.standIn) risc = riscTokenChecker({ ...config.google, allowInsecureHttp });
  }

  /** Logs a step's outcome, records a sign-in or a refusal in the funnel, and sends the browser on. */
  const answer = async (request: FastifyRequest, reply: FastifyReply, step: GoogleStep) => {
    if (step.outcome !== "started") {
      const signedIn = step.outcome === "signed-in";
      request.log[signedIn ? "info" : "warn"](
        { socialSignIn: { provider: GOOGLE.name, brand: step.brand.id, outcome: step.outcome, detail: step.detail } },
        "social sign-in",
      );
      await recordSignInStep(
        context.telemetry,
        request,
        {
          step: signedIn ? "signed_in" : "refused",
          method: "google",
          ...(signedIn ? {} : { code: step.outcome.toUpperCase().replaceAll("-", "_") }),
          screen: step.brand.paths.emailLogin,
        },
        step.signedIn?.accountId ?? null,
      );
    }
    return reply.redirect(step.redirectTo, 303);
  };

  app.get("/external/login", async (request, reply) =>
    answer(request, reply, await startGoogleSignIn(db, config, google, callerOf(request, reply), request.url.split("?")[1] ?? "")),
  );

  app.get(GOOGLE_CALLBACK_PATH, async (request, reply) =>
    answer(request, reply, await finishGoogleSignIn(db, config, google, callerOf(request, reply), new URL(request.url, config.publicUrl))),
  );

  contractRoute(app, "POST /api/me/unlink-google", async ({ subject, ProductId }, request, reply) => {
    const { caller, accountId } = await signedIn(request, reply, true);
    const outcome = await unlinkAccountLogin(
      db,
      config,
      accountId,
      { provider: "google", subject },
      { caller },
      { keepSecondWayIn: true, productId: ProductId },
    );
    mailWorker.deliverNow();
    if (outcome === "not linked") throw new AppError("NOT_FOUND");
    if (outcome === "only way in") throw new AppError("GOOGLE_ONLY_WAY_IN");
    return { isOk: true };
  });

  if (risc) {
    const checker = risc;
    void app.register(async (scope) => riscRoute(scope, context, checker));
  }
}

/**
 * POST /google/risc: a security event token as its body (RFC 8935 push delivery). 202 when it was
 * taken (an unknown subject too); 400 with RFC 8935's `{ err, description }` and nothing changed
 * when it is not Google's, not ours, replayed, malformed or over 64 KB; 429 past the address's limit.
 */
function riscRoute(scope: FastifyInstance, { db, config, mailWorker, telemetry }: AppContext, checker: RiscTokenChecker): void {
  const refuse = (reply: FastifyReply, err: string, description: string) => {
    telemetry.metrics.googleSecurityEvents.inc({ outcome: err });
    return reply.code(400).header("cache-control", "no-store").send({ err, description });
  };
  scope.addContentTypeParser("*", { parseAs: "string", bodyLimit: RISC_BODY_LIMIT }, (_request, body, done) => done(null, body));
  scope.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.code !== "FST_ERR_CTP_BODY_TOO_LARGE") throw error;
    request.log.warn({ risc: { refused: "invalid_request", detail: "body too large" } }, "google security event refused");
    return refuse(reply, "invalid_request", "the body is over 64 KB");
  });
  scope.post(GOOGLE_RISC_PATH, async (request, reply) => {
    const caller = callerOf(request, reply);
    await enforceLimits(db, config, [["googleRiscPerIp", caller.address]], "security events");
    const type = String(request.headers["content-type"] ?? "")
      .split(";")[0]
      ?.trim()
      .toLowerCase();
    const body = typeof request.body === "string" ? request.body.trim() : "";
    if (type !== "application/secevent+jwt" || body === "") {
      request.log.warn({ risc: { refused: "invalid_request", detail: `content type ${type || "none"}` } }, "google security event refused");
      return refuse(reply, "invalid_request", "the body must be a security event token (application/secevent+jwt)");
    }
    let outcome: Awaited<ReturnType<typeof receiveSecurityEvent>>;
    try {
      const token = await checker.check(body);
      outcome = await receiveSecurityEvent(db, config, token, await checker.subjectIssuers());
    } catch (error) {
      if (!(error instanceof RiscTokenRefused)) throw error;
      request.log.warn({ risc: { refused: error.code, detail: error.message } }, "google security event refused");
      return refuse(reply, error.code, error.message);
    }
    if (!outcome.accepted) {
      request.log.warn({ risc: { refused: outcome.error, detail: outcome.description } }, "google security event refused");
      return refuse(reply, outcome.error, outcome.description);
    }
    request.log.info({ risc: { events: outcome.applied } }, "google security event received");
    telemetry.metrics.googleSecurityEvents.inc({ outcome: "accepted" });
    mailWorker.deliverNow();
    return reply.code(202).header("cache-control", "no-store").send();
  });
}
