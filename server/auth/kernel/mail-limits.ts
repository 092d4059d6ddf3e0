import type { Config } from "../../base/config.ts";
import type { BucketName } from "../../base/rate-limit-buckets.ts";
import type { Db } from "../../db/database.ts";
import type { Caller } from "./caller.ts";
import { enforceLimits } from "./rate-limit.ts";

export interface MailBuckets {
  perIp: BucketName;
  perEmail: BucketName;
  ownOrigin: BucketName;
}

/**
 * The limits on a request that mails an email (an access link, a reset link). Per client address
 * always. Per email, so a customer cannot be mail-bombed: requests from anywhere but the owner's
 * own devices and addresses share one allowance, and the owner's own device or address has an
 * allowance of its own, so others' requests cannot use up the owner's way in. `own` is the owner's
 * origin the request comes from, if it does (accountAndOwnOrigin in known-origins.ts).
 */
export async function enforceMailLimits(
  db: Db,
  config: Config,
  caller: Caller,
  emailKey: string,
  own: string | undefined,
  buckets: MailBuckets,
  what: string,
): Promise<void> {
  await enforceLimits(
    db,
    config,
    [[buckets.perIp, caller.address], own ? [buckets.ownOrigin, emailKey, own] : [buckets.perEmail, emailKey]],
    what,
  );
}
