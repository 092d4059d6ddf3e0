import type { ReactNode } from "react";
import type { Brand } from "../app/brand.ts";
import { Logo } from "./Logo.tsx";

interface ScreenProps {
  brand: Brand;
  title?: ReactNode;
  children: ReactNode;
  busy?: boolean;
  /** A control in the card's top corner (a close icon). */
  corner?: ReactNode;
  /** Content under the card (a footer of links). */
  footer?: ReactNode;
}

/** The frame every screen sits in: the brand's logo and one centred card. */
export function Screen({ brand, title, children, busy = false, corner, footer }: ScreenProps) {
  return (
    <main className="screen">
      <div className="screen__column">
        <section className="card" aria-busy={busy}>
          {corner ? <div className="card__corner">{corner}</div> : null}
          <Logo brand={brand} />
          {title === undefined ? null : <h1 className="card__title">{title}</h1>}
          {children}
        </section>
        {footer}
      </div>
    </main>
  );
}
