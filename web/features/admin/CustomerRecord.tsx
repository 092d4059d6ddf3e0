import { type ReactNode, useId } from "react";
import type { SupportCustomer } from "../../../common/api/contract.ts";
import { networkOf } from "../../../common/network.ts";
import { Confirmed } from "./Confirmed.tsx";
import { trailWhat } from "./trail-words.ts";
import type { Act } from "./use-customer.ts";

/*
 * What the console shows of a customer's account: the facts, the rate limits counted against
 * them, what their address's mailbox said (with its Clear), their mail, where they are signed in
 * (each place with its sign-out) and their trail.
 */

const DATE_TIME = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });
const when = (at: number) => DATE_TIME.format(at);
const TIME = new Intl.DateTimeFormat("en-GB", { timeStyle: "short" });

const MAIL_STATES = { sent: "Delivered", waiting: "Waiting", retrying: "Retrying", failed: "Failed" } as const;

export function CustomerFacts({ customer, heading }: { customer: SupportCustomer; heading: string }) {
  const { account } = customer;
  return (
    <section aria-labelledby={heading} className="support__customer">
      <h2 id={heading}>
        {account.email}
        {account.disabledAt !== null ? <span className="support__tag support__tag--bad">disabled</span> : null}
      </h2>
      <dl className="support__facts">
        <dt>Name</dt>
        <dd>{account.name || "none given"}</dd>
        <dt>Since</dt>
        <dd>{when(account.createdAt)}</dd>
        <dt>Status</dt>
        <dd>
          {account.disabledAt === null ? "Active" : `Disabled since ${when(account.disabledAt)}: no way in works`}
          {account.googleHeldAt === null ? "" : `; Google sign-in held since ${when(account.googleHeldAt)}`}
        </dd>
        <dt>Role</dt>
        <dd>{account.role ?? "customer"}</dd>
        <dt>Licenses</dt>
        <dd>
          {customer.licenses.map((license) => `${license.product}: ${license.state}, held since ${when(license.createdAt)}`).join("; ") ||
            "none"}
        </dd>
        <dt>Devices</dt>
        <dd>{customer.devices.map((device) => `${device.uuid} (${device.product})`).join(", ") || "none"}</dd>
        <dt>Sign-in methods</dt>
        <dd>
          {[
            "Emailed link",
            `password ${account.passwordSet ? "set" : "not set"}`,
            `Google ${customer.google.length === 0 ? "not linked" : `linked (${customer.google.map((login) => login.email).join(", ")})`}`,
            `Microsoft ${customer.microsoft.length === 0 ? "not linked" : `linked (${customer.microsoft.map((login) => login.email).join(", ")})`}`,
            "passkeys not offered yet",
          ].join("; ")}
        </dd>
      </dl>
    </section>
  );
}

/** The directory of every personal Microsoft account. */
const PERSONAL_TENANT = "9188040d-6c67-4c5b-b112-36a304b66dad";
/**
 * What Google told us of the customer's Google account (Cross-Account Protection,
 * docs/decisions/0091): Google sign-in held since Google said it was hijacked, with the Clear that
 * lets Google sign them in again; a credential change Google asked for. The trail has every event.
 */
export function GoogleSignals({ customer, busy, act }: { customer: SupportCustomer; busy: boolean; act: Act }) {
  const { googleHeldAt, googleChangeAskedAt, email } = customer.account;
  return (
    <>
      <ul className="support__places">
        {googleHeldAt === null && googleChangeAskedAt === null ? <li>Nothing holds Google sign-in.</li> : null}
        {googleHeldAt !== null ? (
          <li className="support__failed">
            Google sign-in held since {when(googleHeldAt)}: Google said the customer's Google account was hijacked. Every sign-in was ended
            and the customer was mailed. A sign-in with a password or passkey they had 30 days before ends the hold.
          </li>
        ) : null}
        {googleChangeAskedAt !== null ? (
          <li>Google asked the customer to change their Google account's password on {when(googleChangeAskedAt)}.</li>
        ) : null}
      </ul>
      {googleHeldAt !== null ? (
        <p>
          <button
            type="button"
            className="support__button"
            disabled={busy}
            aria-label={`Clear the Google sign-in hold on ${email}`}
            onClick={() => void act("POST /api/support/clear-google-hold", {}, `Google signs ${email} in again: the hold is cleared.`)}
          >
            Clear
          </button>{" "}
          Once the customer has secured their Google account with Google: the reason goes in the trail.
        </p>
      ) : null}
    </>
  );
}

/** Where a limit stands: until when it counts, and whether it refuses or asks for a human check. */
function limitStanding({ reached, challenged, until }: SupportCustomer["limits"][number]): string {
  const when = TIME.format(until);
  if (challenged) return `, ${reached ? "reached " : ""}until ${when}. Asks for a human check`;
  return reached ? `, reached: refused until ${when}` : `, until ${when}`;
}

/**
 * Why they cannot sign in, or are asked to prove they're a person: the rate limits counted against
 * them. A limit past its challenge threshold says so in words (decision 93), so support can tell a
 * customer why they see the check; at a password's step-up point the check stands in for the refusal.
 */
export function RateLimits({ limits }: { limits: SupportCustomer["limits"] }) {
  if (limits.length === 0) return <p>Nothing is counted against this customer right now.</p>;
  return (
    <>
      <ul>
        {limits.map((limit) => (
          <li key={`${limit.what}-${limit.until}`} className={limit.reached ? "support__failed" : undefined}>
            {limit.what}: {limit.count} of {limit.limit}
            {limitStanding(limit)}
          </li>
        ))}
      </ul>
      {limits.some((limit) => limit.challenged) ? (
        <p>A human check is a short wait in the browser, or a widget to answer; clearing the rate limits lifts it.</p>
      ) : null}
    </>
  );
}

/** The mail sent to them lately, with how each delivery went. */
export function RecentMail({ mails }: { mails: SupportCustomer["mails"] }) {
  if (mails.length === 0) return <p>No mail to this customer in the last 30 days.</p>;
  return (
    <Table head={["Queued", "Subject", "State", "Attempts", "Last error"]}>
      {mails.map((mail) => (
        <tr key={mail.id} className={mail.state === "failed" ? "support__failed" : undefined}>
          <td>{when(mail.createdAt)}</td>
          <td>{mail.subject}</td>
          <td>{MAIL_STATES[mail.state]}</td>
          <td>{mail.attempts}</td>
          <td>{mail.lastError ?? ""}</td>
        </tr>
      ))}
    </Table>
  );
}

/** The customer's words for why a mail bounced (common/undelivered.ts), as support says them. */
const BOUNCE_REASONS: Record<string, string> = {
  no_mailbox: "no such mailbox",
  mailbox_full: "mailbox full",
  blocked: "blocked by the receiving server",
  other: "refused",
};

/** What became of a mail (server/mail/delivery-state.ts, lastMailsTo). */
const LAST_MAIL_STATES: Record<string, string> = {
  queued: "Queued",
  sent: "Sent",
  deferred: "Deferred, will try again",
  failed: "Failed",
  refused: "Refused by the relay",
  bounced: "Bounced",
  delayed: "Delayed",
  complained: "Marked as spam",
  suppressed: "Not sent: address held",
};

const UNDELIVERED_STATES = new Set(["failed", "refused", "bounced", "complained", "suppressed"]);

/**
 * What the address's mailbox said (docs/decisions/0087): fine, bounced (no mail goes) or complained
 * (no notices go), with the Clear that lets mail go again; then its last 10 mails, each with what
 * the relay or a report said and the reference a customer quotes.
 */
export function AddressMail({ customer, busy, act }: { customer: SupportCustomer; busy: boolean; act: Act }) {
  const { bounced, complainedAt } = customer.mailStanding;
  const { email } = customer.account;
  return (
    <>
      <ul className="support__places">
        {bounced === null && complainedAt === null ? <li>Fine: nothing has bounced, and no mail was marked as spam.</li> : null}
        {bounced ? (
          <li className="support__failed">
            Bounced since {when(bounced.at)} ({BOUNCE_REASONS[bounced.reason] ?? bounced.reason}
            {bounced.reference ? `, mail ${bounced.reference}` : ""}){bounced.code ? `: ${bounced.code}` : ""}
            {bounced.words ? ` "${bounced.words}"` : ""}. No mail goes to this address until it is cleared.
          </li>
        ) : null}
        {complainedAt !== null ? (
          <li className="support__failed">
            Complained since {when(complainedAt)}: the customer marked a mail as spam. No notices go until it is cleared; sign-in links,
            codes and security mail still do.
          </li>
        ) : null}
      </ul>
      {bounced !== null || complainedAt !== null ? (
        <p>
          <button
            type="button"
            className="support__button"
            disabled={busy}
            aria-label={`Clear the mail block on ${email}`}
            onClick={() =>
              void act("POST /api/support/clear-mail", {}, `Mail goes to ${email} again: the bounce and the complaint are cleared.`)
            }
          >
            Clear
          </button>{" "}
          Once the customer says the mailbox works (or the address is right after all): the reason goes in the trail.
        </p>
      ) : null}
      {customer.lastMails.length === 0 ? (
        <p>No mail to this address is kept.</p>
      ) : (
        <Table head={["Queued", "Kind", "State", "Code", "The relay's words", "Reference"]}>
          {customer.lastMails.map((mail) => (
            <tr key={mail.reference} className={UNDELIVERED_STATES.has(mail.state) ? "support__failed" : undefined}>
              <td>{when(mail.queuedAt)}</td>
              <td>{mail.kind?.replaceAll("_", " ") ?? "unknown"}</td>
              <td>{LAST_MAIL_STATES[mail.state] ?? mail.state}</td>
              <td>{mail.code ?? ""}</td>
              <td>{mail.words ?? ""}</td>
              <td>{mail.reference}</td>
            </tr>
          ))}
        </Table>
      )}
    </>
  );
}

/**
 * Where they are signed in (browsers, apps) and how (passkeys, Google, Microsoft), each with its way out. A
 * browser's place is its network, as the customer's own page and mail name it (common/network.ts).
 */
export function SignedInPlaces({ customer, busy, act }: { customer: SupportCustomer; busy: boolean; act: Act }) {
  return (
    <>
      {customer.browsers.length === 0 && customer.apps.length === 0 ? <p>Signed in nowhere.</p> : null}
      <ul className="support__places">
        {customer.browsers.map((browser) => (
          <li key={browser.ref}>
            {browser.device ?? "A browser"}
            {browser.address ? `, near ${networkOf(browser.address)}` : ""}, signed in {when(browser.signedInAt)}, last used{" "}
            {when(browser.lastSeenAt)}{" "}
            <button
              type="button"
              className="support__button"
              disabled={busy}
              aria-label={`Sign out ${browser.device ?? "this browser"} signed in ${when(browser.signedInAt)}`}
              onClick={() => void act("POST /api/support/sign-out-browser", { ref: browser.ref }, "That browser is signed out.")}
            >
              Sign out
            </button>
          </li>
        ))}
        {customer.apps.map((app) => (
          <li key={app.clientId}>
            {app.clientId} ({app.kind === "desktop" ? "desktop agent" : "web app"}), since {when(app.since)}{" "}
            <button
              type="button"
              className="support__button"
              disabled={busy}
              aria-label={`Sign out ${app.clientId}`}
              onClick={() => void act("POST /api/support/sign-out-app", { clientId: app.clientId }, `${app.clientId} is signed out.`)}
            >
              Sign out
            </button>
          </li>
        ))}
        {customer.passkeys.map((passkey) => (
          <li key={passkey.id}>
            Passkey {passkey.name}, added {when(passkey.createdAt)},{" "}
            {passkey.lastUsedAt === null ? "not used yet" : `last used ${when(passkey.lastUsedAt)}`}{" "}
            <Confirmed
              label="Remove"
              name={`Remove passkey ${passkey.name}`}
              question={`Remove the passkey ${passkey.name}? The customer can still sign in with an emailed link.`}
              busy={busy}
              run={() => act("POST /api/support/remove-passkey", { id: passkey.id }, `The passkey ${passkey.name} is removed.`)}
            />
          </li>
        ))}
        {customer.google.map((login) => (
          <li key={login.subject}>
            Google {login.email} (subject {login.subject}), linked {when(login.linkedAt)}{" "}
            <Confirmed
              label="Unlink"
              name={`Unlink Google ${login.email}`}
              question={`Unlink the Google account ${login.email}? The customer keeps the emailed link${customer.account.passwordSet ? " and the password" : ""}.`}
              busy={busy}
              run={() => act("POST /api/support/unlink-google", { subject: login.subject }, "Google is unlinked.")}
            />
          </li>
        ))}
        {customer.microsoft.map((login) => (
          <li key={login.subject}>
            Microsoft {login.email} (subject {login.subject};{" "}
            {login.tenantId === PERSONAL_TENANT ? "personal account" : `tenant ${login.tenantId ?? "unknown"}`}
            ), linked {when(login.linkedAt)}{" "}
            <Confirmed
              label="Unlink"
              name={`Unlink Microsoft ${login.email}`}
              question={`Unlink the Microsoft account ${login.email}? The customer keeps the emailed link${customer.account.passwordSet ? " and the password" : ""}.`}
              busy={busy}
              run={() => act("POST /api/support/unlink-microsoft", { subject: login.subject }, "Microsoft is unlinked.")}
            />
          </li>
        ))}
      </ul>
    </>
  );
}

/** Their security trail, newest first; an entry that waits for support is a sentence, tagged. */
export function Trail({ trail }: { trail: SupportCustomer["trail"] }) {
  return (
    <Table head={["When", "What", "By", "Reason", "Browser", "Network"]}>
      {trail.map((entry) => {
        const what = trailWhat(entry.event);
        return (
          <tr key={entry.id}>
            <td>{when(entry.at)}</td>
            <td>
              {what.text}
              {what.needsSupport ? <span className="support__tag support__tag--bad">needs support</span> : null}
              {entry.method ? ` (${entry.method})` : ""}
              {entry.clientId ? ` · ${entry.clientId}` : ""}
            </td>
            <td>{entry.by ?? "a browser"}</td>
            <td>{entry.reason ?? ""}</td>
            <td>{entry.device ?? ""}</td>
            <td>{entry.address ? networkOf(entry.address) : ""}</td>
          </tr>
        );
      })}
    </Table>
  );
}

/** One part of the customer's record, under its heading. */
export function Part({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function Table({ head, children }: { head: string[]; children: ReactNode }) {
  return (
    <div className="support__table">
      <table>
        <thead>
          <tr>
            {head.map((name) => (
              <th key={name} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
