import type { IDToken } from "openid-client";
import { SignInProblem } from "../social/openid-sign-in.ts";

/**
 * Who a Microsoft ID token (v2.0) says the person is, and whether Microsoft vouches for their
 * address (docs/decisions/0090-continue-with-microsoft.md). Microsoft sends no email_verified: the
 * `email` of a work or school account is whatever its directory's administrator typed, so it may
 * name anyone's address (the "nOAuth" takeovers). It vouches for the address of a personal account
 * (the consumer tenant), and of a work account whose token carries `xms_edov: true`, the domain's
 * owner having verified it.
 */

/** The tenant of every personal Microsoft account (Outlook.com, Hotmail, Xbox…). */
export const PERSONAL_ACCOUNT_TENANT = "9188040d-6c67-4c5b-b112-36a304b66dad";

export interface MicrosoftIdentity {
  /** The ID token's sub: the person's id for this app, stable across address changes. */
  subject: string;
  email: string;
  /** tid: the directory the account lives in. */
  tenantId: string;
  /** oid: the account's id in that directory, when the token names it. */
  objectId: string | undefined;
  /** Whether Microsoft vouches that the account owns its address (a personal account, or xms_edov). */
  vouched: boolean;
}

export function microsoftIdentity(claims: IDToken): MicrosoftIdentity {
  const email = typeof claims.email === "string" ? claims.email.trim() : "";
  if (!email) throw new SignInProblem("failed", "the ID token carried no email");
  // The issuer check already required a tid (openid-sign-in.ts); a single-tenant authority's token carries one too.
  const tenantId = typeof claims.tid === "string" ? claims.tid.toLowerCase() : "";
  if (!tenantId) throw new SignInProblem("failed", "the ID token carried no tenant (tid)");
  return {
    subject: claims.sub,
    email,
    tenantId,
    objectId: typeof claims.oid === "string" ? claims.oid : undefined,
    vouched: tenantId === PERSONAL_ACCOUNT_TENANT || claims.xms_edov === true,
  };
}
