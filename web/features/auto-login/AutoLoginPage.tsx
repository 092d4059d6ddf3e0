import { useEffect, useRef } from "react";
import { autoLogin } from "../../api/account.ts";
import { brandForPath } from "../../app/brand.ts";
import { deviceUuid } from "../../app/device.ts";
import { useLocation } from "../../app/router.ts";
import { en } from "../../i18n/en.ts";
import { Screen } from "../../ui/Screen.tsx";
import { Spinner } from "../../ui/Spinner.tsx";

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
    if (fired.current || brand.id !== "dsone") return;
    fired.current = true;
    const uuid = deviceUuid();
    if (uuid) void autoLogin(uuid).catch(() => undefined);
  }, [brand.id]);

  return (
    <Screen brand={brand} title={title}>
      <Spinner label={title} />
      <p>{en.autoLogin.hint}</p>
    </Screen>
  );
}
