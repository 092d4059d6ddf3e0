import { maverick } from "../../app/brand.ts";
import { EmailSignIn } from "../login/EmailSignIn.tsx";

/**
 * Maverick Safe's sign-in with a personal access link. The safety login only checks the session,
 * so this is where a Maverick Safe screen sends a visitor who must sign in (docs/decisions/0010).
 */
export default function MaverickEmailLoginPage() {
  return <EmailSignIn brand={maverick} />;
}
