import { strings } from "@strings/shared.ts";
import { useEffect, useRef, useState } from "react";
import { waitForApproval } from "../api/account.ts";
import { HttpError } from "../api/http.ts";
import { leaveAfterSignIn } from "../platform/after-sign-in.ts";
import { pause } from "../platform/pause.ts";
import { asUndelivered, type Undelivered } from "./undelivered.ts";

/** How long to wait after a failed wait before asking again; after a few in a row, the code field is the way. */
const RETRY_AFTER_MS = 5_000;
const FAILURES_BEFORE_GIVING_UP = 3;
/**
 * A wait the server held is answered after 20 s; one answered "waiting" sooner (a proxy that cuts
 * long requests short) is followed by a pause, so the screen never asks in a loop.
 */
const SHORTEST_WAIT_MS = 1_000;

/** Resolves at once on a tab in view; on a hidden one, once it is shown again. */
function inView(): Promise<void> {
  if (!document.hidden) return Promise.resolve();
  return new Promise((resolve) => {
    const shown = () => {
      if (document.hidden) return;
      document.removeEventListener("visibilitychange", shown);
      resolve();
    };
    document.addEventListener("visibilitychange", shown);
  });
}

/**
 * The two digits to type on the phone (decisions 73 and 81; 7 shows as 07): shown once the server
 * says them, then the screen waits for the other device with a long poll, one request at a time,
 * each answered within 20 s.
 * Approved, this browser is signed in by that answer and leaves for its ReturnUrl; refused or used
 * elsewhere, it says so. It stops at the request's end, on a refusal from the server (429, 5xx
 * after a few tries) and when the screen closes; the code field below stays either way. A tab
 * out of view asks nothing: shown again, its first wait answers at once if the phone approved.
 *
 * The wait also says what became of the mail (docs/decisions/0087): slow while the receiving
 * server keeps it waiting (`onSlow`, each answer), undelivered once it was refused or bounced
 * (`onUndelivered`, which ends the wait: the screen gives way to "Email Not Delivered").
 */
export function ApprovalNumber({
  onSlow,
  onUndelivered,
}: {
  onSlow: (slow: boolean) => void;
  onUndelivered: (undelivered: Undelivered) => void;
}) {
  // Read when an answer comes, so the wait started once calls whatever the screen passes now.
  const told = useRef({ onSlow, onUndelivered });
  told.current = { onSlow, onUndelivered };
  const [number, setNumber] = useState<number>();
  const [ended, setEnded] = useState<string>();
  // Until the first answer the block holds its place unseen, so the digits appear without moving what is below.
  const [awaitingFirst, setAwaitingFirst] = useState(true);

  useEffect(() => {
    let open = true;
    void (async () => {
      let failures = 0;
      let wait = false;
      while (open) {
        await inView();
        if (!open) return;
        try {
          const asked = Date.now();
          const answer = await waitForApproval(wait);
          failures = 0;
          if (!open) return;
          setAwaitingFirst(false);
          if (answer.state === "waiting") {
            setNumber(answer.number);
            told.current.onSlow(answer.slow === true);
            if (wait && Date.now() - asked < SHORTEST_WAIT_MS) await pause(RETRY_AFTER_MS);
          } else if (answer.state === "signed_in") return void (await leaveAfterSignIn(answer.redirectUrl));
          else if (answer.state === "undelivered")
            return told.current.onUndelivered(asUndelivered(answer) ?? { reason: "other", reference: null });
          else {
            setNumber(undefined);
            if (answer.state === "refused") setEnded(strings.checkEmail.approvalRefused);
            if (answer.state === "used_elsewhere") setEnded(strings.checkEmail.approvalUsedElsewhere);
            return;
          }
          wait = true;
        } catch (error) {
          // A refusal (too many requests, a bad request) ends it; a network fault may pass.
          if ((error instanceof HttpError && error.status > 0 && error.status < 500) || ++failures >= FAILURES_BEFORE_GIVING_UP)
            return void setAwaitingFirst(false);
          await pause(RETRY_AFTER_MS);
        }
      }
    })();
    return () => {
      open = false;
    };
  }, []);

  if (ended) return <p role="status">{ended}</p>;
  if (number === undefined && !awaitingFirst) return null;
  return (
    <div className={`approval-number${number === undefined ? " approval-number--awaited" : ""}`} role="status">
      <p>{strings.checkEmail.approvalNumber}</p>
      {/* The digits read left to right; the paragraph keeps the page's side (right, in Arabic). */}
      <p className="approval-number__value">
        <bdi dir="ltr">{number === undefined ? "\u00a0" : String(number).padStart(2, "0")}</bdi>
      </p>
    </div>
  );
}
