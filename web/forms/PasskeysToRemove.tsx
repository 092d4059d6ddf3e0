import { useState } from "react";
import { LANGUAGE } from "../platform/language.ts";

/** The day a passkey was added, as the customer's language writes it. */
const DAY = new Intl.DateTimeFormat(LANGUAGE === "en" ? undefined : LANGUAGE, { dateStyle: "medium" });

/** Passkeys added this recently come ticked: a thief who was signed in may have added one. */
const RECENT_PASSKEY_MS = 30 * 24 * 60 * 60_000;

export interface PasskeyChoice {
  id: string;
  name: string;
  createdAt: number;
}

/** The ticked passkeys: those added in the last 30 days, until the customer says otherwise. */
export function usePasskeysToRemove(passkeys: readonly PasskeyChoice[]) {
  const [chosen, setChosen] = useState<ReadonlyMap<string, boolean>>(new Map());
  const isTicked = (passkey: PasskeyChoice) => chosen.get(passkey.id) ?? Date.now() - passkey.createdAt <= RECENT_PASSKEY_MS;
  const toggle = (id: string, on: boolean) => setChosen((before) => new Map(before).set(id, on));
  return { ticked: passkeys.filter(isTicked).map((passkey) => passkey.id), isTicked, toggle };
}

/**
 * "Also remove these passkeys": offered with a sign-out everywhere, a password reset and support's
 * sign-out (docs/decisions/0065), since a passkey outlives every one of them otherwise. Nothing
 * when the account has none.
 */
export function PasskeysToRemove({
  passkeys,
  choice,
  words,
}: {
  passkeys: readonly PasskeyChoice[];
  choice: ReturnType<typeof usePasskeysToRemove>;
  words: { legend: string; hint: string; passkey: (name: string, added: string) => string };
}) {
  if (passkeys.length === 0) return null;
  return (
    <fieldset className="passkeys-to-remove">
      <legend>{words.legend}</legend>
      <p className="hint">{words.hint}</p>
      {passkeys.map((passkey) => (
        <label key={passkey.id} className="checkbox">
          <input type="checkbox" checked={choice.isTicked(passkey)} onChange={(event) => choice.toggle(passkey.id, event.target.checked)} />
          {words.passkey(passkey.name, DAY.format(passkey.createdAt))}
        </label>
      ))}
    </fieldset>
  );
}
