import { strings } from "@strings/account.ts";
import { useState } from "react";
import type { MyAccount } from "../../api/my-account.ts";
import { Button } from "../../ui/Button.tsx";
import { activityLines, activitySentence } from "./activity-sentences.ts";
import { dateTime } from "./format.ts";
import { Section } from "./Section.tsx";

/** Lines shown at first, and added by each Show More: a busy month stays a page, not a scroll. */
const PAGE = 10;

/** The last 30 days of the account's trail, newest first, each a plain sentence with its time. */
export function ActivitySection({ activity }: { activity: MyAccount["activity"] }) {
  const [shown, setShown] = useState(PAGE);
  const lines = activityLines(activity);
  return (
    <Section heading={strings.account.activity.heading}>
      <p className="hint">{lines.length > 0 ? strings.account.activity.intro : strings.account.activity.none}</p>
      {lines.length > 0 ? (
        <ol className="account__list account__activity">
          {lines.slice(0, shown).map(({ entry, newBrowser }) => (
            <li key={entry.id} className={entry.event.endsWith("_refused") ? "account__refused" : undefined}>
              <time dateTime={new Date(entry.at).toISOString()}>{dateTime(entry.at)}</time>
              <span>{activitySentence(entry, newBrowser)}</span>
            </li>
          ))}
        </ol>
      ) : null}
      {lines.length > shown ? (
        <Button variant="link-blue" onClick={() => setShown((count) => count + PAGE * 2)}>
          {strings.account.activity.more(lines.length - shown)}
        </Button>
      ) : null}
    </Section>
  );
}
