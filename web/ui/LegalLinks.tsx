import { strings } from "@strings/shared.ts";
import { config } from "../platform/config.ts";

/** The privacy and terms links under every card (the goodbye page adds the EULA, SPEC section 2). */
export function LegalLinks({ withEula = false }: { withEula?: boolean }) {
  return (
    <nav className="footer-links" aria-label={strings.legal.label}>
      <a href={config.links.privacyPolicy}>{strings.legal.privacy}</a>
      {withEula ? <a href={config.links.eula}>{strings.legal.eula}</a> : null}
      <a href={config.links.terms}>{strings.legal.terms}</a>
    </nav>
  );
}
