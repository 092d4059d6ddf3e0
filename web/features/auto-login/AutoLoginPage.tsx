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
import { type AgentLaunch, useAgentLaunch } from "./use-agent-launch.ts";

/**
 * "Logging you in to {product}" (SPEC section 2). Its request fires exactly once on entry; then the
 * desktop agent on this computer is found and asked to check the license and open its window. The
 * title stays while this happens; what went wrong, if anything, is said under it. Opened without a
 * device ID, the page can reach nothing: it does not say the software will open or that the window
 * may be closed, only what went wrong and the way to sign in instead.
 */
/**
 * The line under the title. The specification's hint ("you can safely close this window") holds only
 * while the page works as it should: finding the agent, or having asked it. Where the software will
 * not open without the customer, closing the window would leave them nowhere, so the line says what
 * to do next instead (docs/decisions/0076-auto-login-without-a-device.md).
 */
function leadFor(step: AgentLaunch["step"], product: string): string | null {
  switch (step) {
    case "looking":
    case "asked":
      return strings.autoLogin.hint;
    case "needs-permission":
      return strings.autoLogin.nextStep.permission(product);
    case "denied":
      return strings.autoLogin.nextStep.denied;
    case "not-found":
      return strings.autoLogin.nextStep.notFound(product);
    case "check-failed":
      return strings.autoLogin.nextStep.checkFailed(product);
    case "bad-uuid":
      return null;
  }
}

export default function AutoLoginPage() {
  const { pathname, search } = useLocation();
  const brand = brandForPath(pathname);
  const title = strings.autoLogin.title(brand.name);
  const [uuid] = [deviceUuid()];
  const fired = useRef(false);
  const { launch, findNow } = useAgentLaunch(brand, uuid);
  const lead = leadFor(launch.step, brand.name);

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
      {lead ? <p>{lead}</p> : null}
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
