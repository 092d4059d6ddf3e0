import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from "jose";

/**
 * Checks a security event token as Google's Cross-Account Protection sends it (decision 91):
 * signed by a key that `{GOOGLE_ISSUER_URL}/.well-known/risc-configuration` names (its
 * `jwks_uri`), issued by the issuer that configuration names, for our Google client id, of type
 * `secevent+jwt`, with an id, an issue time no older than the ids are kept, and events. The
 * configuration is read once and kept for a day (a failed read is tried again on the next token);
 * the keys are jose's remote key set, fetched again when a token names a key it does not hold.
 */
/** How long a token's id is kept (risc.ts): a token issued longer ago than this is refused. */
export const RISC_TOKEN_MAX_AGE_MS = 7 * 86_400_000;

export function withoutTrailingSlash(url: string): string {
  return url.endsWith("/") ? url.slice(0, -1) : url;
}

export interface RiscTokenSettings {
  issuerUrl: string;
  clientId: string;
  timeoutMs: number;
  /** Plain http to the issuer: only for a local issuer outside production (tests). */
  allowInsecureHttp: boolean;
}

export interface SecurityEventToken {
  jti: string;
  iat: number;
  /** Each event, by its type's URI. */
  events: Record<string, unknown>;
}

/** Why a token was refused, with RFC 8935's error code for the answer's `err`. */
export class RiscTokenRefused extends Error {
  readonly code: "invalid_request" | "invalid_key" | "invalid_issuer" | "invalid_audience";
  constructor(code: RiscTokenRefused["code"], description: string) {
    super(description);
    this.code = code;
  }
}

export interface RiscTokenChecker {
  check(token: string): Promise<SecurityEventToken>;
  /** The issuer names an event's subject may carry: Google's ID token issuer, and its RISC issuer. */
  subjectIssuers(): Promise<string[]>;
}

const CONFIGURATION_LIFETIME_MS = 24 * 3_600_000;
const MAX_EVENTS = 8;

interface RiscConfiguration {
  issuer: string;
  keys: ReturnType<typeof createRemoteJWKSet>;
}

export function riscTokenChecker(settings: RiscTokenSettings): RiscTokenChecker {
  let kept: { at: number; configuration: Promise<RiscConfiguration> } | undefined;

  async function readConfiguration(): Promise<RiscConfiguration> {
    const url = `${withoutTrailingSlash(settings.issuerUrl)}/.well-known/risc-configuration`;
    const response = await fetch(url, { signal: AbortSignal.timeout(settings.timeoutMs), redirect: "error" });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    const body = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown };
    if (typeof body.issuer !== "string" || typeof body.jwks_uri !== "string") throw new Error(`${url} names no issuer or jwks_uri`);
    const jwksUri = new URL(body.jwks_uri);
    if (jwksUri.protocol !== "https:" && !(settings.allowInsecureHttp && jwksUri.protocol === "http:")) {
      throw new Error(`${url} names keys at ${jwksUri.protocol}`);
    }
    return { issuer: body.issuer, keys: createRemoteJWKSet(jwksUri, { timeoutDuration: settings.timeoutMs }) };
  }

  function configuration(now = Date.now()): Promise<RiscConfiguration> {
    if (kept && now - kept.at < CONFIGURATION_LIFETIME_MS) return kept.configuration;
    const made = { at: now, configuration: readConfiguration() };
    kept = made;
    made.configuration.catch(() => {
      if (kept === made) kept = undefined;
    });
    return made.configuration;
  }

  return {
    async subjectIssuers() {
      const { issuer } = await configuration();
      return [...new Set([withoutTrailingSlash(issuer), withoutTrailingSlash(settings.issuerUrl)])];
    },
    async check(token) {
      const { issuer, keys } = await configuration();
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, keys, {
          issuer,
          audience: settings.clientId,
          typ: "secevent+jwt",
          algorithms: ["RS256", "ES256"],
          requiredClaims: ["jti", "iat"],
          maxTokenAge: `${RISC_TOKEN_MAX_AGE_MS / 1000}s`,
          clockTolerance: 300,
        }));
      } catch (error) {
        throw refusal(error);
      }
      const { jti, iat, events } = payload as JWTPayload & { events?: unknown };
      if (typeof jti !== "string" || jti === "" || jti.length > 256 || typeof iat !== "number") {
        throw new RiscTokenRefused("invalid_request", "the token has no usable jti or iat");
      }
      if (typeof events !== "object" || events === null || Array.isArray(events) || Object.keys(events).length === 0) {
        throw new RiscTokenRefused("invalid_request", "the token carries no events");
      }
      // Google sends one event a token; a few more are allowed, not a body's worth of lookups.
      if (Object.keys(events).length > MAX_EVENTS) throw new RiscTokenRefused("invalid_request", "the token carries too many events");
      return { jti, iat, events: events as Record<string, unknown> };
    },
  };
}

/** jose's refusal as RFC 8935 names it; a key set that cannot be read is the key's problem too. */
function refusal(error: unknown): RiscTokenRefused {
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === "iss") return new RiscTokenRefused("invalid_issuer", "the token is not from the issuer");
    if (error.claim === "aud") return new RiscTokenRefused("invalid_audience", "the token is not for this receiver");
    return new RiscTokenRefused("invalid_request", `the token's ${error.claim} claim is refused`);
  }
  if (
    error instanceof errors.JWSSignatureVerificationFailed ||
    error instanceof errors.JWKSNoMatchingKey ||
    error instanceof errors.JWKSMultipleMatchingKeys ||
    error instanceof errors.JOSEAlgNotAllowed
  ) {
    return new RiscTokenRefused("invalid_key", "the token's signature is not the issuer's");
  }
  // The keys could not be read: not the token's fault, so no 400 that Google would not retry.
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) throw error;
  if (error instanceof errors.JOSEError) return new RiscTokenRefused("invalid_request", `the token is refused (${error.code})`);
  throw error;
}
