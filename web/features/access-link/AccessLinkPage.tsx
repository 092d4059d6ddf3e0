import { strings } from "@strings/access-link.ts";
import { useEffect, useState } from "react";
import type { ApiAnswer } from "../../../common/api/contract.ts";
import { type LinkProblem, linkProblemOf } from "../../../common/link-problems.ts";
import { checkAccessLink, consumeAccessLink } from "../../api/account.ts";
import { HttpError } from "../../api/http.ts";
import { takeFromAddress } from "../../platform/address.ts";
import { leaveAfterSignIn } from "../../platform/after-sign-in.ts";
import { brandForPath } from "../../platform/brand.ts";
import { config } from "../../platform/config.ts";
import { useHydrated } from "../../platform/hydration.ts";
import { leaveTo, useLocation } from "../../platform/router.ts";
import { Button } from "../../ui/Button.tsx";
import { FormError } from "../../ui/FormError.tsx";
import { Link } from "../../ui/Link.tsx";
import { Screen } from "../../ui/Screen.tsx";
import { ApproveOtherDevice } from "./ApproveOtherDevice.tsx";

const STORAGE_KEY = "accessLinkToken";
/** Where this tab went after signing in with a link: Back to the page goes there again. */
const LANDING_KEY = "accessLinkLanding";

/** What a refused check or spend means for the customer; undefined for a failure that is not the link's. */
function problemOf(error: unknown): LinkProblem | undefined {
  if (!(error instanceof HttpError)) return undefined;
  // A token the server cannot even read (400) is no link of ours either.
  return linkProblemOf(error.code) ?? (error.status === 400 ? "unknown" : undefined);
}

/**
 * Takes the token out of the address bar as soon as the page loads (so it is not in history, a
 * screenshot or a shared URL), keeping it for this tab only, so a reload still works.
 */
function takeTokenFromAddress(): string | null {
  const { token } = takeFromAddress("token");
  if (token) {
    sessionStorage.setItem(STORAGE_KEY, token);
    return token;
  }
  return sessionStorage.getItem(STORAGE_KEY);
}

/**
 * The page an emailed access link opens. Opening it changes nothing (mail scanners open links
 * before people do); the button's POST spends the link and signs the customer in.
 */
export default function AccessLinkPage() {
  const { pathname } = useLocation();
  const brand = brandForPath(pathname);
  const [token] = useState(takeTokenFromAddress);
  // Back after signing in: the link is spent, but this tab knows where it was going.
  const [landing] = useState(() => (token ? null : sessionStorage.getItem(LANDING_KEY)));
  const [problem, setProblem] = useState<LinkProblem | undefined>(token || landing ? undefined : "unknown");
  const [failure, setFailure] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  // The browser that asked, when this is another one while its request waits (decision 73).
  const [asking, setAsking] = useState<ApiAnswer<"POST /api/access-link/check">["otherDevice"]>();
  const hydrated = useHydrated();

  useEffect(() => {
    if (problem) sessionStorage.removeItem(STORAGE_KEY);
  }, [problem]);

  useEffect(() => {
    if (landing) leaveTo(landing, { replace: true });
  }, [landing]);

  // A used, expired or made-up link says so as the page opens; checking spends nothing. If the
  // check itself fails (offline, busy), Sign In still tries.
  useEffect(() => {
    if (!token) return;
    let current = true;
    checkAccessLink(token).then(
      (answer) => {
        if (current) setAsking(answer.otherDevice);
      },
      (error: unknown) => {
        const found = problemOf(error);
        if (current && found) setProblem(found);
      },
    );
    return () => {
      current = false;
    };
  }, [token]);

  async function signIn() {
    if (!token) return;
    setSubmitting(true);
    setFailure(undefined);
    try {
      const { redirectUrl } = await consumeAccessLink(token);
      sessionStorage.removeItem(STORAGE_KEY);
      sessionStorage.setItem(LANDING_KEY, redirectUrl);
      await leaveAfterSignIn(redirectUrl);
    } catch (error) {
      setSubmitting(false);
      const found = problemOf(error);
      if (found) setProblem(found);
      else
        setFailure(error instanceof HttpError && error.status !== 0 && error.status < 500 ? error.message : strings.login.unexpectedError);
    }
  }

  // A page rendered ahead of time was rendered with no token (decision 50): until the app has
  // taken it over, it shows what a fresh link shows, with Sign In waiting for the app.
  if (problem && hydrated) {
    const text = {
      used: [strings.accessLink.usedTitle, strings.accessLink.usedText],
      expired: [strings.accessLink.expiredTitle, strings.accessLink.expiredText],
      unknown: [strings.accessLink.unknownTitle, strings.accessLink.unknownText],
    }[problem];
    const landing = config.links[brand.links.ui];
    return (
      <Screen brand={brand} title={text[0]}>
        <p>{text[1]}</p>
        <Link variant="green" className="button--wide" to={`${brand.paths.emailLogin}?ReturnUrl=${encodeURIComponent(landing)}`}>
          {strings.accessLink.newLink}
        </Link>
      </Screen>
    );
  }

  if (asking && token && hydrated && !submitting)
    return (
      <ApproveOtherDevice
        brand={brand}
        token={token}
        asking={asking}
        signInHere={() => {
          setAsking(undefined);
          void signIn();
        }}
      />
    );

  if (landing && hydrated)
    return (
      <Screen brand={brand} title={strings.accessLink.title(brand.name)} busy>
        <p>{strings.accessLink.signingIn}</p>
      </Screen>
    );

  return (
    <Screen brand={brand} title={strings.accessLink.title(brand.name)} busy={submitting}>
      <p>{strings.accessLink.text}</p>
      <Button variant="green" className="button--wide" disabled={submitting} onClick={signIn} qaTag="access-link-sign-in">
        {submitting ? strings.accessLink.signingIn : strings.accessLink.signIn}
      </Button>
      <FormError message={failure} />
    </Screen>
  );
}
