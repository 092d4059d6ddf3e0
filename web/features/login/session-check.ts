import { dsone } from "../../../common/brands/index.ts";
import type { ClientConfig } from "../../../common/client-config.ts";
import { getParamIgnoringCase } from "../../../common/query.ts";
import { safeRedirect } from "../../../common/redirects.ts";
import { isValidUuid } from "../../../common/uuid.ts";
import type { DsOneSession } from "../../api/account.ts";
import { autoLoginUrl } from "../../platform/device.ts";

/** What the login screen does once the session check has answered (SPEC section 4, steps 1-3). */
export type SessionOutcome = { kind: "auto-login"; to: string } | { kind: "leave"; to: string } | { kind: "form" };

export function decideAfterSessionCheck(
  session: DsOneSession | undefined,
  href: string,
  search: string,
  links: ClientConfig["links"],
  allowedOrigins: readonly string[],
): SessionOutcome {
  if (session?.signedIn && session.SvcLicenseState !== "") {
    if (isValidUuid(session.UUID)) {
      return { kind: "auto-login", to: autoLoginUrl(dsone, session.UUID, search) };
    }
    // A license but no linked device: there is no desktop agent to open, so the customer, already
    // signed in, goes on to where they were going (an allowed ReturnUrl), else to the product.
    const returnUrl = safeRedirect(getParamIgnoringCase(search, "returnurl"), new URL(href).origin, allowedOrigins);
    return { kind: "leave", to: returnUrl ?? links.dsoneUi };
  }
  // A failed check (session undefined) shows the form: the customer can still sign in.
  if (session && !session.signedIn && getParamIgnoringCase(search, "returnurl") === null) {
    return { kind: "leave", to: href.toLowerCase().includes("mavericksafe") ? links.maverickLogout : links.dsoneUi };
  }
  return { kind: "form" };
}
