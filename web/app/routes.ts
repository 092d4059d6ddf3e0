import { type ComponentType, lazy } from "react";
import { ADMIN_SCREEN } from "../../common/telemetry.ts";
import LoginPage from "../features/login/LoginPage.tsx";
import { BRANDS } from "../platform/brand.ts";
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
]);

const ROUTES: Record<string, ComponentType> = {
  ...Object.fromEntries(BRAND_SCREENS),
  "/dsone/login": LoginPage,
  // Each brand's screen for a Google sign-in that did not complete.
  ...Object.fromEntries(BRANDS.map((brand) => [brand.paths.socialSignIn, screens.socialSignIn])),
  "/dsone/password-login": screens.passwordLogin,
  "/dsone/forgot-password": screens.forgotPassword,
  "/dsone/forgot-password-confirmation": screens.forgotPasswordConfirmation,
  "/dsone/reset-password": screens.resetPassword,
  "/dsone/reset-password-confirmation": screens.resetPasswordConfirmation,
  "/dsone/login-sign-up": screens.signUp,
  "/dsone/sorry-to-see-you-go": screens.goodbye,
  "/maverick/login": screens.maverickLogin,
  "/maverick/password-login": screens.maverickPasswordLogin,
  "/maverick/email-login": screens.maverickEmailLogin,
  "/maverick/sorry-to-see-you-go": screens.maverickGoodbye,
  // The earlier account area's solve IQ screens and confirmation targets (SPEC section 2).
  "/forgotpassword": screens.solveIqForgotPassword,
  "/forgotpasswordconfirmation": screens.forgotPasswordConfirmation,
  "/resetpassword": screens.solveIqResetPassword,
  "/resetpasswordconfirmation": screens.resetPasswordConfirmation,
  // The operations page for admins (decision 36).
  [ADMIN_SCREEN]: screens.admin,
};

/** The legacy top-level aliases (SPEC section 2), each showing its screen at its own address. */
export const LEGACY_ALIASES: Record<string, string> = {
  "/setPasswordDSOne": "/dsone/set-password",
  "/setPasswordConfirmationDSOne": "/dsone/set-password-confirmation",
  "/resetPasswordDSOne": "/dsone/reset-password",
  "/resetPasswordConfirmationDSOne": "/dsone/reset-password-confirmation",
  "/forgotPasswordDSOne": "/dsone/forgot-password",
  "/forgotPasswordConfirmationDSOne": "/dsone/forgot-password-confirmation",
  "/logoutdsone": "/dsone/logout",
  "/sorrytoseeyougodsone": "/dsone/sorry-to-see-you-go",
  "/loginSignUpDSOne": "/dsone/login-sign-up",
  "/loginDSOne": "/dsone/login",
  "/passwordlogindsone": "/dsone/password-login",
};

const ALIASES = new Map(Object.entries(LEGACY_ALIASES).map(([alias, path]) => [alias.toLowerCase(), path]));

/** Any path not listed shows the DS One login screen (SPEC section 2). */
export function screenFor(pathname: string): ComponentType {
  const path = pathname.toLowerCase().replace(/\/+$/, "") || "/";
  // The agent console exists only where the server offers it (never in production).
  if (path === "/dev/agent" && config.agentConsole) return screens.agentConsole;
  const route = ALIASES.get(path) ?? path;
  // Only the table's own entries: an address such as /__proto__ or /constructor shows the login.
  return (Object.hasOwn(ROUTES, route) ? ROUTES[route] : undefined) ?? LoginPage;
}
