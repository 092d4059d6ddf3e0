import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { sql } from "kysely";
import type { MyPasskey } from "../../../common/api/contract.ts";
import type { Brand } from "../../../common/brands/index.ts";
import type { Config } from "../../base/config.ts";
import { AppError, type ErrorCode } from "../../base/errors.ts";
import type { Db } from "../../db/database.ts";
import { deleteInBatches, type SweepCost } from "../../db/retention.ts";
import { hashSecret, looksLikeSecret, newSecret } from "../../secrets/tokens.ts";
import { isDisabled } from "../kernel/account-status.ts";
import { existingAccountEmail, existingAccountNames, isExistingDesktopUser } from "../kernel/accounts.ts";
import { type AuditSource, recordAuditEvent } from "../kernel/audit-trail.ts";
import { type Caller, readCookie, setCookie } from "../kernel/caller.ts";
import { enforceLimitsUnderChallenge } from "../kernel/challenge-gate.ts";
import { desktopSignInFor } from "../kernel/desktop-sign-in.ts";
import { browserMark } from "../kernel/known-origins.ts";
import { passkeyOfferDue } from "../kernel/passkey-offer.ts";
import { endSessionsSignedInWith, mailPasskeyAdded } from "../kernel/passkey-removal.ts";
import { enforceLimits } from "../kernel/rate-limit.ts";
import { requireRecentSignIn, type SignedInSession } from "../kernel/recent-sign-in.ts";
import { allowedReturnUrl, continueTo } from "../kernel/return-url.ts";
import { finishSignIn, type SignedIn, writeSession } from "../kernel/sessions.ts";
import { type ProviderIcon, passkeyProviderIcon, passkeyProviderName } from "./passkey-providers.ts";
import { passkeyUserHandle } from "./passkey-user.ts";

/**
 * The WebAuthn library, loaded when a passkey is first used rather than when the server starts
 * (about a sixth of the server's start went to loading it, for requests most starts never see).
 */
const webauthn = () => import("@simplewebauthn/server");

/**
 * Passkeys (docs/decisions/0059-passkeys.md), on @simplewebauthn/server: discoverable credentials,
 * user verification required, the relying-party ID and origin from the configuration. Each
 * ceremony's challenge is single use (deleted as it is spent), short lived, stored hashed and bound
 * to the browser that asked for it (the hash of a secret in its cookie). Refusals of a known
 * passkey are written to its account's trail and to nothing else.
 */

/** How long a challenge may wait for the browser's answer: an autofill request waits for the customer. */
const CHALLENGE_LIFETIME_MS = 5 * 60_000;

/**
 * "register-conditional": options for the browser's password manager to make a passkey quietly
 * after a sign-in (conditional create), whose answer carries no user presence; only a challenge
 * issued with this purpose lets a registration through without it (docs/decisions/0086).
 */
type Purpose = "sign-in" | "register" | "register-conditional";

async function issueChallenge(db: Db, config: Config, caller: Caller, purpose: Purpose, challenge: string, accountId: string | null) {
  const held = readCookie(caller, config, "passkeyChallenge");
  const secret = looksLikeSecret(held) ? held : newSecret();
  const now = Date.now();
  await db
    .insertInto("passkey_challenges")
    .values({
      challenge_hash: hashSecret(challenge),
      browser_hash: hashSecret(secret),
      purpose,
      account_id: accountId,
      expires_at: now + CHALLENGE_LIFETIME_MS,
    })
    .execute();
  await forgetOlderChallenges(db, hashSecret(secret), purpose);
  caller.noStore();
  setCookie(caller, config, "passkeyChallenge", secret, CHALLENGE_LIFETIME_MS / 1000);
}

/**
 * A browser needs one waiting challenge per tab; it keeps its newest few, so however often a page
 * asks, what is stored for it stays bounded (and per address, PASSKEY_CHALLENGE_LIMIT_PER_IP
 * bounds the browsers that hold no cookie).
 */
export const CHALLENGES_KEPT_PER_BROWSER = 4;

async function forgetOlderChallenges(db: Db, browserHash: string, purpose: Purpose): Promise<void> {
  const kept = db
    .selectFrom("passkey_challenges")
    .select("challenge_hash")
    .where("browser_hash", "=", browserHash)
    .where("purpose", "=", purpose)
    .orderBy("expires_at", "desc")
    .limit(CHALLENGES_KEPT_PER_BROWSER);
  await db
    .deleteFrom("passkey_challenges")
    .where("browser_hash", "=", browserHash)
    .where("purpose", "=", purpose)
    .where("challenge_hash", "not in", kept)
    .execute();
}

/** The challenge the browser signed, read from its client data (verified again by the library). */
function signedChallenge(clientDataJSON: string): string | undefined {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8")) as { challenge?: unknown };
    return typeof data.challenge === "string" && data.challenge.length <= 512 ? data.challenge : undefined;
  } catch {
    return undefined;
  }
}

/** Spends the challenge: only this browser's, unexpired, for this purpose, once. */
async function spendChallenge(
  db: Db,
  config: Config,
  caller: Caller,
  purpose: Purpose,
  clientDataJSON: string,
): Promise<{ challenge: string; accountId: string | null } | undefined> {
  const challenge = signedChallenge(clientDataJSON);
  const secret = readCookie(caller, config, "passkeyChallenge");
  if (!challenge || !looksLikeSecret(secret)) return undefined;
  const spent = await db
    .deleteFrom("passkey_challenges")
    .where("challenge_hash", "=", hashSecret(challenge))
    .where("browser_hash", "=", hashSecret(secret))
    .where("purpose", "=", purpose)
    .returning(["account_id", "expires_at"])
    .executeTakeFirst();
  if (!spent || Number(spent.expires_at) <= Date.now()) return undefined;
  return { challenge, accountId: spent.account_id };
}

/** Housekeeping: challenges never answered. */
export function pruneExpiredChallenges(db: Db, now = Date.now()): Promise<SweepCost> {
  return deleteInBatches(db, "passkey_challenges", "expires_at", sql`expires_at <= ${now}`);
}

/** A refusal: the passkey's account (when it has one) reads why in its trail; nothing else is written. */
async function refuse(db: Db, caller: Caller, accountId: string | undefined, code: ErrorCode, reason: string): Promise<never> {
  if (accountId) await recordAuditEvent(db, { event: "passkey_refused", accountId, method: "passkey", reason }, { caller });
  throw new AppError(code);
}

/** What every answer must have been made for: this challenge, our origin and RP ID, a verified user. */
function expected(config: Config, challenge: string) {
  return {
    expectedChallenge: challenge,
    expectedOrigin: config.passkeys.origins,
    expectedRPID: config.passkeys.rpId,
    requireUserVerification: true,
  };
}

/** RFC 8176: a passkey kept on one device is hardware-bound ("hwk"), a synced one is software ("swk"). */
function passkeyAmr(backedUp: boolean): string[] {
  return [backedUp ? "swk" : "hwk", "user", "mfa"];
}

export interface PasskeySignIn {
  credential: AuthenticationResponseJSON;
  returnUrl?: string | null | undefined;
  brand: Brand;
}

/** Options for a sign-in (the button's or the autofill's): no account named, any passkey of ours. */
export async function passkeySignInOptions(db: Db, config: Config, caller: Caller): Promise<PublicKeyCredentialRequestOptionsJSON> {
  await enforceLimitsUnderChallenge(db, config, caller, [["passkeyChallengesPerIp", caller.address]], "passkey requests", "passkey");
  const options = await (await webauthn()).generateAuthenticationOptions({
    rpID: config.passkeys.rpId,
    userVerification: "required",
    timeout: CHALLENGE_LIFETIME_MS,
  });
  await issueChallenge(db, config, caller, "sign-in", options.challenge, null);
  return options;
}

/**
 * Signs in with a passkey: the browser's challenge spent, the signature checked against the stored
 * public key, the sign count moved forward (one that goes backwards is refused and recorded: a
 * cloned authenticator), then the same session, ReturnUrl and desktop-user rules as every way in.
 * Answers where to continue, and who signed in: nobody when an existing desktop user is sent to
 * the desktop sign-in instead.
 */
export async function signInWithPasskey(
  db: Db,
  config: Config,
  caller: Caller,
  signIn: PasskeySignIn,
): Promise<{ redirectUrl: string; signedIn?: SignedIn }> {
  await enforceLimits(db, config, [["passkeySignInPerIp", caller.address]], "passkey sign-ins");
  const { credential, brand } = signIn;
  const passkey = await db.selectFrom("passkeys").selectAll().where("id", "=", credential.id).executeTakeFirst();
  const spent = await spendChallenge(db, config, caller, "sign-in", credential.response.clientDataJSON);
  if (!spent) return refuse(db, caller, passkey?.account_id, "PASSKEY_EXPIRED", "challenge unknown, spent or expired");
  if (!passkey) throw new AppError("PASSKEY_UNKNOWN");
  const userHandle = credential.response.userHandle;
  if (userHandle && userHandle !== passkeyUserHandle(passkey.account_id)) {
    return refuse(db, caller, passkey.account_id, "PASSKEY_REFUSED", "user handle of another account");
  }
  const storedCount = Number(passkey.sign_count);
  // Loaded before the check, so a failure to load is an error of ours, not a refused passkey.
  const library = await webauthn();
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await library.verifyAuthenticationResponse({
      response: credential,
      ...expected(config, spent.challenge),
      credential: {
        id: passkey.id,
        publicKey: Buffer.from(passkey.public_key, "base64url"),
        counter: storedCount,
        transports: transportsOf(passkey.transports),
      },
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const reason = /counter/i.test(message) ? "sign count went backwards" : message;
    return refuse(db, caller, passkey.account_id, "PASSKEY_REFUSED", reason);
  }
  if (!verification.verified) return refuse(db, caller, passkey.account_id, "PASSKEY_REFUSED", "signature not verified");
  const { newCounter, credentialBackedUp } = verification.authenticationInfo;

  // Disabled by support: refused, as every way in is (writeSession would too), and in the trail.
  if (await isDisabled(db, passkey.account_id)) return refuse(db, caller, passkey.account_id, "ACCOUNT_DISABLED", "account disabled");
  const landing = config.links[brand.links.ui];
  if (await isExistingDesktopUser(db, passkey.account_id)) {
    // As the access link and Google send an existing desktop user: to the desktop sign-in.
    const account = await existingAccountEmail(db, passkey.account_id);
    // The ReturnUrl it carries is checked as every way in checks it: an off-site one is dropped.
    const desktopSignIn = desktopSignInFor(config, await allowedReturnUrl(db, config, signIn.returnUrl));
    if (desktopSignIn) return { redirectUrl: `${desktopSignIn}${encodeURIComponent(account.email)}` };
  }
  const now = Date.now();
  const session = await db.transaction().execute(async (tx) => {
    // Conditional on the count read: of two simultaneous uses of one assertion, one signs in.
    const moved = await tx
      .updateTable("passkeys")
      .set({ sign_count: newCounter, backed_up: credentialBackedUp ? 1 : 0, last_used_at: now })
      .where("id", "=", passkey.id)
      .where("sign_count", "=", storedCount)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw new AppError("PASSKEY_EXPIRED");
    return writeSession(tx, config, caller, passkey.account_id, {
      method: "passkey",
      brand: brand.id,
      amr: passkeyAmr(credentialBackedUp),
      passkeyId: passkey.id,
    });
  });
  const signedIn = await finishSignIn(db, config, caller, session);
  return { redirectUrl: await continueTo(db, config, signIn.returnUrl, landing), signedIn };
}

function transportsOf(stored: string | null): AuthenticatorTransport[] | undefined {
  return stored ? (stored.split(",") as AuthenticatorTransport[]) : undefined;
}

/**
 * Options for a passkey made quietly after a sign-in (conditional create, decision 86), or none.
 * Only for a sign-in made with a password: a password manager makes one quietly to replace the
 * password it has just filled in, and after any other way in it never answers, so the page would
 * wait for nothing before its offer screen. None either where the offer is not due (the browser
 * said "Not now", or made one already).
 */
export async function conditionalRegistrationOptions(
  db: Db,
  config: Config,
  caller: Caller,
  session: SignedInSession,
  brand: Brand,
  /** How the session signed in (its amr, as the request's session check read it). */
  signedInWith: readonly string[],
): Promise<PublicKeyCredentialCreationOptionsJSON | null> {
  if (!signedInWith.includes("pwd")) return null;
  if (!(await passkeyOfferDue(db, config, caller, session.accountId))) return null;
  return passkeyRegistrationOptions(db, config, caller, session, brand, { conditional: true });
}

/**
 * Options to make a passkey for the signed-in account; its existing passkeys are excluded. A
 * passkey outlives a password reset unless the owner removes it, so adding one needs a recent
 * sign-in (server/auth/kernel/recent-sign-in.ts): a stolen session cookie alone cannot add one.
 */
export async function passkeyRegistrationOptions(
  db: Db,
  config: Config,
  caller: Caller,
  session: SignedInSession,
  brand: Brand,
  { conditional = false }: { conditional?: boolean } = {},
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  await requireRecentSignIn(db, session);
  const { accountId } = session;
  const account = await existingAccountNames(db, accountId);
  const existing = await db.selectFrom("passkeys").select(["id", "transports"]).where("account_id", "=", accountId).execute();
  const options = await (await webauthn()).generateRegistrationOptions({
    rpName: brand.name,
    rpID: config.passkeys.rpId,
    userName: account.email,
    userID: Buffer.from(accountId),
    userDisplayName: account.name || account.email,
    attestationType: "none",
    excludeCredentials: existing.map((passkey) => ({ id: passkey.id, transports: transportsOf(passkey.transports) })),
    // A password manager making one quietly verifies nobody: asking for it would make it refuse.
    authenticatorSelection: { residentKey: "required", requireResidentKey: true, userVerification: conditional ? "preferred" : "required" },
    // EdDSA, ES256 and RS256: what platform authenticators make. Not the library's experimental
    // post-quantum ML-DSA, whose keys and signatures Node reads only behind a warning.
    supportedAlgorithmIDs: [-8, -7, -257],
    timeout: CHALLENGE_LIFETIME_MS,
  });
  await issueChallenge(db, config, caller, conditional ? "register-conditional" : "register", options.challenge, accountId);
  return options;
}

/** The provider's icon, as a field to spread into a passkey: none when it publishes none. */
function iconOf(aaguid: string | null): { icon?: ProviderIcon } {
  const icon = passkeyProviderIcon(aaguid);
  return icon ? { icon } : {};
}

/** A new passkey's name: where it lives (its provider, by AAGUID), else the browser that made it. */
function defaultPasskeyName(aaguid: string, device: string): string {
  return passkeyProviderName(aaguid) ?? browserMadeName(device);
}

function browserMadeName(device: string | null): string {
  return device && device !== "Unknown browser" ? device : "Passkey";
}

/**
 * The name the account page shows: a name the browser gave (before the provider was known by its
 * AAGUID) gives way to the provider's; a name the customer chose stays.
 */
function shownName(row: { name: string; aaguid: string | null; added_from: string | null }): string {
  if (row.name !== browserMadeName(row.added_from)) return row.name;
  return passkeyProviderName(row.aaguid) ?? row.name;
}

/**
 * Verifies and keeps a new passkey of the signed-in account, made in this browser, and mails the
 * owner at once, in the same transaction: which browser added it, when, and a link that removes it
 * and signs that browser out (for when it was not them).
 */
export async function registerPasskey(
  db: Db,
  config: Config,
  caller: Caller,
  session: SignedInSession,
  credential: RegistrationResponseJSON,
  brand: Brand,
): Promise<MyPasskey> {
  const { accountId } = session;
  // Again at the answer: options asked for at the end of the 10 minutes must not stretch them.
  await requireRecentSignIn(db, session);
  const clientData = credential.response.clientDataJSON;
  const asked = await spendChallenge(db, config, caller, "register", clientData);
  const quiet = asked ? undefined : await spendChallenge(db, config, caller, "register-conditional", clientData);
  const spent = asked ?? quiet;
  if (!spent || spent.accountId !== accountId) throw new AppError("PASSKEY_EXPIRED");
  const library = await webauthn();
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await library.verifyRegistrationResponse({
      response: credential,
      ...expected(config, spent.challenge),
      // Without presence or verification only for options issued as conditional (still within the
      // recent sign-in checked above): any other registration needs both.
      ...(quiet ? { requireUserPresence: false, requireUserVerification: false } : {}),
    });
  } catch (error) {
    return refuse(db, caller, accountId, "PASSKEY_REFUSED", `registration: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!verification.verified) return refuse(db, caller, accountId, "PASSKEY_REFUSED", "registration not verified");
  const { credential: made, aaguid, credentialBackedUp, credentialDeviceType } = verification.registrationInfo;
  const now = Date.now();
  const name = defaultPasskeyName(aaguid, caller.device);
  const mark = browserMark(caller, config) ?? null;
  const inserted = await db.transaction().execute(async (tx) => {
    const row = await tx
      .insertInto("passkeys")
      .values({
        id: made.id,
        account_id: accountId,
        public_key: Buffer.from(made.publicKey).toString("base64url"),
        sign_count: made.counter,
        transports: (made.transports ?? credential.response.transports ?? []).join(",") || null,
        device_type: credentialDeviceType,
        backed_up: credentialBackedUp ? 1 : 0,
        aaguid,
        name,
        browser_mark: mark,
        created_at: now,
        last_used_at: null,
        added_by_session: hashSecret(session.sessionId),
        removal_token_hash: null,
        added_from: caller.device,
      })
      .onConflict((conflict) => conflict.column("id").doNothing())
      .executeTakeFirst();
    if (Number(row.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
    await recordAuditEvent(tx, { event: "passkey_registered", accountId, method: "passkey", reason: name }, { caller }, now);
    await mailPasskeyAdded(tx, config, caller, { accountId, passkeyId: made.id, brand, now, provider: passkeyProviderName(aaguid) });
    return true;
  });
  if (!inserted) return refuse(db, caller, accountId, "PASSKEY_REFUSED", "passkey registered already");
  return { id: made.id, name, createdAt: now, lastUsedAt: null, synced: credentialBackedUp, thisBrowser: true, ...iconOf(aaguid) };
}

/** The account's passkeys, newest first; `mark` is this browser's, to say which were made here. */
export async function passkeysOf(db: Db, accountId: string, mark: string | undefined): Promise<MyPasskey[]> {
  const rows = await db
    .selectFrom("passkeys")
    .select(["id", "name", "aaguid", "added_from", "created_at", "last_used_at", "backed_up", "browser_mark"])
    .where("account_id", "=", accountId)
    .orderBy("created_at", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: shownName(row),
    createdAt: Number(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
    synced: Number(row.backed_up) === 1,
    thisBrowser: mark !== undefined && row.browser_mark === mark,
    ...iconOf(row.aaguid),
  }));
}

/** Renames one of the account's passkeys; false when it has none by that id. */
export async function renamePasskey(db: Db, accountId: string, id: string, name: string, source: AuditSource): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const renamed = await tx
      .updateTable("passkeys")
      .set({ name })
      .where("id", "=", id)
      .where("account_id", "=", accountId)
      .executeTakeFirst();
    if (Number(renamed.numUpdatedRows) !== 1) return false;
    await recordAuditEvent(tx, { event: "passkey_renamed", accountId, method: "passkey" }, source);
    return true;
  });
}

/** Removes one of the account's passkeys (the last one too: the emailed link always remains). */
export async function removePasskey(db: Db, accountId: string, id: string, source: AuditSource, keepSession?: string): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const removed = await tx
      .deleteFrom("passkeys")
      .where("id", "=", id)
      .where("account_id", "=", accountId)
      .returning("name")
      .executeTakeFirst();
    if (!removed) return false;
    await recordAuditEvent(tx, { event: "passkey_removed", accountId, method: "passkey", reason: removed.name }, source);
    await endSessionsSignedInWith(tx, accountId, [id], source, { keep: keepSession });
    return true;
  });
}
