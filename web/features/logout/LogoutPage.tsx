import { strings } from "@strings/logout.ts";
import { useEffect, useRef, useState } from "react";
import { addressAfterLogout } from "../../../common/brands/logout.ts";
import { accountArea, useAccountArea } from "../../account-area/use-account-area.ts";
import { brandForPath } from "../../platform/brand.ts";
import { config } from "../../platform/config.ts";
import { deviceUuid } from "../../platform/device.ts";
import { pause } from "../../platform/pause.ts";
import { leaveTo, useLocation } from "../../platform/router.ts";
import { clearLocalState } from "../../platform/sign-out.ts";
import { Button } from "../../ui/Button.tsx";
import { LoadingScreen } from "../../ui/LoadingScreen.tsx";
import { Screen } from "../../ui/Screen.tsx";

/** The logout screen shows at least this long, so the customer sees what happened (SPEC section 9). */
export const LOGOUT_MIN_MS = 2_000;

/** Waits before each retry of a failed session reset: a dropped connection often comes back. */
export const LOGOUT_RETRY_DELAYS_MS = [500, 1_500];

/** The session reset (GET /account/logout with the whole query string, SPEC section 7), retried; whether it succeeded. */
async function resetSessionWithRetries(search: string): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    await accountArea.logout(search);
    if (accountArea.getState().logoutState === "fulfilled") return true;
    const delay = LOGOUT_RETRY_DELAYS_MS[attempt];
    if (delay === undefined) return false;
    await pause(delay);
  }
}

/**
 * "Logging You Out Now" (both brands): clears this browser and resets the session, and once the
 * reset is fulfilled and 2 seconds have passed goes to the brand's address after logout, with the
 * uuid where the brand wants it. logoutState drives it (SPEC sections 3 and 4): a reset that still
 * fails after its retries is said, with Try Again, never followed by a silent redirect.
 */
export default function LogoutPage() {
  const { pathname, search } = useLocation();
  const brand = brandForPath(pathname);
  const { logoutState } = useAccountArea();
  // Between retries logoutState is already "error": the screen says so only once they are spent.
  const [retriesSpent, setRetriesSpent] = useState(false);
  // Read once, before anything is cleared.
  const [target] = useState(() => addressAfterLogout(brand, config.links, deviceUuid()));
  const [round, setRound] = useState(0);
  const started = useRef(-1);

  useEffect(() => {
    if (started.current === round) return;
    started.current = round;
    clearLocalState();
    const minimum = pause(LOGOUT_MIN_MS);
    void Promise.all([resetSessionWithRetries(search), minimum]).then(([fulfilled]) => {
      if (fulfilled) leaveTo(target);
      else setRetriesSpent(true);
    });
  }, [round, search, target]);

  if (retriesSpent && logoutState === "error") {
    return (
      <Screen brand={brand} title={strings.logout.failedTitle}>
        <p>{strings.logout.failedText}</p>
        <Button
          className="button--wide"
          onClick={() => {
            setRetriesSpent(false);
            setRound((value) => value + 1);
          }}
        >
          {strings.logout.tryAgain}
        </Button>
        <a className="text-link" href={target}>
          {strings.logout.leaveSignedIn(brand.name)}
        </a>
      </Screen>
    );
  }
  return <LoadingScreen header={strings.logout.text} text={brand.name} spinnerLabel={strings.logout.text} />;
}
