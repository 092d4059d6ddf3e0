import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { isValidEmail } from "../../common/email.ts";
import { PRODUCTS } from "../../common/products.ts";
import { safeRedirect } from "../../common/redirects.ts";
import { isValidUuid } from "../../common/uuid.ts";
import { checkPassword } from "../auth/password-login.ts";
import { currentAccount, productStanding, startSession } from "../auth/sessions.ts";
import type { Config } from "../config.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../errors.ts";
import { parseJsonBody } from "./validation.ts";

const MAVERICK = PRODUCTS.maverick.id;

const email = z.string({ message: "is required" }).trim().refine(isValidEmail, { message: "must be a valid email address" });
const password = z.string({ message: "is required" }).min(1, "is required").max(4096, "is too long");
const uuid = z.string({ message: "is required" }).refine(isValidUuid, { message: "must be a device UUID (8-4-4-4-12 hexadecimal digits)" });

const passwordLogin = z.object({ Email: email, Password: password, ReturnUrl: z.string().max(2048).optional() });
const autoLogin = z.object({
  UUID: uuid,
  PreferredBrowser: z.enum(["firefox", "edge", "chrome"], { message: "must be firefox, edge or chrome" }),
  ShowUI: z.boolean({ message: "must be true or false" }),
});

function landing(config: Config, returnUrl: string | undefined): string {
  return safeRedirect(returnUrl, config.publicUrl, config.allowedRedirectOrigins) ?? config.links.maverickUi;
}

/**
 * Maverick Safe: its session check (LicenseStatus, UUID), its password login, and auto-login by
 * UUID. The earlier form-encoded Maverick login is with the earlier account area (account.ts).
 * Paths: docs/decisions/0010-maverick.md.
 */
export function maverickRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  app.get("/api/maverick/session", async (request, reply) => {
    reply.header("cache-control", "no-store");
    const account = await currentAccount(db, config, request);
    if (!account) return { signedIn: false, LicenseStatus: "", UUID: "" };
    const standing = await productStanding(db, account.accountId, MAVERICK);
    return { signedIn: true, email: account.email, LicenseStatus: standing.licenseState, UUID: standing.uuid };
  });

  app.post("/api/maverick/password-login", async (request, reply) => {
    if (!config.passwordLoginAllowed) throw new AppError("PASSWORD_LOGIN_DISABLED");
    const body = parseJsonBody(request, passwordLogin);
    const accountId = await checkPassword(db, config, body.Email, body.Password, request.ip);
    await startSession(db, config, request, reply, accountId);
    return { isOk: true, redirectUrl: landing(config, body.ReturnUrl) };
  });

  app.post("/api/maverick/auto-login", async (request) => {
    const body = parseJsonBody(request, autoLogin);
    const account = await currentAccount(db, config, request);
    if (!account) throw new AppError("NOT_SIGNED_IN");
    const device = await db
      .selectFrom("devices")
      .select("uuid")
      .where("uuid", "=", body.UUID.toLowerCase())
      .where("account_id", "=", account.accountId)
      .where("product_id", "=", MAVERICK)
      .executeTakeFirst();
    if (!device) throw new AppError("DEVICE_NOT_FOUND");
    const standing = await productStanding(db, account.accountId, MAVERICK);
    return { isOk: true, UUID: device.uuid, LicenseStatus: standing.licenseState };
  });
}
