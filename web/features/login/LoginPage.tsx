import { useEffect, useRef, useState } from "react";
import { checkDsOneSession } from "../../api/account.ts";
import { EmailSignIn } from "../../forms/EmailSignIn.tsx";
import { en } from "../../i18n/en.ts";
import { dsone } from "../../platform/brand.ts";
import { config } from "../../platform/config.ts";
import { leaveTo, navigate } from "../../platform/router.ts";
import { LoadingScreen } from "../../ui/LoadingScreen.tsx";
import { decideAfterSessionCheck } from "./session-check.ts";

/** The DS One customer login: session check, then the email form and its outcomes (SPEC sections 2 and 4). */
export default function LoginPage() {
  const brand = dsone;
  const [checking, setChecking] = useState(true);
  const started = useRef(false);

  useEffect(() => {
    // The check runs once per visit to the screen, not on every render.
    if (started.current) return;
    started.current = true;
    checkDsOneSession()
      .catch(() => undefined)
      .then((session) => {
        const outcome = decideAfterSessionCheck(
          session,
          window.location.href,
          window.location.search,
          config.links,
          config.allowedRedirectOrigins,
        );
        if (outcome.kind === "auto-login") navigate(outcome.to, { replace: true });
        else if (outcome.kind === "leave") leaveTo(outcome.to);
        else setChecking(false);
      });
  }, []);

  // While the session is checked: the product's name and "Software Is Loading...".
  if (checking) return <LoadingScreen header={brand.name} text={en.loading.text} spinnerLabel={en.loading.text} />;

  return <EmailSignIn brand={brand} />;
}
