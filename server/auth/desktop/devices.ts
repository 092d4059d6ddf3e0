import type { Config } from "../../base/config.ts";
import { AppError } from "../../base/errors.ts";
import type { Db } from "../../db/database.ts";
import { ownDevice } from "../kernel/accounts.ts";
import type { Caller } from "../kernel/caller.ts";
import { currentAccount, productStanding } from "../kernel/sessions.ts";

/**
 * The auto-login check of both brands: a signed-in account, the device one of its own for the
 * product, and the account's license state for that product.
 */
export async function signedInDevice(
  db: Db,
  config: Config,
  caller: Caller,
  uuid: string,
  productId: number,
): Promise<{ uuid: string; licenseState: string }> {
  const account = await currentAccount(db, config, caller);
  if (!account) throw new AppError("NOT_SIGNED_IN");
  const device = await ownDevice(db, uuid, account.accountId, productId);
  if (!device) throw new AppError("DEVICE_NOT_FOUND");
  const { licenseState } = await productStanding(db, account.accountId, productId);
  return { uuid: device.uuid, licenseState };
}
