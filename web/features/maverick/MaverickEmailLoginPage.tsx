import { EmailSignIn } from "../../forms/EmailSignIn.tsx";
import { maverick } from "../../platform/brand.ts";

/**
 * Maverick Safe's sign-in with a personal access link. The safety login only checks the session,
 * so this is where a Maverick Safe screen sends a visitor who must sign in (docs/decisions/0010).
 */
export default function MaverickEmailLoginPage() {
  return <EmailSignIn brand={maverick} />;
}
