import { call } from "./account.ts";

/** The passkey offer's and the account page's passkey calls, in those screens' chunks only. */
export const passkeyOffer = (returnUrl: string | null, productId: number) =>
  call("POST /api/passkey/offer", { ReturnUrl: returnUrl, ProductId: productId });

export const declinePasskeyOffer = () => call("POST /api/passkey/offer/decline");

export const renamePasskey = (id: string, name: string) => call("POST /api/me/passkeys/rename", { id, Name: name });

export const removePasskey = (id: string) => call("POST /api/me/passkeys/remove", { id });
