import { strings } from "@strings/sign-up.ts";
import { useState } from "react";
import { withoutHopParameters } from "../../../common/query.ts";
import { updateNotificationSetting } from "../../api/account.ts";
import { HttpError } from "../../api/http.ts";
import { dsone } from "../../platform/brand.ts";
import { config } from "../../platform/config.ts";
import { deviceUuid } from "../../platform/device.ts";
import { useLoginError } from "../../platform/login-error.ts";
import { useLocation, withQuery } from "../../platform/router.ts";
import { FormError } from "../../ui/FormError.tsx";
import { Link } from "../../ui/Link.tsx";
import { Screen } from "../../ui/Screen.tsx";
import { Spinner } from "../../ui/Spinner.tsx";

const STORAGE_KEY = "disableNotifications";

/** The sign-up / landing screen for a device without an account (SPEC section 2). */
export default function SignUpPage() {
  const { search } = useLocation();
  const loginError = useLoginError();
  const [hidden, setHidden] = useState(() => localStorage.getItem(STORAGE_KEY) === "true");
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();

  async function change(checked: boolean) {
    setHidden(checked);
    setSaving(true);
    setFailure(undefined);
    localStorage.setItem(STORAGE_KEY, String(checked));
    const uuid = deviceUuid();
    try {
      // The setting belongs to a device: without its UUID it can only be kept in this browser.
      if (uuid) await updateNotificationSetting(uuid, !checked);
    } catch (error) {
      // The HTTP status text, as the specification's message has it ("… Internal Server Error").
      const statusText = error instanceof HttpError ? error.statusText || error.message : String(error);
      setFailure(strings.signUp.settingFailed(statusText));
    } finally {
      setSaving(false);
    }
  }

  const params = new URLSearchParams(search);
  const loginPath = config.passwordLoginAllowed && params.get("usePassword") === "true" ? dsone.paths.passwordLogin : dsone.paths.login;

  return (
    <Screen brand={dsone} title={strings.signUp.title} busy={saving}>
      <p>{strings.signUp.message}</p>
      <a className="button button--green button--wide" href={withQuery(config.links.cart, withoutHopParameters(search))}>
        {strings.signUp.createAccount}
      </a>
      <label className="checkbox">
        <input type="checkbox" checked={hidden} disabled={saving} onChange={(event) => void change(event.target.checked)} />
        <span>{strings.signUp.hideNotifications}</span>
      </label>
      {deviceUuid() ? null : <p className="hint">{strings.signUp.thisBrowserOnly}</p>}
      <FormError message={failure} />
      <Link className="text-link" to={`${loginPath}${search}`}>
        {strings.signUp.logIn}
      </Link>
      <a className="text-link" href={config.links.uninstallGuide} target="_blank" rel="noopener noreferrer">
        {strings.signUp.uninstall}
      </a>
      <FormError message={loginError} />
      {saving ? (
        <div className="overlay" role="status">
          <Spinner label={strings.signUp.loading} />
          <p>{strings.signUp.loading}</p>
        </div>
      ) : null}
    </Screen>
  );
}
