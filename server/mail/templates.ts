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

function layout(brandName: string, paragraphs: string[], button: { label: string; href: string }, footer: string): string {
  const body = paragraphs
    .map((text) => `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2933">${escapeHtml(text)}</p>`)
    .join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(brandName)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f8;font-family:Segoe UI,Helvetica,Arial,sans-serif">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<h1 style="margin:0 0 24px;font-size:22px;color:#102a43">${escapeHtml(brandName)}</h1>
${body}
<p style="margin:24px 0"><a href="${escapeHtml(button.href)}" style="display:inline-block;background:#1a7f37;color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:24px;font-weight:600">${escapeHtml(button.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:#52606d">${escapeHtml(PASTE_THE_ADDRESS)}<br><a href="${escapeHtml(button.href)}" style="color:#0b5cab;word-break:break-all">${escapeHtml(button.href)}</a></p>
<p style="margin:0;font-size:13px;line-height:20px;color:#52606d">${escapeHtml(footer)}</p>
</div></body></html>`;
}

export function accessLinkMail(brandName: string, link: string, lifetime: string): Mail {
  const intro = `Here is your personal access link to sign in to ${brandName}.`;
  const expiry = expiryOf(lifetime);
  const footer = "If you did not ask to sign in, you can ignore this email: nobody can sign in without this link.";
  return {
    subject: `Your ${brandName} sign-in link`,
    text: `${intro}\n\nSign in: ${link}\n\n${expiry}\n\n${footer}\n`,
    html: layout(brandName, [intro, expiry], { label: `Sign in to ${brandName}`, href: link }, footer),
  };
}

export function passwordResetMail(brandName: string, link: string, lifetime: string): Mail {
  const intro = `We received a request to reset the password of your ${brandName} account.`;
  const expiry = expiryOf(lifetime);
  const footer = "If you did not ask for this, you can ignore this email: your password stays as it is.";
  return {
    subject: `Reset your ${brandName} password`,
    text: `${intro}\n\nSet a new password: ${link}\n\n${expiry}\n\n${footer}\n`,
    html: layout(brandName, [intro, expiry], { label: "Set a new password", href: link }, footer),
  };
}

export function passwordChangedMail(brandName: string, signInUrl: string): Mail {
  const intro = `The password of your ${brandName} account was just changed, and every other sign-in was ended.`;
  const advice = "If this was you, there is nothing more to do.";
  const footer = "If it was not you, reset your password at once with Forgot your password? on the sign-in page, and contact support.";
  return {
    subject: `Your ${brandName} password was changed`,
    text: `${intro}\n\n${advice}\n\nSign in: ${signInUrl}\n\n${footer}\n`,
    html: layout(brandName, [intro, advice], { label: `Sign in to ${brandName}`, href: signInUrl }, footer),
  };
}
