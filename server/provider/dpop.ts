import { createHash } from "node:crypto";
import { sql } from "kysely";
import type Provider from "oidc-provider";
import type { Db } from "../db/database.ts";
import { deleteInBatches, type SweepCost } from "../db/retention.ts";

/**
 * DPoP (RFC 9449) as the provider uses it (docs/decisions/0068): each proof's jti stored once in
 * the database, and why a proof was refused, for the metrics.
 */

/** The signature algorithms a proof may use: P-256 (what TPMs and the Secure Enclave hold) and Ed25519. */
export const DPOP_SIGNING_ALGS = ["ES256", "Ed25519"] as const;

/**
 * oidc-provider accepts a proof whose iat is within 5 minutes either side of its clock, and asks
 * its replay store to keep the jti until 5 minutes from now: a proof first sent 5 minutes before
 * its iat would be acceptable again after its jti was forgotten. Kept twice as long, it is not.
 */
const PROOF_ACCEPTABLE_S = 300;

/**
 * Replaces the provider's replay store (a find, then a save, through the adapter: two instances
 * could both find nothing) with one insert that fails on a duplicate, on whichever instance the
 * second copy reaches. A duplicate is refused with RFC 9449's `invalid_dpop_proof`, not the
 * library's `invalid_grant`/`invalid_token`: it is the proof that is bad, not the token.
 */
export function storeProofsOnce(provider: Provider, db: Db, InvalidDpopProof: new (description: string) => Error): void {
  provider.ReplayDetection.unique = async (iss: string, jti: string, exp: number) => {
    const jtiHash = createHash("sha256").update(`${iss}\0${jti}`).digest("hex");
    const result = await db
      .insertInto("dpop_proofs")
      .values({ jti_hash: jtiHash, expires_at: (exp + PROOF_ACCEPTABLE_S) * 1000 })
      .onConflict((conflict) => conflict.column("jti_hash").doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) !== 1) throw new InvalidDpopProof("DPoP proof JWT replay detected");
    return true;
  };
}

export function pruneDpopProofs(db: Db, now = Date.now()): Promise<SweepCost> {
  return deleteInBatches(db, "dpop_proofs", "expires_at", sql`expires_at <= ${now}`);
}

/** Why a DPoP proof (or its absence) was refused: the label of account_dpop_refusals_total. */
export type DpopRefusal = "htm" | "htu" | "iat" | "alg" | "replay" | "nonce" | "ath" | "proof" | "missing" | "key";

/**
 * Names the refusal an error of the provider stands for, from RFC 9449's error codes and the
 * library's descriptions; undefined for any other error.
 */
export function dpopRefusal(error: {
  error?: unknown;
  error_description?: unknown;
  error_detail?: unknown;
  cause?: unknown;
}): DpopRefusal | undefined {
  const description = String(error.error_description ?? "");
  if (error.error === "use_dpop_nonce") return /iat/.test(description) ? "iat" : "nonce";
  if (error.error === "invalid_dpop_proof") {
    if (/htm mismatch/.test(description)) return "htm";
    if (/htu mismatch/.test(description)) return "htu";
    if (/iat/.test(description)) return "iat";
    if (/replay/i.test(description)) return "replay";
    if (/nonce/.test(description)) return "nonce";
    if (/ath mismatch/.test(description)) return "ath";
    const code = (error.cause as { code?: unknown } | undefined)?.code;
    if (code === "ERR_JOSE_ALG_NOT_ALLOWED" || code === "ERR_JOSE_NOT_SUPPORTED") return "alg";
    return "proof";
  }
  // A bound client or token without a proof, or a proof by another key than the token's (an
  // invalid_grant says which only in its detail, which the client is not shown).
  const detail = `${description} ${String(error.error_detail ?? "")}`;
  if (/DPoP proof JWT not provided/.test(detail)) return "missing";
  if (/failed jkt verification/.test(detail)) return "key";
  return undefined;
}
