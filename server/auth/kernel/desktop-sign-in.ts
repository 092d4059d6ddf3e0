import { BRANDS } from "../../../common/brands/index.ts";
import type { Config } from "../../base/config.ts";

/*
 * The desktop-user rule's address (docs/decisions/0003-existing-desktop-users.md), shared by every
 * way in that meets an existing desktop user: the emailed link, a passkey, Google. Here, so that
 * none of them imports another.
 */

/**
 * Where an existing desktop user signs in (DESKTOP_SIGNIN_URL, whose end the browser appends the
 * email to), carrying the sign-in's ReturnUrl as the query's first parameter so the customer still
 * arrives where they were going. Undefined when that address is this server's own password screen
 * and password login is turned off.
 */
export function desktopSignInFor(config: Config, returnUrl: string | undefined): string | undefined {
  const address = config.links.desktopSignIn;
  const url = new URL(address);
  const ownPasswordScreen =
    url.origin === new URL(config.publicUrl).origin &&
    BRANDS.some((brand) => brand.paths.passwordLogin.toLowerCase() === url.pathname.toLowerCase());
  if (ownPasswordScreen && !config.passwordLoginAllowed) return undefined;
  const queryAt = address.indexOf("?");
  if (!returnUrl || queryAt === -1) return address;
  return `${address.slice(0, queryAt)}?ReturnUrl=${encodeURIComponent(returnUrl)}&${address.slice(queryAt + 1)}`;
}
