import { createHash } from "node:crypto";
import { base64url, calculateJwkThumbprint, EmbeddedJWK, type JWK, jwtVerify } from "jose";

/**
 * How a product API checks a desktop agent's DPoP-bound access token (RFC 9449 section 7, the
 * proof per section 4.3), as docs/integrating.md ("A product's API") tells integrators:
 * the demo DS One API (server/development/demo-apps/server.ts) uses it, and it reads as the checklist it is.
 *
 * The account server's access tokens are opaque: whether one is live, whose it is and which key
 * it is bound to (cnf.jkt) comes from /connect/introspect, which the API calls as a client of type
 * api registered for the agents' client ids (decision 69).
 */
export interface DpopRequest {
  method: string;
  /** The address the agent called, as it addressed it: the API's public origin and path. */
  url: string;
  authorization: string | undefined;
  /** Every DPoP header the request carried. */
  dpop: string[];
}

export interface DpopChecks {
  /** The introspection answer for an access token (RFC 7662). */
  introspect(token: string): Promise<Record<string, unknown>>;
  /**
   * Records a proof's jti until `expiresAt`; false when it was already recorded. A real API
   * shares this between its instances: an insert that fails on a duplicate.
   */
  firstUse(jti: string, expiresAt: number): Promise<boolean>;
  now?: () => number;
}

export type DpopVerdict =
  | { ok: true; token: Record<string, unknown> }
  | { ok: false; error: "invalid_dpop_proof" | "invalid_token" | "invalid_request"; description: string };

/** How far a proof's iat may be from the API's clock. */
const PROOF_WINDOW_S = 300;
const ALGORITHMS = ["ES256", "Ed25519", "EdDSA"];

const refuse = (error: "invalid_dpop_proof" | "invalid_token" | "invalid_request", description: string): DpopVerdict => ({
  ok: false,
  error,
  description,
});

export async function checkDpopRequest(request: DpopRequest, checks: DpopChecks): Promise<DpopVerdict> {
  const now = Math.floor((checks.now?.() ?? Date.now()) / 1000);
  const [scheme, token, ...rest] = (request.authorization ?? "").split(" ");
  // A bound token sent as Bearer is refused: the binding is the point.
  if (scheme?.toLowerCase() !== "dpop" || !token || rest.length > 0)
    return refuse("invalid_token", "send the token as Authorization: DPoP");
  if (request.dpop.length !== 1) return refuse("invalid_dpop_proof", "exactly one DPoP header is required");

  let header: { jwk?: JWK };
  let claims: Record<string, unknown>;
  try {
    // The proof's own public key verifies it; typ and algorithm are pinned (never none or an HMAC).
    const verified = await jwtVerify(request.dpop[0] as string, EmbeddedJWK, { typ: "dpop+jwt", algorithms: ALGORITHMS });
    header = verified.protectedHeader as { jwk?: JWK };
    claims = verified.payload as Record<string, unknown>;
  } catch (error) {
    return refuse("invalid_dpop_proof", `the proof does not verify: ${(error as Error).message}`);
  }
  const jwk = header.jwk as JWK;
  if ("d" in jwk) return refuse("invalid_dpop_proof", "the proof's jwk holds a private key");
  const target = new URL(request.url);
  if (claims.htm !== request.method) return refuse("invalid_dpop_proof", "htm is not this request's method");
  if (typeof claims.htu !== "string" || !URL.canParse(claims.htu)) return refuse("invalid_dpop_proof", "htu is not a URL");
  const htu = new URL(claims.htu);
  if (`${htu.origin}${htu.pathname}` !== `${target.origin}${target.pathname}`)
    return refuse("invalid_dpop_proof", "htu is not this address");
  if (typeof claims.iat !== "number" || Math.abs(now - claims.iat) > PROOF_WINDOW_S)
    return refuse("invalid_dpop_proof", "iat is out of the window");
  const ath = base64url.encode(createHash("sha256").update(token).digest());
  if (claims.ath !== ath) return refuse("invalid_dpop_proof", "ath is not this token's hash");
  if (typeof claims.jti !== "string" || claims.jti.length < 16) return refuse("invalid_dpop_proof", "jti is missing");
  // Last among the proof's checks, so a refused proof does not use up its jti.
  if (!(await checks.firstUse(claims.jti, (claims.iat + PROOF_WINDOW_S) * 1000 + 1000)))
    return refuse("invalid_dpop_proof", "this proof was used before");

  const introspected = await checks.introspect(token);
  if (introspected.active !== true) return refuse("invalid_token", "the token is not active");
  const bound = (introspected.cnf as { jkt?: unknown } | undefined)?.jkt;
  if (typeof bound !== "string") return refuse("invalid_token", "the token is not bound to a key");
  if (bound !== (await calculateJwkThumbprint(jwk, "sha256"))) return refuse("invalid_token", "the token is bound to another key");
  return { ok: true, token: introspected };
}

/** The WWW-Authenticate header of a refusal (RFC 9449 section 7.1). */
export function dpopChallenge(verdict: Extract<DpopVerdict, { ok: false }>): string {
  return `DPoP algs="ES256 Ed25519", error="${verdict.error}", error_description="${verdict.description.replace(/"/g, "'")}"`;
}
