import { type ReactNode, type Ref, useId } from "react";

/**
 * One part of the account page: a heading the page's outline and screen readers list, then its
 * content. The heading takes the focus (headingRef) when an action removes the control that had it.
 */
export function Section({ heading, children, headingRef }: { heading: string; children: ReactNode; headingRef?: Ref<HTMLHeadingElement> }) {
  const id = useId();
  return (
    <section className="account__section" aria-labelledby={id}>
      <h2 id={id} className="account__heading" ref={headingRef} tabIndex={-1}>
        {heading}
      </h2>
      {children}
    </section>
  );
}

/**
 * What the last action did, read out as it changes. Both regions stay in the page, empty when
 * there is nothing to say: a region that appears with its text is often not read at all.
 */
export function Outcome({ text, failed = false }: { text: string | undefined; failed?: boolean }) {
  return (
    <>
      <p className="account__outcome" role="status">
        {failed ? "" : (text ?? "")}
      </p>
      <p className="account__outcome form__error" role="alert">
        {failed ? (text ?? "") : ""}
      </p>
    </>
  );
}

/**
 * A row's words in an account list: what it is, then its details, muted. Details given as parts
 * ("since …", "last used …") each take a line of their own: joined on one line with dots, they
 * wrapped in the card's width on a phone and a desktop alike and left a dot at a line's end.
 */
export function ItemText({ title, detail }: { title: ReactNode; detail: string | (string | undefined)[] }) {
  const parts = Array.isArray(detail) ? detail.filter((part): part is string => Boolean(part)) : undefined;
  return (
    <div className="account__item">
      <strong>{title}</strong>
      <span className="account__muted">
        {parts
          ? parts.map((part) => (
              <span key={part} className="account__detail">
                {part}
              </span>
            ))
          : detail}
      </span>
    </div>
  );
}
