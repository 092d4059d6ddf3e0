import type { Brand } from "../../common/brands/index.ts";
import { escapeHtml } from "../html.ts";

/**
 * The mails the account server sends, each as text and HTML. Brand and link are the only inputs
 * that vary; everything a customer reads is here, in one place.
 */
export interface Mail {
  subject: string;
  text: string;
  html: string;
}

/** For mail programs that do not show the button, or a customer who would rather copy the link. */
const PASTE_THE_ADDRESS = "If the button does not work, open this address in your browser:";

/** The screen's own words for the link's lifetime ("The link expires in 1 Day."), then that it works once. */
const expiryOf = (lifetime: string) => `The link expires in ${lifetime}. It can be used once.`;

/** How a mail shows its sender: the name, the mark and the brand's colours (its light theme). */
export interface MailLook {
  name: string;
  /** An absolute address: mail is read far from this server. */
  logoUrl: string;
  action: string;
  onAction: string;
  link: string;
  page: string;
  text: string;
  muted: string;
}

/** The look of a brand's mail; `name` differs for a product without a brand of its own (solve IQ). */
export function mailLook(brand: Brand, publicUrl: string, name = brand.name): MailLook {
  const colours = brand.theme.light;
  return {
    name,
    logoUrl: `${publicUrl}${brand.mailLogo}`,
    action: colours.go,
    onAction: colours.onGo,
    link: colours.accent,
    page: colours.page,
    text: colours.text,
    muted: colours.muted,
  };
}

/** The mail's one action, where it has one. */
interface MailButton {
  label: string;
  href: string;
}

function layout(look: MailLook, paragraphs: string[], button: MailButton | undefined, footer: string, extra = ""): string {
  const name = escapeHtml(look.name);
  const body = paragraphs
    .map((text) => `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:${look.text}">${escapeHtml(text)}</p>`)
    .join("");
  // The mark is an image at a known size, with the name beside it as text: a mail program that
  // holds back images still shows whose mail this is.
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${name}</title></head>
<body style="margin:0;padding:24px;background:${look.page};font-family:Segoe UI,Helvetica,Arial,sans-serif">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 24px"><tr>
<td style="vertical-align:middle"><img src="${escapeHtml(look.logoUrl)}" width="36" height="36" alt="" style="display:block;border:0;border-radius:8px"></td>
<td style="vertical-align:middle;padding-left:10px;font-size:19px;font-weight:600;color:${look.text}">${name}</td>
</tr></table>
${body}
${button ? buttonHtml(look, button) : ""}${extra}<p style="margin:0;font-size:13px;line-height:20px;color:${look.muted}">${escapeHtml(footer)}</p>
</div></body></html>`;
}

/** The mail's one action, and its address spelled out for a mail program that shows no button. */
function buttonHtml(look: MailLook, button: MailButton): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(button.href)}" style="display:inline-block;background:${look.action};color:${look.onAction};text-decoration:none;padding:12px 24px;border-radius:24px;font-weight:600">${escapeHtml(button.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:${look.muted}">${escapeHtml(PASTE_THE_ADDRESS)}<br><a href="${escapeHtml(button.href)}" style="color:${look.link};word-break:break-all">${escapeHtml(button.href)}</a></p>
`;
}

/** The code for the other device: said in words, then the digits large, grouped for reading. */
const codeLine = (lifetime: string) =>
  `Reading this on another device? On the computer where you asked for this email, type this code instead (it works for ${lifetime}):`;

/**
 * The access link. `code` is the six digits for the browser that asked; a link support sends has
 * none (no browser of the customer's asked, so no browser could take a code).
 */
export function accessLinkMail(look: MailLook, link: string, lifetime: string, code?: { code: string; lifetime: string }): Mail {
  const brandName = look.name;
  const intro = `Here is your personal access link to sign in to ${brandName}.`;
  const expiry = expiryOf(lifetime);
  const footer = code
    ? "If you did not ask to sign in, you can ignore this email: nobody can sign in without this link or code."
    : "If you did not ask our support team for a link, you can ignore this email: nobody can sign in without it.";
  const grouped = code ? `${code.code.slice(0, 3)} ${code.code.slice(3)}` : "";
  const codeHtml = code
    ? `<p style="margin:0 0 8px;font-size:14px;line-height:20px;color:${look.muted}">${escapeHtml(codeLine(code.lifetime))}</p>
<p style="margin:0 0 24px;font-size:28px;line-height:36px;font-weight:700;letter-spacing:4px;color:${look.text};font-family:ui-monospace,Consolas,monospace">${escapeHtml(grouped)}</p>`
    : "";
  const codeText = code ? `${codeLine(code.lifetime)} ${grouped}\n\n` : "";
  return {
    subject: `Your ${brandName} sign-in link`,
    text: `${intro}\n\nSign in: ${link}\n\n${expiry}\n\n${codeText}${footer}\n`,
    html: layout(look, [intro, expiry], { label: `Sign in to ${brandName}`, href: link }, footer, codeHtml),
  };
}

export function passwordResetMail(look: MailLook, link: string, lifetime: string): Mail {
  const brandName = look.name;
  const intro = `We received a request to reset the password of your ${brandName} account.`;
  const expiry = expiryOf(lifetime);
  const footer = "If you did not ask for this, you can ignore this email: your password stays as it is.";
  return {
    subject: `Reset your ${brandName} password`,
    text: `${intro}\n\nSet a new password: ${link}\n\n${expiry}\n\n${footer}\n`,
    html: layout(look, [intro, expiry], { label: "Set a new password", href: link }, footer),
  };
}

export function passwordChangedMail(look: MailLook, signInUrl: string): Mail {
  const brandName = look.name;
  const intro = `The password of your ${brandName} account was just changed, and every other sign-in was ended.`;
  const advice = "If this was you, there is nothing more to do.";
  const footer = "If it was not you, reset your password at once with Forgot your password? on the sign-in page, and contact support.";
  return {
    subject: `Your ${brandName} password was changed`,
    text: `${intro}\n\n${advice}\n\nSign in: ${signInUrl}\n\n${footer}\n`,
    html: layout(look, [intro, advice], { label: `Sign in to ${brandName}`, href: signInUrl }, footer),
  };
}

/** A first password: a new way in, told to the owner, as a changed one is. */
export function passwordSetMail(look: MailLook, signInUrl: string): Mail {
  const brandName = look.name;
  const intro = `A password was just set for your ${brandName} account: it now signs in with the password as well as with an emailed link.`;
  const advice = "If this was you, there is nothing more to do.";
  const footer = "If it was not you, reset your password at once with Forgot your password? on the sign-in page, and contact support.";
  return {
    subject: `A password was set for your ${brandName} account`,
    text: `${intro}\n\n${advice}\n\nSign in: ${signInUrl}\n\n${footer}\n`,
    html: layout(look, [intro, advice], { label: `Sign in to ${brandName}`, href: signInUrl }, footer),
  };
}

/** Where and how a new browser signed in, as the mail tells it. */
export interface NewSignIn {
  /** "Chrome on Windows". */
  browser: string;
  /** The network: an IPv4 address or an IPv6 /64. */
  network: string;
  /** When, in words ("25 Nov 2026, 19:30 UTC"). */
  when: string;
}

export function newSignInMail(look: MailLook, signIn: NewSignIn, accountUrl: string): Mail {
  const brandName = look.name;
  const intro = `Your ${brandName} account was just signed in to from a browser it had not been used in before.`;
  const details = `${signIn.browser}, from the network ${signIn.network}, on ${signIn.when}.`;
  const advice = "If this was you, there is nothing to do.";
  const footer =
    "If it was not you, reset your password at once with Forgot your password? on the sign-in page: a reset signs out every browser and app.";
  return {
    subject: `New sign-in to your ${brandName} account`,
    text: `${intro}\n\n${details}\n\n${advice}\n\nYour account: ${accountUrl}\n\n${footer}\n`,
    html: layout(look, [intro, details, advice], { label: "Review your account", href: accountUrl }, footer),
  };
}

export function accountDeletionMail(look: MailLook, link: string, lifetime: string): Mail {
  const brandName = look.name;
  const intro = `We received a request to delete your ${brandName} account.`;
  const what =
    "Deleting it signs you out of every browser and app, and deletes your linked logins (such as Google), your computers and their settings, your licenses and all personal data we hold about you. A deleted account cannot be restored.";
  const expiry = expiryOf(lifetime);
  const footer = "If you did not ask for this, you can ignore this email: your account stays as it is.";
  return {
    subject: `Confirm deleting your ${brandName} account`,
    text: `${intro}\n\n${what}\n\nDelete my account: ${link}\n\n${expiry}\n\n${footer}\n`,
    html: layout(look, [intro, what, expiry], { label: "Delete my account", href: link }, footer),
  };
}

/** The last mail to a deleted account's address: nothing to click, nothing left to sign in to. */
export function accountDeletedMail(look: MailLook): Mail {
  const brandName = look.name;
  const intro = `Your ${brandName} account is deleted.`;
  const what =
    "Every sign-in has ended, and your linked logins, computers and their settings, licenses and all personal data we held about you are deleted. A deleted account cannot be restored.";
  const footer = `This is the last email about this account. If you did not ask for this, contact ${brandName} support.`;
  return {
    subject: `Your ${brandName} account is deleted`,
    text: `${intro}\n\n${what}\n\n${footer}\n`,
    html: layout(look, [intro, what], undefined, footer),
  };
}
