import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { MICROSOFT_CALLBACK_PATH } from "../../base/config.ts";
import type { AppContext } from "../../base/context.ts";
import { AppError } from "../../base/errors.ts";
import { callerOf } from "../../http/caller.ts";
import { contractRoute } from "../../http/contract-route.ts";
import { signedInCustomer } from "../../http/signed-in-customer.ts";
import { recordSignInStep } from "../../telemetry/sign-in-steps.ts";
import { unlinkAccountLogin } from "../social/external-logins.ts";
import { type OpenIdSignIn, openIdSignIn } from "../social/openid-sign-in.ts";
import type { SocialStep } from "../social/social-sign-in.ts";
import { type MicrosoftIdentity, microsoftIdentity } from "./microsoft-identity.ts";
import { finishMicrosoftSignIn, MICROSOFT, startMicrosoftSignIn } from "./microsoft-sign-in.ts";

/**
 * Continue with Microsoft over HTTP (the flow is auth/microsoft/microsoft-sign-in.ts): GET
 * /external/login/microsoft starts it, GET /signin-microsoft is where Microsoft sends the customer
 * back; each answer is a redirect, logged and recorded as a funnel step. The account page unlinks
 * Microsoft with POST /api/me/unlink-microsoft. Outside production, the stand-in Microsoft
 * (mounted by app.ts) answers at /dev/microsoft.
 */
export function microsoftRoutes(app: FastifyInstance, context: AppContext): void {
  const { config, db, mailWorker } = context;
  const signedIn = signedInCustomer({ db, config });
  let microsoft: OpenIdSignIn<MicrosoftIdentity> | undefined;
  if (config.microsoft) {
    const settings = config.microsoft;
    // Plain http only to a local issuer outside production (production requires https, config.ts).
    const allowInsecureHttp = !config.production && settings.issuerUrl.startsWith("http:");
    microsoft = openIdSignIn({ ...settings, allowInsecureHttp, tenantIssuer: true }, microsoftIdentity);
  }

  /** Logs a step's outcome, records a sign-in or a refusal in the funnel, and sends the browser on. */
  const answer = async (request: FastifyRequest, reply: FastifyReply, step: SocialStep) => {
    if (step.outcome !== "started") {
      const signedIn = step.outcome === "signed-in";
      request.log[signedIn ? "info" : "warn"](
        { socialSignIn: { provider: MICROSOFT.name, brand: step.brand.id, outcome: step.outcome, detail: step.detail } },
        "social sign-in",
      );
      await recordSignInStep(
        context.telemetry,
        request,
        {
          step: signedIn ? "signed_in" : "refused",
          method: "microsoft",
          ...(signedIn ? {} : { code: step.outcome.toUpperCase().replaceAll("-", "_") }),
          screen: step.brand.paths.emailLogin,
        },
        step.signedIn?.accountId ?? null,
      );
    }
    return reply.redirect(step.redirectTo, 303);
  };

  // Where the button sends the browser: beside Google's /external/login, which Google's door answers.
  app.get("/external/login/microsoft", async (request, reply) =>
    answer(request, reply, await startMicrosoftSignIn(db, config, microsoft, callerOf(request, reply), request.url.split("?")[1] ?? "")),
  );

  app.get(MICROSOFT_CALLBACK_PATH, async (request, reply) =>
    answer(
      request,
      reply,
      await finishMicrosoftSignIn(db, config, microsoft, callerOf(request, reply), new URL(request.url, config.publicUrl)),
    ),
  );

  contractRoute(app, "POST /api/me/unlink-microsoft", async ({ subject, ProductId }, request, reply) => {
    const { caller, accountId } = await signedIn(request, reply, true);
    const outcome = await unlinkAccountLogin(
      db,
      config,
      accountId,
      { provider: MICROSOFT.name, subject },
      { caller },
      { keepSecondWayIn: true, productId: ProductId },
    );
    mailWorker.deliverNow();
    if (outcome === "not linked") throw new AppError("NOT_FOUND");
    if (outcome === "only way in") throw new AppError("MICROSOFT_ONLY_WAY_IN");
    return { isOk: true };
  });
}
