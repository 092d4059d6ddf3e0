import { strings } from "@strings/account.ts";
import { useCallback, useEffect, useRef, useState } from "react";
import { HttpError } from "../../api/http.ts";
import { loadMyAccount, type MyAccount } from "../../api/my-account.ts";
import { brandForPath } from "../../platform/brand.ts";
import { keepLanguage } from "../../platform/keep-language.ts";
import { signalPasskeyUser } from "../../platform/passkey-signals.ts";
import { navigate, useLocation } from "../../platform/router.ts";
import { Button } from "../../ui/Button.tsx";
import { Link } from "../../ui/Link.tsx";
import { Screen } from "../../ui/Screen.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { ActivitySection } from "./ActivitySection.tsx";
import { DataSection, DeleteSection } from "./DataSections.tsx";
import { DetailsSection } from "./DetailsSection.tsx";
import { PasskeysSection } from "./PasskeysSection.tsx";
import { PlacesSection } from "./PlacesSection.tsx";
import { SignInMethodsSection } from "./SignInMethodsSection.tsx";
import "./account.css";

type State = { kind: "loading" } | { kind: "failed" } | { kind: "ready"; account: MyAccount };

/**
 * /dsone/account and /maverick/account: the signed-in customer's own account. Who they are, how
 * they sign in, where they are signed in, what happened lately, their data, and leaving. A visitor
 * who is not signed in goes to the brand's sign-in and comes back here.
 */
export default function AccountPage() {
  const { pathname } = useLocation();
  const brand = brandForPath(pathname);
  const [state, setState] = useState<State>({ kind: "loading" });
  const started = useRef(false);

  const load = useCallback(async () => {
    try {
      const account = await loadMyAccount();
      setState({ kind: "ready", account });
      // On every load, after a removal too: the browser's provider keeps only the passkeys the
      // account still has, with its current email and name (docs/decisions/0085).
      void signalPasskeyUser(account.passkeyUser);
    } catch (error) {
      if (error instanceof HttpError && error.status === 401) {
        navigate(keepLanguage(`${brand.paths.emailLogin}?ReturnUrl=${encodeURIComponent(window.location.href)}`, window.location.search), {
          replace: true,
        });
      } else setState({ kind: "failed" });
    }
  }, [brand]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void load();
  }, [load]);

  if (state.kind !== "ready") {
    return (
      <Screen brand={brand} title={strings.account.title} busy={state.kind === "loading"}>
        {state.kind === "loading" ? (
          <Spinner label={strings.account.loading} />
        ) : (
          <>
            <p role="alert">{strings.account.loadFailed}</p>
            <Button variant="blue" onClick={() => void load()}>
              {strings.failure.retry}
            </Button>
          </>
        )}
      </Screen>
    );
  }

  const { account } = state;
  /** After a change: the page shows the account as it now is. */
  const refresh = () => load();
  return (
    <Screen
      brand={brand}
      title={strings.account.title}
      wide
      corner={
        <Link to={brand.paths.logout} variant="link-blue">
          {strings.account.signOut}
        </Link>
      }
    >
      <DetailsSection account={account} brand={brand} refresh={refresh} />
      <SignInMethodsSection account={account} brand={brand} refresh={refresh} />
      <PasskeysSection account={account} brand={brand} refresh={refresh} />
      <PlacesSection account={account} brand={brand} refresh={refresh} />
      <ActivitySection activity={account.activity} />
      <DataSection />
      <DeleteSection account={account} brand={brand} />
    </Screen>
  );
}
