import { strings } from "@strings/account.ts";
import { useRef, useState } from "react";
import { messageFor } from "../../api/http.ts";
import { EXPORT_ADDRESS, type MyAccount, requestAccountDeletion } from "../../api/my-account.ts";
import { useSubmitting } from "../../forms/use-submitting.ts";
import type { Brand } from "../../platform/brand.ts";
import { Button } from "../../ui/Button.tsx";
import { Outcome, Section } from "./Section.tsx";
import { useFocusOnToggle } from "./use-account-action.ts";

/** Download my data: a JSON file of everything held about the account, which the browser saves. */
export function DataSection() {
  return (
    <Section heading={strings.account.data.heading}>
      <p>{strings.account.data.text}</p>
      <a className="button button--clear account__download" href={EXPORT_ADDRESS} download>
        {strings.account.data.download}
      </a>
    </Section>
  );
}

const t = strings.account.delete;

/**
 * Delete my account: explained first, then confirmed by a link mailed to the account's address;
 * nothing is deleted until that link is opened and confirmed (DeleteAccountPage).
 */
export function DeleteSection({ account, brand }: { account: MyAccount; brand: Brand }) {
  const [step, setStep] = useState<"start" | "confirm" | "sent">("start");
  const [failure, setFailure] = useState<string>();
  const { submitting, run } = useSubmitting();
  // Each step's first control (or, once sent, the heading) takes the focus from the one that went.
  const heading = useRef<HTMLHeadingElement>(null);
  const confirmStep = useRef<HTMLDivElement>(null);
  useFocusOnToggle(step === "confirm", () => confirmStep.current?.querySelector("button")?.focus(), heading);

  const send = () =>
    void run(async () => {
      try {
        setFailure(undefined);
        await requestAccountDeletion(brand.productId);
        setStep("sent");
      } catch (error) {
        setFailure(messageFor(error, strings.login.unexpectedError));
      }
    });

  return (
    <Section heading={t.heading} headingRef={heading}>
      <p>{t.text}</p>
      {step === "start" ? (
        <Button variant="clear" className="account__danger" onClick={() => setStep("confirm")}>
          {t.request}
        </Button>
      ) : null}
      {step === "confirm" ? (
        <div className="account__confirm" ref={confirmStep}>
          <p>{t.confirmText}</p>
          <div className="account__actions">
            <Button variant="blue" className="account__danger-go" disabled={submitting} onClick={send}>
              {t.confirm}
            </Button>
            <Button variant="link-gray" onClick={() => setStep("start")}>
              {t.cancel}
            </Button>
          </div>
        </div>
      ) : null}
      <Outcome text={step === "sent" ? t.sent(account.email) : undefined} />
      {failure ? <Outcome text={failure} failed /> : null}
    </Section>
  );
}
