import type { FastifyInstance } from "fastify";
import { brandForProduct } from "../../../common/brands/index.ts";
import { DSONE_PRODUCT_ID } from "../../../common/products.ts";
import type { AppContext } from "../../base/context.ts";
import { AppError } from "../../base/errors.ts";
import { callerOf } from "../../http/caller.ts";
import { contractRoute } from "../../http/contract-route.ts";
import { signedInCustomer } from "../../http/signed-in-customer.ts";
import { hashSecret } from "../../secrets/tokens.ts";
import { recordAuditEvent } from "../kernel/audit-trail.ts";
import { browserMark } from "../kernel/known-origins.ts";
import { confirmWithCode, confirmWithPassword, mailConfirmationCode } from "../kernel/recent-sign-in.ts";
import { currentAccountStanding, endSession, readSessionId } from "../kernel/sessions.ts";
import { signOutApp, signOutBrowser } from "../kernel/signed-in-places.ts";
import { checkAccountDeletion, deleteAccountByLink, keepAccount, requestAccountDeletion } from "./account-deletion.ts";
import { exportAccount } from "./account-export.ts";
import { myAccount, renameAccount, signOutEverywhereElse } from "./my-account.ts";
import { tryEmailAgain } from "./undelivered-email.ts";

/**
 * The account page's API (GET /api/me and its actions), for the signed-in customer only: who,
 * how they sign in, where they are signed in, what happened; a download of everything held;
 * rename, sign one browser or app out, sign out
 * everywhere else, try their email again after it bounced. Each change is limited per account and written to the trail.
 */
export function meRoutes(app: FastifyInstance, { db, config, mailWorker }: AppContext): void {
  const signedIn = signedInCustomer({ db, config });

  contractRoute(app, "GET /api/me", async (_body, request, reply) => {
    const { caller, accountId } = await signedIn(request, reply, false);
    const account = await myAccount(db, config, accountId, readSessionId(caller, config), browserMark(caller, config));
    if (!account) throw new AppError("NOT_SIGNED_IN");
    return account;
  });

  contractRoute(app, "GET /api/me/export", async (_body, request, reply) => {
    // A GET another site could navigate to (the Lax cookie rides along): only from our own pages.
    if (request.headers["sec-fetch-site"] === "cross-site") throw new AppError("CROSS_SITE_REQUEST");
    const { caller, accountId } = await signedIn(request, reply, "export");
    const data = await exportAccount(db, accountId);
    if (!data) throw new AppError("NOT_SIGNED_IN");
    await recordAuditEvent(db, { event: "data_exported", accountId }, { caller });
    // A file to keep: the browser saves it rather than showing it.
    reply.header("content-disposition", `attachment; filename="${data.account.email.replace(/[^\w.@-]/g, "_")}-account.json"`);
    return data;
  });

  contractRoute(app, "POST /api/me/name", async ({ Name }, request, reply) => {
    const { caller, accountId } = await signedIn(request, reply, true);
    await renameAccount(db, accountId, Name, { caller });
    return { isOk: true };
  });

  contractRoute(app, "POST /api/me/try-email-again", async (_body, request, reply) => {
    const { caller, accountId } = await signedIn(request, reply, true);
    return { isOk: true, cleared: await tryEmailAgain(db, accountId, { caller }) };
  });

  contractRoute(app, "POST /api/me/sign-out-browser", async ({ ref }, request, reply) => {
    const { caller, accountId } = await signedIn(request, reply, true);
    const here = readSessionId(caller, config);
    // This browser, picked from the list: a logout like any other.
    if (here && hashSecret(here) === ref) {
      await endSession(db, config, caller);
      return { isOk: true, signedOutHere: true };
    }
    if (!(await signOutBrowser(db, accountId, ref, { caller }))) throw new AppError("NOT_FOUND");
    return { isOk: true, signedOutHere: false };
  });

  contractRoute(app, "POST /api/me/sign-out-app", async ({ clientId }, request, reply) => {
    const { caller, accountId } = await signedIn(request, reply, true);
    if (!(await signOutApp(db, accountId, clientId, { caller }))) throw new AppError("NOT_FOUND");
    return { isOk: true };
  });

  contractRoute(app, "POST /api/me/sign-out-everywhere-else", async ({ RemovePasskeys }, request, reply) => {
    const { caller, accountId, sessionId } = await signedIn(request, reply, true);
    await signOutEverywhereElse(db, accountId, sessionId, { caller }, RemovePasskeys);
    return { isOk: true };
  });

  contractRoute(app, "POST /api/me/confirm", async ({ Password, Code }, request, reply) => {
    // Not a change: bounded by the password's failure buckets and the codes' own tries.
    const { caller, session } = await signedIn(request, reply, false);
    // The contract asks for one of the two.
    if (Password) await confirmWithPassword(db, config, caller, session, Password);
    else await confirmWithCode(db, config, caller, session, Code);
    return { isOk: true };
  });

  contractRoute(app, "POST /api/me/confirm/send-code", async ({ ProductId }, request, reply) => {
    const { caller, session } = await signedIn(request, reply, false);
    await mailConfirmationCode(db, config, caller, session, brandForProduct(ProductId));
    mailWorker.deliverNow();
    return { isOk: true };
  });
}

/**
 * "Delete my account": the signed-in customer asks for a link by mail; the link's page checks it
 * (spending nothing, naming the account) and confirms it, which deletes the account. Confirming
 * needs no session: the link is the proof.
 */
export function accountDeletionRoutes(app: FastifyInstance, { db, config, mailWorker }: AppContext): void {
  const signedIn = signedInCustomer({ db, config });

  contractRoute(app, "POST /api/me/delete/request", async ({ ProductId }, request, reply) => {
    const { caller, accountId } = await signedIn(request, reply, true);
    await requestAccountDeletion(db, config, caller, accountId, ProductId);
    mailWorker.deliverNow();
    return { isOk: true };
  });

  contractRoute(app, "POST /api/me/delete/check", async ({ token }, request, reply) => {
    const caller = callerOf(request, reply);
    caller.noStore();
    const { email } = await checkAccountDeletion(db, config, caller, token);
    return { isOk: true, email };
  });

  contractRoute(app, "POST /api/me/delete/keep", async ({ token }, request, reply) => {
    const caller = callerOf(request, reply);
    caller.noStore();
    await keepAccount(db, config, caller, token);
    return { isOk: true };
  });

  contractRoute(app, "POST /api/me/delete/confirm", async ({ token }, request, reply) => {
    const caller = callerOf(request, reply);
    caller.noStore();
    await deleteAccountByLink(db, config, caller, token);
    mailWorker.deliverNow();
    return { isOk: true };
  });
}

/**
 * GET /api/dsone/session: the DS One session check (SPEC section 7, "check the current session").
 * Always 200: signedIn says whether there is a session; SvcLicenseState and UUID are empty strings
 * when the account holds no DS One license or device.
 * POST /api/session/logout ends this browser's session.
 */
export function sessionRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  contractRoute(app, "GET /api/dsone/session", async (_body, request, reply) => {
    reply.header("cache-control", "no-store");
    const found = await currentAccountStanding(db, config, callerOf(request, reply), DSONE_PRODUCT_ID);
    if (!found) return { signedIn: false, SvcLicenseState: "", UUID: "" };
    const { account, standing } = found;
    return { signedIn: true, email: account.email, name: account.name, SvcLicenseState: standing.licenseState, UUID: standing.uuid };
  });

  contractRoute(app, "POST /api/session/logout", async (_body, request, reply) => {
    await endSession(db, config, callerOf(request, reply));
    return { isOk: true };
  });
}
