import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { isValidEmail } from "../../common/email.ts";
import { PRODUCTS } from "../../common/products.ts";
import { isValidUuid } from "../../common/uuid.ts";
import { signedInDevice } from "../auth/devices.ts";
import { currentAccount, productStanding } from "../auth/sessions.ts";
import type { AppContext } from "../context.ts";
import { signInWithPassword } from "./password-sign-in.ts";
import { parseJsonBody } from "./validation.ts";

const MAVERICK = PRODUCTS.maverick.id;

const email = z.string({ message: "is required" }).trim().refine(isValidEmail, { message: "must be a valid email address" });
const password = z.string({ message: "is required" }).min(1, "is required").max(4096, "is too long");
const uuid = z.string({ message: "is required" }).refine(isValidUuid, { message: "must be a device UUID (8-4-4-4-12 hexadecimal digits)" });

const passwordLogin = z.object({
  Email: email,
  Password: password,
  ReturnUrl: z.string().max(2048).optional(),
  CaptchaToken: z.string().max(4096).optional(),
});
const autoLogin = z.object({
  UUID: uuid,
  PreferredBrowser: z.enum(["firefox", "edge", "chrome"], { message: "must be firefox, edge or chrome" }),
  ShowUI: z.boolean({ message: "must be true or false" }),
});

/**
 * Maverick Safe: its session check (LicenseStatus, UUID), its password login, and auto-login by
 * UUID. The earlier form-encoded Maverick login is with the earlier account area (account.ts).
 * Paths: docs/decisions/0010-maverick.md.
 */
export function maverickRoutes(app: FastifyInstance, context: AppContext): void {
  const { db, config } = context;
  app.get("/api/maverick/session", async (request, reply) => {
    reply.header("cache-control", "no-store");
    const account = await currentAccount(db, config, request);
    if (!account) return { signedIn: false, LicenseStatus: "", UUID: "" };
    const standing = await productStanding(db, account.accountId, MAVERICK);
    return { signedIn: true, email: account.email, LicenseStatus: standing.licenseState, UUID: standing.uuid };
  });

  app.post("/api/maverick/password-login", async (request, reply) => {
    const body = parseJsonBody(request, passwordLogin);
    const redirectUrl = await signInWithPassword(context, request, reply, {
      email: body.Email,
      password: body.Password,
      returnUrl: body.ReturnUrl,
      landing: config.links.maverickUi,
      captchaToken: body.CaptchaToken,
    });
    return { isOk: true, redirectUrl };
  });

  app.post("/api/maverick/auto-login", async (request) => {
    const body = parseJsonBody(request, autoLogin);
    const device = await signedInDevice(db, config, request, body.UUID, MAVERICK);
    return { isOk: true, UUID: device.uuid, LicenseStatus: device.licenseState };
  });
}
