import { strings } from "@strings/account.ts";
import { useRef, useState } from "react";
import { sayBrowser } from "../../../common/i18n/catalogue.ts";
import { type MyAccount, signOutApp, signOutBrowser, signOutEverywhereElse } from "../../api/my-account.ts";
import { PasskeysToRemove, usePasskeysToRemove } from "../../forms/PasskeysToRemove.tsx";
import { BRANDS, type Brand } from "../../platform/brand.ts";
import { navigate } from "../../platform/router.ts";
import { Button } from "../../ui/Button.tsx";
import { networkOf } from "./activity-sentences.ts";
import { dateTime } from "./format.ts";
import { ItemText, Outcome, Section } from "./Section.tsx";
import { useAccountAction } from "./use-account-action.ts";

const t = strings.account.places;

type App = MyAccount["apps"][number];

/** Browsers listed before "Show all": most customers have a few; a long list waits for a click. */
const BROWSERS_AT_FIRST = 5;

/** An app as a customer knows it: "DS One desktop app", "Maverick Safe on the web". */
function appName(app: App): string {
  const brand = BRANDS.find((known) => known.id === app.brand);
  if (!brand || app.kind === null) return t.app(app.clientId);
  return app.kind === "desktop" ? t.desktopApp(brand.name) : t.webApp(brand.name);
}

/**
 * Where the customer is signed in: each browser (this one marked) and each app holding a grant,
 * with Sign Out for one and Sign Out Everywhere Else. Signing this browser out is a logout.
 */
export function PlacesSection({ account, brand, refresh }: { account: MyAccount; brand: Brand; refresh: () => Promise<void> }) {
  // The row whose button had the focus is gone once signed out: the heading takes it.
  const heading = useRef<HTMLHeadingElement>(null);
  const { outcome, submitting, act } = useAccountAction(refresh, heading);
  const others = account.browsers.some((browser) => !browser.current) || account.apps.length > 0;
  const [allBrowsers, setAllBrowsers] = useState(false);
  // The server lists the most recently used first; this browser always shows.
  const browsers =
    allBrowsers || account.browsers.length <= BROWSERS_AT_FIRST + 1
      ? account.browsers
      : account.browsers.filter((browser, index) => browser.current || index < BROWSERS_AT_FIRST);

  // With passkeys on the account, the first press offers to remove them too (the recent ones
  // ticked: one a thief added outlives every sign-out otherwise); the second signs out.
  const [choosing, setChoosing] = useState(false);
  const removing = usePasskeysToRemove(account.passkeys);
  const signOutEverywhere = () => {
    if (account.passkeys.length > 0 && !choosing) return setChoosing(true);
    act(async () => {
      await signOutEverywhereElse(removing.ticked);
      setChoosing(false);
      return t.signedOutEverywhereElse;
    });
  };

  const signOutThisOr = (browser: MyAccount["browsers"][number], name: string) =>
    act(async () => {
      const { signedOutHere } = await signOutBrowser(browser.ref);
      if (!signedOutHere) return t.signedOut(name);
      // The list's own browser: the same as logging out here.
      navigate(brand.paths.logout, { replace: true });
      return undefined;
    });

  return (
    <Section heading={t.heading} headingRef={heading}>
      <h3 className="account__subheading">{t.browsers}</h3>
      <ul className="account__list">
        {browsers.map((browser) => {
          const name = sayBrowser(browser.device, t.browserOn, t.unknownBrowser);
          return (
            <li key={browser.ref}>
              <ItemText
                title={
                  <>
                    {name}
                    {browser.current ? <span className="account__badge">{t.thisBrowser}</span> : null}
                  </>
                }
                detail={[
                  browser.address ? t.near(networkOf(browser.address)) : undefined,
                  t.since(dateTime(browser.signedInAt)),
                  t.lastUsed(dateTime(browser.lastSeenAt)),
                ]}
              />
              <Button
                variant="clear"
                disabled={submitting}
                ariaLabel={t.signOutNamed(browser.current ? t.thisBrowser.toLowerCase() : name)}
                onClick={() => signOutThisOr(browser, name)}
              >
                {t.signOut}
              </Button>
            </li>
          );
        })}
      </ul>
      {browsers.length < account.browsers.length ? (
        <Button variant="link-blue" onClick={() => setAllBrowsers(true)}>
          {t.allBrowsers(account.browsers.length)}
        </Button>
      ) : null}
      <h3 className="account__subheading">{t.apps}</h3>
      {account.apps.length === 0 ? (
        <p className="hint">{t.noApps}</p>
      ) : (
        <ul className="account__list">
          {account.apps.map((app) => {
            const name = appName(app);
            return (
              <li key={app.clientId}>
                <ItemText title={name} detail={t.appSince(dateTime(app.since))} />
                <Button
                  variant="clear"
                  disabled={submitting}
                  ariaLabel={t.signOutNamed(name)}
                  onClick={() =>
                    act(async () => {
                      await signOutApp(app.clientId);
                      return t.signedOut(name);
                    })
                  }
                >
                  {t.signOut}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {others && choosing ? (
        <PasskeysToRemove passkeys={account.passkeys} choice={removing} words={strings.account.removePasskeys} />
      ) : null}
      {others ? (
        <Button variant="blue" disabled={submitting} onClick={signOutEverywhere}>
          {choosing ? t.confirmSignOutEverywhereElse : t.signOutEverywhereElse}
        </Button>
      ) : null}
      <Outcome text={outcome?.text} failed={outcome?.failed ?? false} />
    </Section>
  );
}
