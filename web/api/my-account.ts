import type { MyAccount } from "../../common/api/contract.ts";
import { call } from "./account.ts";

/**
 * The account page's calls (GET /api/me and its actions). Apart from web/api/account.ts so that
 * only the account page's chunk carries them.
 */
export type { MyAccount };

/** Where the browser downloads the account's data from: a file, saved rather than shown. */
export const EXPORT_ADDRESS = "/api/me/export";

export const loadMyAccount = () => call("GET /api/me");

export const renameMe = (name: string) => call("POST /api/me/name", { Name: name });

/** "Try my email again": our mail goes to the account's own address again after it bounced. */
export const tryMyEmailAgain = () => call("POST /api/me/try-email-again");

/** ProductId: the page's brand, which the notice mail speaks in. */
export const changeMyPassword = (currentPassword: string, password: string, productId: number) =>
  call("POST /api/me/password", { CurrentPassword: currentPassword, Password: password, ConfirmPassword: password, ProductId: productId });

export const unlinkGoogle = (subject: string, productId: number) => call("POST /api/me/unlink-google", { subject, ProductId: productId });
export const unlinkMicrosoft = (subject: string, productId: number) =>
  call("POST /api/me/unlink-microsoft", { subject, ProductId: productId });

export const signOutBrowser = (ref: string) => call("POST /api/me/sign-out-browser", { ref });

export const signOutApp = (clientId: string) => call("POST /api/me/sign-out-app", { clientId });

export const signOutEverywhereElse = (removePasskeys: string[]) =>
  call("POST /api/me/sign-out-everywhere-else", { RemovePasskeys: removePasskeys });

/** Confirming it is the owner, before adding a way in to a sign-in older than 10 minutes. */
export const confirmItsMe = (proof: { Password: string } | { Code: string }) => call("POST /api/me/confirm", proof);

export const emailMeACode = (productId: number) => call("POST /api/me/confirm/send-code", { ProductId: productId });

/** The "A passkey was added" mail's link: which passkey (spending nothing), then its removal. */
export const checkPasskeyRemoval = (token: string) => call("POST /api/passkey/removal/check", { token });

export const removePasskeyByLink = (token: string) => call("POST /api/passkey/removal/confirm", { token });

/** "This wasn't me": which browser (spending nothing), then signing it out. */
export const checkNotMe = (token: string) => call("POST /api/not-me/check", { token });

export const signOutNotMe = (token: string) => call("POST /api/not-me/confirm", { token });

export const requestAccountDeletion = (productId: number) => call("POST /api/me/delete/request", { ProductId: productId });

export const checkDeletionLink = (token: string) => call("POST /api/me/delete/check", { token });

export const deleteMyAccount = (token: string) => call("POST /api/me/delete/confirm", { token });

/** "Keep My Account": the link is spent, nothing deleted. */
export const keepMyAccount = (token: string) => call("POST /api/me/delete/keep", { token });
