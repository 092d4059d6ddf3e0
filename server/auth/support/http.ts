import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { ADMIN_PERIOD_DAYS, ADMIN_REPORT_ENDPOINT } from "../../../common/telemetry.ts";
import type { AppContext } from "../../base/context.ts";
import { AppError } from "../../base/errors.ts";
import { callerOf } from "../../http/caller.ts";
import { contractRoute } from "../../http/contract-route.ts";
import { operationsReport } from "../../telemetry/report.ts";
import { enforceLimits } from "../kernel/rate-limit.ts";
import { adminAccess, staffAccess } from "./roles.ts";
import {
  changeCustomerEmail,
  clearCustomerGoogleHold,
  clearCustomerLimits,
  clearCustomerMail,
  deleteCustomer,
  removeCustomerPasskey,
  sendFreshLink,
  setCustomerDisabled,
  setCustomerRole,
  signOutCustomerApp,
  signOutCustomerBrowser,
  signOutCustomerEverywhere,
  unlinkCustomerGoogle,
  unlinkCustomerLogin,
} from "./support-actions.ts";
import { type Agent, findCustomers, supportCustomer } from "./support-console.ts";

/**
 * The support console's API (common/api/support-contract.ts): for accounts with a console role
 * only (401 signed out, 403 for a customer), every request limited per agent. The same-origin
 * check every POST passes (app.ts) is its CSRF defence.
 */
export function supportRoutes(app: FastifyInstance, { db, config, mailWorker }: AppContext): void {
  const agentOf = async (request: FastifyRequest, reply: FastifyReply): Promise<Agent & { email: string }> => {
    const caller = callerOf(request, reply);
    caller.noStore();
    const access = await staffAccess(db, config, caller);
    if (access.kind === "not-signed-in") throw new AppError("NOT_SIGNED_IN");
    if (access.kind === "customer") throw new AppError("STAFF_ONLY");
    await enforceLimits(db, config, [["supportActionsPerAgent", access.accountId]], "support console requests");
    return { accountId: access.accountId, role: access.role, email: access.email };
  };

  contractRoute(app, "GET /api/support/agent", async (_body, request, reply) => {
    const { email, role } = await agentOf(request, reply);
    return { email, role };
  });

  contractRoute(app, "POST /api/support/search", async ({ query, page }, request, reply) =>
    findCustomers(db, await agentOf(request, reply), query, page),
  );

  contractRoute(app, "POST /api/support/customer", async ({ accountId }, request, reply) => {
    const customer = await supportCustomer(db, config, await agentOf(request, reply), accountId);
    if (!customer) throw new AppError("NOT_FOUND", "There is no such customer.");
    return customer;
  });

  contractRoute(app, "POST /api/support/send-link", async ({ accountId, reason, ProductId }, request, reply) => {
    await sendFreshLink(db, config, await agentOf(request, reply), accountId, ProductId, reason);
    mailWorker.deliverNow();
    return { isOk: true };
  });

  contractRoute(app, "POST /api/support/change-email", async ({ accountId, reason, NewEmail }, request, reply) => {
    await changeCustomerEmail(db, config, await agentOf(request, reply), accountId, NewEmail, reason);
    mailWorker.deliverNow();
    return { isOk: true };
  });

  contractRoute(app, "POST /api/support/clear-google-hold", async ({ accountId, reason }, request, reply) => ({
    isOk: true,
    cleared: await clearCustomerGoogleHold(db, await agentOf(request, reply), accountId, reason),
  }));

  contractRoute(app, "POST /api/support/sign-out-browser", async ({ accountId, reason, ref }, request, reply) => {
    await signOutCustomerBrowser(db, await agentOf(request, reply), accountId, ref, reason);
    return { isOk: true };
  });

  contractRoute(app, "POST /api/support/sign-out-app", async ({ accountId, reason, clientId }, request, reply) => {
    await signOutCustomerApp(db, await agentOf(request, reply), accountId, clientId, reason);
    return { isOk: true };
  });

  contractRoute(app, "POST /api/support/sign-out-everywhere", async ({ accountId, reason, removePasskeys }, request, reply) => {
    await signOutCustomerEverywhere(db, await agentOf(request, reply), accountId, reason, removePasskeys);
    return { isOk: true };
  });

  contractRoute(app, "POST /api/support/remove-passkey", async ({ accountId, reason, id }, request, reply) => {
    await removeCustomerPasskey(db, await agentOf(request, reply), accountId, id, reason);
    return { isOk: true };
  });

  contractRoute(app, "POST /api/support/clear-limits", async ({ accountId, reason }, request, reply) => {
    const cleared = await clearCustomerLimits(db, await agentOf(request, reply), accountId, reason);
    return { isOk: true, cleared };
  });

  contractRoute(app, "POST /api/support/clear-mail", async ({ accountId, reason }, request, reply) => {
    const cleared = await clearCustomerMail(db, await agentOf(request, reply), accountId, reason);
    return { isOk: true, cleared };
  });

  contractRoute(app, "POST /api/support/unlink-google", async ({ accountId, reason, subject }, request, reply) => {
    await unlinkCustomerGoogle(db, config, await agentOf(request, reply), accountId, subject, reason);
    mailWorker.deliverNow();
    return { isOk: true };
  });

  contractRoute(app, "POST /api/support/unlink-microsoft", async ({ accountId, reason, subject }, request, reply) => {
    await unlinkCustomerLogin(db, config, await agentOf(request, reply), accountId, { provider: "microsoft", subject }, reason);
    mailWorker.deliverNow();
    return { isOk: true };
  });

  contractRoute(app, "POST /api/support/disable", async ({ accountId, reason, disabled }, request, reply) => {
    await setCustomerDisabled(db, await agentOf(request, reply), accountId, disabled, reason);
    return { isOk: true };
  });

  contractRoute(app, "POST /api/support/delete", async ({ accountId, reason }, request, reply) => {
    await deleteCustomer(db, config, await agentOf(request, reply), accountId, reason);
    mailWorker.deliverNow();
    return { isOk: true };
  });

  contractRoute(app, "POST /api/support/role", async ({ accountId, reason, role }, request, reply) => {
    await setCustomerRole(db, await agentOf(request, reply), accountId, role === "none" ? null : role, reason);
    return { isOk: true };
  });
}

const query = z.object({
  days: z.coerce
    .number()
    .refine((days) => (ADMIN_PERIOD_DAYS as readonly number[]).includes(days), {
      message: `must be one of ${ADMIN_PERIOD_DAYS.join(", ")}`,
    })
    .default(7),
});

/**
 * GET /api/admin/operations?days=1|7|30: the operations page's figures. Only for signed-in
 * accounts with the admin role (decision 36): 401 without a session, 403 for a customer.
 */
export function adminRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  app.get(ADMIN_REPORT_ENDPOINT, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const access = await adminAccess(db, config, callerOf(request, reply));
    if (access === "not-signed-in") throw new AppError("NOT_SIGNED_IN");
    if (access === "customer") throw new AppError("ADMIN_ONLY");
    const parsed = query.safeParse(request.query);
    if (!parsed.success) throw new AppError("BAD_REQUEST", `days: ${parsed.error.issues[0]?.message}`);
    return operationsReport(db, parsed.data.days);
  });
}
