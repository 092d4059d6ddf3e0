import { useSyncExternalStore } from "react";
import { createEarlierAccountApi } from "../api/earlier.ts";
import { config } from "../platform/config.ts";
import { type AccountAreaState, createAccountAreaStore } from "./store.ts";

/** The page's one account-area store; registrationKey starts from the address when it carries one. */
export const accountArea = createAccountAreaStore(createEarlierAccountApi({ maverickUiUrl: config.links.maverickUi }), {
  registrationKey: new URLSearchParams(window.location.search).get("registrationKey") ?? "",
});

export function useAccountArea(): AccountAreaState {
  return useSyncExternalStore(accountArea.subscribe, accountArea.getState, accountArea.getState);
}
