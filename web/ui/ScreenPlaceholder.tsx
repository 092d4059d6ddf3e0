import { strings } from "@strings/shared.ts";
import type { Brand } from "../platform/brand.ts";
import { Logo } from "./Logo.tsx";
import { Spinner } from "./Spinner.tsx";

/**
 * What stands in for a screen while its code loads: the brand's card, so the page is never blank
 * and nothing jumps when the screen arrives. Its spinner shows only if the wait is long enough to
 * notice (web/styles.css), so a fast load does not flash one.
 */
export function ScreenPlaceholder({ brand }: { brand: Brand }) {
  return (
    <main className="screen">
      <div className="screen__column">
        <section className="card card--placeholder" aria-busy="true">
          <Logo brand={brand} />
          <Spinner label={strings.loading.screen} />
        </section>
      </div>
    </main>
  );
}
