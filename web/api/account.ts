import { requestJson } from "./http.ts";

/** The account server's calls, one function each (SPEC section 7, "Newer sign-in flow"). */

export interface DsOneSession {
  signedIn: boolean;
  email?: string;
  SvcLicenseState: string;
  UUID: string;
}

export function checkDsOneSession(): Promise<DsOneSession> {
  return requestJson("GET", "/api/dsone/session");
}

export interface AccessLinkAnswer {
  isOk: boolean;
  isExistingDesktopUser: boolean;
  redirectUrl: string;
}

export function requestAccessLink(request: {
  Email: string;
  ProductId: number;
  ReturnUrl: string | null;
  CaptchaToken?: string;
}): Promise<AccessLinkAnswer> {
  return requestJson("POST", "/api/access-link", request);
}

export function consumeAccessLink(token: string): Promise<{ redirectUrl: string }> {
  return requestJson("POST", "/api/access-link/consume", { token });
}

export function passwordLogin(request: {
  Email: string;
  Password: string;
  ReturnUrl: string | null;
  CaptchaToken?: string;
}): Promise<{ isOk: boolean; redirectUrl: string }> {
  return requestJson("POST", "/api/dsone/password-login", request);
}

export function forgotPassword(email: string): Promise<{ isOk: boolean; statusText: string }> {
  return requestJson("POST", "/api/password/forgot", { email });
}

/** Checks the reset link's code (spending nothing) and lets the server hold it for this browser. */
export function openPasswordReset(code: string, email: string): Promise<{ isOk: boolean }> {
  return requestJson("POST", "/api/password/reset/open", { code, email });
}

/** The newer reset: Email and Code stay empty; the server knows them from opening the link. */
export function resetPassword(
  password: string,
  confirmPassword: string,
): Promise<{ isOk: boolean; statusText: string; redirectUrl: string }> {
  return requestJson("POST", "/api/password/reset", { Password: password, ConfirmPassword: confirmPassword, Email: "", Code: "" });
}

export function setPassword(password: string, returnUrl: string): Promise<{ isOk: boolean; redirectUrl: string }> {
  return requestJson("POST", "/api/password/set", { Password: password, ConfirmPassword: password, ReturnUrl: returnUrl });
}

export function updateNotificationSetting(uuid: string, settingValue: boolean): Promise<{ isOk: boolean }> {
  return requestJson("POST", "/notifications/updateunregisterednotifications", { uuid, settingValue });
}

/** The session reset at logout. */
export function resetSession(): Promise<{ isOk: boolean }> {
  return requestJson("POST", "/api/session/logout");
}

export function autoLogin(uuid: string): Promise<{ isOk: boolean; UUID: string; SvcLicenseState: string }> {
  return requestJson("POST", "/api/dsone/auto-login", { UUID: uuid });
}

export interface MaverickSession {
  signedIn: boolean;
  LicenseStatus: string;
  UUID: string;
}

export function checkMaverickSession(): Promise<MaverickSession> {
  return requestJson("GET", "/api/maverick/session");
}

/** The safety password login: Email and Password; where to go comes back in the answer. */
export function maverickPasswordLogin(request: {
  Email: string;
  Password: string;
  ReturnUrl?: string;
  CaptchaToken?: string;
}): Promise<{ isOk: boolean; redirectUrl: string }> {
  return requestJson("POST", "/api/maverick/password-login", request);
}

export function maverickAutoLogin(request: { UUID: string; PreferredBrowser: string; ShowUI: true }): Promise<{ isOk: boolean }> {
  return requestJson("POST", "/api/maverick/auto-login", request);
}
