import { strings } from "@strings/account.ts";
import { type RefObject, useEffect, useRef, useState } from "react";
import { messageFor } from "../../api/http.ts";
import { useSubmitting } from "../../forms/use-submitting.ts";

/**
 * One change made from an account section: its work runs once at a time; what it says (or why it
 * failed) becomes the section's outcome; on success the page's data is read again and the
 * section's heading takes the focus (the control that had it may be gone). Work that answers
 * undefined says nothing (a cancelled prompt, a logout). `setOutcome` is for a form that reports
 * its own refusals and only its success to the section.
 */
export function useAccountAction(refresh: () => Promise<void>, heading: RefObject<HTMLHeadingElement | null>) {
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean }>();
  const { submitting, run } = useSubmitting();
  const act = (work: () => Promise<string | undefined>) =>
    run(async () => {
      try {
        const text = await work();
        if (text === undefined) return;
        setOutcome({ text, failed: false });
        await refresh();
        heading.current?.focus();
      } catch (error) {
        setOutcome({ text: messageFor(error, strings.login.unexpectedError), failed: true });
      }
    });
  return { outcome, setOutcome, submitting, act };
}

/**
 * Where the focus goes as a section's form or step opens and closes: into it as it opens
 * (`focusOpened`), to the section's heading as it closes (the control that opened it may be gone).
 */
export function useFocusOnToggle(open: boolean, focusOpened: () => void, heading: RefObject<HTMLHeadingElement | null>) {
  const wasOpen = useRef(false);
  const focusInto = useRef(focusOpened);
  focusInto.current = focusOpened;
  useEffect(() => {
    if (open) focusInto.current();
    else if (wasOpen.current) heading.current?.focus();
    wasOpen.current = open;
  }, [open, heading]);
}
