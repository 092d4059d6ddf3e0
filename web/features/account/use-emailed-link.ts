import { strings } from "@strings/account.ts";
import { useEffect, useRef, useState } from "react";
import { messageFor } from "../../api/http.ts";
import { useSubmitting } from "../../forms/use-submitting.ts";
import { takeKeptToken } from "../../platform/address.ts";

/** Where a page opened by a mailed link stands: its link being checked, refused, or ready with what it names. */
export type EmailedLink<View> = { kind: "checking" } | { kind: "refused"; message: string } | { kind: "ready"; token: string; view: View };

/**
 * A page a mailed link opens, whose button does what the link is for ("A passkey was added",
 * "This wasn't me"). The token leaves the address bar at once and is kept in this tab for a
 * reload (`keptKey`); opening the page only checks it, spending nothing, and `act` runs the
 * button's work, showing why it failed. `forget` drops the kept token once the link is spent.
 */
export function useEmailedLink<View>(keptKey: string, check: (token: string) => Promise<View>) {
  const [link, setLink] = useState<EmailedLink<View>>({ kind: "checking" });
  const [failure, setFailure] = useState<string>();
  const { submitting, run } = useSubmitting();
  const started = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: checked once per visit to the page.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = takeKeptToken(keptKey);
    if (!token) {
      setLink({ kind: "refused", message: strings.deleteAccount.incomplete });
      return;
    }
    check(token).then(
      (view) => setLink({ kind: "ready", token, view }),
      (error: unknown) => setLink({ kind: "refused", message: messageFor(error, strings.login.unexpectedError) }),
    );
  }, []);

  const act = (work: () => Promise<void>) =>
    run(async () => {
      setFailure(undefined);
      try {
        await work();
      } catch (error) {
        setFailure(messageFor(error, strings.login.unexpectedError));
      }
    });

  return { link, failure, submitting, act, forget: () => sessionStorage.removeItem(keptKey) };
}
