import { strings } from "@strings/maverick.ts";
import { maverick } from "../../platform/brand.ts";
import { config } from "../../platform/config.ts";
import { installerUrl } from "../../platform/installer.ts";
import { useLocation } from "../../platform/router.ts";
import { useClearedOnEntry } from "../../platform/sign-out.ts";
import { Screen } from "../../ui/Screen.tsx";

/** Maverick Safe's goodbye page: uninstalled, an invitation back, and how to remove the extension. */
export default function MaverickGoodbyePage() {
  const { search } = useLocation();
  useClearedOnEntry();
  return (
    <Screen brand={maverick} title={strings.maverickGoodbye.title}>
      <p>{strings.maverickGoodbye.uninstalled}</p>
      <p>{strings.maverickGoodbye.tryAgain}</p>
      <a
        className="button button--green button--wide"
        href={installerUrl(config.links.installerHost, new URLSearchParams(search).get("channel"))}
      >
        {strings.maverickGoodbye.download}
      </a>
      <p>{strings.maverickGoodbye.removeExtensionText}</p>
      <a className="text-link" href={config.links.extensionRemovalGuide}>
        {strings.maverickGoodbye.removeExtension}
      </a>
    </Screen>
  );
}
