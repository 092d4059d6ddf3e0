import { useEffect, useRef } from "react";
import { BRANDS } from "../../app/brand.ts";
import { config } from "../../app/config.ts";
import { leaveTo } from "../../app/router.ts";
import { clearLocalStateAndSession } from "../../app/sign-out.ts";
import { en } from "../../i18n/en.ts";
import { Spinner } from "../../ui/Spinner.tsx";

/** The logout screen shows at least this long, so the customer sees what happened (SPEC section 9). */
export const LOGOUT_MIN_MS = 2_000;

/** "Logging You Out Now": clears this browser, ends the session, then goes to the logout address. */
export default function LogoutPage() {
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const minimum = new Promise((resolve) => setTimeout(resolve, LOGOUT_MIN_MS));
    void Promise.all([clearLocalStateAndSession(), minimum]).then(() => leaveTo(config.links.dsoneLogout));
  }, []);
  return (
    <main className="screen screen--loading">
      <section className="loading" aria-live="polite">
        <Spinner label={en.logout.text} />
        <h1 className="loading__header">{en.logout.text}</h1>
        <p className="loading__text">{BRANDS.dsone.name}</p>
      </section>
    </main>
  );
}
