import { lazy } from "react";
import { UNDELIVERED_REASONS, type Undelivered, type UndeliveredReason } from "../../common/undelivered.ts";
import { HttpError } from "../api/http.ts";

export type { Undelivered };

/**
 * What a screen was told of an address our mail could not reach (the wait's `undelivered`, the
 * details of an EMAIL_UNDELIVERABLE refusal, or what this history entry kept of either), read
 * defensively: a reason this app does not know is "other", a reference that is not a short code
 * is none. Undefined when it is not one at all.
 */
export function asUndelivered(value: unknown): Undelivered | undefined {
  if (!value || typeof value !== "object") return undefined;
  const { reason, reference } = value as { reason?: unknown; reference?: unknown };
  if (typeof reason !== "string") return undefined;
  return {
    reason: (UNDELIVERED_REASONS as readonly string[]).includes(reason) ? (reason as UndeliveredReason) : "other",
    reference: typeof reference === "string" && /^[0-9A-Za-z-]{1,40}$/.test(reference) ? reference : null,
  };
}

/** A request for a link refused because our mail to the address bounced before (docs/decisions/0087): why, and its reference. */
export function undeliverableIn(error: unknown): Undelivered | undefined {
  if (!(error instanceof HttpError) || error.code !== "EMAIL_UNDELIVERABLE") return undefined;
  return asUndelivered(error.data) ?? { reason: "other", reference: null };
}

/**
 * "Email Not Delivered", in a chunk of its own: few customers ever see it, so the login does not
 * carry it. Shown in a transition (startTransition), the screen before it stays until it has loaded.
 */
export const UndeliveredScreen = lazy(() => import("./UndeliveredScreen.tsx"));
