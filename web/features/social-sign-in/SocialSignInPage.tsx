import { strings } from "@strings/social-sign-in.ts";
import {
  isSocialSignInProblem,
  SOCIAL_SIGN_IN_PROBLEM_PARAMETER,
  SOCIAL_SIGN_IN_PROVIDER_PARAMETER,
} from "../../../common/social-sign-in.ts";
import { brandForPath } from "../../platform/brand.ts";
import { useLocation } from "../../platform/router.ts";
import { Link } from "../../ui/Link.tsx";
import { Screen } from "../../ui/Screen.tsx";

/**
 * Where a sign-in with Google or Microsoft that did not complete lands (cancelled, expired,
 * unverified email, the provider unreachable…): what happened, naming the provider, in the brand's
 * look, and the way back to its login with the query it started with, so the ReturnUrl still
 * applies. Nobody is signed in on this screen.
 */
export default function SocialSignInPage() {
  const { pathname, search } = useLocation();
  const brand = brandForPath(pathname);
  const params = new URLSearchParams(search);
  const named = params.get(SOCIAL_SIGN_IN_PROBLEM_PARAMETER);
  const problem = isSocialSignInProblem(named) ? named : "failed";
  const microsoft = params.get(SOCIAL_SIGN_IN_PROVIDER_PARAMETER) === "microsoft";
  params.delete(SOCIAL_SIGN_IN_PROBLEM_PARAMETER);
  params.delete(SOCIAL_SIGN_IN_PROVIDER_PARAMETER);
  const rest = params.toString();
  const words = microsoft ? strings.microsoftSignIn : strings.socialSignIn;
  // A hold after Google said the account was hijacked is Google's alone (decision 91).
  const { title, text } = problem in words ? words[problem as keyof typeof words] : words.failed;
  return (
    <Screen brand={brand} title={title} dialog={brand.dialogs}>
      <p>{text}</p>
      <Link variant="green" className="button--wide" to={`${brand.paths.emailLogin}${rest ? `?${rest}` : ""}`}>
        {strings.socialSignIn.backToLogin}
      </Link>
    </Screen>
  );
}
