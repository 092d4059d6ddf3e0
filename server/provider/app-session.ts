import type { KoaContextWithOIDC } from "oidc-provider";
import type { Language } from "../../common/languages.ts";
import type { Caller } from "../auth/kernel/caller.ts";
import { deviceMark } from "../auth/kernel/known-origins.ts";
import { accountForSessionId, accountStandingForSessionId, type ProductStanding } from "../auth/kernel/sessions.ts";
import { canonicalAddress } from "../base/client-address.ts";
import type { Config } from "../base/config.ts";
import { COOKIES, clearedCookieHeader, cookieFromHeader, sessionCookieName, setCookieHeader } from "../base/cookies.ts";
import type { Db } from "../db/database.ts";
import { APP_BROWSER_KEY, APP_SESSION_KEY, type BrowserOfRequest } from "../db/oidc-payloads.ts";
import { describeUserAgent } from "../http/user-agent.ts";
import { hashSecret, looksLikeSecret } from "../secrets/tokens.ts";
import { brandOfClient } from "./clients.ts";

/**
 * The account server's own session, read from a raw Cookie header: the provider (which runs on
 * Koa, not Fastify) asks it who is signed in. It is the one source of truth for "signed in", read
 * by the same function as every other request (sessions.ts): a silent sign-in is a use of the
 * session, and a session past its idle timeout signs nobody in.
 */
export interface AppSession {
  accountId: string;
  /** When the customer signed in: every sign-in starts a new session. */
  signedInAt: number;
  /** How the customer signed in (RFC 8176), for the ID token's amr. */
  amr: string[] | undefined;
}

function appSessionId(cookieHeader: string | undefined, config: Config): string | undefined {
  const value = cookieFromHeader(cookieHeader, sessionCookieName(config));
  return looksLikeSecret(value) ? value : undefined;
}

export async function appSession(db: Db, config: Config, cookieHeader: string | undefined): Promise<AppSession | undefined> {
  const account = await accountForSessionId(db, config, appSessionId(cookieHeader, config));
  return account && { accountId: account.accountId, signedInAt: account.signedInAt, amr: account.amr };
}

/** The browser's session with what the provider's claims need: the account's address, name and standing for the client's product. */
export interface AppSessionWithStanding extends AppSession {
  email: string;
  name: string;
  standing: ProductStanding;
}

const readForRequest = new WeakMap<object, Promise<AppSessionWithStanding | undefined>>();

/**
 * The session of a provider request's browser, read once for the whole request, with the account
 * and its standing for the request's client (one query): the authorization's "is our session
 * still this account's" check and its claims both ask, and neither asks the database again.
 */
export function appSessionOfRequest(db: Db, config: Config, ctx: KoaContextWithOIDC): Promise<AppSessionWithStanding | undefined> {
  let read = readForRequest.get(ctx);
  if (!read) {
    const productId = brandOfClient(ctx.oidc.client as never).productId;
    read = accountStandingForSessionId(db, config, appSessionId(ctx.get("cookie"), config), productId).then(
      (found) =>
        found && {
          accountId: found.account.accountId,
          signedInAt: found.account.signedInAt,
          amr: found.account.amr,
          email: found.account.email,
          name: found.account.name,
          standing: found.standing,
        },
    );
    readForRequest.set(ctx, read);
  }
  return read;
}

/**
 * The browser of a provider request, as the account server knows it: its session as the sessions
 * table names it (its id's hash, the `ref` of the signed-in places list), whether or not it is
 * still valid, and its device mark. No lookup, no use; hashes, which sign nobody in.
 */
export function browserOfRequest(config: Config, cookieHeader: string | undefined): BrowserOfRequest {
  const id = appSessionId(cookieHeader, config);
  const deviceId = cookieFromHeader(cookieHeader, COOKIES.device.name(config));
  return {
    [APP_SESSION_KEY]: id === undefined ? undefined : hashSecret(id),
    [APP_BROWSER_KEY]: looksLikeSecret(deviceId) ? deviceMark(deviceId) : undefined,
  };
}

/**
 * A provider request as the sign-in flows see a caller (auth/kernel/caller.ts), as http/caller.ts
 * makes one from Fastify's: a logout at the provider is then the website's logout, word for word.
 */
export function providerCaller(ctx: KoaContextWithOIDC, language: Language): Caller {
  const cookieHeader = ctx.get("cookie");
  return {
    // The address Fastify resolved: routes.ts hands it to the provider as the forwarded one.
    address: canonicalAddress(ctx.ip) ?? "unknown",
    device: describeUserAgent(ctx.get("user-agent") || undefined),
    language,
    // Nothing at the provider signs anyone in with this caller: no language of its is kept.
    languageStated: false,
    languageChosen: false,
    cookie: (name) => cookieFromHeader(cookieHeader, name),
    setCookie: (name, value, attributes) => void ctx.append("set-cookie", setCookieHeader(name, value, attributes)),
    clearCookie: (name, attributes) => void ctx.append("set-cookie", clearedCookieHeader(name, attributes)),
    noStore: () => void ctx.set("cache-control", "no-store"),
    // The provider's pages ask for no human check.
    challengeProof: undefined,
    challenged: () => {},
  };
}
