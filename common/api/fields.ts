import { z } from "zod";
import { isValidEmail, MAX_EMAIL_LENGTH } from "../email.ts";
import { MAX_RETURN_URL_LENGTH } from "../redirects.ts";
import { looksLikeSecret } from "../secret.ts";
import { isValidUuid } from "../uuid.ts";

/**
 * The request fields every endpoint shares, each with the message a caller sees when it is wrong
 * ("Email: must be a valid email address"). The server's routes validate with these; the web app
 * never loads zod and checks the same rules through common/email.ts and common/uuid.ts.
 */
export const email = z.string({ message: "is required" }).trim().refine(isValidEmail, { message: "must be a valid email address" });

/** An email field the newer reset may leave empty (the server knows it from the opened link). */
export const optionalEmail = z.string().max(MAX_EMAIL_LENGTH).default("");

export const uuid = z.string({ message: "is required" }).refine(isValidUuid, {
  message: "must be a device UUID (8-4-4-4-12 hexadecimal digits)",
});

/** A new password: its length is checked by the password rules, with their own messages; this bound only stops abuse. */
export const newPassword = z.string({ message: "is required" }).max(4096, "is too long");

/** A password being checked at login: never empty. */
export const password = newPassword.min(1, "is required");

/**
 * Where to go after signing in. One too long to be an address of ours is ignored, as an off-site
 * one is (common/redirects.ts): the sign-in goes on and lands where it would without one.
 */
export const returnUrl = z
  .string()
  .optional()
  .transform((value) => (value !== undefined && value.length <= MAX_RETURN_URL_LENGTH ? value : undefined));
export const nullableReturnUrl = returnUrl.nullable();

export const accessLinkToken = z.string({ message: "is required" }).refine(looksLikeSecret, { message: "is not a sign-in link token" });

/** The six-digit code of an access-link mail (spaces a customer types between groups are allowed). */
export const signInCode = z
  .string({ message: "is required" })
  .transform((value) => value.replace(/[\s-]/g, ""))
  .refine((value) => /^\d{6}$/.test(value), { message: "must be the 6 digits from the email" });

/** An account deletion link's token (the emailed confirmation of "Delete my account"). */
export const deletionToken = z.string({ message: "is required" }).refine(looksLikeSecret, { message: "is not an account deletion link" });

/** The token of a "New sign-in" mail's "This wasn't me" link. */
export const notMeToken = z.string({ message: "is required" }).refine(looksLikeSecret, { message: "is not a This wasn't me link" });
/** The links of an email change: its confirmation, its "This wasn't me" and its undo. */
export const emailChangeToken = z.string({ message: "is required" }).refine(looksLikeSecret, { message: "is not an email change link" });

/** The token of the link in "A passkey was added", which removes that passkey. */
export const passkeyRemovalToken = z
  .string({ message: "is required" })
  .refine(looksLikeSecret, { message: "is not a passkey removal link" });

/** A login at another provider (Google's `sub`), as the account page lists it. */
export const externalSubject = z.string({ message: "is required" }).min(1, "is required").max(255, "is too long");

export const resetCode = z.string({ message: "is required" }).refine(looksLikeSecret, { message: "is not a password reset code" });

/** A reCAPTCHA token travels with the request it protects (decision 1). */
export const captchaToken = z.string().max(4096).optional();

export const productId = z.number({ message: "must be a product id (a number)" }).int();

export const booleanField = z.boolean({ message: "must be true or false" });

/** The earlier area's forms send booleans as text. */
export const booleanText = z.enum(["true", "false"], { message: "must be true or false" });

/** The name an account shows: what a person calls themselves, trimmed, at most 100 characters. */
export const displayName = z
  .string({ message: "is required" })
  .trim()
  .max(100, "must be at most 100 characters")
  .refine((value) => ![...value].some((char) => char < " " || char === "\u007f"), { message: "must not contain control characters" });

/** A browser in the account's list: its session's SHA-256, in hex. */
export const sessionRef = z.string({ message: "is required" }).regex(/^[0-9a-f]{64}$/, "is not a browser of this account");

/** An OpenID client id, as the operator registered it. */
export const oidcClientId = z
  .string({ message: "is required" })
  .min(1, "is required")
  .max(128, "is too long")
  .regex(/^[\w.:-]+$/, "is not an app of this account");

const base64url = (max: number) =>
  z
    .string({ message: "is required" })
    .max(max, "is too long")
    .regex(/^[A-Za-z0-9_-]*$/, "must be base64url");

/** A passkey's credential id, as the account page names it. */
export const passkeyId = base64url(1400).min(1, "is required");

/** Passkeys a sign-out everywhere or a reset removes too (an empty list removes none). */
export const passkeysToRemove = z.array(passkeyId, { message: "is required" }).max(100, "names too many passkeys");

/** The name a customer gives a passkey: like a display name, at most 64 characters, never empty. */
export const passkeyName = displayName.pipe(z.string().min(1, "is required").max(64, "must be at most 64 characters"));

/** What the browser's WebAuthn call answered (@simplewebauthn/browser), for the server to verify. */
const credentialCommon = {
  id: passkeyId,
  rawId: passkeyId,
  type: z.literal("public-key", { message: 'must be "public-key"' }),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).nullable().optional(),
  // No extension is asked for: what the browser reports is passed on to the library unread.
  clientExtensionResults: z
    .custom<object>((value) => typeof value === "object" && value !== null && !Array.isArray(value), "must be an object")
    .default({}),
};

/** A passkey's assertion: a sign-in. */
export const passkeyAssertion = z.object({
  ...credentialCommon,
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(4096),
    signature: base64url(4096),
    userHandle: base64url(256).nullable().optional(),
  }),
});

/** A new passkey's attestation: a registration. */
export const passkeyAttestation = z.object({
  ...credentialCommon,
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(8192),
    authenticatorData: base64url(8192).optional(),
    publicKey: base64url(4096).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    transports: z.array(z.string().max(32)).max(8).optional(),
  }),
});
