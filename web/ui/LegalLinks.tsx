import { en } from "../i18n/en.ts";
import { config } from "../platform/config.ts";

/** The privacy and terms links under every card (the goodbye page adds the EULA, SPEC section 2). */
export function LegalLinks({ withEula = false }: { withEula?: boolean }) {
  return (
    <nav className="footer-links" aria-label={en.legal.label}>
      <a href={config.links.privacyPolicy}>{en.legal.privacy}</a>
      {withEula ? <a href={config.links.eula}>{en.legal.eula}</a> : null}
      <a href={config.links.terms}>{en.legal.terms}</a>
    </nav>
  );
}
