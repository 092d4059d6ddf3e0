import type { ChallengePurpose } from "../../../common/challenge.ts";
import type { Config } from "../../base/config.ts";
import type { BucketName } from "../../base/rate-limit-buckets.ts";
import type { Db } from "../../db/database.ts";
import type { Caller } from "./caller.ts";
import { enforceLimitsUnderChallenge } from "./challenge-gate.ts";

export interface MailBuckets {
  perIp: BucketName;
  perEmail: BucketName;
  ownOrigin: BucketName;
  /** The human check these mails are asked for under pressure (challenge-gate.ts). */
  purpose: ChallengePurpose;
}

/**
 * The limits on a request that mails an email (an access link, a reset link). Per client address
 * always. Per email, so a customer cannot be mail-bombed: requests from anywhere but the owner's
 * own devices and addresses share one allowance, and the owner's own device or address has an
 * allowance of its own, so others' requests cannot use up the owner's way in. `own` is the owner's
 * origin the request comes from, if it does (accountAndOwnOrigin in known-origins.ts). Past any of
 * their challenge thresholds, the request proves a person asks (decision 93) unless `proven`.
 */
export async function enforceMailLimits(
  db: Db,
  config: Config,
  caller: Caller,
  emailKey: string,
  own: string | undefined,
  buckets: MailBuckets,
  what: string,
  proven?: boolean,
): Promise<void> {
  await enforceLimitsUnderChallenge(
    db,
    config,
    caller,
    [[buckets.perIp, caller.address], own ? [buckets.ownOrigin, emailKey, own] : [buckets.perEmail, emailKey]],
    what,
    buckets.purpose,
    proven,
  );
}
