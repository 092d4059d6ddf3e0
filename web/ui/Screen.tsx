import { type ReactNode, useEffect, useId, useRef } from "react";
import type { Brand } from "../platform/brand.ts";
import { LegalLinks } from "./LegalLinks.tsx";
import { Logo } from "./Logo.tsx";

interface ScreenProps {
  brand: Brand;
  title?: ReactNode;
  children: ReactNode;
  busy?: boolean;
  /** A control in the card's top corner (a close icon). */
  corner?: ReactNode;
  /** Content under the card: the privacy and terms links unless a screen gives its own. */
  footer?: ReactNode;
  /** Shown as a dialog (the safety product's screens): announced with its title. */
  dialog?: boolean;
  /** A wider card for a page of several parts (the account page). */
  wide?: boolean;
}

/** Fields a visitor types in (not checkboxes or buttons), enabled. */
const FIRST_FIELD = ["email", "password", "text", "tel"].map((type) => `input[type=${type}]:not([disabled])`).join(",");

/** The frame every screen sits in: the brand's logo and one centred card. */
export function Screen({ brand, title, children, busy = false, corner, footer, dialog = false, wide = false }: ScreenProps) {
  const titleId = useId();
  const card = useRef<HTMLElement>(null);
  // The first field to type in takes the focus when the screen appears, unless the visitor has
  // already put it somewhere.
  useEffect(() => {
    if (document.activeElement && document.activeElement !== document.body) return;
    card.current?.querySelector<HTMLInputElement>(FIRST_FIELD)?.focus({ preventScroll: true });
  }, []);
  // Each screen names itself in the tab ("Customer Login – DS One"); the app sets the brand alone
  // before any screen has drawn (app/App.tsx), and this runs after it.
  useEffect(() => {
    document.title = typeof title === "string" ? `${title} – ${brand.name}` : brand.name;
  }, [title, brand.name]);
  // Not aria-modal: the theme toggle above stays reachable, and nothing else is behind the dialog.
  const dialogProps = dialog ? { role: "dialog", "aria-labelledby": titleId } : {};
  return (
    <main className="screen">
      <div className="screen__column">
        <section ref={card} className={wide ? "card card--wide" : "card"} aria-busy={busy} {...dialogProps}>
          {corner ? <div className="card__corner">{corner}</div> : null}
          <Logo brand={brand} />
          {title === undefined ? null : (
            <h1 id={titleId} className="card__title">
              {title}
            </h1>
          )}
          {children}
        </section>
        {footer ?? <LegalLinks />}
      </div>
    </main>
  );
}
