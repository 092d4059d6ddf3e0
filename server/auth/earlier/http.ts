import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { dsone } from "../../../common/brands/index.ts";
import { DSONE_PRODUCT_ID, PRODUCTS } from "../../../common/products.ts";
import type { AppContext } from "../../base/context.ts";
import { AppError } from "../../base/errors.ts";
import { callerOf, clientAddress } from "../../http/caller.ts";
import { contractRoute } from "../../http/contract-route.ts";
import { serverStrings } from "../../i18n/index.ts";
import { recordSignIn } from "../../telemetry/sign-in-steps.ts";
import { requestAccessLink } from "../access-link/access-links.ts";
import { existingAccountRole, findAccountByEmail, hasDesktopLicense, setDeviceNotifications } from "../kernel/accounts.ts";
import { enforceLimits } from "../kernel/rate-limit.ts";
import { continueTo } from "../kernel/return-url.ts";
import { currentAccount, endSession, readSessionId } from "../kernel/sessions.ts";
import { signInWithPassword } from "../password/password-login.ts";
import {
  limitResetCodeChecks,
  type ResetArea,
  requestPasswordReset,
  resetPassword,
  setFirstPasswordOnEarlierPage,
} from "../password/password-reset.ts";

/**
 * The earlier account area (SPEC sections 3, 7 and 8): the endpoints deployed desktop software
 * and older pages still call, beside the newer flow, on the same accounts and sessions. Their
 * paths, where the specification does not give them: docs/decisions/0012-earlier-account-area.md.
 */

function emailOf(body: string | { email: string }): string {
  return typeof body === "string" ? body : body.email;
}

/** Earlier pages read isOk rather than the status: wrong credentials are an answer, not an error. */
async function earlierPasswordSignIn(
  context: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  body: { Email: string; Password: string; ReturnUrl?: string | undefined },
  remember: boolean,
  landing: string,
  productId: number,
) {
  try {
    const { redirectUrl, signedIn } = await signInWithPassword(context.db, context.config, callerOf(request, reply), {
      email: body.Email,
      password: body.Password,
      returnUrl: body.ReturnUrl,
      landing,
      remember,
      productId,
    });
    await recordSignIn(context.telemetry, request, {
      method: "password",
      publicUrl: context.config.publicUrl,
      accountId: signedIn.accountId,
    });
    return { isOk: true, redirectUrl };
  } catch (error) {
    // Said in the customer's language, as the newer screens say it.
    if (error instanceof AppError && (error.code === "INVALID_CREDENTIALS" || error.code === "PASSWORD_BREACHED"))
      return { isOk: false, statusText: error.messageIn(callerOf(request, reply).language) };
    throw error;
  }
}

export function accountRoutes(app: FastifyInstance, context: AppContext): void {
  const { db, config, mailWorker } = context;

  contractRoute(app, "GET /account/logout", async (_body, request, reply) => {
    reply.header("cache-control", "no-store");
    // A GET that signs out: another site must not be able to do it with a link or an image.
    if (request.headers["sec-fetch-site"] === "cross-site") throw new AppError("CROSS_SITE_REQUEST");
    await endSession(db, config, callerOf(request, reply));
    return { isOk: true };
  });

  // Product 6 (or none) is DS One at the desktop address; any other product number is the safety
  // product and belongs at the Maverick address (SPEC section 7), whatever number the caller uses.
  const passwordlessLogin =
    (maverick: boolean) =>
    async (body: string | { email: string; product?: number | undefined }, request: FastifyRequest, reply: FastifyReply) => {
      const requested = typeof body === "string" ? undefined : body.product;
      if (!maverick && requested !== undefined && requested !== DSONE_PRODUCT_ID) {
        throw new AppError(
          "BAD_REQUEST",
          `product: ${requested} is not DS One (6); send other products to /api/account/maverick/passwordless-login`,
        );
      }
      if (maverick && requested === DSONE_PRODUCT_ID) {
        throw new AppError("BAD_REQUEST", "product: 6 is DS One; send it to /api/account/passwordless-login");
      }
      const productId = maverick ? PRODUCTS.maverick.id : DSONE_PRODUCT_ID;
      const answer = await requestAccessLink(db, config, { email: emailOf(body), productId, caller: callerOf(request, reply) });
      if (answer.isOk) mailWorker.deliverNow();
      return answer;
    };
  contractRoute(app, "POST /api/account/passwordless-login", passwordlessLogin(false));
  contractRoute(app, "POST /api/account/maverick/passwordless-login", passwordlessLogin(true));

  contractRoute(app, "POST /api/account/login", async (body, request, reply) => {
    return earlierPasswordSignIn(context, request, reply, body, body.RememberMe === "true", config.links.dsoneUi, DSONE_PRODUCT_ID);
  });

  // RememberLogin is always true from the earlier pages; ReturnUrl defaults to the Maverick UI.
  contractRoute(app, "POST /api/account/maverick-login", async (body, request, reply) => {
    return earlierPasswordSignIn(
      context,
      request,
      reply,
      body,
      body.RememberLogin === "true",
      config.links.maverickUi,
      PRODUCTS.maverick.id,
    );
  });

  for (const area of ["solveiq", "desktop"] as const satisfies ResetArea[]) {
    contractRoute(app, `POST /api/account/${area}/forgot-password`, async (body, request, reply) => {
      await requestPasswordReset(db, config, emailOf(body), callerOf(request, reply), area);
      mailWorker.deliverNow();
      return { isOk: true, statusText: "" };
    });

    contractRoute(app, `POST /api/account/${area}/reset-password`, async (body, request, reply) => {
      const caller = callerOf(request, reply);
      try {
        await limitResetCodeChecks(db, config, caller);
        await resetPassword(db, config, {
          code: body.Code,
          email: body.Email,
          password: body.Password,
          confirmPassword: body.ConfirmPassword,
          keepSessionId: readSessionId(caller, config),
          from: caller,
        });
      } catch (error) {
        // The earlier pages show statusText; the code and status stay for programs.
        if (error instanceof AppError) throw error.echoing((message) => ({ isOk: false, statusText: message }));
        throw error;
      }
      mailWorker.deliverNow();
      return { isOk: true, statusText: "", redirectUrl: config.links.signIn };
    });

    // Maverick Safe's earlier pages post to the desktop address (SPEC section 7).
    contractRoute(app, `POST /api/account/${area}/set-password`, async (body, request, reply) => {
      const caller = callerOf(request, reply);
      const account = await currentAccount(db, config, caller);
      if (!account) throw new AppError("NOT_SIGNED_IN").echoing((message) => ({ isOk: false, messages: [message] }));
      try {
        const session = { accountId: account.accountId, sessionId: readSessionId(caller, config) ?? "" };
        await setFirstPasswordOnEarlierPage(db, config, caller, session, body.Password, body.ConfirmPassword);
      } catch (error) {
        // A refused password's own list of messages stays; any other refusal is its one message.
        if (error instanceof AppError)
          throw error.echoing((message, details) => ({
            isOk: false,
            messages: Array.isArray(details.messages) ? details.messages : [message],
          }));
        throw error;
      }
      return {
        isOk: true,
        redirectUrl: await continueTo(db, config, body.ReturnUrl, `${config.publicUrl}${dsone.paths.setPasswordConfirmation}`),
      };
    });
  }

  contractRoute(app, "GET /api/account/user-info", async (_body, request, reply) => {
    reply.header("cache-control", "no-store");
    const caller = callerOf(request, reply);
    const account = await currentAccount(db, config, caller);
    if (!account) {
      reply.code(401);
      return { isOk: false, statusText: serverStrings(caller.language).errors.NOT_SIGNED_IN, email: "", name: "", isAdmin: false };
    }
    const row = await existingAccountRole(db, account.accountId);
    return { isOk: true, statusText: "", email: account.email, name: account.name, isAdmin: row.role === "admin" };
  });

  contractRoute(app, "POST /api/account/check-desktop-account", async (body, request) => {
    // It tells whether an email has an account: limited per address like the link requests.
    await enforceLimits(db, config, [["accountCheckPerIp", clientAddress(request)]], "account checks");
    // With HIDE_ACCOUNT_EXISTENCE the answer cannot depend on the account: no address is sent to
    // the desktop sign-in, every address is mailed (docs/decisions/0094-hide-account-existence.md).
    if (config.hideAccountExistence) return { isOk: true, isDesktopAccount: false };
    const account = await findAccountByEmail(db, emailOf(body));
    if (!account) return { isOk: true, isDesktopAccount: false };
    return { isOk: true, isDesktopAccount: await hasDesktopLicense(db, account.id) };
  });
}

/**
 * POST /notifications/updateunregisterednotifications (SPEC section 7): whether a device that no
 * account has claimed shows notifications. settingValue true means "show" (the inverse of the
 * sign-up screen's "I don't want to see…" checkbox).
 */
export function notificationRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  contractRoute(app, "POST /notifications/updateunregisterednotifications", async (body, request) => {
    // Writes are cheap but each new UUID is a row: a bound per client address keeps the table sane.
    await enforceLimits(db, config, [["notificationSettingsPerIp", clientAddress(request)]], "settings changes");
    await setDeviceNotifications(db, body.uuid, body.settingValue);
    return { isOk: true };
  });
}
