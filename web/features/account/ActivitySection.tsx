import type { MyAccount } from "../../api/my-account.ts";
import { en } from "../../i18n/en/account.ts";
import { activitySentence } from "./activity-sentences.ts";
import { dateTime } from "./format.ts";
import { Section } from "./Section.tsx";

/** The last 30 days of the account's trail, newest first, each a plain sentence with its time. */
export function ActivitySection({ activity }: { activity: MyAccount["activity"] }) {
  return (
    <Section heading={en.account.activity.heading}>
      <p className="hint">{activity.length > 0 ? en.account.activity.intro : en.account.activity.none}</p>
      {activity.length > 0 ? (
        <ol className="account__list account__activity">
          {activity.map((entry) => (
            <li key={entry.id} className={entry.event.endsWith("_refused") ? "account__refused" : undefined}>
              <time dateTime={new Date(entry.at).toISOString()}>{dateTime(entry.at)}</time>
              <span>{activitySentence(entry)}</span>
            </li>
          ))}
        </ol>
      ) : null}
    </Section>
  );
}
