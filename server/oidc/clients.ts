import { BRANDS, type Brand, brandById } from "../../common/brands/index.ts";
import { hashSecret, newSecret } from "../auth/tokens.ts";
import type { Db } from "../db/database.ts";

/**
 * The relying parties the operator registers (`npm run account -- client …`):
 * - spa: a browser app (DS One, Maverick Safe web apps): public, authorization code + PKCE;
 * - native: a desktop agent: public, PKCE, loopback redirects on any port (RFC 8252), refresh
 *   tokens that rotate on every use;
 * - web: a server-side app with a secret, printed once and stored as its SHA-256.
 */
export const CLIENT_TYPES = ["spa", "native", "web"] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

export interface ClientRegistration {
  id: string;
  type: ClientType;
  brand: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
}

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

export function validateRegistration(input: ClientRegistration): ClientRegistration {
  if (!CLIENT_ID.test(input.id)) throw new ClientInputError("--id must be 3-64 letters, digits, dots, dashes or underscores");
  if (!CLIENT_TYPES.includes(input.type)) throw new ClientInputError(`--type must be one of ${CLIENT_TYPES.join(", ")}`);
  if (!BRANDS.some((brand) => brand.id === input.brand)) {
    throw new ClientInputError(`--brand must be one of ${BRANDS.map((brand) => brand.id).join(", ")}`);
  }
  if (input.redirectUris.length === 0) throw new ClientInputError("at least one --redirect-uri is required");
  for (const uri of input.redirectUris) checkUri(uri, input.type, "redirect URI");
  for (const uri of input.postLogoutRedirectUris) checkUri(uri, input.type, "post-logout redirect URI");
  return input;
}

/** Registers a client; answers the secret of a web client (shown once, never stored). */
export async function addClient(db: Db, input: ClientRegistration): Promise<{ secret?: string }> {
  const client = validateRegistration(input);
  const existing = await db.selectFrom("oidc_clients").select("id").where("id", "=", client.id).executeTakeFirst();
  if (existing) throw new ClientInputError(`a client with id ${client.id} already exists`);
  const secret = client.type === "web" ? newSecret() : undefined;
  await db
    .insertInto("oidc_clients")
    .values({
      id: client.id,
      type: client.type,
      brand: client.brand,
      redirect_uris: JSON.stringify(client.redirectUris),
      post_logout_redirect_uris: JSON.stringify(client.postLogoutRedirectUris),
      secret_hash: secret ? hashSecret(secret) : null,
      created_at: Date.now(),
    })
    .execute();
  return secret ? { secret } : {};
}

export async function removeClient(db: Db, id: string): Promise<void> {
  const result = await db.deleteFrom("oidc_clients").where("id", "=", id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new ClientInputError(`no client with id ${id}`);
}

export async function listClients(db: Db): Promise<ClientRegistration[]> {
  const rows = await db.selectFrom("oidc_clients").selectAll().orderBy("id").execute();
  return rows.map((row) => ({
    id: row.id,
    type: row.type as ClientType,
    brand: row.brand,
    redirectUris: JSON.parse(row.redirect_uris) as string[],
    postLogoutRedirectUris: JSON.parse(row.post_logout_redirect_uris) as string[],
  }));
}

/** The brand a client's customers sign in with; the default brand when the client is unknown. */
export async function clientBrand(db: Db, clientId: unknown): Promise<Brand> {
  const row =
    typeof clientId === "string"
      ? await db.selectFrom("oidc_clients").select("brand").where("id", "=", clientId).executeTakeFirst()
      : undefined;
  return brandById(row?.brand);
}

/** A registered client as oidc-provider's client metadata. */
export async function clientMetadata(db: Db, id: string): Promise<Record<string, unknown> | undefined> {
  const row = await db.selectFrom("oidc_clients").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  const common = {
    client_id: row.id,
    brand: row.brand,
    redirect_uris: JSON.parse(row.redirect_uris) as string[],
    post_logout_redirect_uris: JSON.parse(row.post_logout_redirect_uris) as string[],
    response_types: ["code"],
  };
  switch (row.type as ClientType) {
    case "native":
      return {
        ...common,
        application_type: "native",
        token_endpoint_auth_method: "none",
        grant_types: ["authorization_code", "refresh_token"],
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
