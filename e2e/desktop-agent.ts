import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Page } from "@playwright/test";
import * as client from "openid-client";
import { discover, startAuthorization } from "../test/support/oidc-client.ts";

/**
 * The demo desktop agent's sign-in (a native OpenID client, PKCE, a loopback redirect): it opens
 * the customer's browser, where they are signed in already, and redeems the code for tokens bound
 * to its DPoP key (`dpop` sends proofs of it: a refresh needs them).
 */
export async function desktopAgentSignIn(page: Page, issuer: string) {
  const config = await discover(issuer, "desktop-agent");
  // The agent's own loopback listener (RFC 8252), on a port of its choosing.
  let callback: URL | undefined;
  const listener = createServer((request, response) => {
    const url = new URL(request.url ?? "/", redirectUri);
    if (url.pathname === "/callback") callback = url;
    response.end("The desktop app is signed in. You can close this page.");
  });
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  const redirectUri = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/callback`;
  try {
    const { url, checks } = await startAuthorization(config, redirectUri);
    await page.goto(url);
    await expect.poll(() => callback).toBeDefined();
    const dpop = client.getDPoPHandle(config, await client.randomDPoPKeyPair());
    const tokens = await client.authorizationCodeGrant(config, callback as URL, checks, undefined, { DPoP: dpop });
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.token_type).toBe("dpop");
    return { config, refreshToken: tokens.refresh_token as string, dpop };
  } finally {
    listener.close();
  }
}
