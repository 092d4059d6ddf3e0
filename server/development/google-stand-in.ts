import { createHash, generateKeyPair, randomBytes } from "node:crypto";
import { promisify } from "node:util";
import type { FastifyInstance, FastifyReply } from "fastify";
import type Provider from "oidc-provider";
import type { Configuration, JWK } from "oidc-provider";
import { isValidEmail, normalizeEmail } from "../../common/email.ts";
import { GOOGLE_STAND_IN_PATH, type GoogleSettings } from "../base/config.ts";
import { AppError } from "../base/errors.ts";
import { escapeHtml } from "../base/escape-html.ts";
import { keptUntilFailure } from "../base/kept-promise.ts";
import { plainPage } from "../http/html.ts";
import { registerLocalOnly } from "../http/local-only.ts";
import { DEMO_ACCOUNTS } from "./seed.ts";

/**
 * A stand-in for Google for development and tests: a real OpenID Connect provider (oidc-provider,
 * in-memory storage) under /dev/google, so that the whole Google sign-in works offline. Its
 * sign-in page lets the person pick a demo account or type any email, mark it verified or not,
 * give a subject of their choosing (to change the email of an identity), or cancel. It exists only
 * outside production (config.ts) and answers only this machine.
 */
interface StandInIdentity {
  email: string;
  verified: boolean;
}

/** A stable subject per address, so the same email is the same identity across restarts. */
function subjectFor(email: string): string {
  return `stand-in-${createHash("sha256").update(normalizeEmail(email)).digest("hex").slice(0, 20)}`;
}

export function googleStandInRoutes(app: FastifyInstance, google: GoogleSettings): void {
  const { clientSecret } = google;
  const identities = new Map<string, StandInIdentity>();
  // Built at its first use, not at the server's start: its RSA key takes about a tenth of a
  // second to make, and no first page needs it. A failed build is tried again on the next use.
  const standInProvider = keptUntilFailure(() =>
    buildStandIn(google, clientSecret, identities).then((provider) => ({ provider, handle: provider.callback() })),
  );

  // Forms on the sign-in page lead, through the provider's redirects, to our callback and then to
  // the ReturnUrl, which may resume an authorization that ends at any app registered with the
  // account server's OpenID Provider. CSP checks form-action on every redirect of that chain, and
  // the real Google's page puts no limit there either, so this development-only page allows any
  // web address as the chain's end.
  const pageCsp =
    "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self' http: https:; base-uri 'none'; frame-ancestors 'none'";
  const sendPage = (reply: FastifyReply, title: string, body: string) =>
    reply
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .header("content-security-policy", pageCsp)
      // Not no-referrer: with it, browsers send "Origin: null" on the form posts, which the
      // cross-site check refuses.
      .header("referrer-policy", "same-origin")
      .send(plainPage(title, body));

  // Decided by the router: every route of this scope, however its path is spelled or encoded.
  void registerLocalOnly(
    app,
    async (standIn) => {
      standIn.get<{ Params: { uid: string } }>("/interaction/:uid", async (request, reply) => {
        const { provider } = await standInProvider();
        const details = await provider.interactionDetails(request.raw, reply.raw);
        if (details.uid !== request.params.uid) throw new AppError("NOT_FOUND");
        const action = `${GOOGLE_STAND_IN_PATH}/interaction/${encodeURIComponent(details.uid)}`;
        const demo = DEMO_ACCOUNTS.map(
          (account) => `<form method="post" action="${action}">
<input type="hidden" name="email" value="${escapeHtml(account.email)}"><input type="hidden" name="verified" value="on">
<button type="submit" class="button">${escapeHtml(account.email)}</button></form>`,
        ).join("\n");
        const body = `<h1>Choose an account</h1>
<p>This is the stand-in for Google of a development server. Whoever you choose here is who Google would say you are.</p>
${demo}
<h2>Another account</h2>
<form method="post" action="${action}">
<p><label for="stand-in-email">Email</label><br><input id="stand-in-email" name="email" type="email" required></p>
<p><label for="stand-in-subject">Subject (Google's id for the person; leave empty for the email's own)</label><br><input id="stand-in-subject" name="subject" type="text"></p>
<p><input id="stand-in-verified" name="verified" type="checkbox" checked> <label for="stand-in-verified">Google has verified this email</label></p>
<p><button type="submit" class="button">Continue</button></p>
</form>
<form method="post" action="${action}/cancel"><button type="submit" class="button">Cancel</button></form>`;
        return sendPage(reply, "Stand-in Google", body);
      });

      standIn.post<{ Params: { uid: string }; Body: Record<string, string | undefined> }>("/interaction/:uid", async (request, reply) => {
        const { provider } = await standInProvider();
        const details = await provider.interactionDetails(request.raw, reply.raw);
        const email = (request.body?.email ?? "").trim();
        if (!isValidEmail(email)) {
          return sendPage(
            reply.code(400),
            "Stand-in Google",
            `<h1>Choose an account</h1><p>That is not an email address. Go back and try again.</p>`,
          );
        }
        const subject = (request.body?.subject ?? "").trim().slice(0, 255) || subjectFor(email);
        identities.set(subject, { email, verified: request.body?.verified === "on" });
        const clientId = String(details.params.client_id);
        const grant = new provider.Grant({ accountId: subject, clientId });
        grant.addOIDCScope(String(details.params.scope ?? "openid"));
        const grantId = await grant.save();
        const to = await provider.interactionResult(
          request.raw,
          reply.raw,
          { login: { accountId: subject }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
        return reply.redirect(to, 303);
      });

      standIn.post<{ Params: { uid: string } }>("/interaction/:uid/cancel", async (request, reply) => {
        const { provider } = await standInProvider();
        const to = await provider.interactionResult(
          request.raw,
          reply.raw,
          { error: "access_denied", error_description: "The person cancelled the sign-in." },
          { mergeWithLastSubmission: false },
        );
        return reply.redirect(to, 303);
      });

      // Everything else is the provider's own (discovery, keys, authorization, token, userinfo).
      // Its body parsers read the request themselves, so this context leaves bodies unread.
      await standIn.register(async (protocol) => {
        protocol.removeAllContentTypeParsers();
        protocol.addContentTypeParser("*", (_request, _payload, done) => done(null));
        protocol.all("/*", async (request, reply) => {
          const { handle } = await standInProvider();
          reply.hijack();
          const raw = request.raw as typeof request.raw & { originalUrl?: string };
          // Mounted as Express and Koa mount it: the provider sees its own path and the mount point.
          raw.originalUrl = raw.url;
          raw.url = (raw.url ?? "/").slice(GOOGLE_STAND_IN_PATH.length) || "/";
          void handle(raw, reply.raw);
        });
      });
    },
    { prefix: GOOGLE_STAND_IN_PATH },
  );
}

/** The stand-in's provider. Signing key and cookie keys live as long as the process: it keeps nothing on disk. */
async function buildStandIn(google: GoogleSettings, clientSecret: string, identities: Map<string, StandInIdentity>): Promise<Provider> {
  const [{ privateKey }, { default: Provider }, { createMemoryAdapter }] = await Promise.all([
    promisify(generateKeyPair)("rsa", { modulusLength: 2048 }),
    import("oidc-provider"),
    import("oidc-provider/lib/adapters/memory_adapter.js"),
  ]);
  const signingKey = { ...(privateKey.export({ format: "jwk" }) as JWK), use: "sig", alg: "RS256", kid: "stand-in" };

  const configuration: Configuration = {
    clients: [
      {
        client_id: google.clientId,
        client_secret: clientSecret,
        redirect_uris: [google.redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    jwks: { keys: [signingKey] },
    // Said explicitly: in-memory storage is this stand-in's design, not an oversight to warn of.
    adapter: createMemoryAdapter(),
    cookies: {
      keys: [randomBytes(32).toString("base64url")],
      // Names of its own: the account server's OpenID Provider shares this origin and its cookies.
      names: { session: "_google_session", interaction: "_google_interaction", resume: "_google_interaction_resume" },
    },
    // As Google does: the email claims in the ID token itself.
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 3600 },
    interactions: { url: (_ctx, interaction) => `${GOOGLE_STAND_IN_PATH}/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const identity = identities.get(sub);
      if (!identity) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ sub, email: identity.email, email_verified: identity.verified, name: identity.email.split("@")[0] }),
      };
    },
    renderError(ctx, out) {
      ctx.type = "html";
      ctx.body = plainPage("Stand-in Google", `<h1>Stand-in Google</h1><p>${escapeHtml(String(out.error_description ?? out.error))}</p>`);
    },
  };
  return new Provider(google.issuerUrl, configuration);
}
