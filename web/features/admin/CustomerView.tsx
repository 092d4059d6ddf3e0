import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from "react";
import type { ApiRequest, ApiRoute, SupportCustomer } from "../../../common/api/contract.ts";
import { SUPPORT_SCREEN } from "../../../common/roles.ts";
import { call } from "../../api/account.ts";
import { messageFor } from "../../api/http.ts";
import { PasskeysToRemove, usePasskeysToRemove } from "../../forms/PasskeysToRemove.tsx";
import { BRANDS } from "../../platform/brand.ts";
import { navigate } from "../../platform/router.ts";

const DATE_TIME = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });
const when = (at: number) => DATE_TIME.format(at);
const TIME = new Intl.DateTimeFormat("en-GB", { timeStyle: "short" });

type Action = Exclude<Extract<ApiRoute, `POST /api/support/${string}`>, "POST /api/support/search" | "POST /api/support/customer">;
/** What an action sends besides the customer and the reason. */
type Extra<Route extends Action> = Omit<ApiRequest<Route>, "accountId" | "reason">;

const PASSKEY_CHOICE_WORDS = {
  legend: "Also remove these passkeys",
  hint: "Those added in the last 30 days are ticked: one added by someone who had the customer's sign-in survives every sign-out.",
  passkey: (name: string, added: string) => `${name}, added ${added}`,
};

const MAIL_STATES = { sent: "Delivered", waiting: "Waiting", retrying: "Retrying", failed: "Failed" } as const;

/**
 * Changing a customer's email, for one who lost their old mailbox (docs/decisions/0070): the new
 * address still confirms, by the link mailed to it; the old address is told.
 */
function ChangeEmail({ email, busy, send }: { email: string; busy: boolean; send: (newEmail: string) => Promise<void> }) {
  const [newEmail, setNewEmail] = useState("");
  const field = useId();
  return (
    <form
      className="support__row"
      onSubmit={(event) => {
        event.preventDefault();
        void send(newEmail.trim());
      }}
    >
      <label htmlFor={field}>New email for {email}</label>
      <input id={field} type="email" value={newEmail} maxLength={254} onChange={(event) => setNewEmail(event.target.value)} />
      <button type="submit" className="support__button" disabled={busy || newEmail.trim() === ""}>
        Send a confirmation to the new email
      </button>
    </form>
  );
}

/** A customer's whole account, and what support can do about it. */
export function CustomerView({ accountId, refused }: { accountId: string; refused: (error: unknown) => boolean }) {
  const [customer, setCustomer] = useState<SupportCustomer>();
  const [gone, setGone] = useState<string>();
  const [reason, setReason] = useState("");
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean }>();
  const [busy, setBusy] = useState(false);
  const reasonField = useRef<HTMLInputElement>(null);
  const heading = useId();
  // A sign-out everywhere offers to remove the customer's passkeys too, the recent ones ticked.
  const removing = usePasskeysToRemove(customer?.passkeys ?? []);

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

  /** Runs one action with the reason given; the page then shows the account as it now is. */
  async function act<Route extends Action>(route: Route, extra: Extra<Route>, done: string) {
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
  }

  if (gone) {
    return (
      <section aria-labelledby={heading}>
        <h2 id={heading}>Customer</h2>
        <p role="status">{gone}</p>
        <button type="button" className="support__button" onClick={() => navigate(SUPPORT_SCREEN)}>
          Back to the search
        </button>
      </section>
    );
  }
  if (!customer) return <p aria-busy="true">Loading the customer…</p>;

  const { account } = customer;
  const admin = customer.agent.role === "admin";
  return (
    <>
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
          <dd>{account.disabledAt === null ? "Active" : `Disabled since ${when(account.disabledAt)}: no way in works`}</dd>
          <dt>Role</dt>
          <dd>{account.role ?? "customer"}</dd>
          <dt>Licenses</dt>
          <dd>{customer.licenses.map((license) => `${license.product}: ${license.state}`).join(", ") || "none"}</dd>
          <dt>Devices</dt>
          <dd>{customer.devices.map((device) => `${device.uuid} (${device.product})`).join(", ") || "none"}</dd>
          <dt>Sign-in methods</dt>
          <dd>
            Emailed link; password {account.passwordSet ? "set" : "not set"}; Google{" "}
            {customer.google.length === 0 ? "not linked" : `linked (${customer.google.map((login) => login.email).join(", ")})`}; passkeys
            not offered yet
          </dd>
        </dl>
      </section>

      <section aria-labelledby="support-actions" className="support__actions">
        <h2 id="support-actions">Act</h2>
        <label htmlFor="support-reason">Reason (the customer's trail keeps it, with your name)</label>
        <input
          id="support-reason"
          ref={reasonField}
          value={reason}
          maxLength={200}
          placeholder="Ticket 1234: locked out after a trip"
          onChange={(event) => setReason(event.target.value)}
        />
        <div className="support__row">
          {BRANDS.map((brand) => (
            <button
              key={brand.id}
              type="button"
              className="support__button"
              disabled={busy}
              onClick={() =>
                void act(
                  "POST /api/support/send-link",
                  { ProductId: brand.productId },
                  `A fresh ${brand.name} sign-in link is on its way to ${account.email}.`,
                )
              }
            >
              Send a {brand.name} sign-in link
            </button>
          ))}
          <button
            type="button"
            className="support__button"
            disabled={busy}
            onClick={() => void act("POST /api/support/clear-limits", {}, "The customer's rate limits are cleared: the lockout is lifted.")}
          >
            Clear rate limits
          </button>
        </div>
        <ChangeEmail
          email={account.email}
          busy={busy}
          send={(NewEmail) =>
            act(
              "POST /api/support/change-email",
              { NewEmail },
              `A confirmation link is on its way to ${NewEmail}; ${account.email} is told. Nothing changes until the new address confirms.`,
            )
          }
        />
        <PasskeysToRemove passkeys={customer.passkeys} choice={removing} words={PASSKEY_CHOICE_WORDS} />
        <div className="support__row">
          <Confirmed
            label="Sign out everywhere"
            question={`Sign ${account.email} out of every browser and every app, desktop agents included${
              removing.ticked.length > 0 ? `, and remove ${removing.ticked.length} passkey${removing.ticked.length === 1 ? "" : "s"}` : ""
            }?`}
            busy={busy}
            run={() =>
              act(
                "POST /api/support/sign-out-everywhere",
                { removePasskeys: removing.ticked },
                `Every browser and app of the customer is signed out${removing.ticked.length > 0 ? ", and the ticked passkeys are removed" : ""}.`,
              )
            }
          />
          {account.disabledAt === null ? (
            <Confirmed
              label="Disable the account"
              question={`Disable ${account.email}? No way in will work, and every browser and app is signed out, until you enable it again.`}
              busy={busy}
              run={() => act("POST /api/support/disable", { disabled: true }, "The account is disabled.")}
            />
          ) : (
            <button
              type="button"
              className="support__button"
              disabled={busy}
              onClick={() => void act("POST /api/support/disable", { disabled: false }, "The account is enabled again.")}
            >
              Enable the account
            </button>
          )}
        </div>
        {admin ? (
          <div className="support__row">
            <RoleChange
              current={account.role}
              busy={busy}
              change={(role) => act("POST /api/support/role", { role }, `The role is now ${role === "none" ? "customer" : role}.`)}
            />
            <Confirmed
              label="Delete the account"
              question={`Delete ${account.email} and everything held about it? This cannot be undone; a goodbye mail is sent.`}
              busy={busy}
              run={() => act("POST /api/support/delete", {}, `The account ${account.email} is deleted.`)}
            />
          </div>
        ) : null}
        <p className={outcome?.failed ? "support__failed" : "support__done"} role={outcome?.failed ? "alert" : "status"}>
          {outcome?.text ?? ""}
        </p>
      </section>

      <Part title="Why they cannot sign in: rate limits">
        {customer.limits.length === 0 ? (
          <p>Nothing is counted against this customer right now.</p>
        ) : (
          <ul>
            {customer.limits.map((limit) => (
              <li key={`${limit.what}-${limit.until}`} className={limit.reached ? "support__failed" : undefined}>
                {limit.what}: {limit.count} of {limit.limit}
                {limit.reached ? `, reached: refused until ${TIME.format(limit.until)}` : `, until ${TIME.format(limit.until)}`}
              </li>
            ))}
          </ul>
        )}
      </Part>

      <Part title="Mail in the last 30 days">
        {customer.mails.length === 0 ? (
          <p>No mail to this customer in the last 30 days.</p>
        ) : (
          <Table head={["Queued", "Subject", "State", "Attempts", "Last error"]}>
            {customer.mails.map((mail) => (
              <tr key={mail.id} className={mail.state === "failed" ? "support__failed" : undefined}>
                <td>{when(mail.createdAt)}</td>
                <td>{mail.subject}</td>
                <td>{MAIL_STATES[mail.state]}</td>
                <td>{mail.attempts}</td>
                <td>{mail.lastError ?? ""}</td>
              </tr>
            ))}
          </Table>
        )}
      </Part>

      <Part title="Signed in">
        {customer.browsers.length === 0 && customer.apps.length === 0 ? <p>Signed in nowhere.</p> : null}
        <ul className="support__places">
          {customer.browsers.map((browser) => (
            <li key={browser.ref}>
              {browser.device ?? "A browser"}
              {browser.address ? `, from ${browser.address}` : ""}, signed in {when(browser.signedInAt)}, last used{" "}
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
                question={`Unlink the Google account ${login.email}? The customer keeps the emailed link${account.passwordSet ? " and the password" : ""}.`}
                busy={busy}
                run={() => act("POST /api/support/unlink-google", { subject: login.subject }, "Google is unlinked.")}
              />
            </li>
          ))}
        </ul>
      </Part>

      <Part title="Trail">
        <Table head={["When", "What", "By", "Reason", "Browser", "Network"]}>
          {customer.trail.map((entry) => (
            <tr key={entry.id}>
              <td>{when(entry.at)}</td>
              <td>
                {entry.event.replaceAll("_", " ")}
                {entry.method ? ` (${entry.method})` : ""}
                {entry.clientId ? ` · ${entry.clientId}` : ""}
              </td>
              <td>{entry.by ?? "a browser"}</td>
              <td>{entry.reason ?? ""}</td>
              <td>{entry.device ?? ""}</td>
              <td>{entry.address ?? ""}</td>
            </tr>
          ))}
        </Table>
      </Part>
    </>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
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

/** A destructive action: asked once more, in a sentence that names the customer, before it runs. */
function Confirmed({
  label,
  name,
  question,
  busy,
  run,
}: {
  label: string;
  name?: string;
  question: string;
  busy: boolean;
  run: () => Promise<void>;
}) {
  const [asking, setAsking] = useState(false);
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) confirm.current?.focus();
  }, [asking]);
  if (!asking) {
    return (
      <button
        type="button"
        className="support__button support__button--danger"
        disabled={busy}
        aria-label={name}
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
    );
  }
  return (
    <span className="support__confirm">
      <span>{question}</span>
      <button
        ref={confirm}
        type="button"
        className="support__button support__button--danger"
        disabled={busy}
        onClick={() => {
          setAsking(false);
          void run();
        }}
      >
        Yes, {label.charAt(0).toLowerCase()}
        {label.slice(1)}
      </button>
      <button type="button" className="support__button" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}

function RoleChange({
  current,
  busy,
  change,
}: {
  current: string | null;
  busy: boolean;
  change: (role: "support" | "admin" | "none") => Promise<void>;
}) {
  const [role, setRole] = useState<"support" | "admin" | "none">((current as "support" | "admin" | null) ?? "none");
  return (
    <span className="support__row">
      <label htmlFor="support-role">Role</label>
      <select id="support-role" value={role} onChange={(event) => setRole(event.target.value as typeof role)}>
        <option value="none">customer (no console)</option>
        <option value="support">support</option>
        <option value="admin">admin</option>
      </select>
      <button type="button" className="support__button" disabled={busy || role === (current ?? "none")} onClick={() => void change(role)}>
        Change role
      </button>
    </span>
  );
}
