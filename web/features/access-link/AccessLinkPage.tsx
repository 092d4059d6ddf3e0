import { useEffect, useState } from "react";
import { consumeAccessLink } from "../../api/account.ts";
import { HttpError } from "../../api/http.ts";
import { en } from "../../i18n/en.ts";
import { takeFromAddress } from "../../platform/address.ts";
import { brandForPath } from "../../platform/brand.ts";
import { config } from "../../platform/config.ts";
import { leaveTo, useLocation } from "../../platform/router.ts";
import { Button } from "../../ui/Button.tsx";
import { FormError } from "../../ui/FormError.tsx";
import { Link } from "../../ui/Link.tsx";
import { Screen } from "../../ui/Screen.tsx";

type LinkProblem = "used" | "expired" | "unknown";
const STORAGE_KEY = "accessLinkToken";

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
  const [problem, setProblem] = useState<LinkProblem | undefined>(token ? undefined : "unknown");
  const [failure, setFailure] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (problem) sessionStorage.removeItem(STORAGE_KEY);
  }, [problem]);

  async function signIn() {
    if (!token) return;
    setSubmitting(true);
    setFailure(undefined);
    try {
      const { redirectUrl } = await consumeAccessLink(token);
      sessionStorage.removeItem(STORAGE_KEY);
      leaveTo(redirectUrl);
    } catch (error) {
      setSubmitting(false);
      if (error instanceof HttpError && error.code === "LINK_USED") setProblem("used");
      else if (error instanceof HttpError && error.code === "LINK_EXPIRED") setProblem("expired");
      else if (error instanceof HttpError && (error.code === "LINK_UNKNOWN" || error.status === 400)) setProblem("unknown");
      else setFailure(error instanceof HttpError && error.status !== 0 && error.status < 500 ? error.message : en.login.unexpectedError);
    }
  }

  if (problem) {
    const text = {
      used: [en.accessLink.usedTitle, en.accessLink.usedText],
      expired: [en.accessLink.expiredTitle, en.accessLink.expiredText],
      unknown: [en.accessLink.unknownTitle, en.accessLink.unknownText],
    }[problem];
    const landing = config.links[brand.links.ui];
    return (
      <Screen brand={brand} title={text[0]}>
        <p>{text[1]}</p>
        <Link variant="green" className="button--wide" to={`${brand.paths.emailLogin}?ReturnUrl=${encodeURIComponent(landing)}`}>
          {en.accessLink.newLink}
        </Link>
      </Screen>
    );
  }

  return (
    <Screen brand={brand} title={en.accessLink.title(brand.name)} busy={submitting}>
      <p>{en.accessLink.text}</p>
      <Button variant="green" className="button--wide" disabled={submitting} onClick={signIn} qaTag="access-link-sign-in">
        {submitting ? en.accessLink.signingIn : en.accessLink.signIn}
      </Button>
      <FormError message={failure} />
    </Screen>
  );
}
