import { strings } from "@strings/earlier.ts";
import { SOLVE_IQ_SCREENS } from "../../common/products.ts";
import type { EarlierAccountApi, PasswordArea } from "../api/earlier.ts";
import { HttpError } from "../api/http.ts";
import { dsoneScreens } from "../platform/brand.ts";

/**
 * The earlier account area's client state (SPEC section 3): who is signed in, the five error
 * texts, and the states of fetching the user and logging out. A plain store (no React), so it runs
 * and is tested anywhere; useAccountArea() is its React face. Each request clears its own error
 * text when it starts (SPEC section 4).
 */
type RequestState = "idle" | "pending" | "fulfilled" | "error";

export interface AccountAreaState {
  registrationKey: string;
  email: string;
  name: string;
  isAdmin: boolean;
  loginError: string;
  setPasswordError: string;
  fetchUserError: string;
  forgotPasswordError: string;
  resetPasswordError: string;
  fetchUserInfoState: RequestState;
  logoutState: RequestState;
}

const INITIAL_STATE: AccountAreaState = {
  registrationKey: "",
  email: "",
  name: "",
  isAdmin: false,
  loginError: "",
  setPasswordError: "",
  fetchUserError: "",
  forgotPasswordError: "",
  resetPasswordError: "",
  fetchUserInfoState: "idle",
  logoutState: "idle",
};

/** Where each earlier flow goes after a success (SPEC section 2, "Earlier-area confirmation targets"). */
const CONFIRMATION_TARGETS = {
  forgot: { solveiq: SOLVE_IQ_SCREENS.forgotPasswordConfirmation, desktop: dsoneScreens.forgotPasswordConfirmation },
  reset: { solveiq: SOLVE_IQ_SCREENS.resetPasswordConfirmation, desktop: dsoneScreens.resetPasswordConfirmation },
} as const;

export function createAccountAreaStore(api: EarlierAccountApi, initial: Partial<AccountAreaState> = {}) {
  let state: AccountAreaState = { ...INITIAL_STATE, ...initial };
  const listeners = new Set<() => void>();
  const update = (change: Partial<AccountAreaState>) => {
    state = { ...state, ...change };
    for (const listener of listeners) listener();
  };

  return {
    getState: () => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Answers where to go next, or undefined (and loginError) when it did not sign in. */
    async login(request: { Email: string; Password: string; ReturnUrl: string }, { maverick = false } = {}): Promise<string | undefined> {
      update({ loginError: "" });
      try {
        const answer = maverick ? await api.maverickLogin(request) : await api.login(request);
        if (!answer?.isOk) {
          update({ loginError: strings.earlier.loginInvalid });
          return undefined;
        }
        return answer.redirectUrl ?? request.ReturnUrl;
      } catch {
        update({ loginError: strings.earlier.loginFailed });
        return undefined;
      }
    },

    /** Answers the ReturnUrl to go on to, or undefined (and setPasswordError). */
    async setPassword(area: PasswordArea | "maverick", request: { Password: string; ReturnUrl: string }): Promise<string | undefined> {
      update({ setPasswordError: "" });
      try {
        const answer = await api.setPassword(area, {
          Password: request.Password,
          ConfirmPassword: request.Password,
          ReturnUrl: request.ReturnUrl,
        });
        return answer.redirectUrl ?? request.ReturnUrl;
      } catch (error) {
        // The first of the server's messages, when it gave any (SPEC section 8).
        update({ setPasswordError: (error instanceof HttpError && error.messages[0]) || strings.earlier.setPasswordFailed });
        return undefined;
      }
    },

    async fetchUserInfo(): Promise<void> {
      update({ fetchUserError: "", fetchUserInfoState: "pending" });
      try {
        const info = await api.userInfo();
        if (!info?.isOk) {
          update({ fetchUserInfoState: "error", fetchUserError: strings.earlier.fetchUserEmpty });
          return;
        }
        update({ fetchUserInfoState: "fulfilled", email: info.email, name: info.name, isAdmin: info.isAdmin });
      } catch {
        // SPEC section 8: a failed call is reported with the set-password message.
        update({ fetchUserInfoState: "error", fetchUserError: strings.earlier.setPasswordFailed });
      }
    },

    /** Answers the confirmation target, or undefined (and forgotPasswordError). */
    async forgotPassword(area: PasswordArea, email: string): Promise<string | undefined> {
      update({ forgotPasswordError: "" });
      try {
        await api.forgotPassword(area, email);
        return CONFIRMATION_TARGETS.forgot[area];
      } catch {
        update({ forgotPasswordError: strings.earlier.requestFailed });
        return undefined;
      }
    },

    /** Answers the confirmation target carrying the answer's redirectUrl, or undefined (and resetPasswordError). */
    async resetPassword(
      area: PasswordArea,
      request: { Email: string; Password: string; ConfirmPassword: string; Code: string },
    ): Promise<string | undefined> {
      update({ resetPasswordError: "" });
      try {
        const answer = await api.resetPassword(area, request);
        return `${CONFIRMATION_TARGETS.reset[area]}?redirectUrl=${encodeURIComponent(answer.redirectUrl)}`;
      } catch {
        update({ resetPasswordError: strings.earlier.requestFailed });
        return undefined;
      }
    },

    async logout(search: string): Promise<void> {
      update({ logoutState: "pending" });
      try {
        await api.logout(search);
        update({ ...INITIAL_STATE, logoutState: "fulfilled" });
      } catch {
        update({ logoutState: "error" });
      }
    },

    setRegistrationKey(registrationKey: string): void {
      update({ registrationKey });
    },
  };
}
