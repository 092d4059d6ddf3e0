import * as client from "openid-client";
import { createAccount } from "../../server/auth/kernel/accounts.ts";
import { createServer, type RunningServer } from "../../server/server.ts";
import { drainMail, startTestServer, type TestServer } from "./app.ts";
import type { BrowserAgent } from "./browser-agent.ts";
import type { DatabaseKind } from "./databases.ts";
import { proofKey } from "./dpop.ts";
import { discover, startAuthorization } from "./oidc-client.ts";
import { freePort } from "./spawn-server.ts";

export { discover, startAuthorization };

/**
 * An account server listening on a free loopback port, so that real OpenID clients (openid-client)
 * can discover it and sign in through it, with one customer who has a DS One license and a password.
 */
export interface OidcTestBed {
  server: TestServer;
  issuer: string;
  email: string;
  password: string;
  accountId: string;
}

export async function startOidcTestBed(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  customer = { email: "oidc.customer@example.com", password: "correct horse battery" },
): Promise<OidcTestBed> {
  const port = await freePort();
  const server = await startTestServer(kind, { PUBLIC_URL: `http://127.0.0.1:${port}`, DEMO_APPS_URL: "http://127.0.0.1:4999", ...env });
  await server.app.listen({ port, host: "127.0.0.1" });
  const account = await createAccount(server.db, { ...customer, product: "dsone", name: "Olive Idc" });
  return { server, issuer: server.config.publicUrl, ...customer, accountId: account.id };
}

/**
 * A second instance of the bed's server, on the same database and public address, listening on a
 * port of its own (its address is `url`): what several instances behind a balancer share.
 */
export async function startSecondInstance(bed: OidcTestBed): Promise<{ server: RunningServer; url: string }> {
  const server = await createServer(bed.server.config, { serveWebApp: false, deliver: async () => {} });
  const port = await freePort();
  await server.app.listen({ port, host: "127.0.0.1" });
  return { server, url: `http://127.0.0.1:${port}` };
}

/** A request of the account page's API from `browser`, same-origin: a GET, or with `body` a JSON POST. */
export function accountCall(bed: OidcTestBed, browser: BrowserAgent, path: string, body?: unknown): Promise<Response> {
  return browser.request(`${bed.issuer}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json", origin: bed.issuer },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/**
 * Resets the customer's password as they would: asks for the reset mail, delivers it, and sends
 * its code with the new password (from the browser whose session `cookie` is, if given).
 */
export async function resetPasswordByMail(bed: OidcTestBed, password: string, cookie = ""): Promise<void> {
  const headers = { "content-type": "application/json", ...(cookie ? { cookie } : {}) };
  const asked = await fetch(`${bed.issuer}/api/password/forgot`, { method: "POST", headers, body: JSON.stringify({ email: bed.email }) });
  if (asked.status !== 200) throw new Error(`the reset request answered ${asked.status}`);
  await drainMail(bed.server);
  const code = bed.server.delivered.at(-1)?.text.match(/code=([A-Za-z0-9_-]{43})/)?.[1];
  if (!code) throw new Error("no reset code in the mail");
  const reset = await fetch(`${bed.issuer}/api/password/reset`, {
    method: "POST",
    headers,
    body: JSON.stringify({ Code: code, Email: bed.email, Password: password, ConfirmPassword: password }),
  });
  if (reset.status !== 200) throw new Error(`the reset answered ${reset.status}`);
  bed.password = password;
}

/** Signs the customer in on the brand's password screen; answers where the screen sends them next. */
export async function passwordSignIn(
  bed: OidcTestBed,
  agent: BrowserAgent,
  returnUrl?: string,
  brand: "dsone" | "maverick" = "dsone",
): Promise<string> {
  const response = await agent.request(`${bed.issuer}/api/${brand}/password-login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ Email: bed.email, Password: bed.password, ...(returnUrl ? { ReturnUrl: returnUrl } : {}) }),
  });
  if (response.status !== 200) throw new Error(`password sign-in answered ${response.status}`);
  return ((await response.json()) as { redirectUrl: string }).redirectUrl;
}

/**
 * Walks an authorization to the app's redirect address, signing in on the brand's screen when
 * asked; answers the callback address with its code, not yet redeemed.
 */
export async function authorize(bed: OidcTestBed, agent: BrowserAgent, config: client.Configuration, redirectUri: string) {
  const { url, checks } = await startAuthorization(config, redirectUri);
  let stop = await agent.follow(url, redirectUri);
  if (!stop.url.startsWith(redirectUri)) {
    const returnUrl = new URL(stop.url).searchParams.get("ReturnUrl");
    if (!returnUrl) throw new Error(`the authorization stopped at ${stop.url}`);
    stop = await agent.follow(await passwordSignIn(bed, agent, returnUrl), redirectUri);
  }
  if (!stop.url.startsWith(redirectUri)) throw new Error(`the authorization ended at ${stop.url}`);
  return { callbackUrl: new URL(stop.url), checks };
}

/**
 * A desktop agent's whole sign-in: authorized, code redeemed with a proof of its DPoP key, tokens
 * (bound to that key) in hand. `dpop` sends proofs of `key` through openid-client: a refresh
 * needs it.
 */
export async function desktopAgentSignIn(bed: OidcTestBed, agent: BrowserAgent) {
  const config = await discover(bed.issuer, "desktop-agent");
  const redirectUri = `http://127.0.0.1:${await freePort()}/callback`;
  const { callbackUrl, checks } = await authorize(bed, agent, config, redirectUri);
  const key = await proofKey();
  const dpop = client.getDPoPHandle(config, key);
  const tokens = await client.authorizationCodeGrant(config, callbackUrl, checks, undefined, { DPoP: dpop });
  return { config, tokens, redirectUri, key, dpop };
}
