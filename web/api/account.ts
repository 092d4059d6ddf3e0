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
