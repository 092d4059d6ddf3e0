import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { GOOGLE_CALLBACK_PATH } from "../../base/config.ts";
import type { AppContext } from "../../base/context.ts";
import { AppError } from "../../base/errors.ts";
import { callerOf } from "../../http/caller.ts";
import { contractRoute } from "../../http/contract-route.ts";
import { signedInCustomer } from "../../http/signed-in-customer.ts";
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
    // Plain http only to a local issuer outside production (production requires https, config.ts).
    const allowInsecureHttp = !config.production && config.google.issuerUrl.startsWith("http:");
    google = openIdSignIn({ ...config.google, allowInsecureHttp });
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
