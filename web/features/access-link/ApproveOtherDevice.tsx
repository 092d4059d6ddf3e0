import { strings } from "@strings/access-link.ts";
import { useState } from "react";
import type { ApiAnswer } from "../../../common/api/contract.ts";
import { sayBrowser } from "../../../common/i18n/catalogue.ts";
import { networkOf } from "../../../common/network.ts";
import { approveSignIn } from "../../api/account.ts";
import { messageFor } from "../../api/http.ts";
import type { Brand } from "../../platform/brand.ts";
import { LANGUAGE } from "../../platform/language.ts";
import { Button } from "../../ui/Button.tsx";
import { FormError } from "../../ui/FormError.tsx";
import { Screen } from "../../ui/Screen.tsx";

type AskingDevice = NonNullable<ApiAnswer<"POST /api/access-link/check">["otherDevice"]>;

/** "a minute ago", "3 minutes ago" in the page's language: the request is at most 10 minutes old. */
function ago(at: number): string {
  const minutes = Math.max(0, Math.round((Date.now() - at) / 60_000));
  return new Intl.RelativeTimeFormat(LANGUAGE, { numeric: "auto" }).format(-minutes, "minute");
}

/**
 * The link opened on another device than the one that asked (decision 73): it names that device,
 * offers three numbers, and the one that device shows signs it in there; this device stays signed
 * out. A wrong number spends the link. "Sign in on this device instead" signs in here as before.
 */
export function ApproveOtherDevice({
  brand,
  token,
  asking,
  signInHere,
}: {
  brand: Brand;
  token: string;
  asking: AskingDevice;
  signInHere: () => void;
}) {
  const [done, setDone] = useState(false);
  const [refused, setRefused] = useState<string>();
  const [busy, setBusy] = useState(false);
  const t = strings.accessLink;
  const device = sayBrowser(asking.device, t.browserOn, t.unknownBrowser);

  async function pick(number: number) {
    setBusy(true);
    try {
      await approveSignIn(token, number);
      setDone(true);
    } catch (error) {
      setRefused(messageFor(error, strings.login.unexpectedError));
    }
    setBusy(false);
  }

  if (done)
    return (
      <Screen brand={brand} title={t.approvedTitle}>
        <p role="status">{t.approved(device)}</p>
        <p>{t.approvedHere}</p>
      </Screen>
    );
  return (
    <Screen brand={brand} title={t.approveTitle} busy={busy}>
      <p>{t.approveWhat(device, asking.address ? networkOf(asking.address) : "", ago(asking.askedAt))}</p>
      {refused ? (
        <FormError message={refused} />
      ) : (
        <>
          <p>{t.approvePick}</p>
          <div className="approval-choices">
            {asking.choices.map((number) => (
              <Button key={number} variant="blue" disabled={busy} ariaLabel={t.approveNumber(number)} onClick={() => void pick(number)}>
                {number}
              </Button>
            ))}
          </div>
          <Button variant="link-blue" disabled={busy} onClick={signInHere} qaTag="sign-in-here-instead">
            {t.thisDeviceInstead}
          </Button>
        </>
      )}
    </Screen>
  );
}
