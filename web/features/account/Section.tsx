import { type ReactNode, useId } from "react";

/** One part of the account page: a heading the page's outline and screen readers list, then its content. */
export function Section({ heading, children }: { heading: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="account__section" aria-labelledby={id}>
      <h2 id={id} className="account__heading">
        {heading}
      </h2>
      {children}
    </section>
  );
}

/** What the last action did, read out as it changes; nothing when there is nothing to say. */
export function Outcome({ text, failed = false }: { text: string | undefined; failed?: boolean }) {
  return (
    <p className={failed ? "form__error" : "account__outcome"} role={failed ? "alert" : "status"}>
      {text ?? ""}
    </p>
  );
}
