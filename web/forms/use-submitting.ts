import { useCallback, useRef, useState } from "react";

/**
 * The submitting flag of a form (SPEC section 4): set on submit, cleared when the work is done;
 * the submit button is disabled while it is set, and a second submit in the meantime is ignored.
 */
export function useSubmitting(): { submitting: boolean; run: (work: () => Promise<void>) => Promise<void> } {
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);
  const run = useCallback(async (work: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    setSubmitting(true);
    try {
      await work();
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  }, []);
  return { submitting, run };
}
