import type { FastifyInstance } from "fastify";
import { dsone } from "../../common/brands/index.ts";
import type { AppContext } from "../base/context.ts";
import { AppError } from "../base/errors.ts";

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
