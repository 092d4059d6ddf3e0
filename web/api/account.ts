import type { AgentVariant } from "../../common/agent/ports.ts";
import type {
  AccessLinkAnswer,
  ApiAnswer,
  ApiMethod,
  ApiRequest,
  ApiRoute,
  DsOneSession,
  MaverickSession,
} from "../../common/api/contract.ts";
import type { Brand } from "../../common/brands/index.ts";
import { type RequestOptions, requestJson } from "./http.ts";
import { createReadCache } from "./read-cache.ts";

/**
 * The account server's calls, typed by the contract (common/api/contract.ts): the route names its
 * method and path, the body and the answer take the contract's types. Types only: no schema, and
 * no zod, reaches the browser.
 */
export function call<Route extends ApiRoute>(route: Route, ...body: ApiRequest<Route> extends undefined ? [] : [ApiRequest<Route>]) {
  return callWith({}, route, ...body);
}

/** A call made in its own way (http.ts's RequestOptions). */
export function callWith<Route extends ApiRoute>(
  options: RequestOptions,
  route: Route,
  ...body: ApiRequest<Route> extends undefined ? [] : [ApiRequest<Route>]
) {
  const space = route.indexOf(" ");
  const method = route.slice(0, space) as ApiMethod<Route>;
  // Any write may sign in or out: the kept reads no longer hold. Asking for a passkey challenge
  // is a POST that changes neither (the login screen asks as it opens, for the autofill).
  if (method !== "GET" && !CHALLENGES.has(route)) reads.forget();
  return requestJson<ApiAnswer<Route>>(method, route.slice(space + 1), body[0], options);
}

/** Requests for a passkey challenge: they sign nobody in or out. */
const CHALLENGES = new Set<ApiRoute>(["POST /api/passkey/sign-in/options", "POST /api/passkey/register/options"]);

/** The session checks, kept while screens use them (api/read-cache.ts). */
const reads = createReadCache();

export type { AccessLinkAnswer, DsOneSession, MaverickSession };

export const checkDsOneSession = () => reads.read("dsone-session", () => call("GET /api/dsone/session"));

export const requestAccessLink = (request: ApiRequest<"POST /api/access-link">) => call("POST /api/access-link", request);

export const consumeAccessLink = (token: string) => call("POST /api/access-link/consume", { token });

/** Signs in with the mail's code, in the browser that asked for the link. */
export const signInWithCode = (code: string) => call("POST /api/access-link/code", { code });

/** Whether the link would still sign in, and which other browser waits for it; spends nothing. */
export const checkAccessLink = (token: string) => call("POST /api/access-link/check", { token });

/** The number picked on this device for the browser that asked (decision 73). */
export const approveSignIn = (token: string, number: number) => call("POST /api/access-link/approve", { token, Number: number });

/** The asking screen's long poll: its number at once (wait false), else news of an approval. */
export const waitForApproval = (wait: boolean) => call("POST /api/access-link/wait", { Wait: wait });

export const passwordLogin = (request: ApiRequest<"POST /api/dsone/password-login">) => call("POST /api/dsone/password-login", request);

/** The reset link goes out in the brand of `productId`: its screens and its mail. */
export const forgotPassword = (email: string, productId: number) => call("POST /api/password/forgot", { email, ProductId: productId });

/** Checks the reset link's code (spending nothing) and lets the server hold it for this browser. */
export const openPasswordReset = (code: string, email: string) => call("POST /api/password/reset/open", { code, email });

/** The newer reset: Email and Code stay empty; the server knows them from opening the link. */
/** RemovePasskeys: the account's passkeys to remove with the reset (the page ticks the recent ones). */
export const resetPassword = (password: string, confirmPassword: string, removePasskeys: string[] = []) =>
  call("POST /api/password/reset", {
    Password: password,
    ConfirmPassword: confirmPassword,
    Email: "",
    Code: "",
    RemovePasskeys: removePasskeys,
  });

export const setPassword = (password: string, returnUrl: string) =>
  call("POST /api/password/set", { Password: password, ConfirmPassword: password, ReturnUrl: returnUrl });

export const updateNotificationSetting = (uuid: string, settingValue: boolean) =>
  call("POST /notifications/updateunregisterednotifications", { uuid, settingValue });

/** The session reset at logout. */
export const resetSession = () => call("POST /api/session/logout");

/** The account server's auto-login of the brand: the body its agent's license check takes too. */
export const brandAutoLogin = (brand: Brand, body: ApiRequest<`POST /api/${AgentVariant}/auto-login`>) =>
  call(`POST /api/${brand.agent.variant}/auto-login`, body);

export const checkMaverickSession = () => reads.read("maverick-session", () => call("GET /api/maverick/session"));

/** The safety password login: Email and Password; where to go comes back in the answer. */
export const maverickPasswordLogin = (request: ApiRequest<"POST /api/maverick/password-login">) =>
  call("POST /api/maverick/password-login", request);
