import type { Config } from "../base/config.ts";
import type { Db } from "../db/database.ts";
import { upsertClient } from "../db/oidc-clients.ts";
import { type ClientRegistration, defaultDpop } from "../provider/clients.ts";
import { hashSecret } from "../secrets/tokens.ts";

/**
 * The demo DS One API (server/development/demo-apps/product-api.ts) introspects the demo agent's tokens as this
 * client. Registered outside production only, so a secret in the source does no harm.
 */
export const DEMO_PRODUCT_API = { brand: "dsone", clientId: "dsone-api", secret: "demo-product-api-secret" } as const;

/** The apps the demo relying parties (server/development/demo-apps/) sign in as; registered at every start outside production. */
export function demoClients(config: Config): ClientRegistration[] {
  const apps = config.oidc.demoAppsUrl;
  return [
    {
      id: "dsone-web",
      type: "spa",
      brand: "dsone",
      redirectUris: [`${apps}/dsone/callback`],
      postLogoutRedirectUris: [`${apps}/dsone/`],
      backchannelLogoutUri: `${apps}/dsone/backchannel-logout`,
      backchannelLogoutSessionRequired: true,
    },
    {
      id: "maverick-web",
      type: "spa",
      brand: "maverick",
      redirectUris: [`${apps}/maverick/callback`],
      postLogoutRedirectUris: [`${apps}/maverick/`],
      backchannelLogoutUri: `${apps}/maverick/backchannel-logout`,
      backchannelLogoutSessionRequired: true,
    },
    // A desktop agent: any loopback port (RFC 8252), its tokens bound to its DPoP key.
    {
      id: "desktop-agent",
      type: "native",
      brand: "dsone",
      redirectUris: ["http://127.0.0.1/callback"],
      postLogoutRedirectUris: [],
      dpop: "required",
    },
    {
      id: DEMO_PRODUCT_API.clientId,
      type: "api",
      brand: DEMO_PRODUCT_API.brand,
      redirectUris: [],
      postLogoutRedirectUris: [],
      introspects: ["desktop-agent"],
    },
  ];
}

/** Registers (or brings up to date) the demo clients; DEMO_APPS_URL may have changed since. */
export async function registerDemoClients(db: Db, config: Config): Promise<void> {
  for (const client of demoClients(config)) {
    const row = {
      type: client.type,
      brand: client.brand,
      redirect_uris: JSON.stringify(client.redirectUris),
      post_logout_redirect_uris: JSON.stringify(client.postLogoutRedirectUris),
      secret_hash: client.type === "api" ? hashSecret(DEMO_PRODUCT_API.secret) : null,
      introspects: JSON.stringify(client.introspects ?? []),
      // Each demo web app keeps a session of its own, which a logout token ends (decision 66).
      backchannel_logout_uri: client.backchannelLogoutUri ?? null,
      backchannel_logout_session_required: client.backchannelLogoutSessionRequired ? 1 : 0,
      dpop: client.dpop ?? defaultDpop(client.type),
    };
    await upsertClient(db, client.id, row);
  }
}
