import { strings } from "@strings/access-link.ts";
import { type FormEvent, useState } from "react";
import type { AskingDevice } from "../../../common/api/contract.ts";
import { sayBrowser } from "../../../common/i18n/catalogue.ts";
import { approveSignIn } from "../../api/account.ts";
import { messageFor } from "../../api/http.ts";
import { useSubmitting } from "../../forms/use-submitting.ts";
import type { Brand } from "../../platform/brand.ts";
import { LANGUAGE } from "../../platform/language.ts";
import { Button } from "../../ui/Button.tsx";
import { FormError } from "../../ui/FormError.tsx";
import { Screen } from "../../ui/Screen.tsx";
import { TextField } from "../../ui/TextField.tsx";
import { approvedSentence } from "./approved-sentence.ts";

const t = strings.accessLink;

/** "25 seconds ago", "3 minutes ago" in the page's language, by the server's clock: the request is at most 10 minutes old. */
function ago(seconds: number): string {
  const format = new Intl.RelativeTimeFormat(LANGUAGE, { numeric: "auto" });
  return seconds < 60 ? format.format(-seconds, "second") : format.format(-Math.round(seconds / 60), "minute");
}

/** What approving signs that device in to: an app, or a brand's page on a host. */
function destination({ brand, app, host }: AskingDevice["signsInTo"]): string {
  if (app === "desktop") return t.approveForDesktopApp(brand);
  if (app === "web") return t.approveForWebApp(brand);
  return t.approveForSite(brand, host ?? "");
}

/** Digits as a phone's keyboard may type them (Arabic-Indic, Persian, full-width) read as 0 to 9. */
function westernDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9\uFF10-\uFF19]/g, (digit) => String(digit.charCodeAt(0) & 0xf));
}

/**
 * The link opened on another device than the one that asked (decisions 73 and 81): it names that
 * device, its network, how long ago it asked and what it signs in to, and asks for the two digits
 * that device shows; typed right, they sign it in there while this device stays signed out. Any
 * other digits end the request (one entry each, so a blind one is right once in a hundred at
 * most). "Sign in on this device instead" signs in here as before.
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
  const [digits, setDigits] = useState("");
  const [incomplete, setIncomplete] = useState<string>();
  const [refused, setRefused] = useState<string>();
  const [done, setDone] = useState(false);
  const { submitting, run } = useSubmitting();
  const device = sayBrowser(asking.device, t.browserOn, t.unknownBrowser);

  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = westernDigits(digits).trim();
    // An entry ends the request, right or not: half an answer is not sent.
    if (!/^\d{2}$/.test(typed)) {
      setIncomplete(t.approveDigitsIncomplete);
      return;
    }
    setIncomplete(undefined);
    void run(async () => {
      try {
        await approveSignIn(token, Number(typed));
        setDone(true);
      } catch (error) {
        setRefused(messageFor(error, strings.login.unexpectedError));
      }
    });
  }

  if (done)
    return (
      <Screen brand={brand} title={t.approvedTitle}>
        <p role="status">{approvedSentence(t, asking.device)}</p>
        <p>{t.approvedHere}</p>
      </Screen>
    );
  return (
    <Screen brand={brand} title={t.approveTitle} busy={submitting}>
      <p>{t.approveWhat(device, asking.network ?? "", ago(asking.askedSecondsAgo))}</p>
      <p>{destination(asking.signsInTo)}</p>
      <p className="approval-not-you">{t.approveNotYou}</p>
      {refused ? (
        <FormError message={refused} />
      ) : (
        <>
          <form className="code-form approval-form" noValidate onSubmit={submit}>
            <TextField
              label={t.approveDigitsLabel}
              value={digits}
              onChange={(event) => setDigits(event.target.value)}
              error={incomplete}
              inputMode="numeric"
              autoComplete="off"
              maxLength={2}
              dir="ltr"
              spellCheck={false}
            />
            <Button type="submit" disabled={submitting}>
              {t.approveSubmit}
            </Button>
          </form>
          <Button variant="link-blue" disabled={submitting} onClick={signInHere} qaTag="sign-in-here-instead">
            {t.thisDeviceInstead}
          </Button>
        </>
      )}
    </Screen>
  );
}
