import { strings } from "@strings/auto-login.ts";
import { useEffect, useRef } from "react";
import { getParamIgnoringCase } from "../../../common/query.ts";
import { isValidUuid } from "../../../common/uuid.ts";
import { licenseCheckBody } from "../../agent/license-check.ts";
import { brandAutoLogin } from "../../api/account.ts";
import { brandForPath } from "../../platform/brand.ts";
import { config } from "../../platform/config.ts";
import { deviceUuid } from "../../platform/device.ts";
import { installerUrl } from "../../platform/installer.ts";
import { useLocation, withQuery } from "../../platform/router.ts";
import { Button } from "../../ui/Button.tsx";
import { Link } from "../../ui/Link.tsx";
import { Screen } from "../../ui/Screen.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { useAgentLaunch } from "./use-agent-launch.ts";

/**
 * "Logging you in to {product}" (SPEC section 2). Its request fires exactly once on entry; then the
 * desktop agent on this computer is found and asked to check the license and open its window. The
 * texts stay while this happens; what went wrong, if anything, is said under them. Opened without a
 * device ID, the page can reach nothing: it does not say the software will open or that the window
 * may be closed, only what went wrong and the way to sign in instead.
 */
export default function AutoLoginPage() {
  const { pathname, search } = useLocation();
  const brand = brandForPath(pathname);
  const title = strings.autoLogin.title(brand.name);
  const [uuid] = [deviceUuid()];
  const fired = useRef(false);
  const { launch, findNow } = useAgentLaunch(brand, uuid);

  useEffect(() => {
    if (fired.current) return;
    fired.current = true;
    // A malformed or missing UUID sends nothing (the page says why below).
    if (uuid && isValidUuid(uuid)) void brandAutoLogin(brand, licenseCheckBody(brand, uuid)).catch(() => undefined);
  }, [brand, uuid]);

  const download = (
    <a
      className="button button--green button--wide"
      href={installerUrl(config.links.installerHost, getParamIgnoringCase(search, "channel"))}
    >
      {strings.agent.download(brand.name)}
    </a>
  );
  const retry = (label: string) => (
    <Button variant="link-blue" onClick={findNow}>
      {label}
    </Button>
  );

  // Every end state stops the spinner and offers a next step (issue: no dead ends).
  return (
    <Screen brand={brand} title={title} dialog={brand.dialogs}>
      {launch.step === "looking" ? <Spinner label={title} /> : null}
      {launch.step === "bad-uuid" ? null : <p>{strings.autoLogin.hint}</p>}
      <div aria-live="polite" className="agent-status">
        {launch.step === "asked" ? (
          <>
            <p>{strings.agent.asked(brand.name)}</p>
            {retry(strings.agent.openAgain)}
          </>
        ) : null}
        {launch.step === "bad-uuid" ? (
          <>
            <p className="form__error">{strings.agent.badUuid}</p>
            <Link
              variant="green"
              className="button--wide"
              to={withQuery(brand.paths.emailLogin, new URLSearchParams({ ReturnUrl: config.links[brand.links.ui] }).toString())}
            >
              {strings.agent.signInInstead}
            </Link>
          </>
        ) : null}
        {launch.step === "needs-permission" ? (
          <>
            <p>{strings.agent.permissionWhy(brand.name)}</p>
            <Button variant="green" className="button--wide" onClick={findNow}>
              {strings.agent.findButton(brand.name)}
            </Button>
          </>
        ) : null}
        {launch.step === "denied" ? (
          <>
            <p className="form__error">{strings.agent.denied(brand.name)}</p>
            {retry(strings.agent.tryAgain)}
          </>
        ) : null}
        {launch.step === "not-found" ? (
          <>
            <p className="form__error">{strings.agent.notFound(brand.name)}</p>
            {download}
            {retry(strings.agent.tryAgain)}
          </>
        ) : null}
        {launch.step === "check-failed" ? (
          <>
            <p className="form__error">{strings.agent.checkFailed(brand.name)}</p>
            {retry(strings.agent.tryAgain)}
          </>
        ) : null}
      </div>
    </Screen>
  );
}
