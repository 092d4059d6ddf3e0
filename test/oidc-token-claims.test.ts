import * as client from "openid-client";
import { afterAll, beforeAll, expect, it } from "vitest";
import { linkDevice, setLicense } from "../server/auth/kernel/accounts.ts";
import { BrowserAgent } from "./support/browser-agent.ts";
import { describeEachDatabase } from "./support/databases.ts";
import { unlimitedRateLimits } from "./support/limits.ts";
import { desktopAgentSignIn, type OidcTestBed, startOidcTestBed } from "./support/oidc-flow.ts";

const DSONE_DEVICE = "0b5b7c1e-4a8f-4d0e-9b1a-2f6c3d4e5a61";
const NEWER_DSONE_DEVICE = "7d1e2f3a-5b6c-4d7e-8f9a-0b1c2d3e4f52";
const MAVERICK_DEVICE = "c3d4e5f6-0718-4293-a4b5-c6d7e8f90a13";

/**
 * A desktop agent's ID tokens, from the code exchange and from each refresh, name the account's
 * license and device for the agent's own product, as they stand at that request. On PostgreSQL the
 * account is read by the statement that reads the code or refresh token (docs/decisions/0089); this
 * holds it to the same answer as a query of its own.
 */
describeEachDatabase("the claims of a desktop agent's tokens, on %s", (kind) => {
  let bed: OidcTestBed;
  beforeAll(async () => {
    bed = await startOidcTestBed(kind, unlimitedRateLimits());
  });
  afterAll(async () => {
    await bed?.server.stop();
  });

  it("name the agent's product's license and newest device, at the exchange and at every refresh", async () => {
    const { db } = bed.server;
    await linkDevice(db, bed.email, "dsone", DSONE_DEVICE);
    await linkDevice(db, bed.email, "maverick", MAVERICK_DEVICE);
    await setLicense(db, bed.email, "maverick", "Expired");

    const { config, tokens, dpop } = await desktopAgentSignIn(bed, new BrowserAgent());
    expect(tokens.claims()).toMatchObject({
      sub: bed.accountId,
      email: bed.email,
      name: "Olive Idc",
      license_state: "Active",
      device_uuid: DSONE_DEVICE,
    });

    // Changed between two refreshes: each refresh reads the account as it is then.
    await setLicense(db, bed.email, "dsone", "Expired");
    await new Promise((resolve) => setTimeout(resolve, 5));
    await linkDevice(db, bed.email, "dsone", NEWER_DSONE_DEVICE);
    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token as string, undefined, { DPoP: dpop });
    expect(refreshed.claims()).toMatchObject({ sub: bed.accountId, license_state: "Expired", device_uuid: NEWER_DSONE_DEVICE });

    await setLicense(db, bed.email, "dsone", "none");
    const again = await client.refreshTokenGrant(config, refreshed.refresh_token as string, undefined, { DPoP: dpop });
    expect(again.claims()).toMatchObject({ sub: bed.accountId, license_state: "", device_uuid: NEWER_DSONE_DEVICE });
  });
});
