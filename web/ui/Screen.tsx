import type { ReactNode } from "react";
import type { Brand } from "../app/brand.ts";
import { Logo } from "./Logo.tsx";

/** The frame every screen sits in: the brand's logo and one centred card. */
export function Screen({ brand, title, children, busy = false }: { brand: Brand; title?: ReactNode; children: ReactNode; busy?: boolean }) {
  return (
    <main className="screen">
      <section className="card" aria-busy={busy}>
        <Logo brand={brand} />
        {title === undefined ? null : <h1 className="card__title">{title}</h1>}
        {children}
      </section>
    </main>
  );
}
