import { bucketSettings } from "../../server/base/rate-limit-buckets.ts";

/**
 * Every rate-limit setting raised as far as it goes (its ceiling, else a million), for tests that
 * send many requests on purpose and are not about the limits themselves.
 */
export function unlimitedRateLimits(): Record<string, string> {
  return Object.fromEntries([...bucketSettings()].map(([setting, { maxLimit }]) => [setting, String(maxLimit ?? 1_000_000)]));
}
