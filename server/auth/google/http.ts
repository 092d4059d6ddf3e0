import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { GOOGLE_CALLBACK_PATH } from "../../config.ts";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../errors.ts";
import { callerOf } from "../../routes/caller.ts";
import { contractRoute } from "../../routes/contract-route.ts";
import { signedInCustomer } from "../../routes/signed-in-customer.ts";
import { recordSignInStep } from "../../telemetry/sign-in-steps.ts";
import { unlinkAccountLogin } from "../kernel/external-logins.ts";
import { type OpenIdSignIn, openIdSignIn } from "../kernel/openid-sign-in.ts";
import { finishGoogleSignIn, GOOGLE, type GoogleStep, startGoogleSignIn } from "./google-sign-in.ts";

/**
 * Sign in with Google over HTTP (the flow is auth/google/google-sign-in.ts): GET /external/login starts
 * it, GET /signin-google is where Google sends the customer back. Each answer is a redirect, and
 * each step is logged and recorded as a funnel step. The account page unlinks Google with
 * POST /api/me/unlink-google.
 */
export function googleRoutes(app: FastifyInstance, context: AppContext): void {
  const { config, db, mailWorker } = context;
  const signedIn = signedInCustomer({ db, config });
  let google: OpenIdSignIn | undefined;
  if (config.google) {
    // The stand-in is a provider of our own, with a client secret made up for this process.
    const clientSecret = config.google.clientSecret ?? randomBytes(32).toString("base64url");
    const settings = config.google;
    if (settings.standIn) {
      // Loaded only when it runs: the provider and its framework cost a server start ~0.4 s.
      void app.register(async (scope) => {
        const { googleStandInRoutes } = await import("../../development/google-stand-in.ts");
        googleStandInRoutes(scope, settings, clientSecret);
      });
    }
    // Plain http only to a local issuer outside production (production requires https, config.ts).
    const allowInsecureHttp = !config.production && config.google.issuerUrl.startsWith("http:");
    google = openIdSignIn({ ...config.google, clientSecret, allowInsecureHttp });
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
}
