import { BRANDS, type Brand, brandById } from "../../common/brands/index.ts";
import type { Config } from "../base/config.ts";
import {
  AddressRefused,
  type AddressRule,
  checkResolved,
  needsResolving,
  normalHost,
  type ResolveHost,
  refusalOf,
  resolveWithDns,
} from "../base/public-address.ts";
import type { Db } from "../db/database.ts";
import {
  clientBrandOf,
  clientById,
  clientExists,
  clientTypeOf,
  deleteClient,
  everyClient,
  insertClient,
  updateClient,
} from "../db/oidc-clients.ts";
import { hashSecret, newSecret } from "../secrets/tokens.ts";

/**
 * The relying parties the operator registers (`npm run account -- client …`):
 * - spa: a browser app (DS One, Maverick Safe web apps): public, authorization code + PKCE;
 * - native: a desktop agent: public, PKCE, loopback redirects on any port (RFC 8252), refresh
 *   tokens that rotate on every use;
 * - web: a server-side app with a secret, printed once and stored as its SHA-256;
 * - api: a product's API, which signs nobody in: with a secret like a web app's, it introspects
 *   the access tokens of the clients it is registered for, to check an agent's DPoP-bound token
 *   (docs/decisions/0069).
 */
const CLIENT_TYPES = ["spa", "native", "web", "api"] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

/**
 * Whether a client's tokens are bound to a DPoP key (RFC 9449, docs/decisions/0068): "required"
 * refuses a token request without a proof; "optional" binds the tokens when a proof comes.
 */
const DPOP_MODES = ["required", "optional"] as const;
export type DpopMode = (typeof DPOP_MODES)[number];

/** A desktop agent's refresh token lives on a consumer PC for a month: bound to a key by default. */
export const defaultDpop = (type: ClientType): DpopMode => (type === "native" ? "required" : "optional");

export interface ClientRegistration {
  id: string;
  type: ClientType;
  brand: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  /** Where the app takes logout tokens (OpenID Connect Back-Channel Logout), if it does. */
  backchannelLogoutUri?: string | undefined;
  /** Whether each logout token must carry the provider session's sid. */
  backchannelLogoutSessionRequired?: boolean | undefined;
  /** Unset: the type's default (defaultDpop). */
  dpop?: DpopMode | undefined;
  /** An api's: the clients whose access tokens it may introspect. */
  introspects?: string[] | undefined;
}

/**
 * What the back-channel logout address is checked against: our own origins, whether this is
 * development, and in production the hosts the operator allows although they are not public
 * (BACKCHANNEL_LOGOUT_ALLOWED_HOSTS) and how a name is resolved.
 */
export interface ClientChecks {
  ownOrigins: readonly string[];
  development: boolean;
  allowedHosts?: readonly string[] | undefined;
  resolveHost?: ResolveHost | undefined;
}

export function clientChecks(config: Config): ClientChecks {
  return {
    ownOrigins: [new URL(config.publicUrl).origin],
    development: !config.production,
    allowedHosts: config.logoutTokens.allowedHosts,
  };
}

/** The address rule (base/public-address.ts) these checks stand for. */
const addressRule = (checks: ClientChecks): AddressRule => ({
  publicOnly: !checks.development,
  ownOrigins: checks.ownOrigins,
  allowedHosts: checks.allowedHosts ?? [],
});

/** Where a logout token may go: what its address was registered under, checked again at each delivery. */
export const logoutAddressRule = (config: Config): AddressRule => addressRule(clientChecks(config));

export class ClientInputError extends Error {}

/** Prefix that marks a stored client_secret as a hash (see compareClientSecret in provider.ts). */
export const HASHED_SECRET_PREFIX = "sha256:";

const CLIENT_ID = /^[A-Za-z0-9._-]{3,64}$/;

function checkUri(uri: string, type: ClientType, what: string): void {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw new ClientInputError(`${what} ${uri} is not an absolute URL`);
  }
  if (url.hash) throw new ClientInputError(`${what} ${uri} must not have a fragment`);
  if (url.username || url.password) throw new ClientInputError(`${what} ${uri} must not carry credentials`);
  const loopback = url.hostname === "127.0.0.1" || url.hostname === "[::1]" || url.hostname === "localhost";
  if (url.protocol === "https:") return;
  if (url.protocol === "http:" && loopback) return;
  // A native app may also use a private-use scheme (com.example.app:/callback), RFC 8252 7.1.
  if (type === "native" && /^[a-z][a-z0-9+.-]*\.[a-z0-9+.-]+:$/.test(url.protocol)) return;
  throw new ClientInputError(`${what} ${uri} must be https (or http on this machine)`);
}

const BACKCHANNEL_LOGOUT_URI = "--backchannel-logout-uri";

/**
 * A back-channel logout address: absolute, https (http only on this machine, in development), no
 * fragment or credentials, and none of our own origins: a logout token posted to the account
 * server itself would be a request it makes to itself on an app's say-so. In production it must
 * also be a public host (base/public-address.ts): the server would otherwise post into its own
 * network on an operator's typing.
 */
function checkBackchannelLogoutUri(uri: string, checks: ClientChecks): void {
  const what = BACKCHANNEL_LOGOUT_URI;
  if (!URL.canParse(uri)) throw new ClientInputError(`${what} ${uri} is not an absolute URL`);
  const url = new URL(uri);
  if (url.hash) throw new ClientInputError(`${what} ${uri} must not have a fragment`);
  if (url.username || url.password) throw new ClientInputError(`${what} ${uri} must not carry credentials`);
  const host = normalHost(url.hostname);
  const loopback = host === "127.0.0.1" || host === "::1" || host === "localhost";
  if (url.protocol !== "https:" && !(url.protocol === "http:" && loopback && checks.development))
    throw new ClientInputError(`${what} ${uri} must be https${checks.development ? " (or http on this machine)" : ""}`);
  const refusal = refusalOf(url, addressRule(checks));
  if (refusal) throw new ClientInputError(`${what} ${uri} ${refusal}${allowHint(refusal)}`);
}

/** How the operator allows a host that is not public; nothing allows our own origin. */
const allowHint = (refusal: string) =>
  refusal.includes("own origin") ? "" : ": logout tokens go to public hosts only, unless BACKCHANNEL_LOGOUT_ALLOWED_HOSTS names it";

/**
 * In production, a back-channel logout address whose name resolves to an address that is not
 * public is refused now, as its delivery would be. A name that does not resolve yet is left to
 * the delivery, which checks every time.
 */
async function checkBackchannelLogoutHost(uri: string, checks: ClientChecks): Promise<void> {
  const url = new URL(uri);
  if (!needsResolving(url, addressRule(checks))) return;
  try {
    await checkResolved(url, checks.resolveHost ?? resolveWithDns);
  } catch (error) {
    if (error instanceof AddressRefused)
      throw new ClientInputError(`${BACKCHANNEL_LOGOUT_URI} ${uri} ${error.message}${allowHint(error.message)}`);
  }
}

export function validateRegistration(
  input: ClientRegistration,
  checks: ClientChecks = { ownOrigins: [], development: false },
): ClientRegistration {
  if (!CLIENT_ID.test(input.id)) throw new ClientInputError("--id must be 3-64 letters, digits, dots, dashes or underscores");
  if (!CLIENT_TYPES.includes(input.type)) throw new ClientInputError(`--type must be one of ${CLIENT_TYPES.join(", ")}`);
  if (!BRANDS.some((brand) => brand.id === input.brand)) {
    throw new ClientInputError(`--brand must be one of ${BRANDS.map((brand) => brand.id).join(", ")}`);
  }
  const signsIn = input.type !== "api";
  if (signsIn && input.redirectUris.length === 0) throw new ClientInputError("at least one --redirect-uri is required");
  if (!signsIn && input.redirectUris.length + input.postLogoutRedirectUris.length > 0)
    throw new ClientInputError("an api signs nobody in: it takes no --redirect-uri");
  if (!signsIn && input.backchannelLogoutUri !== undefined)
    throw new ClientInputError("an api signs nobody in: it takes no --backchannel-logout-uri");
  if (input.type === "api" && (input.introspects ?? []).length === 0)
    throw new ClientInputError("an api needs at least one --introspects CLIENT_ID: the clients whose tokens it checks");
  if (input.type !== "api" && (input.introspects ?? []).length > 0)
    throw new ClientInputError("--introspects is for an api: a client that signs customers in checks only its own tokens");
  for (const uri of input.redirectUris) checkUri(uri, input.type, "redirect URI");
  for (const uri of input.postLogoutRedirectUris) checkUri(uri, input.type, "post-logout redirect URI");
  if (input.dpop !== undefined && !DPOP_MODES.includes(input.dpop))
    throw new ClientInputError(`--dpop must be one of ${DPOP_MODES.join(", ")}`);
  if (input.backchannelLogoutUri !== undefined) checkBackchannelLogoutUri(input.backchannelLogoutUri, checks);
  else if (input.backchannelLogoutSessionRequired)
    throw new ClientInputError("--backchannel-logout-session-required needs --backchannel-logout-uri");
  return input;
}

/** Registers a client; answers the secret of a web client (shown once, never stored). */
export async function addClient(db: Db, input: ClientRegistration, checks?: ClientChecks): Promise<{ secret?: string }> {
  const client = validateRegistration(input, checks);
  if (client.backchannelLogoutUri !== undefined && checks) await checkBackchannelLogoutHost(client.backchannelLogoutUri, checks);
  if (await clientExists(db, client.id)) throw new ClientInputError(`a client with id ${client.id} already exists`);
  await checkIntrospected(db, client.introspects ?? []);
  const secret = client.type === "web" || client.type === "api" ? newSecret() : undefined;
  await insertClient(db, {
    id: client.id,
    type: client.type,
    brand: client.brand,
    redirect_uris: JSON.stringify(client.redirectUris),
    post_logout_redirect_uris: JSON.stringify(client.postLogoutRedirectUris),
    secret_hash: secret ? hashSecret(secret) : null,
    backchannel_logout_uri: client.backchannelLogoutUri ?? null,
    backchannel_logout_session_required: client.backchannelLogoutSessionRequired ? 1 : 0,
    dpop: client.dpop ?? defaultDpop(client.type),
    introspects: JSON.stringify(client.introspects ?? []),
    created_at: Date.now(),
  });
  return secret ? { secret } : {};
}

/**
 * Changes whether a client must send DPoP proofs: an operator makes an earlier desktop agent's
 * client "required" once its agents send them (decision 68). Its tokens stay as they are.
 */
export async function setClientDpop(db: Db, id: string, dpop: string | undefined): Promise<void> {
  if (!DPOP_MODES.includes(dpop as DpopMode)) throw new ClientInputError(`--dpop must be one of ${DPOP_MODES.join(", ")}`);
  if ((await updateClient(db, id, { dpop: dpop as DpopMode })) === 0) throw new ClientInputError(`no client with id ${id}`);
}

/** The clients an api introspects must exist and sign customers in: a typo would check nothing. */
async function checkIntrospected(db: Db, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    const row = await clientTypeOf(db, id);
    if (!row) throw new ClientInputError(`--introspects ${id}: no client with that id`);
    if (row.type === "api") throw new ClientInputError(`--introspects ${id}: an api has no tokens to check`);
  }
}

/** Replaces the clients whose tokens an api may introspect (an agent added to a product, say). */
export async function setClientIntrospects(db: Db, id: string, introspects: readonly string[]): Promise<void> {
  const row = await clientTypeOf(db, id);
  if (!row) throw new ClientInputError(`no client with id ${id}`);
  if (row.type !== "api")
    throw new ClientInputError("--introspects is for an api: a client that signs customers in checks only its own tokens");
  if (introspects.length === 0)
    throw new ClientInputError("an api needs at least one --introspects CLIENT_ID: the clients whose tokens it checks");
  await checkIntrospected(db, introspects);
  await updateClient(db, id, { introspects: JSON.stringify(introspects) });
}

export async function removeClient(db: Db, id: string): Promise<void> {
  if ((await deleteClient(db, id)) === 0) throw new ClientInputError(`no client with id ${id}`);
}

export async function listClients(db: Db): Promise<ClientRegistration[]> {
  const rows = await everyClient(db);
  return rows.map((row) => ({
    id: row.id,
    type: row.type as ClientType,
    brand: row.brand,
    redirectUris: JSON.parse(row.redirect_uris) as string[],
    postLogoutRedirectUris: JSON.parse(row.post_logout_redirect_uris) as string[],
    backchannelLogoutUri: row.backchannel_logout_uri ?? undefined,
    backchannelLogoutSessionRequired: row.backchannel_logout_session_required === 1,
    dpop: row.dpop as DpopMode,
    introspects: JSON.parse(row.introspects) as string[],
  }));
}

/** The brand a client's customers sign in with; the default brand when the client is unknown. */
export async function clientBrand(db: Db, clientId: unknown): Promise<Brand> {
  const row = typeof clientId === "string" ? await clientBrandOf(db, clientId) : undefined;
  return brandById(row?.brand);
}

/** The brand of a client as the provider holds it (its `brand` metadata); the default brand without one. */
export const brandOfClient = (client: { [key: string]: unknown } | undefined): Brand =>
  brandById(typeof client?.brand === "string" ? client.brand : undefined);

/** A registered client as oidc-provider's client metadata. */
export async function clientMetadata(db: Db, id: string): Promise<Record<string, unknown> | undefined> {
  const row = await clientById(db, id);
  if (!row) return undefined;
  const common = {
    client_id: row.id,
    brand: row.brand,
    redirect_uris: JSON.parse(row.redirect_uris) as string[],
    post_logout_redirect_uris: JSON.parse(row.post_logout_redirect_uris) as string[],
    response_types: ["code"],
    dpop_bound_access_tokens: row.dpop === "required",
    ...(row.backchannel_logout_uri
      ? {
          backchannel_logout_uri: row.backchannel_logout_uri,
          backchannel_logout_session_required: row.backchannel_logout_session_required === 1,
        }
      : {}),
  };
  switch (row.type as ClientType) {
    case "native":
      return {
        ...common,
        application_type: "native",
        token_endpoint_auth_method: "none",
        grant_types: ["authorization_code", "refresh_token"],
      };
    case "api":
      // Signs nobody in: no grant, no redirect; it authenticates only to introspect.
      return {
        client_id: row.id,
        brand: row.brand,
        introspects: JSON.parse(row.introspects) as string[],
        redirect_uris: [],
        response_types: [],
        grant_types: [],
        application_type: "web",
        token_endpoint_auth_method: "client_secret_basic",
        client_secret: `${HASHED_SECRET_PREFIX}${row.secret_hash}`,
      };
    case "web":
      return {
        ...common,
        application_type: "web",
        token_endpoint_auth_method: "client_secret_basic",
        client_secret: `${HASHED_SECRET_PREFIX}${row.secret_hash}`,
        grant_types: ["authorization_code", "refresh_token"],
      };
    default:
      return { ...common, application_type: "web", token_endpoint_auth_method: "none", grant_types: ["authorization_code"] };
  }
}
