import { generateKeyPair, randomBytes } from "node:crypto";
import { promisify } from "node:util";
import type { Db } from "../db/database.ts";
import { newId } from "../secrets/tokens.ts";

/**
 * The provider's keys live in the database, so every instance signs and publishes the same ones.
 * A new signing key is published at once but signs only from `activates_at` on, late enough for
 * every instance to have loaded it (KEY_RELOAD_MS); a replaced key stays published for
 * RETIRED_KEY_PUBLISHED_MS, longer than any token it signed lives.
 */
export const SIGNING_ALG = "RS256";
export const KEY_RELOAD_MS = 60_000;
const KEY_ACTIVATION_DELAY_MS = 2 * KEY_RELOAD_MS;
/** ID tokens live an hour; a day leaves a wide margin for clocks and caches. */
const RETIRED_KEY_PUBLISHED_MS = 24 * 3_600_000;

interface JsonWebKey {
  kid: string;
  [member: string]: unknown;
}

const generateKeyPairAsync = promisify(generateKeyPair);

/** Made on Node's thread pool: an RSA key takes about a tenth of a second, which the server's start goes on through. */
async function newSigningKey(): Promise<JsonWebKey> {
  const { privateKey } = await generateKeyPairAsync("rsa", { modulusLength: 2048 });
  return { ...(privateKey.export({ format: "jwk" }) as Record<string, unknown>), kid: newId(), alg: SIGNING_ALG, use: "sig" };
}

async function insertSigningKey(db: Db, activatesAt: number, now: number): Promise<string> {
  const jwk = await newSigningKey();
  await db
    .insertInto("oidc_keys")
    .values({ kid: jwk.kid, purpose: "signing", secret: JSON.stringify(jwk), created_at: now, activates_at: activatesAt, retired_at: null })
    .execute();
  return jwk.kid;
}

/**
 * Creates the first signing key and the cookie secret when there are none. Several instances
 * starting at once on an empty database may each insert one; they then agree on the newest.
 */
export async function ensureKeys(db: Db, now = Date.now()): Promise<void> {
  const present = await db.selectFrom("oidc_keys").select("purpose").groupBy("purpose").execute();
  const purposes = new Set(present.map((row) => row.purpose));
  if (!purposes.has("signing")) await insertSigningKey(db, now, now);
  if (!purposes.has("cookie")) {
    await db
      .insertInto("oidc_keys")
      .values({
        kid: newId(),
        purpose: "cookie",
        secret: randomBytes(32).toString("base64url"),
        created_at: now,
        activates_at: now,
        retired_at: null,
      })
      .execute();
  }
}

/**
 * `npm run account -- keys rotate`: a new signing key, published now and signing once every
 * instance has it; the key it replaces stays published until its tokens have expired.
 */
export async function rotateSigningKey(
  db: Db,
  { now = Date.now(), activationDelayMs = KEY_ACTIVATION_DELAY_MS } = {},
): Promise<{ kid: string; activatesAt: number }> {
  const activatesAt = now + activationDelayMs;
  const kid = await db.transaction().execute(async (tx) => {
    await tx
      .updateTable("oidc_keys")
      .set({ retired_at: activatesAt })
      .where("purpose", "=", "signing")
      .where("retired_at", "is", null)
      .execute();
    return insertSigningKey(tx as unknown as Db, activatesAt, now);
  });
  return { kid, activatesAt };
}

export interface ProviderKeys {
  /** The active signing key first (it signs); the others are published with key_ops verify only. */
  jwks: { keys: JsonWebKey[] };
  cookieKeys: string[];
  /** Changes whenever the published set or the signing key changes. */
  fingerprint: string;
}

export async function loadKeys(db: Db, now = Date.now()): Promise<ProviderKeys> {
  const rows = await db.selectFrom("oidc_keys").selectAll().orderBy("activates_at", "desc").orderBy("kid").execute();
  const signing = rows.filter(
    (row) => row.purpose === "signing" && (row.retired_at === null || row.retired_at + RETIRED_KEY_PUBLISHED_MS > now),
  );
  // The newest key already active signs; newer ones wait for their moment, older ones only verify.
  const active = signing.find((row) => row.activates_at <= now) ?? signing[signing.length - 1];
  if (!active) throw new Error("no signing key: ensureKeys was not called");
  const keys = [active, ...signing.filter((row) => row !== active)].map((row) => {
    const jwk = JSON.parse(row.secret) as JsonWebKey;
    return row === active ? jwk : { ...jwk, key_ops: ["verify"] };
  });
  const cookieKeys = rows.filter((row) => row.purpose === "cookie").map((row) => row.secret);
  return { jwks: { keys }, cookieKeys, fingerprint: keys.map((key) => key.kid).join(",") };
}

export async function listSigningKeys(
  db: Db,
): Promise<{ kid: string; createdAt: number; activatesAt: number; retiredAt: number | null }[]> {
  const rows = await db.selectFrom("oidc_keys").selectAll().where("purpose", "=", "signing").orderBy("created_at").execute();
  return rows.map((row) => ({ kid: row.kid, createdAt: row.created_at, activatesAt: row.activates_at, retiredAt: row.retired_at }));
}
