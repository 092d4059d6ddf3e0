import { useEffect, useRef } from "react";
import { addressAfterLogout } from "../../../common/brands/logout.ts";
import { en } from "../../i18n/en.ts";
import { brandForPath } from "../../platform/brand.ts";
import { config } from "../../platform/config.ts";
import { deviceUuid } from "../../platform/device.ts";
import { leaveTo, useLocation } from "../../platform/router.ts";
import { clearLocalStateAndSession } from "../../platform/sign-out.ts";
import { LoadingScreen } from "../../ui/LoadingScreen.tsx";

/** The logout screen shows at least this long, so the customer sees what happened (SPEC section 9). */
export const LOGOUT_MIN_MS = 2_000;

/**
 * "Logging You Out Now" (both brands): clears this browser, ends the session, and once both are
 * done and 2 seconds have passed goes to the brand's address after logout, with the uuid where the
 * brand wants it.
 */
export default function LogoutPage() {
  const { pathname } = useLocation();
  const brand = brandForPath(pathname);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // Read before anything is cleared.
    const uuid = deviceUuid();
    const target = addressAfterLogout(brand, config.links, uuid);
    const minimum = new Promise((resolve) => setTimeout(resolve, LOGOUT_MIN_MS));
    void Promise.all([clearLocalStateAndSession(), minimum]).then(() => leaveTo(target));
  }, [brand]);
  return <LoadingScreen header={en.logout.text} text={brand.name} spinnerLabel={en.logout.text} />;
}
