import { strings } from "@strings/maverick.ts";
import { lazy, useEffect, useRef, useState } from "react";
import { checkMaverickSession } from "../../api/account.ts";
import { maverick } from "../../platform/brand.ts";
import { config } from "../../platform/config.ts";
import { autoLoginUrl } from "../../platform/device.ts";
import { useHydrated } from "../../platform/hydration.ts";
import { leaveTo, navigate, withQuery } from "../../platform/router.ts";
import { Screen } from "../../ui/Screen.tsx";
import { Spinner } from "../../ui/Spinner.tsx";

// Only a QA visit (qatest) shows the dialog: customers are sent on, so its code is not theirs to load.
const MaverickPasswordLoginDialog = lazy(() => import("./MaverickPasswordLoginPage.tsx"));

/**
 * The safety login (SPEC sections 2 and 4): "Loading Maverick Safe" while the session is checked;
 * a licensed device goes to auto-login, anything else (a failed check too) to the sign-up address
 * with the query kept. With qatest in the address the check is skipped and the password dialog
 * shows instead (docs/decisions/0010-maverick.md).
 */
export default function MaverickLoginPage() {
  // Rendered ahead without the visitor's address (decision 50), this screen hydrates as the check's
  // spinner and reads the address once the app has taken over.
  const hydrated = useHydrated();
  const qatest = hydrated && window.location.href.toLowerCase().includes("qatest");
  // Only the spinner shows it: a QA visit renders the dialog instead, whatever it holds.
  const [checking, setChecking] = useState(true);
  const started = useRef(false);

  useEffect(() => {
    if (!hydrated || qatest || started.current) return;
    started.current = true;
    checkMaverickSession()
      .catch(() => undefined)
      .then((session) => {
        if (session?.LicenseStatus && session.UUID)
          navigate(autoLoginUrl(maverick, session.UUID, window.location.search), { replace: true });
        else leaveTo(withQuery(config.links.maverickSignUp, window.location.search));
      })
      .finally(() => setChecking(false));
  }, [hydrated, qatest]);

  if (qatest) return <MaverickPasswordLoginDialog />;
  return (
    <Screen brand={maverick} title={strings.maverickLogin.loading} dialog busy={checking}>
      <Spinner label={strings.maverickLogin.loading} />
    </Screen>
  );
}
