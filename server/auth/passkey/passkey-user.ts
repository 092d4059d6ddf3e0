import type { PasskeyUser } from "../../../common/api/contract.ts";
import type { Config } from "../../base/config.ts";
import type { Db } from "../../db/database.ts";
import { accountNames } from "../kernel/accounts.ts";
import { passkeyIdsOf } from "../kernel/passkey-removal.ts";

/** The WebAuthn user handle of an account's passkeys: the bytes of its id, as registration sets user.id. */
export function passkeyUserHandle(accountId: string): string {
  return Buffer.from(accountId).toString("base64url");
}

/**
 * The account as its passkeys know it (docs/decisions/0085), for the signed-in browser's WebAuthn
 * signals: a passkey not in `credentialIds` leaves the browser's provider, and the name and display
 * name follow the account's email and name, as registration set them. Null where no ceremony can
 * run, so no page signals for a relying party the browser would refuse.
 */
export function passkeyUser(
  config: Config,
  accountId: string,
  account: { email: string; name: string },
  credentialIds: string[],
): PasskeyUser | null {
  if (!config.passkeys.usable) return null;
  return {
    rpId: config.passkeys.rpId,
    userId: passkeyUserHandle(accountId),
    name: account.email,
    displayName: account.name || account.email,
    credentialIds,
  };
}

/** The same, read for one account (after a sign-in); undefined when the account is gone. */
export async function passkeyUserOf(db: Db, config: Config, accountId: string): Promise<PasskeyUser | null | undefined> {
  const [account, passkeys] = await Promise.all([accountNames(db, accountId), passkeyIdsOf(db, accountId)]);
  if (!account) return undefined;
  return passkeyUser(
    config,
    accountId,
    account,
    passkeys.map((passkey) => passkey.id),
  );
}
