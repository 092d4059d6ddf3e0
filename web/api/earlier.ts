import type { ApiAnswer, ApiRoute } from "../../common/api/contract.ts";
import type { UserInfo } from "../../common/api/earlier-contract.ts";
import { dsone, maverick } from "../../common/brands/index.ts";
import { DSONE_PRODUCT_ID } from "../../common/products.ts";
import { HttpError, type RequestOptions, send } from "./http.ts";
import { createReadCache } from "./read-cache.ts";

/**
 * The earlier account area's calls (SPEC section 7, "Earlier account area"), one function each,
 * with the payloads and encodings the older pages use. Paths the specification does not give are
 * those of docs/decisions/0012-earlier-account-area.md. Failures reject with the internal messages
 * of SPEC section 8 ("Forget password request failed: …", "Unable to fetch user info: …", …);
 * the account-area state turns them into what a customer reads.
 */
export type PasswordArea = "solveiq" | "desktop";

/** Where set password continues when the caller names nowhere (SPEC section 2). */
const SET_PASSWORD_TARGETS = {
  desktop: dsone.paths.setPasswordConfirmation,
  solveiq: dsone.paths.setPasswordConfirmation,
  maverick: maverick.paths.setPasswordConfirmation,
} as const;

export type { UserInfo };

/** A route's path, from its contract key ("POST /api/account/login"): the key is type-checked, so a path cannot drift. */
const pathOf = (route: ApiRoute) => route.slice(route.indexOf(" ") + 1);

export interface EarlierApiOptions extends Pick<RequestOptions, "baseUrl" | "timeoutMs" | "headers"> {
  /** The Maverick UI address, the earlier Maverick login's default ReturnUrl. */
  maverickUiUrl: string;
}

const statusTextOf = (error: unknown) => (error instanceof HttpError ? error.statusText || error.message : String(error));

export function createEarlierAccountApi(options: EarlierApiOptions) {
  const { maverickUiUrl, ...requestOptions } = options;
  // The user info, kept while used (api/read-cache.ts); every other call may sign in or out.
  const reads = createReadCache();
  const json = <T>(method: "GET" | "POST", path: string, body?: unknown) => {
    reads.forget();
    return send<T>(method, path, body, requestOptions).then((answer) => answer.data);
  };
  const form = <T>(path: string, body: Record<string, unknown>) => {
    reads.forget();
    return send<T>("POST", path, body, { ...requestOptions, form: true }).then((answer) => answer.data);
  };

  return {
    /** GET /account/logout with the whole current query string; the JSON answer is returned. */
    logout: (search: string) => json<ApiAnswer<"GET /account/logout">>("GET", `${pathOf("GET /account/logout")}${search}`),

    /** An email alone, or { email, product }: product 6 (the default) is DS One, any other Maverick Safe. */
    passwordlessLogin: (request: string | { email: string; product?: number }) => {
      const product = typeof request === "string" ? DSONE_PRODUCT_ID : (request.product ?? DSONE_PRODUCT_ID);
      const route = product === DSONE_PRODUCT_ID ? "POST /api/account/passwordless-login" : "POST /api/account/maverick/passwordless-login";
      return json<ApiAnswer<typeof route>>("POST", pathOf(route), request);
    },

    /** RememberMe is always false (SPEC section 9). */
    login: (request: { Email: string; Password: string; ReturnUrl: string }) =>
      form<ApiAnswer<"POST /api/account/login">>(pathOf("POST /api/account/login"), { ...request, RememberMe: false }),

    /** RememberLogin is always true; ReturnUrl defaults to the Maverick UI address. */
    maverickLogin: (request: { Email: string; Password: string; ReturnUrl?: string }) =>
      form<ApiAnswer<"POST /api/account/maverick-login">>(pathOf("POST /api/account/maverick-login"), {
        ...request,
        ReturnUrl: request.ReturnUrl ?? maverickUiUrl,
        RememberLogin: true,
      }),

    forgotPassword: (area: PasswordArea, email: string) =>
      json<ApiAnswer<`POST /api/account/${PasswordArea}/forgot-password`>>("POST", pathOf(`POST /api/account/${area}/forgot-password`), {
        email,
      }).catch((error: unknown) => {
        throw new Error(`Forget password request failed: ${statusTextOf(error)}`, { cause: error });
      }),

    resetPassword: (area: PasswordArea, request: { Email: string; Password: string; ConfirmPassword: string; Code: string }) =>
      form<ApiAnswer<`POST /api/account/${PasswordArea}/reset-password`>>(
        pathOf(`POST /api/account/${area}/reset-password`),
        request,
      ).catch((error: unknown) => {
        throw new Error(`Reset password request failed: ${statusTextOf(error)}`, { cause: error });
      }),

    /**
     * Maverick Safe's earlier pages reuse the desktop address. Without a ReturnUrl, each product's
     * confirmation is the default (SPEC section 2).
     */
    setPassword: (area: PasswordArea | "maverick", request: { Password: string; ConfirmPassword: string; ReturnUrl?: string }) =>
      form<ApiAnswer<`POST /api/account/${PasswordArea}/set-password`>>(
        pathOf(`POST /api/account/${area === "maverick" ? "desktop" : area}/set-password`),
        {
          ...request,
          ReturnUrl: request.ReturnUrl ?? SET_PASSWORD_TARGETS[area],
        },
      ),

    userInfo: () =>
      reads
        .read("user-info", () => send<UserInfo | undefined>("GET", pathOf("GET /api/account/user-info"), undefined, requestOptions))
        .then((answer) => answer.data)
        .catch((error: unknown) => {
          throw new Error(`Unable to fetch user info: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
        }),

    /** True when the setting was saved. */
    updateUnregisteredNotifications: (uuid: string, settingValue: boolean) =>
      send("POST", pathOf("POST /notifications/updateunregisterednotifications"), { uuid, settingValue }, requestOptions).then(
        () => true,
        (error: unknown) => {
          throw new Error(`Unable to update settings: ${statusTextOf(error)}`, { cause: error });
        },
      ),

    /** The email "used as a query": whether it belongs to a desktop account. */
    checkDesktopAccount: (email: string) =>
      json<ApiAnswer<"POST /api/account/check-desktop-account">>("POST", pathOf("POST /api/account/check-desktop-account"), { email }),

    /** On failure, the error status and data, or the message, go back to the caller (SPEC section 7). */
    validateRecaptchaToken: (token: string) =>
      send<{ success: boolean }>("POST", `/home/ValidateRecaptchaToken?token=${encodeURIComponent(token)}`, undefined, requestOptions).then(
        (answer) => answer.data,
        (error: unknown) => {
          if (error instanceof HttpError && error.status > 0) return { status: error.status, data: error.data };
          return { message: error instanceof Error ? error.message : String(error) };
        },
      ),
  };
}

export type EarlierAccountApi = ReturnType<typeof createEarlierAccountApi>;
