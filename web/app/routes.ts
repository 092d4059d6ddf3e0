import { type ComponentType, lazy } from "react";
import { SOLVE_IQ_SCREENS } from "../../common/products.ts";
import { ADMIN_SCREEN } from "../../common/telemetry.ts";
import LoginPage from "../features/login/LoginPage.tsx";
import { BRANDS, DSONE_LEGACY_ALIASES, dsone, dsoneScreens, maverick } from "../platform/brand.ts";
import { config } from "../platform/config.ts";

/**
 * The app's screens by path. Paths match regardless of case. The DS One login is bundled with the
 * app because it is also the screen of every unlisted path; every other screen is its own chunk,
 * loaded when it is first shown.
 */
const screens = {
  accessLink: lazy(() => import("../features/access-link/AccessLinkPage.tsx")),
  autoLogin: lazy(() => import("../features/auto-login/AutoLoginPage.tsx")),
  passwordLogin: lazy(() => import("../features/password-login/PasswordLoginPage.tsx")),
  forgotPassword: lazy(() => import("../features/forgot-password/ForgotPasswordPage.tsx")),
  forgotPasswordConfirmation: lazy(() => import("../features/forgot-password/ForgotPasswordConfirmationPage.tsx")),
  resetPassword: lazy(() => import("../features/reset-password/ResetPasswordPage.tsx")),
  resetPasswordConfirmation: lazy(() => import("../features/reset-password/ResetPasswordConfirmationPage.tsx")),
  setPassword: lazy(() => import("../features/set-password/SetPasswordPage.tsx")),
  setPasswordConfirmation: lazy(() => import("../features/set-password/SetPasswordConfirmationPage.tsx")),
  signUp: lazy(() => import("../features/sign-up/SignUpPage.tsx")),
  logout: lazy(() => import("../features/logout/LogoutPage.tsx")),
  goodbye: lazy(() => import("../features/goodbye/SorryToSeeYouGoPage.tsx")),
  maverickLogin: lazy(() => import("../features/maverick/MaverickLoginPage.tsx")),
  maverickPasswordLogin: lazy(() => import("../features/maverick/MaverickPasswordLoginPage.tsx")),
  maverickEmailLogin: lazy(() => import("../features/maverick/MaverickEmailLoginPage.tsx")),
  maverickGoodbye: lazy(() => import("../features/maverick/MaverickGoodbyePage.tsx")),
  solveIqForgotPassword: lazy(() => import("../features/solve-iq/SolveIqForgotPasswordPage.tsx")),
  solveIqResetPassword: lazy(() => import("../features/solve-iq/SolveIqResetPasswordPage.tsx")),
  socialSignIn: lazy(() => import("../features/social-sign-in/SocialSignInPage.tsx")),
  agentConsole: lazy(() => import("../features/agent-console/AgentConsolePage.tsx")),
  admin: lazy(() => import("../features/admin/AdminPage.tsx")),
};

/** The screens every brand has, each at the address its brand file gives. */
const BRAND_SCREENS = BRANDS.flatMap((brand) => [
  [brand.paths.accessLink, screens.accessLink],
  [brand.paths.autoLogin, screens.autoLogin],
  [brand.paths.logout, screens.logout],
  [brand.paths.setPassword, screens.setPassword],
  [brand.paths.setPasswordConfirmation, screens.setPasswordConfirmation],
  [brand.paths.forgotPassword, screens.forgotPassword],
  [brand.paths.forgotPasswordConfirmation, screens.forgotPasswordConfirmation],
  [brand.paths.resetPassword, screens.resetPassword],
  [brand.paths.resetPasswordConfirmation, screens.resetPasswordConfirmation],
]);

const ROUTES: Record<string, ComponentType> = Object.fromEntries(
  (
    [
      ...BRAND_SCREENS,
      [dsone.paths.login, LoginPage],
      // Each brand's screen for a Google sign-in that did not complete.
      ...BRANDS.map((brand) => [brand.paths.socialSignIn, screens.socialSignIn]),
      [dsone.paths.passwordLogin, screens.passwordLogin],
      [dsone.paths.goodbye, screens.goodbye],
      [dsoneScreens.signUp, screens.signUp],
      [maverick.paths.login, screens.maverickLogin],
      [maverick.paths.passwordLogin, screens.maverickPasswordLogin],
      [maverick.paths.emailLogin, screens.maverickEmailLogin],
      [maverick.paths.goodbye, screens.maverickGoodbye],
      // The earlier account area's solve IQ screens and confirmation targets (SPEC section 2).
      [SOLVE_IQ_SCREENS.forgotPassword, screens.solveIqForgotPassword],
      [SOLVE_IQ_SCREENS.forgotPasswordConfirmation, screens.forgotPasswordConfirmation],
      [SOLVE_IQ_SCREENS.resetPassword, screens.solveIqResetPassword],
      [SOLVE_IQ_SCREENS.resetPasswordConfirmation, screens.resetPasswordConfirmation],
      // The operations page for admins (decision 36).
      [ADMIN_SCREEN, screens.admin],
    ] as [string, ComponentType][]
  ).map(([path, screen]) => [path.toLowerCase(), screen]),
);

/** The legacy top-level aliases (SPEC section 2), each showing its screen at its own address. */
const ALIASES = new Map(Object.entries(DSONE_LEGACY_ALIASES).map(([alias, path]) => [alias.toLowerCase(), path]));

/** Any path not listed shows the DS One login screen (SPEC section 2). */
export function screenFor(pathname: string): ComponentType {
  const path = pathname.toLowerCase().replace(/\/+$/, "") || "/";
  // The agent console exists only where the server offers it (never in production).
  if (path === "/dev/agent" && config.agentConsole) return screens.agentConsole;
  const route = ALIASES.get(path) ?? path;
  // Only the table's own entries: an address such as /__proto__ or /constructor shows the login.
  return (Object.hasOwn(ROUTES, route) ? ROUTES[route] : undefined) ?? LoginPage;
}
