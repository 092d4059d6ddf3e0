import { useCallback, useEffect, useRef, useState } from "react";
import type { ApiRequest, ApiRoute, SupportCustomer } from "../../../common/api/contract.ts";
import { call } from "../../api/account.ts";
import { messageFor } from "../../api/http.ts";

/** What support can do to a customer: every support call but the search and the reading. */
type Action = Exclude<Extract<ApiRoute, `POST /api/support/${string}`>, "POST /api/support/search" | "POST /api/support/customer">;
/** What an action sends besides the customer and the reason. */
type Extra<Route extends Action> = Omit<ApiRequest<Route>, "accountId" | "reason">;
/** Runs one action with the reason given; `done` is what the page then says. */
export type Act = <Route extends Action>(route: Route, extra: Extra<Route>, done: string) => Promise<void>;

/**
 * One customer as the console shows them, and the actions on them: each action carries the
 * reason the agent gave, and the page then shows the account as it now is (or, deleted, gone).
 */
export function useCustomer(accountId: string, refused: (error: unknown) => boolean) {
  const [customer, setCustomer] = useState<SupportCustomer>();
  const [gone, setGone] = useState<string>();
  const [reason, setReason] = useState("");
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean }>();
  const [busy, setBusy] = useState(false);
  const reasonField = useRef<HTMLInputElement>(null);

  const load = useCallback(async () => {
    try {
      setCustomer(await call("POST /api/support/customer", { accountId }));
    } catch (error) {
      if (!refused(error)) setGone(messageFor(error, "This customer could not be shown. Please try again."));
    }
  }, [accountId, refused]);

  useEffect(() => {
    void load();
  }, [load]);

  const act: Act = async (route, extra, done) => {
    if (reason.trim().length < 3) {
      setOutcome({ text: "Say why first, in a few words: the customer's trail keeps it with the action.", failed: true });
      reasonField.current?.focus();
      return;
    }
    setBusy(true);
    try {
      // Every action's body is the customer, the reason and its own fields (support-contract.ts).
      await (call as (route: Action, body: unknown) => Promise<unknown>)(route, { accountId, reason: reason.trim(), ...extra });
      setOutcome({ text: done, failed: false });
      if (route === "POST /api/support/delete") {
        setCustomer(undefined);
        setGone(done);
      } else await load();
    } catch (error) {
      if (!refused(error)) setOutcome({ text: messageFor(error, "That did not work. Please try again."), failed: true });
    } finally {
      setBusy(false);
    }
  };

  return { customer, gone, reason, setReason, reasonField, outcome, busy, act };
}
