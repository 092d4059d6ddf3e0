import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from "react";
import { useHydrated } from "../platform/hydration.ts";
import { navigate } from "../platform/router.ts";
import type { ButtonVariant } from "./Button.tsx";

export interface LinkProps {
  /** Another screen of this app (a path with its query). */
  to: string;
  children: ReactNode;
  /** Drawn as the shared button of this variant (a link that looks like a button). */
  variant?: ButtonVariant;
  className?: string;
  replace?: boolean;
}

/** A plain left click without modifier keys: the one click the app handles itself. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * What a link without its address yet says to assistive technology: still a link, not yet
 * usable. An anchor without href is no link at all, and may not carry a label of its own.
 */
const WAITING_LINK = { role: "link", "aria-disabled": true } as const;

/**
 * An anchor whose address carries the query: on a screen rendered ahead of time it has no address
 * until the app has taken the page over (platform/hydration.ts), since the page was rendered with
 * no query and the address would drop what the query carries (the ReturnUrl, the device's uuid,
 * the channel).
 */
export function QueryAnchor({ href, ...anchor }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const hydrated = useHydrated();
  return <a {...anchor} {...(hydrated ? { href } : WAITING_LINK)} />;
}

/**
 * A move to another screen of this app: a real anchor with its address, so it can be opened in a
 * new tab (middle click, a modifier key, the context menu) and read out as a link; a plain left
 * click moves without a page load. Addresses outside the app are plain anchors.
 *
 * On a screen rendered ahead of time it has no address until the app has taken the page over
 * (QueryAnchor).
 */
export function Link({ to, children, variant, className, replace = false }: LinkProps) {
  const classes = [variant ? `button button--${variant}` : undefined, className].filter(Boolean).join(" ") || undefined;
  return (
    <QueryAnchor
      href={to}
      className={classes}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        navigate(to, { replace });
      }}
    >
      {children}
    </QueryAnchor>
  );
}
