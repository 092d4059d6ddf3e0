import { useId } from "react";
import { SUPPORT_SCREEN } from "../../../common/roles.ts";
import { usePasskeysToRemove } from "../../forms/PasskeysToRemove.tsx";
import { navigate } from "../../platform/router.ts";
import { CustomerActions } from "./CustomerActions.tsx";
import { AddressMail, CustomerFacts, GoogleSignals, Part, RateLimits, RecentMail, SignedInPlaces, Trail } from "./CustomerRecord.tsx";
import { useCustomer } from "./use-customer.ts";

/** A customer's whole account, and what support can do about it. */
export function CustomerView({ accountId, refused }: { accountId: string; refused: (error: unknown) => boolean }) {
  const { customer, gone, reason, setReason, reasonField, outcome, busy, act } = useCustomer(accountId, refused);
  const heading = useId();
  // A sign-out everywhere offers to remove the customer's passkeys too, the recent ones ticked.
  const removing = usePasskeysToRemove(customer?.passkeys ?? []);

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

  return (
    <>
      <CustomerFacts customer={customer} heading={heading} />
      <CustomerActions
        customer={customer}
        reason={reason}
        setReason={setReason}
        reasonField={reasonField}
        outcome={outcome}
        busy={busy}
        act={act}
        removing={removing}
      />
      <Part title="Why they cannot sign in, or are asked for a human check: rate limits">
        <RateLimits limits={customer.limits} />
      </Part>
      <Part title="What Google told us">
        <GoogleSignals customer={customer} busy={busy} act={act} />
      </Part>
      <Part title="Mail to their address">
        <AddressMail customer={customer} busy={busy} act={act} />
      </Part>
      <Part title="Mail in the last 30 days">
        <RecentMail mails={customer.mails} />
      </Part>
      <Part title="Signed in">
        <SignedInPlaces customer={customer} busy={busy} act={act} />
      </Part>
      <Part title="Trail">
        <Trail trail={customer.trail} />
      </Part>
    </>
  );
}
