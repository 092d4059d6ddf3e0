import { type ComponentType, lazy } from "react";
import { SOLVE_IQ_SCREENS } from "../../common/products.ts";
import { SUPPORT_SCREEN } from "../../common/roles.ts";
import { ADMIN_SCREEN } from "../../common/telemetry.ts";
import LoginPage from "../features/login/LoginPage.tsx";
import { BRANDS, DSONE_LEGACY_ALIASES, dsone, dsoneScreens, maverick } from "../platform/brand.ts";
import { config } from "../platform/config.ts";

/** A screen's code, loaded when it is first shown, or ahead of that (preloadScreen). */
interface Screen {
  load: () => Promise<{ default: ComponentType }>;
  lazy: ComponentType;
  /** Set once loaded ahead of the first render: then it is rendered as it is, with no suspense. */
  loaded?: ComponentType;
}

function screen(load: Screen["load"]): Screen {
  return { load, lazy: lazy(load) };
}

/**
 * The app's screens by path. Paths match regardless of case. The DS One login is bundled with the
 * app because it is also the screen of every unlisted path; every other screen is its own chunk,
 * loaded when it is first shown.
 */
const screens = {
  accessLink: screen(() => import("../features/access-link/AccessLinkPage.tsx")),
  autoLogin: screen(() => import("../features/auto-login/AutoLoginPage.tsx")),
  passwordLogin: screen(() => import("../features/password-login/PasswordLoginPage.tsx")),
  forgotPassword: screen(() => import("../features/forgot-password/ForgotPasswordPage.tsx")),
  forgotPasswordConfirmation: screen(() => import("../features/forgot-password/ForgotPasswordConfirmationPage.tsx")),
  resetPassword: screen(() => import("../features/reset-password/ResetPasswordPage.tsx")),
  resetPasswordConfirmation: screen(() => import("../features/reset-password/ResetPasswordConfirmationPage.tsx")),
  setPassword: screen(() => import("../features/set-password/SetPasswordPage.tsx")),
  setPasswordConfirmation: screen(() => import("../features/set-password/SetPasswordConfirmationPage.tsx")),
  signUp: screen(() => import("../features/sign-up/SignUpPage.tsx")),
  logout: screen(() => import("../features/logout/LogoutPage.tsx")),
  goodbye: screen(() => import("../features/goodbye/SorryToSeeYouGoPage.tsx")),
  maverickLogin: screen(() => import("../features/maverick/MaverickLoginPage.tsx")),
  maverickPasswordLogin: screen(() => import("../features/maverick/MaverickPasswordLoginPage.tsx")),
  maverickEmailLogin: screen(() => import("../features/maverick/MaverickEmailLoginPage.tsx")),
  maverickGoodbye: screen(() => import("../features/maverick/MaverickGoodbyePage.tsx")),
  solveIqForgotPassword: screen(() => import("../features/solve-iq/SolveIqForgotPasswordPage.tsx")),
  solveIqResetPassword: screen(() => import("../features/solve-iq/SolveIqResetPasswordPage.tsx")),
  socialSignIn: screen(() => import("../features/social-sign-in/SocialSignInPage.tsx")),
  agentConsole: screen(() => import("../features/agent-console/AgentConsolePage.tsx")),
  admin: screen(() => import("../features/admin/AdminPage.tsx")),
  support: screen(() => import("../features/admin/SupportPage.tsx")),
  account: screen(() => import("../features/account/AccountPage.tsx")),
  deleteAccount: screen(() => import("../features/account/DeleteAccountPage.tsx")),
  // "This wasn't me", "A passkey was added" and the email change's links: one chunk.
  emailedLink: screen(() => import("../features/account/EmailedLinkPage.tsx")),
  passkeyOffer: screen(() => import("../features/passkey-offer/PasskeyOfferPage.tsx")),
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
  [brand.paths.account, screens.account],
  [brand.paths.deleteAccount, screens.deleteAccount],
  [brand.paths.passkeyRemoval, screens.emailedLink],
  [brand.paths.notMe, screens.emailedLink],
  [brand.paths.confirmEmail, screens.emailedLink],
  [brand.paths.cancelEmailChange, screens.emailedLink],
  [brand.paths.undoEmailChange, screens.emailedLink],
  [brand.paths.disputeEmailUndo, screens.emailedLink],
  [brand.paths.passkeyOffer, screens.passkeyOffer],
]);

const LOGIN: Screen = { load: async () => ({ default: LoginPage }), lazy: LoginPage, loaded: LoginPage };

const ROUTES: Record<string, Screen> = Object.fromEntries(
  (
    [
      ...BRAND_SCREENS,
      [dsone.paths.login, LOGIN],
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
      // The support console for accounts with a console role (decision 58).
      [SUPPORT_SCREEN, screens.support],
    ] as [string, Screen][]
  ).map(([path, route]) => [path.toLowerCase(), route]),
);

/** The legacy top-level aliases (SPEC section 2), each showing its screen at its own address. */
const ALIASES = new Map(Object.entries(DSONE_LEGACY_ALIASES).map(([alias, path]) => [alias.toLowerCase(), path]));

function routeFor(pathname: string): Screen {
  const path = pathname.toLowerCase().replace(/\/+$/, "") || "/";
  // The agent console exists only where the server offers it (never in production).
  if (path === "/dev/agent" && config.agentConsole) return screens.agentConsole;
  const route = ALIASES.get(path) ?? path;
  // Only the table's own entries: an address such as /__proto__ or /constructor shows the login.
  return (Object.hasOwn(ROUTES, route) ? ROUTES[route] : undefined) ?? LOGIN;
}

/**
 * How the screen at `pathname` is loaded: the renderer of screens ahead of time (prerender.tsx)
 * tells from it which module that is.
 */
export function screenLoaderFor(pathname: string): () => Promise<unknown> {
  return routeFor(pathname).load;
}

/** Any path not listed shows the DS One login screen (SPEC section 2). */
export function screenFor(pathname: string): ComponentType {
  const found = routeFor(pathname);
  return found.loaded ?? found.lazy;
}

/**
 * Loads the screen at `pathname` before the app first renders. A page rendered ahead of time
 * (decision 50) is hydrated in one pass only if its screen's code is there: a screen still loading
 * would hold its part of the page back, and the first update (the query, arriving just after)
 * would then make React draw that part again from nothing.
 */
export async function preloadScreen(pathname: string): Promise<void> {
  const found = routeFor(pathname);
  if (!found.loaded) found.loaded = (await found.load()).default;
}
