import { useEffect, useRef } from "react";
import { dsone } from "../../app/brand.ts";
import { config } from "../../app/config.ts";
import { useLocation } from "../../app/router.ts";
import { clearLocalStateAndSession } from "../../app/sign-out.ts";
import { en } from "../../i18n/en.ts";
import { Screen } from "../../ui/Screen.tsx";

/** Without a channel in the address, the installer host's default channel is offered. */
export const DEFAULT_CHANNEL = "default";

export function installerUrl(installerHost: string, channel: string | null): string {
  return `${installerHost}/api/download/${encodeURIComponent(channel || DEFAULT_CHANNEL)}`;
}

/** A goodbye page clears this browser's storage and the session once, on entry. */
export function useClearedOnEntry(): void {
  const cleared = useRef(false);
  useEffect(() => {
    if (cleared.current) return;
    cleared.current = true;
    void clearLocalStateAndSession();
  }, []);
}

/** The goodbye page after uninstalling DS One: clears this browser and the session. */
export default function SorryToSeeYouGoPage() {
  const { search } = useLocation();
  const channel = new URLSearchParams(search).get("channel");
  useClearedOnEntry();

  const footer = (
    <nav className="footer-links" aria-label="Legal">
      <a href={config.links.privacyPolicy}>{en.goodbye.privacy}</a>
      <a href={config.links.eula}>{en.goodbye.eula}</a>
      <a href={config.links.terms}>{en.goodbye.terms}</a>
    </nav>
  );

  return (
    <Screen brand={dsone} title={en.goodbye.title} footer={footer}>
      <p>{en.goodbye.uninstalled(dsone.name)}</p>
      <a className="button button--green button--wide" href={installerUrl(config.links.installerHost, channel)}>
        {en.goodbye.reinstall}
      </a>
    </Screen>
  );
}
