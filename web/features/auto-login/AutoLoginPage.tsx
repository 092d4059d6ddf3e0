import { useEffect, useRef } from "react";
import { autoLogin, maverickAutoLogin } from "../../api/account.ts";
import { type Brand, brandForPath } from "../../app/brand.ts";
import { preferredBrowser } from "../../app/browser.ts";
import { deviceUuid } from "../../app/device.ts";
import { useLocation } from "../../app/router.ts";
import { en } from "../../i18n/en.ts";
import { Screen } from "../../ui/Screen.tsx";
import { Spinner } from "../../ui/Spinner.tsx";

/** Each brand's auto-login request: DS One sends the UUID; Maverick Safe the browser to open too. */
function requestAutoLogin(brand: Brand, uuid: string): Promise<unknown> {
  if (brand.id === "maverick")
    return maverickAutoLogin({ UUID: uuid, PreferredBrowser: preferredBrowser(navigator.userAgent), ShowUI: true });
  return autoLogin(uuid);
}

/**
 * "Logging you in to {product}": shown while the desktop software takes over (SPEC section 2).
 * Its request fires exactly once on entry; the texts stay whatever it answers.
 */
export default function AutoLoginPage() {
  const { pathname } = useLocation();
  const brand = brandForPath(pathname);
  const title = en.autoLogin.title(brand.name);
  const fired = useRef(false);

  useEffect(() => {
    if (fired.current) return;
    fired.current = true;
    const uuid = deviceUuid();
    if (uuid) void requestAutoLogin(brand, uuid).catch(() => undefined);
  }, [brand]);

  return (
    <Screen brand={brand} title={title} dialog={brand.dialogs}>
      <Spinner label={title} />
      <p>{en.autoLogin.hint}</p>
    </Screen>
  );
}
