import type { AskingDevice } from "../../../common/api/contract.ts";
import { networkOf } from "../../../common/network.ts";
import type { Undelivered } from "../../../common/undelivered.ts";
import type { Config } from "../../base/config.ts";
import { AppError } from "../../base/errors.ts";
import type { Db } from "../../db/database.ts";
import { enhancedStatus, isUndelivered, mailReference, reasonOf } from "../../mail/delivery-state.ts";
import { hashSecret } from "../../secrets/tokens.ts";
import { recordAuditEvent } from "../kernel/audit-trail.ts";
import { type Caller, clearCookie } from "../kernel/caller.ts";
import { browserMark } from "../kernel/known-origins.ts";
import { destinationOfToken, PURPOSES, peekToken, signInOfToken, spendToken } from "../kernel/one-time-tokens.ts";
import { enforceLimits } from "../kernel/rate-limit.ts";
import { finishSignIn, type SignedIn } from "../kernel/sessions.ts";
import { approvalDestination } from "./approval-destination.ts";
import { sameApprovalNumber } from "./approval-digits.ts";
import { sessionForSpentLink } from "./link-sign-in.ts";
import { approvalStanding, CODE_COOKIE, markApproval, pendingRequest, takeApprovedCode } from "./sign-in-codes.ts";
import { standInMailId, standInNumber, standInStanding } from "./stand-in-code.ts";
import { takeWaitSlot } from "./wait-slot.ts";

/**
 * Approving a sign-in on another device (docs/decisions/0073 and 0081). The customer asks for a
 * link on the computer and opens the mail on the phone: the phone's link page names the computer,
 * its network, how long ago it asked and what it signs in to, and asks for the two digits the
 * computer's "Check Your Email" shows. The right digits spend the link and mark the request
 * approved; the computer, which waits for it, then signs itself in through the same sign-in as the
 * link (its own session cookie, its ReturnUrl, an OpenID interaction it was part of). Any other
 * digits spend the link and sign nobody in: a request takes one entry, so a blind one is right one
 * time in a hundred at most. The asking browser is the one holding the code's cookie
 * (sign-in-codes.ts), and the request lives as long as the code, 10 minutes. Every instance reads
 * the same rows: no sticky sessions.
 */

/** Whether this browser is the one that asked (it holds the code's secret). */
function isAskingBrowser(caller: Caller, browserHash: string): boolean {
  const secret = caller.cookie(CODE_COOKIE);
  return secret !== undefined && hashSecret(secret) === browserHash;
}

/**
 * What the link's page asks beside Sign In, spending nothing: the computer waiting, when the link
 * is opened in another browser while its request is live; nothing in the asking browser.
 */
export async function askingDeviceFor(db: Db, config: Config, caller: Caller, token: string): Promise<AskingDevice | undefined> {
  const request = await pendingRequest(db, hashSecret(token));
  if (!request || isAskingBrowser(caller, request.browser_hash)) return undefined;
  const link = await destinationOfToken(db, request.token_hash);
  if (!link) return undefined;
  return {
    device: request.device,
    // Coarse, as the account page names a browser's place: never the address itself.
    network: request.address === null ? null : networkOf(request.address),
    askedSecondsAgo: Math.max(0, Math.round((Date.now() - Number(request.created_at)) / 1000)),
    signsInTo: await approvalDestination(db, config, { productId: link.product_id, returnUrl: link.return_url }),
  };
}

/**
 * The other device's entry, the number its two digits spell. It is the request's one entry: the
 * link is spent, by the right number (approved: the asking browser signs in) or any other
 * (refused: nobody does, and the trail says so). Limited as the code is: each entry checks a secret.
 */
export async function approveSignIn(
  db: Db,
  config: Config,
  caller: Caller,
  token: string,
  typed: number,
): Promise<{ device: string | null }> {
  await enforceLimits(db, config, [["accessLinkCodePerIp", caller.address]], "sign-in attempts");
  const outcome = await db.transaction().execute(async (tx) => {
    const request = await pendingRequest(tx, hashSecret(token));
    if (!request) {
      // Spent, expired or unknown: the link's own reason; else its request is no longer live here.
      await peekToken(tx, PURPOSES.accessLink, token);
      throw new AppError("APPROVAL_UNAVAILABLE");
    }
    if (isAskingBrowser(caller, request.browser_hash)) throw new AppError("APPROVAL_SAME_BROWSER");
    // Spending first makes this the request's only entry: entries racing it find the link spent.
    const { accountId } = await spendToken(tx, PURPOSES.accessLink, token);
    const right = sameApprovalNumber(typed, request.approval_number as number);
    await markApproval(
      tx,
      request,
      right ? { approved_at: Date.now(), approved_by_browser: browserMark(caller, config) ?? null } : { refused_at: Date.now() },
    );
    if (!right)
      await recordAuditEvent(
        tx,
        { event: "sign_in_refused", accountId, method: "link", reason: "a wrong number was typed on another device" },
        { caller },
      );
    return { right, device: request.device };
  });
  // After the commit: the refusal is kept, the link spent.
  if (!outcome.right) throw new AppError("APPROVAL_WRONG_NUMBER");
  return { device: outcome.device };
}

/** Where the asking browser's request stands; once signed in, who (for the route, not the screen). */
export type Waiting =
  | { state: "waiting"; number: number; slow?: true }
  | ({ state: "undelivered" } & Undelivered)
  | { state: "signed_in"; redirectUrl: string; signedIn: SignedIn }
  | { state: "refused" | "used_elsewhere" | "expired" | "none" };

/** How long one wait lasts before it answers "waiting" and the screen asks again. */
export const WAIT_MS = 20_000;
const POLL_MS = 1_000;

/**
 * The asking screen's long poll: answers as soon as its request was approved (and then signs this
 * browser in, in the same request), refused, used elsewhere or expired; otherwise "waiting", with
 * the number to show, once `waitMs` has passed (0: at once). Reads the database once a second, so
 * the approval may have been made on any instance. A browser has one wait held at a time
 * (wait-slot.ts): another wait it sends meanwhile is answered "waiting" at once, and the screen
 * pauses before it asks again.
 */
export async function waitForApproval(db: Db, config: Config, caller: Caller, waitMs: number, gone: () => boolean): Promise<Waiting> {
  const secret = caller.cookie(CODE_COOKIE);
  if (!secret) return { state: "none" };
  const browserHash = hashSecret(secret);
  const until = Date.now() + Math.min(waitMs, WAIT_MS);
  let standing = await where(db, config, caller, secret, browserHash);
  if (standing.state !== "waiting" || Date.now() >= until || gone()) return standing;
  const slot = await takeWaitSlot(db, browserHash);
  if (!slot) return standing;
  // A mail the relay defers makes the wait answer at once too: the screen says it is taking longer.
  const slowAtFirst = standing.slow === true;
  try {
    do {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      standing = await where(db, config, caller, secret, browserHash);
    } while (standing.state === "waiting" && (standing.slow === true) === slowAtFirst && Date.now() < until && !gone());
    return standing;
  } finally {
    await slot.release();
  }
}

async function where(db: Db, config: Config, caller: Caller, secret: string, browserHash: string): Promise<Waiting> {
  const request = await approvalStanding(db, browserHash);
  if (!request && config.hideAccountExistence) return standInWhere(db, config, secret, browserHash);
  if (!request || request.approval_number === null) return { state: "none" };
  if (request.approved_at !== null) return signInApproved(db, config, caller, browserHash);
  if (request.refused_at !== null) return { state: "refused" };
  if (request.used_at !== null) return { state: "used_elsewhere" };
  if (Number(request.expires_at) <= Date.now()) return { state: "expired" };
  return waitingOn(request.approval_number, request.mail_id, request);
}

/**
 * HIDE_ACCOUNT_EXISTENCE: a browser whose secret has a stand-in for a code (an address no account
 * can sign in with asked) waits as for a code whose link is never opened: "waiting", with the
 * number derived from its secret, until it expires; the note's delivery told as a link mail's is.
 */
async function standInWhere(db: Db, config: Config, secret: string, browserHash: string): Promise<Waiting> {
  const mailId = standInMailId(config, secret);
  const standIn = await standInStanding(db, browserHash, mailId);
  if (!standIn) return { state: "none" };
  if (standIn.closesAt <= Date.now()) return { state: "expired" };
  return waitingOn(standInNumber(config, secret), standIn.mail ? mailId : null, standIn.mail ?? NO_MAIL);
}

/** A mail no longer (or never) kept: nothing said of it. */
const NO_MAIL = { delivery: null, delivery_code: null, attempts: null, sent_at: null };

/** "Waiting", or the mail's fate when the relay or its reports said it will not arrive or is late. */
function waitingOn(
  number: number,
  mailId: string | null,
  mail: { delivery: string | null; delivery_code: string | null; attempts: number | null; sent_at: unknown },
): Waiting {
  if (isUndelivered(mail.delivery ?? null) && mailId) {
    return {
      state: "undelivered",
      reason: reasonOf(enhancedStatus(mail.delivery_code ?? "")),
      reference: mailReference(mailId),
    };
  }
  // Tried and not yet taken (the relay said "later"), or a report said it is delayed on the way.
  const slow = mail.delivery === "delayed" || (mail.sent_at === null && Number(mail.attempts ?? 0) > 0);
  return { state: "waiting", number, ...(slow ? { slow: true as const } : {}) };
}

/**
 * The approved request, taken once (its row goes in the same statement, so two waits racing sign
 * in once), becomes this browser's session as the link would have: the link was spent when the
 * other device approved, so it is read, not spent again.
 */
async function signInApproved(db: Db, config: Config, caller: Caller, browserHash: string): Promise<Waiting> {
  const signedIn = await db.transaction().execute(async (tx) => {
    const taken = await takeApprovedCode(tx, browserHash);
    if (!taken) return undefined;
    const link = await signInOfToken(tx, taken.token_hash);
    if (!link) return undefined;
    return sessionForSpentLink(
      tx,
      config,
      caller,
      "link",
      { accountId: link.account_id, productId: link.product_id, returnUrl: link.return_url },
      taken.approved_by_browser,
    );
  });
  if (!signedIn) return { state: "none" };
  clearCookie(caller, config, "signInCode");
  return { state: "signed_in", redirectUrl: signedIn.redirectUrl, signedIn: await finishSignIn(db, config, caller, signedIn.session) };
}
