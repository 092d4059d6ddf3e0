import { call } from "./account.ts";

/**
 * An email change's calls (docs/decisions/0070): asked for on the account page, confirmed by the
 * new address's link or code, cancelled or undone by the old address's links.
 */
export const askToChangeEmail = (newEmail: string, productId: number) =>
  call("POST /api/me/email", { NewEmail: newEmail, ProductId: productId });

export const confirmEmailCode = (code: string) => call("POST /api/me/email/code", { Code: code });

export const checkEmailChange = (token: string) => call("POST /api/email-change/check", { token });

export const confirmEmailChange = (token: string) => call("POST /api/email-change/confirm", { token });

export const checkCancelEmailChange = (token: string) => call("POST /api/email-change/cancel/check", { token });

export const cancelEmailChange = (token: string) => call("POST /api/email-change/cancel", { token });

export const checkUndoEmailChange = (token: string) => call("POST /api/email-change/undo/check", { token });

export const undoEmailChange = (token: string) => call("POST /api/email-change/undo", { token });

/** "This wasn't me" in "Your email was changed back", to the address an undo replaced. */
export const checkEmailUndoDispute = (token: string) => call("POST /api/email-change/undo-dispute/check", { token });

export const disputeEmailUndo = (token: string) => call("POST /api/email-change/undo-dispute", { token });
