import type { AskingDevice } from "../../../common/api/contract.ts";
import { brandById, brandForProduct } from "../../../common/brands/index.ts";
import type { Config } from "../../base/config.ts";
import type { Db } from "../../db/database.ts";
import { pendingAuthorizationClient } from "../../db/oidc-payloads.ts";
import { AUTHORIZE_CALLBACK_PATH, continueTo } from "../kernel/return-url.ts";
import { appsByClientId } from "../kernel/signed-in-places.ts";

/**
 * What approving a request on another device signs the asking browser in to (decision 81), read
 * from the link's ReturnUrl as the sign-in itself will read it: inside an app's authorization, that
 * app ("the DS One desktop app"); otherwise the brand and the host of the page it lands on.
 */
export async function approvalDestination(
  db: Db,
  config: Config,
  link: { productId: number; returnUrl: string | null },
): Promise<AskingDevice["signsInTo"]> {
  const brand = brandForProduct(link.productId);
  const landing = new URL(await continueTo(db, config, link.returnUrl, config.links[brand.links.ui]), config.publicUrl);
  const uid =
    landing.origin === config.publicUrl && landing.pathname.toLowerCase() === AUTHORIZE_CALLBACK_PATH
      ? landing.searchParams.get("uid")
      : null;
  const clientId = uid ? await pendingAuthorizationClient(db, uid) : undefined;
  const app = clientId ? (await appsByClientId(db, [clientId])).get(clientId) : undefined;
  if (app) return { brand: brandById(app.brand).name, app: app.kind, host: null };
  return { brand: brand.name, app: null, host: landing.host };
}
