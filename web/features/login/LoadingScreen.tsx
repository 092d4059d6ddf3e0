import type { Brand } from "../../app/brand.ts";
import { en } from "../../i18n/en.ts";
import { Spinner } from "../../ui/Spinner.tsx";

/** Shown while the session is checked: a spinner, the product's name and "Software Is Loading...". */
export function LoadingScreen({ brand }: { brand: Brand }) {
  return (
    <main className="screen screen--loading">
      <section className="loading" aria-live="polite">
        <Spinner label={en.loading.text} />
        <h1 className="loading__header">{brand.name}</h1>
        <p className="loading__text">{en.loading.text}</p>
      </section>
    </main>
  );
}
