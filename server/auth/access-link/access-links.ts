import { randomUUID } from "node:crypto";
import type { AccessLinkAnswer } from "../../../common/api/contract.ts";
import { brandForProduct } from "../../../common/brands/index.ts";
import { normalizeEmail } from "../../../common/email.ts";
import { waitOutFloor } from "../../base/answer-floor.ts";
import type { Config } from "../../base/config.ts";
import type { Db } from "../../db/database.ts";
import { writeTogether } from "../../db/write-together.ts";
import { enqueueMail, fromHeader } from "../../mail/outbox.ts";
import { accessLinkMail, mailLook } from "../../mail/templates.ts";
import { issueLinkToken, linkPage } from "../kernel/access-link-mail.ts";
import { refuseIfDisabled } from "../kernel/account-status.ts";
import { recordAuditEvent } from "../kernel/audit-trail.ts";
import type { Caller } from "../kernel/caller.ts";
import { checkedOnEveryLinkRequest } from "../kernel/challenge-gate.ts";
import { desktopSignInFor } from "../kernel/desktop-sign-in.ts";
import { accountAndOwnOrigin } from "../kernel/known-origins.ts";
import { enforceMailLimits } from "../kernel/mail-limits.ts";
import { PURPOSES, peekToken, spendToken } from "../kernel/one-time-tokens.ts";
import { enforceLimits } from "../kernel/rate-limit.ts";
import { allowedReturnUrl } from "../kernel/return-url.ts";
import { finishSignIn, type SignedIn } from "../kernel/sessions.ts";
import { sessionForSpentLink } from "./link-sign-in.ts";
import { answerWithoutAccount, LINK_ANSWER_MS, SENT } from "./no-account-note.ts";
import { CODE_LIFETIME_MS, forgetBrowserCode, holdCodeInBrowser, issueSignInCode } from "./sign-in-codes.ts";
import { refuseUndeliverableAddress } from "./undeliverable.ts";

export interface AccessLinkRequest {
  email: string;
  productId: number;
  returnUrl?: string;
  /**
   * Who asks: its address, whether it is one of the owner's devices, and the browser that gets the
   * secret that lets it type the mail's code instead.
   */
  caller: Caller;
  /**
   * The newer sign-in form's request, which runs reCAPTCHA before every link request when it is
   * the provider (SPEC section 4), and the token it got; the earlier area's calls and the no-script
   * form are asked for a check only under pressure, as every other request is.
   */
  form?: { captchaToken: string | undefined };
}

/**
 * Sends a personal access link when the email has an account. An account that holds only a
 * license of the earlier desktop product (solve IQ) is an existing desktop user: it signs in on the
 * desktop sign-in page instead (docs/decisions/0003-existing-desktop-users.md). With
 * HIDE_ACCOUNT_EXISTENCE on, every address is answered alike instead (answerEveryAddressAlike).
 */
export async function requestAccessLink(db: Db, config: Config, request: AccessLinkRequest): Promise<AccessLinkAnswer> {
  const emailKey = normalizeEmail(request.email);
  // Read first, counted before anything is answered: the account, and whether the request comes
  // from one of its owner's devices or addresses (which has an allowance of its own).
  const proven = request.form ? await checkedOnEveryLinkRequest(config, request.caller, request.form.captchaToken) : false;
  // From the account's read on, the time an answer takes may depend on the account.
  const started = Date.now();
  try {
    const { account, own } = await accountAndOwnOrigin(db, config, request.caller, emailKey);
    await enforceMailLimits(
      db,
      config,
      request.caller,
      emailKey,
      own,
      { perIp: "accessLinkPerIp", perEmail: "accessLinkPerEmail", ownOrigin: "accessLinkOwnOrigin", purpose: "access-link" },
      "sign-in links were requested",
      proven,
    );
    if (config.hideAccountExistence) return await answerEveryAddressAlike(db, config, request, emailKey, account);

    if (!account) return { isOk: false, isExistingDesktopUser: false, redirectUrl: "" };
    // No link for a disabled account: it could not sign in with it.
    refuseIfDisabled(account);
    // No mail to an address that bounced: said at once, with what its mailbox said (after the
    // account was found, so it tells nothing "Account Not Found" does not).
    await refuseUndeliverableAddress(db, account.email);

    const returnUrl = await allowedReturnUrl(db, config, request.returnUrl);
    if (account.existingDesktopUser) {
      const desktopSignIn = desktopSignInFor(config, returnUrl);
      if (desktopSignIn) return { isOk: false, isExistingDesktopUser: true, redirectUrl: desktopSignIn };
      // The desktop sign-in is this server's password screen and password login is off: sending
      // the customer there would hand them straight back here. The link is their way in.
    }
    return await mailAccessLink(db, config, request, account, returnUrl);
  } finally {
    if (config.hideAccountExistence) await waitOutFloor(started, LINK_ANSWER_MS);
  }
}

type FoundAccount = NonNullable<Awaited<ReturnType<typeof accountAndOwnOrigin>>["account"]>;

/**
 * HIDE_ACCOUNT_EXISTENCE (docs/decisions/0094-hide-account-existence.md): "Check Your Email" for
 * every address, in the same time (LINK_ANSWER_MS, which the caller waits out). A bounced address
 * is told so whoever it belongs to (its standing is the address's, not an account's); an account
 * that can sign in is mailed its link, an existing desktop user too (sending it to the desktop
 * sign-in would tell it has an account); any other address is mailed a note, or nothing.
 */
async function answerEveryAddressAlike(
  db: Db,
  config: Config,
  request: AccessLinkRequest,
  emailKey: string,
  account: FoundAccount | undefined,
): Promise<AccessLinkAnswer> {
  await refuseUndeliverableAddress(db, emailKey);
  const returnUrl = await allowedReturnUrl(db, config, request.returnUrl);
  if (account && account.disabled_at === null) return mailAccessLink(db, config, request, account, returnUrl);
  return answerWithoutAccount(db, config, request, emailKey, brandForProduct(request.productId), { disabled: account !== undefined });
}

/** The link, its code, the audit entry and the mail: written as one (one statement on PostgreSQL). */
async function mailAccessLink(
  db: Db,
  config: Config,
  request: AccessLinkRequest,
  account: FoundAccount,
  returnUrl: string | undefined,
): Promise<AccessLinkAnswer> {
  const brand = brandForProduct(request.productId);
  const browserSecret = await writeTogether(db, async (tx) => {
    const token = await issueLinkToken(tx, config, account.id, brand, returnUrl ?? null);
    await recordAuditEvent(tx, { event: "access_link_requested", accountId: account.id, brand: brand.id }, { caller: request.caller });
    // This browser's earlier code (if any) gives way to the new one; its link stays valid.
    await forgetBrowserCode(tx, request.caller);
    const mailId = randomUUID();
    const code = await issueSignInCode(tx, token, request.caller, mailId);
    const mail = accessLinkMail(
      mailLook(brand, config.publicUrl, request.caller.language),
      linkPage(config, brand, token),
      config.accessLinkLifetimeDays,
      {
        code: code.code,
        lifetimeMs: CODE_LIFETIME_MS,
      },
    );
    await enqueueMail(tx, config, fromHeader(brand.name, config.mailFrom), account.email, mail, { id: mailId });
    return code.browserSecret;
  });
  holdCodeInBrowser(request.caller, config, browserSecret);
  return SENT;
}

/**
 * Whether an access link would still sign in, spending nothing (opening the page must not use it
 * up): answers, or refuses with LINK_UNKNOWN, LINK_USED or LINK_EXPIRED as spending would. Limited
 * with the spends, since it checks a secret.
 */
export async function checkAccessLink(db: Db, config: Config, caller: Caller, token: string): Promise<void> {
  await enforceLimits(db, config, [["accessLinkConsumePerIp", caller.address]], "sign-in attempts");
  await peekToken(db, PURPOSES.accessLink, token);
}

/**
 * Spends an access link and signs its account in, in one transaction: the link is used up only if
 * the session is written too, so a failure between the two leaves the link working. Single use is
 * enforced by one conditional update, so two clicks racing each other cannot both succeed.
 * The browser gets its session once the transaction has committed. Answers where to continue,
 * and who signed in.
 */
export async function signInWithAccessLink(
  db: Db,
  config: Config,
  caller: Caller,
  token: string,
): Promise<{ redirectUrl: string; signedIn: SignedIn }> {
  // Tokens cannot be guessed, but every endpoint that checks a secret is limited all the same.
  await enforceLimits(db, config, [["accessLinkConsumePerIp", caller.address]], "sign-in attempts");
  const { session, redirectUrl } = await db
    .transaction()
    .execute(async (tx) => sessionForSpentLink(tx, config, caller, "link", await spendToken(tx, PURPOSES.accessLink, token)));
  return { redirectUrl, signedIn: await finishSignIn(db, config, caller, session) };
}
