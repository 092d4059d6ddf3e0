import { createHash, randomUUID } from "node:crypto";
import { type CryptoKey, exportJWK, generateKeyPair, SignJWT } from "jose";

export interface ProofKey {
  privateKey: CryptoKey;
  publicKey: CryptoKey;
}

/** A DPoP key as an agent holds one: P-256 (ES256) unless `alg` says otherwise. */
export async function proofKey(alg = "ES256"): Promise<ProofKey> {
  return (await generateKeyPair(alg, { extractable: true })) as ProofKey;
}

/**
 * A DPoP proof (RFC 9449 section 4.2) written by hand, so that a test can get each part wrong:
 * method, address, age, jti, the access token's hash, the algorithm.
 */
export async function dpopProof(
  key: ProofKey,
  claims: { htm: string; htu: string; accessToken?: string; iat?: number; jti?: string; nonce?: string },
  alg = "ES256",
): Promise<string> {
  const { kty, crv, x, y, n, e } = await exportJWK(key.publicKey);
  const jwk = Object.fromEntries(Object.entries({ kty, crv, x, y, n, e }).filter(([, value]) => value !== undefined));
  return new SignJWT({
    htm: claims.htm,
    htu: claims.htu,
    jti: claims.jti ?? randomUUID(),
    ...(claims.nonce ? { nonce: claims.nonce } : {}),
    ...(claims.accessToken ? { ath: createHash("sha256").update(claims.accessToken).digest("base64url") } : {}),
  })
    .setProtectedHeader({ alg, typ: "dpop+jwt", jwk })
    .setIssuedAt(claims.iat ?? Math.floor(Date.now() / 1000))
    .sign(key.privateKey);
}

/** The userinfo endpoint's status for an access token: as DPoP with a proof of `key`, else as Bearer. */
export async function userinfoStatus(issuer: string, accessToken: string, key?: ProofKey, jti?: string): Promise<number> {
  const url = `${issuer}/connect/userinfo`;
  const headers: Record<string, string> = key
    ? { authorization: `DPoP ${accessToken}`, dpop: await dpopProof(key, { htm: "GET", htu: url, accessToken, ...(jti ? { jti } : {}) }) }
    : { authorization: `Bearer ${accessToken}` };
  return (await fetch(url, { headers })).status;
}
