import { createHash, generateKeyPair, type KeyObject, randomBytes, randomUUID, sign } from "node:crypto";
import { promisify } from "node:util";
import type { FastifyInstance, FastifyReply } from "fastify";
import { isValidEmail, normalizeEmail } from "../../common/email.ts";
import { type GoogleSettings, MICROSOFT_STAND_IN_PATH } from "../base/config.ts";
import { AppError } from "../base/errors.ts";
import { escapeHtml } from "../base/escape-html.ts";
import { keptUntilFailure } from "../base/kept-promise.ts";
import { plainPage } from "../http/html.ts";
import { registerLocalOnly } from "../http/local-only.ts";
import { DEMO_ACCOUNTS } from "./seed.ts";

/**
 * A stand-in for Microsoft's common authority, for development and tests, under /dev/microsoft:
 * discovery (its issuer names {tenantid}, as Microsoft's does), keys, an authorization page and a
 * token endpoint that signs v2.0 ID tokens (RS256, node:crypto), the tenant's id in their issuer. Its page
 * lets the person pick a demo account or type any email, as a personal account or as a work
 * account of a tenant, with or without the domain owner's verification (xms_edov), give a subject
 * of their choosing (to change the email of an identity), or cancel. It exists only outside
 * production (config.ts), answers only this machine, and keeps everything in memory.
 */

const PERSONAL_TENANT = "9188040d-6c67-4c5b-b112-36a304b66dad";
/** The stand-in's work tenant: a company directory whose administrators type the addresses. */
const WORK_TENANT = "72f988bf-86f1-41af-91ab-2d7cd011db47";

interface PendingAuthorization {
  redirectUri: string;
  state: string;
  nonce: string;
  codeChallenge: string;
}

interface IssuedCode extends PendingAuthorization {
  claims: Record<string, unknown>;
  expiresAt: number;
}

const KEY_ID = "stand-in-microsoft";

/** A compact JWS (RS256) of the claims. */
function signedToken(privateKey: KeyObject, claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const input = `${encode({ alg: "RS256", kid: KEY_ID, typ: "JWT" })}.${encode(claims)}`;
  return `${input}.${sign("sha256", Buffer.from(input), privateKey).toString("base64url")}`;
}

/** A stable subject per address and tenant, so the same choice is the same identity across restarts. */
function subjectFor(email: string, tenant: string): string {
  return createHash("sha256")
    .update(`${tenant}:${normalizeEmail(email)}`)
    .digest("base64url")
    .slice(0, 43);
}

export function microsoftStandInRoutes(app: FastifyInstance, microsoft: GoogleSettings): void {
  const { clientSecret } = microsoft;
  // The authority's address, …/dev/microsoft/common/v2.0, and the stand-in's root under it.
  const root = microsoft.issuerUrl.replace(/\/common\/v2\.0\/?$/, "");
  const pending = new Map<string, PendingAuthorization>();
  const codes = new Map<string, IssuedCode>();
  // Made at the first use, not at the server's start; a failed one is tried again.
  const keys = keptUntilFailure(async () => {
    const { privateKey, publicKey } = await promisify(generateKeyPair)("rsa", { modulusLength: 2048 });
    const jwk = { ...publicKey.export({ format: "jwk" }), kid: KEY_ID, alg: "RS256", use: "sig" };
    return { privateKey, jwk };
  });

  // As the stand-in Google's: the page's forms lead, through our callback, to any ReturnUrl.
  const pageCsp =
    "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self' http: https:; base-uri 'none'; frame-ancestors 'none'";
  const sendPage = (reply: FastifyReply, body: string) =>
    reply
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .header("content-security-policy", pageCsp)
      .header("referrer-policy", "same-origin")
      .send(plainPage("Stand-in Microsoft", body));
  const backTo = (redirectUri: string, params: Record<string, string>) => `${redirectUri}?${new URLSearchParams(params).toString()}`;

  void registerLocalOnly(
    app,
    async (standIn) => {
      standIn.get("/common/v2.0/.well-known/openid-configuration", async () => ({
        issuer: `${root}/{tenantid}/v2.0`,
        authorization_endpoint: `${root}/common/oauth2/v2.0/authorize`,
        token_endpoint: `${root}/common/oauth2/v2.0/token`,
        jwks_uri: `${root}/common/discovery/v2.0/keys`,
        response_types_supported: ["code"],
        response_modes_supported: ["query"],
        subject_types_supported: ["pairwise"],
        id_token_signing_alg_values_supported: ["RS256"],
        scopes_supported: ["openid", "profile", "email", "offline_access"],
        token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
        code_challenge_methods_supported: ["S256"],
        claims_supported: ["sub", "iss", "aud", "exp", "iat", "nonce", "email", "name", "tid", "oid", "xms_edov"],
      }));

      standIn.get("/common/discovery/v2.0/keys", async () => ({ keys: [(await keys()).jwk] }));

      standIn.get<{ Querystring: Record<string, string | undefined> }>("/common/oauth2/v2.0/authorize", async (request, reply) => {
        const query = request.query;
        if (query.client_id !== microsoft.clientId || query.redirect_uri !== microsoft.redirectUri) throw new AppError("NOT_FOUND");
        if (query.response_type !== "code" || query.code_challenge_method !== "S256" || !query.code_challenge || !query.state) {
          return sendPage(
            reply.code(400),
            "<h1>Stand-in Microsoft</h1><p>The request lacks PKCE (S256), a state or the code response type.</p>",
          );
        }
        const id = randomUUID();
        pending.set(id, {
          redirectUri: query.redirect_uri,
          state: query.state,
          nonce: query.nonce ?? "",
          codeChallenge: query.code_challenge,
        });
        const action = `${MICROSOFT_STAND_IN_PATH}/common/oauth2/v2.0/authorize`;
        const demo = DEMO_ACCOUNTS.map(
          (account) => `<form method="post" action="${action}"><input type="hidden" name="request" value="${id}">
<input type="hidden" name="email" value="${escapeHtml(account.email)}"><input type="hidden" name="kind" value="personal">
<button type="submit" class="button">${escapeHtml(account.email)}</button></form>`,
        ).join("\n");
        return sendPage(
          reply,
          `<h1>Pick an account</h1>
<p>This is the stand-in for Microsoft of a development server. Whoever you choose here is who Microsoft would say you are.</p>
${demo}
<h2>Another account</h2>
<form method="post" action="${action}"><input type="hidden" name="request" value="${id}">
<p><label for="stand-in-email">Email</label><br><input id="stand-in-email" name="email" type="email" required></p>
<p><label for="stand-in-subject">Subject (Microsoft's id for the person; leave empty for the email's own)</label><br><input id="stand-in-subject" name="subject" type="text"></p>
<fieldset><legend>Kind of account</legend>
<p><input id="stand-in-personal" name="kind" type="radio" value="personal" checked> <label for="stand-in-personal">Personal Microsoft account</label></p>
<p><input id="stand-in-work" name="kind" type="radio" value="work"> <label for="stand-in-work">Work or school account</label></p>
<p><input id="stand-in-edov" name="edov" type="checkbox"> <label for="stand-in-edov">The work domain's owner verified this email (xms_edov)</label></p>
</fieldset>
<p><button type="submit" class="button">Continue</button></p>
</form>
<form method="post" action="${action}"><input type="hidden" name="request" value="${id}"><input type="hidden" name="cancel" value="1">
<button type="submit" class="button">Cancel</button></form>`,
        );
      });

      standIn.post<{ Body: Record<string, string | undefined> }>("/common/oauth2/v2.0/authorize", async (request, reply) => {
        const body = request.body ?? {};
        const authorization = pending.get(body.request ?? "");
        if (!authorization) return sendPage(reply.code(400), "<h1>Stand-in Microsoft</h1><p>This sign-in has expired. Start again.</p>");
        pending.delete(body.request ?? "");
        const { redirectUri, state } = authorization;
        if (body.cancel) {
          return reply.redirect(backTo(redirectUri, { error: "access_denied", error_description: "The person cancelled.", state }), 303);
        }
        const email = (body.email ?? "").trim();
        if (!isValidEmail(email)) {
          return sendPage(reply.code(400), "<h1>Pick an account</h1><p>That is not an email address. Go back and try again.</p>");
        }
        const work = body.kind === "work";
        const tenant = work ? WORK_TENANT : PERSONAL_TENANT;
        const sub = (body.subject ?? "").trim().slice(0, 255) || subjectFor(email, tenant);
        const claims: Record<string, unknown> = {
          sub,
          email,
          name: email.split("@")[0],
          tid: tenant,
          oid: randomUUID(),
          ...(work && body.edov === "on" ? { xms_edov: true } : {}),
        };
        const code = randomBytes(24).toString("base64url");
        codes.set(code, { ...authorization, claims, expiresAt: Date.now() + 60_000 });
        return reply.redirect(backTo(redirectUri, { code, state }), 303);
      });

      standIn.post<{ Body: Record<string, string | undefined> }>("/common/oauth2/v2.0/token", async (request, reply) => {
        const form = request.body ?? {};
        const issued = codes.get(form.code ?? "");
        codes.delete(form.code ?? "");
        if (form.client_id !== microsoft.clientId || form.client_secret !== clientSecret) {
          return reply.code(401).send({ error: "invalid_client" });
        }
        const challenge = createHash("sha256")
          .update(form.code_verifier ?? "")
          .digest("base64url");
        if (
          !issued ||
          issued.expiresAt < Date.now() ||
          form.grant_type !== "authorization_code" ||
          form.redirect_uri !== issued.redirectUri ||
          challenge !== issued.codeChallenge
        ) {
          return reply.code(400).send({ error: "invalid_grant" });
        }
        const { privateKey } = await keys();
        const now = Math.floor(Date.now() / 1000);
        const idToken = signedToken(privateKey, {
          ...issued.claims,
          ver: "2.0",
          iss: `${root}/${String(issued.claims.tid)}/v2.0`,
          aud: microsoft.clientId,
          iat: now,
          nbf: now,
          exp: now + 3600,
          ...(issued.nonce ? { nonce: issued.nonce } : {}),
        });
        return reply.header("cache-control", "no-store").send({
          token_type: "Bearer",
          scope: "openid email profile",
          expires_in: 3600,
          access_token: randomBytes(24).toString("base64url"),
          id_token: idToken,
        });
      });
    },
    { prefix: MICROSOFT_STAND_IN_PATH },
  );
}
