import { z } from "zod";
import { type AccessLinkAnswer, endpoint } from "./endpoint.ts";
import { booleanText, email, newPassword, password, resetCode, returnUrl } from "./fields.ts";

/**
 * The earlier account area's endpoints (SPEC sections 3 and 7; paths: docs/decisions/0012), which
 * deployed desktop software and older pages still call. Part of the one contract
 * (common/api/contract.ts spreads them in); kept in a file of their own because their payloads
 * follow the older pages: form-encoded bodies, answers that say isOk rather than a status.
 */

/** "email alone, or an object with email and product (a number)". */
const product = z.number({ message: "must be a number" }).int("must be a whole number");
const passwordless = z.union([email, z.object({ email, product: product.optional() })], {
  message: "send an email address, or { email, product }",
});
/** "JSON body carrying the email": the address itself, or { email }. */
const emailBody = z.union([email, z.object({ email })], { message: "send an email address, or { email }" });
const login = z.object({ Email: email, Password: password, ReturnUrl: returnUrl, RememberMe: booleanText.default("false") });
const maverickLogin = z.object({ Email: email, Password: password, ReturnUrl: returnUrl, RememberLogin: booleanText.default("true") });
const reset = z.object({ Email: email, Password: newPassword, ConfirmPassword: newPassword, Code: resetCode });
const setPassword = z.object({ Password: newPassword, ConfirmPassword: newPassword, ReturnUrl: returnUrl });

export interface EarlierSignInAnswer {
  isOk: boolean;
  redirectUrl?: string;
  statusText?: string;
}

/** The user info response (SPEC section 3). */
export interface UserInfo {
  isOk: boolean;
  statusText: string;
  email: string;
  name: string;
  isAdmin: boolean;
}

const forgot = endpoint<{ isOk: boolean; statusText: string }>();
const resetEndpoint = endpoint<{ isOk: boolean; statusText: string; redirectUrl: string }>();
const setEndpoint = endpoint<{ isOk: boolean; redirectUrl: string }>();

export const EARLIER_API = {
  /** Plus the page's whole query string. */
  "GET /account/logout": endpoint<{ isOk: boolean }>()(),
  "POST /api/account/passwordless-login": endpoint<AccessLinkAnswer>()(passwordless),
  "POST /api/account/maverick/passwordless-login": endpoint<AccessLinkAnswer>()(passwordless),
  "POST /api/account/login": endpoint<EarlierSignInAnswer>()(login, { form: true }),
  "POST /api/account/maverick-login": endpoint<EarlierSignInAnswer>()(maverickLogin, { form: true }),
  "POST /api/account/solveiq/forgot-password": forgot(emailBody),
  "POST /api/account/desktop/forgot-password": forgot(emailBody),
  "POST /api/account/solveiq/reset-password": resetEndpoint(reset, { form: true }),
  "POST /api/account/desktop/reset-password": resetEndpoint(reset, { form: true }),
  /** Maverick Safe's earlier pages post to the desktop address (SPEC section 7). */
  "POST /api/account/solveiq/set-password": setEndpoint(setPassword, { form: true }),
  "POST /api/account/desktop/set-password": setEndpoint(setPassword, { form: true }),
  "GET /api/account/user-info": endpoint<UserInfo>()(),
  "POST /api/account/check-desktop-account": endpoint<{ isOk: boolean; isDesktopAccount: boolean }>()(emailBody),
} as const;
