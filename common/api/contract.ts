import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { z } from "zod";
import type { Undelivered } from "../undelivered.ts";
import { EARLIER_API } from "./earlier-contract.ts";
import { type AccessLinkAnswer, endpoint, type TrailEntry } from "./endpoint.ts";
import {
  accessLinkToken,
  booleanField,
  captchaToken,
  deletionToken,
  displayName,
  email,
  emailChangeToken,
  externalSubject,
  newPassword,
  notMeToken,
  nullableReturnUrl,
  oidcClientId,
  optionalEmail,
  passkeyAssertion,
  passkeyAttestation,
  passkeyId,
  passkeyName,
  passkeyRemovalToken,
  passkeysToRemove,
  password,
  productId,
  resetCode,
  returnUrl,
  sessionRef,
  signInCode,
  uuid,
} from "./fields.ts";
import { SUPPORT_API } from "./support-contract.ts";

export type { SupportCustomer, SupportLimit, SupportSearchAnswer } from "./support-contract.ts";

/**
 * The account server's newer API, once: each endpoint's method and path (the key), its request
 * body (a zod schema the server validates with) and its answer (a type). The server registers its
 * routes from this (server/http/contract-route.ts); the web app's client (web/api/account.ts)
 * imports its types only, so zod never reaches the browser. SPEC section 7, "Newer sign-in flow";
 * paths: docs/decisions/0001, 0008 and 0010.
 */

export type { AccessLinkAnswer };

export interface DsOneSession {
  signedIn: boolean;
  email?: string;
  name?: string;
  SvcLicenseState: string;
  UUID: string;
}

export interface MaverickSession {
  signedIn: boolean;
  email?: string;
  LicenseStatus: string;
  UUID: string;
}

/** The customer's own account, as the account page shows it (GET /api/me). */
export interface MyAccount {
  email: string;
  name: string;
  /** `since`: when the account got the license (a change of state keeps it). */
  licenses: { product: string; state: string; since: number }[];
  signInMethods: {
    /** Always: the emailed link. */
    link: true;
    password: boolean;
    /** `subject` names the login for unlinking it. */
    google: { subject: string; email: string; linkedAt: number }[];
    /** Microsoft logins, as Google's. */
    microsoft: { subject: string; email: string; linkedAt: number }[];
  };
  /** Each browser signed in, this one marked; `ref` names it for signing it out. */
  browsers: { ref: string; device: string | null; address: string | null; signedInAt: number; lastSeenAt: number; current: boolean }[];
  /** Each app holding a grant: a web app, a desktop agent. */
  apps: { clientId: string; brand: string | null; kind: "desktop" | "web" | null; since: number }[];
  /** The account's passkeys (docs/decisions/0059-passkeys.md), newest first. */
  passkeys: MyPasskey[];
  /** What this browser tells its passkey provider about the account; null where passkeys cannot run. */
  passkeyUser: PasskeyUser | null;
  /**
   * Mail to the account's address bounced (docs/decisions/0087), so none goes until cleared: why,
   * in the customer's terms, the reference support finds it by, and since when. Null while mail
   * reaches it.
   */
  undelivered: (Undelivered & { since: number }) | null;
  /**
   * What Google told us of the linked Google account (docs/decisions/0091): since when Google
   * sign-in is held (Google said it was hijacked), and when Google asked the customer to change
   * its credentials (until Google signs them in again). Null when it has not.
   */
  googleSecurity: { heldSince: number | null; changeAskedAt: number | null };
  /** The last 30 days of the security trail, newest first. */
  activity: (TrailEntry & {
    /** The app of clientId as a customer knows it, when it is registered. */
    app: { brand: string; kind: "desktop" | "web" } | null;
    byOperator: boolean;
  })[];
}

/** Everything held about an account (GET /api/me/export; server/auth/account/account-export.ts), nothing secret. */
export interface AccountExport {
  format: "account-export/1";
  exportedAt: string;
  account: {
    id: string;
    email: string;
    name: string;
    createdAt: string;
    passwordSet: boolean;
    role: string | null;
    disabled: boolean;
    /** The language of the last sign-in, in which mail no browser asks for is written. */
    language: string | null;
    /** The brand of the last sign-in that named one, in which mail no page names is sent. */
    lastBrand: string | null;
    /** Since when Google sign-in is held, and when Google asked for a password change (docs/decisions/0091). */
    googleSignInHeldSince: string | null;
    googleChangeAskedAt: string | null;
  };
  licenses: { product: string; state: string; createdAt: string; updatedAt: string }[];
  devices: { uuid: string; product: string; linkedAt: string; showNotifications: boolean | null }[];
  signedIn: {
    browsers: { browser: string | null; network: string | null; signedInAt: string; lastUsedAt: string }[];
    apps: { app: string; since: string }[];
  };
  linkedLogins: { provider: string; subject: string; email: string; linkedAt: string; lastUsedAt: string }[];
  passkeys: { name: string; createdAt: string; lastUsedAt: string | null; synced: boolean }[];
  activity: {
    at: string;
    event: string;
    method: string | null;
    brand: string | null;
    app: string | null;
    detail: string | null;
    network: string | null;
    browser: string | null;
    /**
     * "support" for an entry support (or an operator) made, as the account page says it; never who.
     * "google" for what Google told us of the linked Google account (docs/decisions/0091).
     */
    by: "support" | "google" | null;
  }[];
  telemetry: { at: string; kind: string; name: string; screen: string; brand: string }[];
}

/**
 * The browser that asked for a link, as the link's page on another device names it (decision 81):
 * enough for "was that me?", never its full address.
 */
export interface AskingDevice {
  /** "Chrome on Windows"; null when its user agent said nothing known. */
  device: string | null;
  /** Its network (an IPv4 /24 as 203.0.113.0, an IPv6 /64). */
  network: string | null;
  /** How long ago it asked, by the server's clock: the phone's own may be off. */
  askedSecondsAgo: number;
  /**
   * What approving signs it in to: a registered app of a brand (its authorization is waiting), or
   * the brand's page on `host` the ReturnUrl names.
   */
  signsInTo: { brand: string; app: "desktop" | "web" | null; host: string | null };
}

/** A passkey as its owner sees it on the account page. */
export interface MyPasskey {
  id: string;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
  /** Whether it is synced (backed up) by its provider, or kept on one device. */
  synced: boolean;
  /** Made in this browser. */
  thisBrowser: boolean;
  /** The provider's own icon for a light and a dark page (SVG data URIs), when it publishes one. */
  icon?: { light: string; dark: string };
}

/**
 * The account as its passkeys know it, for the WebAuthn signals (docs/decisions/0085): the
 * relying-party ID, the user handle its passkeys were made with (base64url), the name and display
 * name they show, and the ids of every passkey the account still has.
 */
export interface PasskeyUser {
  rpId: string;
  userId: string;
  name: string;
  displayName: string;
  credentialIds: string[];
}

/** A passkey as a recovery offers to remove it: those added in the last 30 days come ticked. */
export interface OfferedPasskey {
  id: string;
  name: string;
  createdAt: number;
}

interface SignInAnswer {
  isOk: boolean;
  redirectUrl: string;
}

export const API = {
  "GET /api/dsone/session": endpoint<DsOneSession>()(),
  "GET /api/maverick/session": endpoint<MaverickSession>()(),
  "POST /api/session/logout": endpoint<{ isOk: boolean }>()(),

  "POST /api/access-link": endpoint<AccessLinkAnswer>()(
    z.object({ Email: email, ProductId: productId, ReturnUrl: nullableReturnUrl, CaptchaToken: captchaToken }),
  ),
  "POST /api/access-link/consume": endpoint<{ redirectUrl: string }>()(z.object({ token: accessLinkToken })),
  /** The mail's six-digit code, typed in the browser that asked for the link: spends the link. */
  "POST /api/access-link/code": endpoint<{ redirectUrl: string }>()(z.object({ code: signInCode })),
  /** Whether a link would still sign in, spending nothing: the page says a used or expired link's state at once. */
  /**
   * otherDevice: the browser that asked, when the link is opened in another one while its request
   * is live (decisions 73 and 81): named, with its network, its request's age and what it signs in to.
   */
  "POST /api/access-link/check": endpoint<{ isOk: boolean; otherDevice?: AskingDevice }>()(z.object({ token: accessLinkToken })),
  /**
   * The other device's entry, the number the two digits typed spell (07 is 7): the asking screen's
   * signs that browser in, any other spends the link and signs nobody in.
   */
  "POST /api/access-link/approve": endpoint<{ isOk: boolean; device: string | null }>()(
    z.object({
      token: accessLinkToken,
      Number: z
        .number({ message: "must be the two digits the other device shows" })
        .int({ message: "must be the two digits the other device shows" })
        .min(0, { message: "must be the two digits the other device shows" })
        .max(99, { message: "must be the two digits the other device shows" }),
    }),
  ),
  /**
   * The asking screen's long poll: at once with Wait false (to learn its number, shown as two
   * digits), else within 20 s; signed_in comes with this browser's session and where to go, and
   * undelivered as soon as the relay or a report says the mail did not arrive.
   */
  "POST /api/access-link/wait": endpoint<
    /** slow: the mail is taking longer than usual (the relay deferred it). */
    | { state: "waiting"; number: number; slow?: true }
    /** The mail was refused or bounced: why, and the reference support finds it by. */
    | ({ state: "undelivered" } & Undelivered)
    | { state: "signed_in"; redirectUrl: string }
    | { state: "refused" | "used_elsewhere" | "expired" | "none" }
  >()(z.object({ Wait: z.boolean({ message: "must be true or false" }) })),

  "POST /api/dsone/password-login": endpoint<SignInAnswer>()(
    z.object({ Email: email, Password: password, ReturnUrl: nullableReturnUrl, CaptchaToken: captchaToken }),
  ),
  /** ProductId names the brand whose reset screens and mail the link uses (DS One when absent). */
  "POST /api/password/forgot": endpoint<{ isOk: boolean; statusText: string }>()(z.object({ email, ProductId: productId.optional() })),
  /**
   * Checks the reset link's code (spending nothing) and lets the server hold it for this browser;
   * answers the account's passkeys, which the reset can remove too.
   */
  "POST /api/password/reset/open": endpoint<{ isOk: boolean; passkeys: OfferedPasskey[] }>()(z.object({ code: resetCode, email })),
  /** The newer flow sends Email and Code empty: the server knows them from opening the link. */
  "POST /api/password/reset": endpoint<{ isOk: boolean; statusText: string; redirectUrl: string }>()(
    z.object({
      Password: newPassword,
      ConfirmPassword: newPassword,
      Email: optionalEmail,
      Code: z.union([z.literal(""), resetCode]).default(""),
      RemovePasskeys: passkeysToRemove.default([]),
    }),
  ),
  "POST /api/password/set": endpoint<SignInAnswer>()(
    z.object({ Password: newPassword, ConfirmPassword: newPassword, ReturnUrl: nullableReturnUrl }),
  ),

  "POST /api/dsone/auto-login": endpoint<{ isOk: boolean; UUID: string; SvcLicenseState: string }>()(z.object({ UUID: uuid })),
  "POST /api/maverick/password-login": endpoint<SignInAnswer>()(
    z.object({ Email: email, Password: password, ReturnUrl: returnUrl, CaptchaToken: captchaToken }),
  ),
  "POST /api/maverick/auto-login": endpoint<{ isOk: boolean; UUID: string; LicenseStatus: string }>()(
    z.object({
      UUID: uuid,
      PreferredBrowser: z.enum(["firefox", "edge", "chrome"], { message: "must be firefox, edge or chrome" }),
      ShowUI: booleanField,
    }),
  ),

  /**
   * Passkeys (docs/decisions/0059-passkeys.md). A ceremony's options come with a challenge bound
   * to this browser (a cookie), single use and short lived; the answer spends it.
   */
  "POST /api/passkey/sign-in/options": endpoint<{ options: PublicKeyCredentialRequestOptionsJSON }>()(),
  /** passkeyUser: the account signed in, for the browser to tell its provider which passkeys remain. */
  "POST /api/passkey/sign-in": endpoint<SignInAnswer & { passkeyUser?: PasskeyUser }>()(
    z.object({ credential: passkeyAssertion, ReturnUrl: nullableReturnUrl, ProductId: productId.optional() }),
  ),
  /** After a sign-in: whether to offer "Sign In Faster Next Time", and where to continue. */
  "POST /api/passkey/offer": endpoint<{ offer: boolean; redirectUrl: string }>()(
    z.object({ ReturnUrl: nullableReturnUrl, ProductId: productId }),
  ),
  /** "Not now": no offer in this browser for 30 days. */
  "POST /api/passkey/offer/decline": endpoint<{ isOk: boolean }>()(),
  /** ProductId names the brand the passkey manager shows. */
  "POST /api/passkey/register/options": endpoint<{ options: PublicKeyCredentialCreationOptionsJSON }>()(z.object({ ProductId: productId })),
  /**
   * Options for the browser's password manager to make a passkey quietly after a sign-in
   * (conditional create, docs/decisions/0086): null when this browser is not to be offered one.
   */
  "POST /api/passkey/register/conditional-options": endpoint<{ options: PublicKeyCredentialCreationOptionsJSON | null }>()(
    z.object({ ProductId: productId }),
  ),
  /** ProductId names the brand of the "A passkey was added" mail (DS One when absent). */
  "POST /api/passkey/register": endpoint<{ isOk: boolean; passkey: MyPasskey }>()(
    z.object({ credential: passkeyAttestation, ProductId: productId.optional() }),
  ),
  /** The "A passkey was added" mail's link: which passkey, spending nothing. */
  "POST /api/passkey/removal/check": endpoint<{ isOk: boolean; name: string; addedFrom: string | null; addedAt: number }>()(
    z.object({ token: passkeyRemovalToken }),
  ),
  /** Its button: removes the passkey and signs out the browser that added it. */
  "POST /api/passkey/removal/confirm": endpoint<{ isOk: boolean }>()(z.object({ token: passkeyRemovalToken })),
  /** "This wasn't me" (docs/decisions/0067): which browser the mail told of, spending nothing. */
  "POST /api/not-me/check": endpoint<{ isOk: boolean; device: string | null; address: string | null; signedInAt: number; email: string }>()(
    z.object({ token: notMeToken }),
  ),
  /** Its button: signs that browser out, with its apps, and removes the passkeys it added; signs nobody in. */
  "POST /api/not-me/confirm": endpoint<{ isOk: boolean }>()(z.object({ token: notMeToken })),
  /**
   * Confirming it is the owner, before adding a way in when the sign-in is older than 10 minutes
   * (RECENT_SIGN_IN_REQUIRED): the current password, or the code mailed by send-code.
   */
  "POST /api/me/confirm": endpoint<{ isOk: boolean }>()(
    z
      .object({ Password: z.union([z.literal(""), password]).default(""), Code: z.union([z.literal(""), signInCode]).default("") })
      .refine((proof) => proof.Password !== "" || proof.Code !== "", { message: "is required", path: ["Password"] }),
  ),
  "POST /api/me/confirm/send-code": endpoint<{ isOk: boolean }>()(z.object({ ProductId: productId })),
  /**
   * "Change email" (docs/decisions/0070): after a sign-in of the last 10 minutes (else
   * RECENT_SIGN_IN_REQUIRED), mails the new address a link and a code, and the old one a notice;
   * the same answer whether or not the new address has an account. ProductId names the mails' brand.
   */
  "POST /api/me/email": endpoint<{ isOk: boolean }>()(z.object({ NewEmail: email, ProductId: productId })),
  /** The code from that mail, typed in the browser that asked: the change is made. */
  "POST /api/me/email/code": endpoint<{ isOk: boolean; email: string }>()(z.object({ Code: signInCode })),
  /** The new address's link: which change it confirms, spending nothing. */
  "POST /api/email-change/check": endpoint<{ isOk: boolean; oldEmail: string; newEmail: string }>()(z.object({ token: emailChangeToken })),
  /** Its button: the change is made; a browser signed in as the account stays signed in. */
  "POST /api/email-change/confirm": endpoint<{ isOk: boolean; email: string }>()(z.object({ token: emailChangeToken })),
  /** The old address's "This wasn't me": the address asked for (masked) and when, spending nothing. */
  "POST /api/email-change/cancel/check": endpoint<{ isOk: boolean; newEmail: string; requestedAt: number }>()(
    z.object({ token: emailChangeToken }),
  ),
  /** Its button: cancels the request and signs out the browser that asked. */
  "POST /api/email-change/cancel": endpoint<{ isOk: boolean }>()(z.object({ token: emailChangeToken })),
  /** The undo link in "Your email was changed": the address it restores, spending nothing. */
  "POST /api/email-change/undo/check": endpoint<{ isOk: boolean; oldEmail: string; newEmail: string }>()(
    z.object({ token: emailChangeToken }),
  ),
  /** Its button: the old address back, every browser and app signed out, what was added since removed. */
  "POST /api/email-change/undo": endpoint<{ isOk: boolean; email: string }>()(z.object({ token: emailChangeToken })),
  /**
   * "This wasn't me" in "Your email was changed back", to the address an undo replaced: the
   * address the account went back to (masked) and when, spending nothing.
   */
  "POST /api/email-change/undo-dispute/check": endpoint<{ isOk: boolean; restoredEmail: string; changedBackAt: number }>()(
    z.object({ token: emailChangeToken }),
  ),
  /** Its button: tells support (the trail's email_change_undo_disputed); moves no address, signs nobody in. */
  "POST /api/email-change/undo-dispute": endpoint<{ isOk: boolean }>()(z.object({ token: emailChangeToken })),
  "POST /api/me/passkeys/rename": endpoint<{ isOk: boolean }>()(z.object({ id: passkeyId, Name: passkeyName })),
  /** Removing the last passkey is allowed: the emailed link always remains. */
  "POST /api/me/passkeys/remove": endpoint<{ isOk: boolean }>()(z.object({ id: passkeyId })),

  "GET /api/me": endpoint<MyAccount>()(),
  "GET /api/me/export": endpoint<AccountExport>()(),
  "POST /api/me/name": endpoint<{ isOk: boolean }>()(z.object({ Name: displayName })),
  /**
   * "Try my email again": mail goes to the account's own address again after it bounced (its
   * complaint, if any, stays). `cleared` is false when the address had not bounced.
   */
  "POST /api/me/try-email-again": endpoint<{ isOk: boolean; cleared: boolean }>()(),
  "POST /api/me/sign-out-browser": endpoint<{ isOk: boolean; signedOutHere: boolean }>()(z.object({ ref: sessionRef })),
  "POST /api/me/sign-out-app": endpoint<{ isOk: boolean }>()(z.object({ clientId: oidcClientId })),
  /** RemovePasskeys: the account's passkeys to remove too (the page ticks those added in the last 30 days). */
  "POST /api/me/sign-out-everywhere-else": endpoint<{ isOk: boolean }>()(
    // A page loaded before passkeys could be removed sends no list; a field nobody sends is refused.
    z.strictObject(
      { RemovePasskeys: passkeysToRemove.default([]) },
      { error: (issue) => (issue.code === "unrecognized_keys" ? `${issue.keys[0]}: is not a field of this request` : undefined) },
    ),
  ),
  /**
   * Sets or changes the password from the account page. CurrentPassword is required when the
   * account has a password (a customer who forgot it asks for a reset link instead); saved, every
   * other browser and app is signed out, as after a reset.
   */
  "POST /api/me/password": endpoint<{ isOk: boolean; statusText: string }>()(
    z.object({
      CurrentPassword: z.union([z.literal(""), password]).default(""),
      Password: newPassword,
      ConfirmPassword: newPassword,
      /** The brand of the page, for the notice mail (the account's own when absent: account-brand.ts). */
      ProductId: productId.optional(),
    }),
  ),
  /** Unlinks a Google login; refused while it is the only way in besides the emailed link. */
  "POST /api/me/unlink-google": endpoint<{ isOk: boolean }>()(z.object({ subject: externalSubject, ProductId: productId.optional() })),
  /** Unlinks a Microsoft login, as Google's. */
  "POST /api/me/unlink-microsoft": endpoint<{ isOk: boolean }>()(z.object({ subject: externalSubject, ProductId: productId.optional() })),
  /** "Delete my account": mails a one-time confirmation link in the brand of ProductId. */
  "POST /api/me/delete/request": endpoint<{ isOk: boolean }>()(z.object({ ProductId: productId })),
  /** Whether a deletion link would still delete, spending nothing: the account it names. */
  "POST /api/me/delete/check": endpoint<{ isOk: boolean; email: string }>()(z.object({ token: deletionToken })),
  /** "Keep My Account": spends the link, deleting nothing, so the mail can no longer delete the account. */
  "POST /api/me/delete/keep": endpoint<{ isOk: boolean }>()(z.object({ token: deletionToken })),
  /** Deletes the account the link names, in one transaction; a goodbye mail follows. */
  "POST /api/me/delete/confirm": endpoint<{ isOk: boolean }>()(z.object({ token: deletionToken })),

  "POST /notifications/updateunregisterednotifications": endpoint<{ isOk: boolean }>()(z.object({ uuid, settingValue: booleanField })),

  ...SUPPORT_API,
  ...EARLIER_API,
} as const;

export type ApiRoute = keyof typeof API;

type BodySchema<Route extends ApiRoute> = (typeof API)[Route]["body"];

/** What a caller sends (before the server trims and fills defaults). */
export type ApiRequest<Route extends ApiRoute> = BodySchema<Route> extends z.ZodType ? z.input<BodySchema<Route>> : undefined;

/** What the server works with once the body is validated. */
export type ApiBody<Route extends ApiRoute> = BodySchema<Route> extends z.ZodType ? z.output<BodySchema<Route>> : undefined;

export type ApiAnswer<Route extends ApiRoute> = NonNullable<(typeof API)[Route]["answer"]>;

export type ApiMethod<Route extends ApiRoute> = Route extends `${infer Method} ${string}` ? Method : never;
