import type { Brand } from "../../common/brands/index.ts";
import { labelled, sayBrowser, sayDuration, spaceAfter } from "../../common/i18n/catalogue.ts";
import { directionOf, type Language } from "../../common/languages.ts";
import { networkOf } from "../../common/network.ts";
import { escapeHtml } from "../base/escape-html.ts";
import { type ServerStrings, serverStrings } from "../i18n/index.ts";
import { mailFontFamily } from "./mail-fonts.ts";
import type { MailKind } from "./mail-kinds.ts";

/**
 * The mails the account server sends, each as text and HTML, in the customer's language. Brand,
 * language and link are the inputs that vary; what a customer reads is in server/i18n.
 */
export interface Mail {
  kind: MailKind;
  subject: string;
  text: string;
  html: string;
}

/** How a mail shows its sender (the name, the mark and the brand's colours, its light theme) and the language it speaks. */
export interface MailLook {
  name: string;
  language: Language;
  /** An absolute address: mail is read far from this server. */
  logoUrl: string;
  /** The server's host, which the one-time-code line names (`@host #123456`). */
  host: string;
  action: string;
  onAction: string;
  link: string;
  page: string;
  text: string;
  muted: string;
}

/** The look of a brand's mail; `name` differs for a product without a brand of its own (solve IQ). */
export function mailLook(brand: Brand, publicUrl: string, language: Language, name = brand.name): MailLook {
  const colours = brand.theme.light;
  return {
    name,
    language,
    logoUrl: `${publicUrl}${brand.mailLogo}`,
    host: new URL(publicUrl).host,
    action: colours.go,
    onAction: colours.onGo,
    link: colours.accent,
    page: colours.page,
    text: colours.text,
    muted: colours.muted,
  };
}

/**
 * The last line phones' mail apps read a one-time code from, bound to the site that asked
 * (`@host #123456`, the origin-bound one-time code format): the keyboard offers the code on this
 * site only. In the text part alone; the HTML part shows the code in its own block.
 */
function oneTimeCodeLine(look: MailLook, code: string): string {
  return `\n@${look.host} #${code}\n`;
}

/** The mail's one action, where it has one. */
interface MailButton {
  label: string;
  href: string;
}

function layout(look: MailLook, paragraphs: string[], button: MailButton | undefined, footer: string, extra = ""): string {
  const words = serverStrings(look.language);
  const name = escapeHtml(look.name);
  // The gap between the mark and the name sits beside the mark, which a right-to-left mail puts
  // on the right: physical sides, since mail programs do not all know logical ones.
  const nearSide = directionOf(look.language) === "rtl" ? "right" : "left";
  const body = paragraphs
    .map((text) => `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:${look.text}">${escapeHtml(text)}</p>`)
    .join("");
  // The mark is an image at a known size, with the name beside it as text: a mail program that
  // holds back images still shows whose mail this is.
  return `<!doctype html>
<html lang="${look.language}" dir="${directionOf(look.language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${name}</title></head>
<body style="margin:0;padding:24px;background:${look.page};font-family:${mailFontFamily(look.language)}">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 24px"><tr>
<td style="vertical-align:middle"><img src="${escapeHtml(look.logoUrl)}" width="36" height="36" alt="" style="display:block;border:0;border-radius:8px"></td>
<td style="vertical-align:middle;padding-${nearSide}:10px;font-size:19px;font-weight:600;color:${look.text}">${name}</td>
</tr></table>
${body}
${button ? buttonHtml(look, button, words.mail.pasteTheAddress) : ""}${extra}<p style="margin:0;font-size:13px;line-height:20px;color:${look.muted}">${escapeHtml(footer)}</p>
</div></body></html>`;
}

/** The mail's one action, and its address spelled out for a mail program that shows no button. */
function buttonHtml(look: MailLook, button: MailButton, pasteTheAddress: string): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(button.href)}" style="display:inline-block;background:${look.action};color:${look.onAction};text-decoration:none;padding:12px 24px;border-radius:24px;font-weight:600">${escapeHtml(button.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:${look.muted}">${escapeHtml(pasteTheAddress)}<br><a href="${escapeHtml(button.href)}" style="color:${look.link};word-break:break-all">${escapeHtml(button.href)}</a></p>
`;
}

/** One paragraph outside the mail's opening ones (before a code, say). */
function paragraph(look: MailLook, text: string): string {
  return `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:${look.text}">${escapeHtml(text)}</p>`;
}

/** Six digits, large; they stay left to right in a right-to-left mail. */
function codeBlock(look: MailLook, grouped: string): string {
  return `<p dir="ltr" style="margin:0 0 24px;font-size:28px;line-height:36px;font-weight:700;letter-spacing:4px;color:${look.text};font-family:ui-monospace,Consolas,monospace">${escapeHtml(grouped)}</p>`;
}

/** Each template's words: the language's catalogue, and the brand's name as the mail says it. */
const wordsOf = (look: MailLook): { mail: ServerStrings["mail"]; words: ServerStrings; brand: string } => {
  const words = serverStrings(look.language);
  return { mail: words.mail, words, brand: look.name };
};

/**
 * The access link, valid for `lifetimeDays`. `code` is the six digits for the browser that asked;
 * a link support sends has none (no browser of the customer's asked, so no browser could take a
 * code).
 */
export function accessLinkMail(look: MailLook, link: string, lifetimeDays: number, code?: { code: string; lifetimeMs: number }): Mail {
  const { mail, words, brand } = wordsOf(look);
  const intro = mail.accessLink.intro(brand);
  const expiry = mail.expiry(words.units.linkDays(lifetimeDays));
  const footer = code ? mail.accessLink.footer : mail.accessLink.footerFromSupport;
  const grouped = code ? `${code.code.slice(0, 3)} ${code.code.slice(3)}` : "";
  const codeLine = code ? mail.accessLink.code(sayDuration(words.units, code.lifetimeMs)) : "";
  // The digits stay left to right in a right-to-left mail.
  const codeHtml = code
    ? `<p style="margin:0 0 8px;font-size:14px;line-height:20px;color:${look.muted}">${escapeHtml(codeLine)}</p>
${codeBlock(look, grouped)}`
    : "";
  const codeText = code ? `${codeLine}${spaceAfter(codeLine)}${grouped}\n\n` : "";
  return {
    kind: "access_link",
    subject: mail.accessLink.subject(brand),
    text: `${intro}\n\n${labelled(mail.signInLine, link)}\n\n${expiry}\n\n${codeText}${footer}\n${code ? oneTimeCodeLine(look, code.code) : ""}`,
    html: layout(look, [intro, expiry], { label: mail.signInTo(brand), href: link }, footer, codeHtml),
  };
}

export function passwordResetMail(look: MailLook, link: string, lifetimeMs: number): Mail {
  const { mail, words, brand } = wordsOf(look);
  const intro = mail.passwordReset.intro(brand);
  const expiry = mail.expiry(sayDuration(words.units, lifetimeMs));
  const footer = mail.passwordReset.footer;
  return {
    kind: "password_reset",
    subject: mail.passwordReset.subject(brand),
    text: `${intro}\n\n${labelled(mail.passwordReset.action, link)}\n\n${expiry}\n\n${footer}\n`,
    html: layout(look, [intro, expiry], { label: mail.passwordReset.action, href: link }, footer),
  };
}

/** A password changed, or a first one set: a new way in, told to the owner. */
function passwordNoticeMail(look: MailLook, signInUrl: string, notice: "passwordChanged" | "passwordSet"): Mail {
  const { mail, brand } = wordsOf(look);
  const intro = mail[notice].intro(brand);
  const advice = mail.ifThisWasYou;
  const footer = mail.ifItWasNotYou;
  return {
    kind: notice === "passwordChanged" ? "password_changed" : "password_set",
    subject: mail[notice].subject(brand),
    text: `${intro}\n\n${advice}\n\n${labelled(mail.signInLine, signInUrl)}\n\n${footer}\n`,
    html: layout(look, [intro, advice], { label: mail.signInTo(brand), href: signInUrl }, footer),
  };
}

export function passwordChangedMail(look: MailLook, signInUrl: string): Mail {
  return passwordNoticeMail(look, signInUrl, "passwordChanged");
}

export function passwordSetMail(look: MailLook, signInUrl: string): Mail {
  return passwordNoticeMail(look, signInUrl, "passwordSet");
}

/** Where and how a new browser signed in, as the mail tells it. */
export interface NewSignIn {
  /** "Chrome on Windows". */
  browser: string;
  /** Where it came from: the mail names only its network (common/network.ts), as the account page does. */
  network: string;
  /** When (ms since the epoch); the mail says it in UTC, the language's way. */
  at: number;
}

/** English keeps the day-month-year it always wrote ("25 Nov 2026, 19:30"); the others their own. */
const whenFormats = new Map<Language, Intl.DateTimeFormat>();
function sayWhen(language: Language, at: number): string {
  let format = whenFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language === "en" ? "en-GB" : language, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
    whenFormats.set(language, format);
  }
  return `${format.format(at)} UTC`;
}

/**
 * A browser new to the account signed in: which, where, when. Its button, "This wasn't me", opens
 * a page that signs that browser out once pressed (docs/decisions/0067); the account page is linked
 * for a customer who wants to look first.
 */
export function newSignInMail(look: MailLook, signIn: NewSignIn, accountUrl: string, notMeUrl: string): Mail {
  const { mail, brand } = wordsOf(look);
  const intro = mail.newSignIn.intro(brand);
  const details = mail.newSignIn.details(
    sayBrowser(signIn.browser, mail.browserOn, mail.unknownBrowser),
    networkOf(signIn.network),
    sayWhen(look.language, signIn.at),
  );
  const advice = mail.newSignIn.advice;
  const footer = mail.newSignIn.footer;
  const accountLink = `<p style="margin:0 0 16px;font-size:14px;line-height:20px"><a href="${escapeHtml(accountUrl)}" style="color:${look.link}">${escapeHtml(mail.newSignIn.action)}</a></p>
`;
  return {
    kind: "new_sign_in",
    subject: mail.newSignIn.subject(brand),
    text: `${intro}\n\n${details}\n\n${advice}\n\n${labelled(mail.newSignIn.notMe, notMeUrl)}\n\n${labelled(mail.newSignIn.accountLine, accountUrl)}\n\n${footer}\n`,
    html: layout(look, [intro, details, advice], { label: mail.newSignIn.notMe, href: notMeUrl }, footer, accountLink),
  };
}

/** The six digits that confirm it is the owner on the account page (server/auth/kernel/recent-sign-in.ts). */
export function confirmationCodeMail(look: MailLook, code: string, lifetime: string): Mail {
  const { mail, brand } = wordsOf(look);
  const intro = mail.confirmationCode.intro(brand);
  const codeLine = mail.confirmationCode.code(lifetime);
  const footer = mail.confirmationCode.footer;
  const grouped = `${code.slice(0, 3)} ${code.slice(3)}`;
  return {
    kind: "confirmation_code",
    subject: mail.confirmationCode.subject(brand),
    text: `${intro}\n\n${codeLine} ${grouped}\n\n${footer}\n${oneTimeCodeLine(look, code)}`,
    html: layout(look, [intro, codeLine], undefined, footer, codeBlock(look, grouped)),
  };
}

/** A passkey added to the account: which browser, when, and the link that removes it (docs/decisions/0065). */
/** `provider`: where the passkey lives, when its AAGUID names one; the mail says so after the browser. */
export function passkeyAddedMail(look: MailLook, added: NewSignIn, removalLink: string, provider?: string): Mail {
  const { mail, brand } = wordsOf(look);
  const intro = mail.passkeyAdded.intro(brand);
  const browser = mail.passkeyAdded.details(
    sayBrowser(added.browser, mail.browserOn, mail.unknownBrowser),
    networkOf(added.network),
    sayWhen(look.language, added.at),
  );
  const details = provider ? `${browser} ${mail.passkeyAdded.kept(provider)}` : browser;
  const advice = mail.passkeyAdded.advice;
  const footer = mail.passkeyAdded.footer;
  return {
    kind: "passkey_added",
    subject: mail.passkeyAdded.subject(brand),
    text: `${intro}\n\n${details}\n\n${advice}\n\n${labelled(mail.passkeyAdded.action, removalLink)}\n\n${footer}\n`,
    html: layout(look, [intro, details, advice], { label: mail.passkeyAdded.action, href: removalLink }, footer),
  };
}

export function accountDeletionMail(look: MailLook, link: string, lifetimeMs: number): Mail {
  const { mail, words, brand } = wordsOf(look);
  const intro = mail.accountDeletion.intro(brand);
  const what = mail.accountDeletion.what;
  const expiry = mail.expiry(sayDuration(words.units, lifetimeMs));
  const footer = mail.accountDeletion.footer;
  return {
    kind: "account_deletion",
    subject: mail.accountDeletion.subject(brand),
    text: `${intro}\n\n${what}\n\n${labelled(mail.accountDeletion.action, link)}\n\n${expiry}\n\n${footer}\n`,
    html: layout(look, [intro, what, expiry], { label: mail.accountDeletion.action, href: link }, footer),
  };
}

/** Google was unlinked from the account: a way in went, and its owner hears of it. */
export function googleUnlinkedMail(look: MailLook): Mail {
  const { mail, brand } = wordsOf(look);
  const intro = mail.googleUnlinked.intro(brand);
  const footer = mail.googleUnlinked.footer;
  return {
    kind: "google_unlinked",
    subject: mail.googleUnlinked.subject(brand),
    text: `${intro}\n\n${footer}\n`,
    html: layout(look, [intro], undefined, footer),
  };
}

/** Microsoft was unlinked from the account: as Google's, a way in went and its owner hears of it. */
export function microsoftUnlinkedMail(look: MailLook): Mail {
  const { mail, brand } = wordsOf(look);
  const intro = mail.microsoftUnlinked.intro(brand);
  const footer = mail.microsoftUnlinked.footer;
  return {
    kind: "microsoft_unlinked",
    subject: mail.microsoftUnlinked.subject(brand),
    text: `${intro}\n\n${footer}\n`,
    html: layout(look, [intro], undefined, footer),
  };
}

/**
 * Google said the Google account that signs in to this account was hijacked (decision 91): every
 * sign-in ended, and Google sign-in is held until a password or passkey sign-in, or support.
 */
export function googleHeldMail(look: MailLook): Mail {
  const { mail, brand } = wordsOf(look);
  const intro = mail.googleHeld.intro(brand);
  const footer = mail.googleHeld.footer;
  return {
    kind: "google_held",
    subject: mail.googleHeld.subject(brand),
    text: `${intro}\n\n${footer}\n`,
    html: layout(look, [intro], undefined, footer),
  };
}

/** The last mail to a deleted account's address: nothing to click, nothing left to sign in to. */
export function accountDeletedMail(look: MailLook): Mail {
  const { mail, brand } = wordsOf(look);
  const intro = mail.accountDeleted.intro(brand);
  const what = mail.accountDeleted.what;
  const footer = mail.accountDeleted.footer(brand);
  return {
    kind: "account_deleted",
    subject: mail.accountDeleted.subject(brand),
    text: `${intro}\n\n${what}\n\n${footer}\n`,
    html: layout(look, [intro, what], undefined, footer),
  };
}

/**
 * An address inside a sentence, isolated from it (Unicode's first-strong isolate), and kept on one
 * line (a word joiner after a masked address's ellipsis): in a right-to-left mail its parts would
 * otherwise be reordered with the words around it, or split across lines.
 */
const isolated = (address: string) => `\u2068${address.replaceAll("…", "…\u2060")}\u2069`;

/** To the new address: confirms it as the account's email (server/auth/email-change). */
export function emailChangeMail(
  look: MailLook,
  newEmail: string,
  link: string,
  lifetimeMs: number,
  code?: { code: string; lifetimeMs: number },
): Mail {
  const { mail, words, brand } = wordsOf(look);
  const intro = mail.emailChange.intro(brand, isolated(newEmail));
  const what = mail.emailChange.what;
  const expiry = mail.expiry(sayDuration(words.units, lifetimeMs));
  const footer = mail.emailChange.footer;
  const codeLine = code ? mail.emailChange.code(sayDuration(words.units, code.lifetimeMs)) : undefined;
  const grouped = code ? `${code.code.slice(0, 3)} ${code.code.slice(3)}` : "";
  return {
    kind: "email_change",
    subject: mail.emailChange.subject(brand),
    text: `${intro}\n\n${what}\n\n${labelled(mail.emailChange.action, link)}\n\n${expiry}\n\n${codeLine ? `${codeLine} ${grouped}\n\n` : ""}${footer}\n`,
    html: layout(
      look,
      [intro, what, expiry],
      { label: mail.emailChange.action, href: link },
      footer,
      codeLine ? `${paragraph(look, codeLine)}${codeBlock(look, grouped)}` : "",
    ),
  };
}

/** To the old address, at once: a change was asked for, and "This wasn't me" cancels it. */
export function emailChangeRequestedMail(look: MailLook, maskedNewEmail: string, cancelLink: string): Mail {
  const { mail, brand } = wordsOf(look);
  const intro = mail.emailChangeRequested.intro(brand, isolated(maskedNewEmail));
  const what = mail.emailChangeRequested.what;
  const footer = mail.emailChangeRequested.footer;
  return {
    kind: "email_change_requested",
    subject: mail.emailChangeRequested.subject(brand),
    text: `${intro}\n\n${what}\n\n${labelled(mail.emailChangeRequested.action, cancelLink)}\n\n${footer}\n`,
    html: layout(look, [intro, what], { label: mail.emailChangeRequested.action, href: cancelLink }, footer),
  };
}

/** To a new address that already has an account: nothing to click, nothing changed. */
export function emailInUseMail(look: MailLook): Mail {
  const { mail, brand } = wordsOf(look);
  const intro = mail.emailInUse.intro(brand);
  const what = mail.emailInUse.what;
  const footer = mail.emailInUse.footer;
  return {
    kind: "email_in_use",
    subject: mail.emailInUse.subject(brand),
    text: `${intro}\n\n${what}\n\n${footer}\n`,
    html: layout(look, [intro, what], undefined, footer),
  };
}

/**
 * To an address no account uses, asked for a sign-in link while HIDE_ACCOUNT_EXISTENCE is on
 * (docs/decisions/0094): no account, how to make one (the brand's sign-up address, when it has one),
 * and nothing to do otherwise. No link signs in, so nothing in it is a secret.
 */
export function noAccountMail(look: MailLook, signUpUrl: string | undefined): Mail {
  const { mail, brand } = wordsOf(look);
  const intro = mail.noAccount.intro(brand);
  const what = mail.noAccount.what;
  const footer = mail.noAccount.footer;
  const create = signUpUrl ? `${mail.noAccount.create}\n\n${labelled(mail.noAccount.action, signUpUrl)}\n\n` : "";
  return {
    kind: "no_account",
    subject: mail.noAccount.subject(brand),
    text: `${intro}\n\n${what}\n\n${create}${footer}\n`,
    html: layout(
      look,
      signUpUrl ? [intro, what, mail.noAccount.create] : [intro, what],
      signUpUrl ? { label: mail.noAccount.action, href: signUpUrl } : undefined,
      footer,
    ),
  };
}

/** To the old address once the change is confirmed: the undo link, for `lifetimeMs`. */
export function emailChangedMail(look: MailLook, maskedNewEmail: string, undoLink: string, lifetimeMs: number): Mail {
  const { mail, words, brand } = wordsOf(look);
  const intro = mail.emailChanged.intro(brand, isolated(maskedNewEmail));
  const what = mail.emailChanged.what(sayDuration(words.units, lifetimeMs));
  const footer = mail.emailChanged.footer;
  return {
    kind: "email_changed",
    subject: mail.emailChanged.subject(brand),
    text: `${intro}\n\n${what}\n\n${labelled(mail.emailChanged.action, undoLink)}\n\n${footer}\n`,
    html: layout(look, [intro, what], { label: mail.emailChanged.action, href: undoLink }, footer),
  };
}

/**
 * To the address an undo replaced, in the undo's transaction: the account is back on the earlier
 * address (masked), every browser and app signed out, and "This wasn't me", which tells support.
 */
export function emailChangedBackMail(look: MailLook, maskedRestoredEmail: string, disputeLink: string, lifetimeMs: number): Mail {
  const { mail, words, brand } = wordsOf(look);
  const intro = mail.emailChangedBack.intro(brand, isolated(maskedRestoredEmail));
  const what = mail.emailChangedBack.what;
  const expiry = mail.expiry(sayDuration(words.units, lifetimeMs));
  const footer = mail.emailChangedBack.footer;
  return {
    kind: "email_changed_back",
    subject: mail.emailChangedBack.subject(brand),
    text: `${intro}\n\n${what}\n\n${labelled(mail.emailChangedBack.action, disputeLink)}\n\n${expiry}\n\n${footer}\n`,
    html: layout(look, [intro, what, expiry], { label: mail.emailChangedBack.action, href: disputeLink }, footer),
  };
}
