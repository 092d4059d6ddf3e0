import type { z } from "zod";

/**
 * What every part of the API contract shares (contract.ts, earlier-contract.ts,
 * support-contract.ts): how an endpoint is declared, and the answers more than one part returns.
 * A module of its own, so the parts import it rather than each other.
 */
export interface Endpoint<Body extends z.ZodType | undefined, Answer> {
  body: Body;
  /** The body comes form-encoded (application/x-www-form-urlencoded), as the older pages post it. */
  form: boolean;
  /** Never set: carries the answer's type. */
  answer?: Answer;
}

export function endpoint<Answer>(): <Body extends z.ZodType | undefined = undefined>(
  body?: Body,
  options?: { form?: boolean },
) => Endpoint<Body, Answer> {
  return (body, { form = false } = {}) => ({ body, form }) as Endpoint<never, Answer>;
}

/** The access-link request's answer (SPEC section 3). */
export interface AccessLinkAnswer {
  isOk: boolean;
  isExistingDesktopUser: boolean;
  redirectUrl: string;
}

/** One entry of an account's security trail, as the account page and the support console show it. */
export interface TrailEntry {
  id: string;
  at: number;
  event: string;
  method: string | null;
  brand: string | null;
  clientId: string | null;
  address: string | null;
  device: string | null;
}
