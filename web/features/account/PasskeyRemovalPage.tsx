import { strings } from "@strings/account.ts";
import { useState } from "react";
import { sayBrowser } from "../../../common/i18n/catalogue.ts";
import { checkPasskeyRemoval, removePasskeyByLink } from "../../api/my-account.ts";
import { brandForPath } from "../../platform/brand.ts";
import { useLocation } from "../../platform/router.ts";
import { Button } from "../../ui/Button.tsx";
import { FormError } from "../../ui/FormError.tsx";
import { Link } from "../../ui/Link.tsx";
import { Screen } from "../../ui/Screen.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { dateTime } from "./format.ts";
import { useEmailedLink } from "./use-emailed-link.ts";
import "./account.css";

const t = strings.account.passkeyRemoval;

/**
 * Where the "A passkey was added" mail's link opens (docs/decisions/0065). Opening it removes
 * nothing (mail scanners open links too): it names the passkey, where and when it was added; the
 * button removes it and signs out the browser that added it. No sign-in is needed: the link, sent
 * to the account's own address, is the proof.
 */
export default function PasskeyRemovalPage() {
  const brand = brandForPath(useLocation().pathname);
  const { link, failure, submitting, act, forget } = useEmailedLink("passkey-removal-link", checkPasskeyRemoval);
  const [removed, setRemoved] = useState(false);

  if (link.kind === "checking") {
    return (
      <Screen brand={brand} title={t.title} busy>
        <Spinner label={t.checking} />
      </Screen>
    );
  }

  const toAccount = (
    <Link variant="blue" className="button--wide" to={brand.paths.account}>
      {t.account}
    </Link>
  );

  if (link.kind === "refused") {
    return (
      <Screen brand={brand} title={t.problemTitle}>
        <p>{link.message}</p>
        {toAccount}
      </Screen>
    );
  }

  if (removed) {
    return (
      <Screen brand={brand} title={t.removedTitle}>
        <p>{t.removed}</p>
        <p>{t.next}</p>
        {toAccount}
      </Screen>
    );
  }

  const { token, view: passkey } = link;
  const remove = () =>
    act(async () => {
      await removePasskeyByLink(token);
      forget();
      setRemoved(true);
    });

  const browser = passkey.addedFrom
    ? sayBrowser(passkey.addedFrom, strings.account.places.browserOn)
    : strings.account.places.unknownBrowser;
  return (
    <Screen brand={brand} title={t.title}>
      <p>{t.what(passkey.name, browser, dateTime(passkey.addedAt))}</p>
      <p>{t.effect}</p>
      <FormError message={failure} />
      <Button variant="green" className="button--wide" disabled={submitting} onClick={remove} qaTag="passkey-remove-by-link">
        {t.remove}
      </Button>
    </Screen>
  );
}
