import { strings } from "@strings/goodbye.ts";
import { dsone } from "../../platform/brand.ts";
import { config } from "../../platform/config.ts";
import { installerUrl } from "../../platform/installer.ts";
import { useLocation } from "../../platform/router.ts";
import { useClearedOnEntry } from "../../platform/sign-out.ts";
import { LegalLinks } from "../../ui/LegalLinks.tsx";
import { Screen } from "../../ui/Screen.tsx";

/** The goodbye page after uninstalling DS One: clears this browser and the session. */
export default function SorryToSeeYouGoPage() {
  const { search } = useLocation();
  const channel = new URLSearchParams(search).get("channel");
  useClearedOnEntry();

  return (
    <Screen brand={dsone} title={strings.goodbye.title} footer={<LegalLinks withEula />}>
      <p>{strings.goodbye.uninstalled(dsone.name)}</p>
      <a className="button button--green button--wide" href={installerUrl(config.links.installerHost, channel)}>
        {strings.goodbye.reinstall}
      </a>
    </Screen>
  );
}
