import { brandForPath } from "../../app/brand.ts";
import { useLocation } from "../../app/router.ts";
import { en } from "../../i18n/en.ts";
import { Screen } from "../../ui/Screen.tsx";
import { Spinner } from "../../ui/Spinner.tsx";

/** "Logging you in to {product}": shown while the desktop software takes over (SPEC section 2). */
export default function AutoLoginPage() {
  const { pathname } = useLocation();
  const brand = brandForPath(pathname);
  const title = en.autoLogin.title(brand.name);
  return (
    <Screen brand={brand} title={title}>
      <Spinner label={title} />
      <p>{en.autoLogin.hint}</p>
    </Screen>
  );
}
