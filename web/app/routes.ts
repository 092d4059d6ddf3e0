import { type ComponentType, lazy } from "react";
import LoginPage from "../features/login/LoginPage.tsx";

/**
 * The app's screens by path. Paths match regardless of case. The DS One login is bundled with the
 * app because it is also the screen of every unlisted path; every other screen is its own chunk,
 * loaded when it is first shown.
 */
const AccessLinkPage = lazy(() => import("../features/access-link/AccessLinkPage.tsx"));
const AutoLoginPage = lazy(() => import("../features/auto-login/AutoLoginPage.tsx"));

const ROUTES: Record<string, ComponentType> = {
  "/dsone/login": LoginPage,
  "/dsone/access-link": AccessLinkPage,
  "/maverick/access-link": AccessLinkPage,
  "/dsone/auto-login": AutoLoginPage,
};

/** Any path not listed shows the DS One login screen (SPEC section 2). */
export function screenFor(pathname: string): ComponentType {
  const path = pathname.toLowerCase().replace(/\/+$/, "") || "/";
  return ROUTES[path] ?? LoginPage;
}
