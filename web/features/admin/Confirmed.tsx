import { useEffect, useRef, useState } from "react";

/** A destructive action: asked once more, in a sentence that names the customer, before it runs. */
export function Confirmed({
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
