import { type RefObject, useId, useState } from "react";
import type { SupportCustomer } from "../../../common/api/contract.ts";
import { PasskeysToRemove, type usePasskeysToRemove } from "../../forms/PasskeysToRemove.tsx";
import { BRANDS } from "../../platform/brand.ts";
import { Confirmed } from "./Confirmed.tsx";
import type { Act } from "./use-customer.ts";

const PASSKEY_CHOICE_WORDS = {
  legend: "Also remove these passkeys",
  hint: "Those added in the last 30 days are ticked: one added by someone who had the customer's sign-in survives every sign-out.",
  passkey: (name: string, added: string) => `${name}, added ${added}`,
};

interface ActionsProps {
  customer: SupportCustomer;
  reason: string;
  setReason: (reason: string) => void;
  reasonField: RefObject<HTMLInputElement | null>;
  outcome: { text: string; failed: boolean } | undefined;
  busy: boolean;
  act: Act;
  /** The passkeys a sign-out everywhere removes too, the recent ones ticked. */
  removing: ReturnType<typeof usePasskeysToRemove>;
}

/** What support can do about the account, each with the reason given, and what the last one did. */
export function CustomerActions({ customer, reason, setReason, reasonField, outcome, busy, act, removing }: ActionsProps) {
  const { account } = customer;
  const admin = customer.agent.role === "admin";
  return (
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
      <LinkAndLimits email={account.email} busy={busy} act={act} />
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
      <SignOutAndDisable customer={customer} busy={busy} act={act} removing={removing} />
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
  );
}

/**
 * Getting the customer in again: a fresh sign-in link of either brand, or their lockout lifted; the
 * same clearing lifts a human check, which the counters past their challenge threshold ask for.
 */
function LinkAndLimits({ email, busy, act }: { email: string; busy: boolean; act: Act }) {
  return (
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
              `A fresh ${brand.name} sign-in link is on its way to ${email}.`,
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
        onClick={() =>
          void act(
            "POST /api/support/clear-limits",
            {},
            "The customer's rate limits are cleared: the lockout and any human check are lifted.",
          )
        }
      >
        Clear rate limits and human checks
      </button>
    </div>
  );
}

function SignOutAndDisable({ customer, busy, act, removing }: Pick<ActionsProps, "customer" | "busy" | "act" | "removing">) {
  const { account } = customer;
  return (
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
  );
}

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
