import { strings } from "@strings/shared.ts";
import { useEffect, useRef, useState } from "react";
import { checkDsOneSession, type DsOneSession } from "../../api/account.ts";
import { EmailSignIn } from "../../forms/EmailSignIn.tsx";
import { dsone } from "../../platform/brand.ts";
import { config } from "../../platform/config.ts";
import { leaveTo, navigate } from "../../platform/router.ts";
import { LoadingScreen } from "../../ui/LoadingScreen.tsx";
import { decideAfterSessionCheck } from "./session-check.ts";

/** What the session check answers for a browser with no session. */
const SIGNED_OUT: DsOneSession = { signedIn: false, SvcLicenseState: "", UUID: "" };

/**
 * Whether the server said this page load carries no session cookie (decision 50), so there is no
 * session to check and the email form can be the first paint. Read once: a later visit to the
 * login within the app checks as usual.
 */
function arrivedSignedOut(): boolean {
  const root = document.documentElement;
  if (root.dataset.session !== "none") return false;
  delete root.dataset.session;
  return true;
}

/** The DS One customer login: session check, then the email form and its outcomes (SPEC sections 2 and 4). */
export default function LoginPage() {
  const brand = dsone;
  const [signedOut] = useState(arrivedSignedOut);
  const [checking, setChecking] = useState(!signedOut);
  const started = useRef(false);

  useEffect(() => {
    // The check runs once per visit to the screen, not on every render.
    if (started.current) return;
    started.current = true;
    (signedOut ? Promise.resolve(SIGNED_OUT) : checkDsOneSession().catch(() => undefined)).then((session) => {
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
  }, [signedOut]);

  // While the session is checked: the product's name and "Software Is Loading...".
  if (checking) return <LoadingScreen header={brand.name} text={strings.loading.text} spinnerLabel={strings.loading.text} />;

  return <EmailSignIn brand={brand} />;
}
