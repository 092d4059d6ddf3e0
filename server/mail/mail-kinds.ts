/**
 * Every kind of mail the server sends, and what a complaint ("this is spam") does to it
 * (docs/decisions/0087). A customer who complained still gets what they ask for (a sign-in link,
 * a code, a reset) and the security mail that lets them take the account back; notices stop.
 */
export const MAIL_KINDS = {
  access_link: "asked",
  confirmation_code: "asked",
  password_reset: "asked",
  account_deletion: "asked",
  email_change: "asked",
  email_in_use: "asked",
  password_changed: "security",
  password_set: "security",
  email_change_requested: "security",
  email_changed: "security",
  email_changed_back: "security",
  google_held: "security",
  new_sign_in: "notice",
  passkey_added: "notice",
  google_unlinked: "notice",
  microsoft_unlinked: "notice",
  account_deleted: "notice",
  // Asked for by anyone, to an address that may never have heard of the product: a complaint stops it.
  no_account: "notice",
} as const satisfies Record<string, "asked" | "security" | "notice">;

export type MailKind = keyof typeof MAIL_KINDS;

/** Whether a complaint from the recipient stops this kind of mail. */
export function stoppedByComplaint(kind: MailKind): boolean {
  return MAIL_KINDS[kind] === "notice";
}
