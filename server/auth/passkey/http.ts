import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import type { FastifyInstance } from "fastify";
import { brandForProduct, dsone } from "../../../common/brands/index.ts";
import type { AppContext } from "../../base/context.ts";
import { AppError } from "../../base/errors.ts";
import { callerOf } from "../../http/caller.ts";
import { contractRoute } from "../../http/contract-route.ts";
import { signedInCustomer } from "../../http/signed-in-customer.ts";
import { recordSignIn } from "../../telemetry/sign-in-steps.ts";
import { declinePasskeyOffer, passkeyOffer } from "../kernel/passkey-offer.ts";
import { checkPasskeyRemoval, removePasskeyByLink } from "../kernel/passkey-removal.ts";
import { passkeyUserOf } from "./passkey-user.ts";
import {
  conditionalRegistrationOptions,
  passkeyRegistrationOptions,
  passkeySignInOptions,
  registerPasskey,
  removePasskey,
  renamePasskey,
  signInWithPasskey,
} from "./passkeys.ts";

/**
 * Passkeys (docs/decisions/0059-passkeys.md): signing in with one (the login screens' autofill and
 * button), the offer after another sign-in, making one for the signed-in account, and the mailed
 * link that removes one (docs/decisions/0065), and the account page's list of them (rename, remove).
 */
export function passkeyRoutes(app: FastifyInstance, { db, config, mailWorker, telemetry }: AppContext): void {
  const signedIn = signedInCustomer({ db, config });

  contractRoute(app, "POST /api/passkey/sign-in/options", async (_body, request, reply) => {
    return { options: await passkeySignInOptions(db, config, callerOf(request, reply)) };
  });

  contractRoute(app, "POST /api/passkey/sign-in", async (body, request, reply) => {
    const { redirectUrl, signedIn } = await signInWithPasskey(db, config, callerOf(request, reply), {
      credential: body.credential as AuthenticationResponseJSON,
      returnUrl: body.ReturnUrl,
      brand: brandForProduct(body.ProductId ?? 0),
    });
    await recordSignIn(telemetry, request, { method: "passkey", publicUrl: config.publicUrl, accountId: signedIn?.accountId });
    // The page tells the browser which of the account's passkeys remain before it leaves.
    const passkeyUser = signedIn ? await passkeyUserOf(db, config, signedIn.accountId) : undefined;
    return { isOk: true, redirectUrl, ...(passkeyUser ? { passkeyUser } : {}) };
  });

  contractRoute(app, "POST /api/passkey/offer", async (body, request, reply) => {
    const brand = brandForProduct(body.ProductId);
    return passkeyOffer(db, config, callerOf(request, reply), { returnUrl: body.ReturnUrl, landing: config.links[brand.links.ui] });
  });

  contractRoute(app, "POST /api/passkey/offer/decline", async (_body, request, reply) => {
    declinePasskeyOffer(config, callerOf(request, reply));
    return { isOk: true };
  });

  contractRoute(app, "POST /api/passkey/register/options", async (body, request, reply) => {
    const { caller, session } = await signedIn(request, reply, true);
    return { options: await passkeyRegistrationOptions(db, config, caller, session, brandForProduct(body.ProductId)) };
  });

  contractRoute(app, "POST /api/passkey/register/conditional-options", async (body, request, reply) => {
    const { caller, session, signedInWith } = await signedIn(request, reply, true);
    return { options: await conditionalRegistrationOptions(db, config, caller, session, brandForProduct(body.ProductId), signedInWith) };
  });

  contractRoute(app, "POST /api/passkey/register", async ({ credential, ProductId }, request, reply) => {
    const { caller, session } = await signedIn(request, reply, true);
    const brand = brandForProduct(ProductId ?? 0);
    const passkey = await registerPasskey(db, config, caller, session, credential as RegistrationResponseJSON, brand);
    mailWorker.deliverNow();
    return { isOk: true, passkey };
  });

  contractRoute(app, "POST /api/passkey/removal/check", async ({ token }, request, reply) => {
    const caller = callerOf(request, reply);
    caller.noStore();
    return { isOk: true, ...(await checkPasskeyRemoval(db, config, caller, token)) };
  });

  contractRoute(app, "POST /api/passkey/removal/confirm", async ({ token }, request, reply) => {
    const caller = callerOf(request, reply);
    caller.noStore();
    await removePasskeyByLink(db, config, caller, token);
    return { isOk: true };
  });

  contractRoute(app, "POST /api/me/passkeys/rename", async ({ id, Name }, request, reply) => {
    const { caller, accountId } = await signedIn(request, reply, true);
    if (!(await renamePasskey(db, accountId, id, Name, { caller }))) throw new AppError("NOT_FOUND");
    return { isOk: true };
  });

  contractRoute(app, "POST /api/me/passkeys/remove", async ({ id }, request, reply) => {
    const { caller, accountId, sessionHash } = await signedIn(request, reply, true);
    // The browsers it signed in are signed out; this one, removing it, stays.
    if (!(await removePasskey(db, accountId, id, { caller }, sessionHash))) throw new AppError("NOT_FOUND");
    return { isOk: true };
  });
}

/** A day: both answers change only with a deployment's settings, and nobody's data is in them. */
const CACHE_FOR = "public, max-age=86400";

/**
 * The two well-known addresses passkey providers and browsers read (docs/decisions/0085):
 * - /.well-known/passkey-endpoints (W3C "Passkey Endpoints"): where a password manager sends a
 *   customer to make a passkey or manage theirs. Both are the account page, which lists, adds and
 *   removes them; DS One's, the deployment's main brand, since no brand-neutral page exists and a
 *   passkey serves both brands alike.
 * - /.well-known/webauthn (WebAuthn Related Origin Requests): the other origins allowed to use this
 *   relying-party ID (PASSKEY_RELATED_ORIGINS), so a sign-in site moved to a new host keeps the
 *   customers' passkeys. Not found when none are set, as a browser expects of a site without any.
 */
export function passkeyWellKnownRoutes(app: FastifyInstance, { config }: AppContext): void {
  app.get("/.well-known/passkey-endpoints", async (_request, reply) => {
    const accountPage = `${config.publicUrl}${dsone.paths.account}`;
    reply.header("cache-control", CACHE_FOR);
    return { enroll: accountPage, manage: accountPage };
  });

  app.get("/.well-known/webauthn", async (_request, reply) => {
    const origins = config.passkeys.relatedOrigins;
    if (origins.length === 0) throw new AppError("NOT_FOUND");
    reply.header("cache-control", CACHE_FOR);
    return { origins };
  });
}
