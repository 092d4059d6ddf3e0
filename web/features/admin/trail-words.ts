/**
 * The trail entries the support console says as a sentence, not by their event's name: those that
 * ask support to act. The console stays English (docs/screens.md).
 */
const SENTENCES: Record<string, string> = {
  email_change_undo_disputed:
    "The address an undo replaced says the undo was not theirs. Nothing was moved: check with the customer who holds the account before changing its email.",
};

/** Entries whose event's name alone would not say what happened; the Reason column says the rest. */
const WORDS: Record<string, string> = {
  mail_cleared: "mail cleared: the address gets mail again",
  google_sessions_revoked: "Google ended the Google account's sessions: every sign-in ended",
  google_tokens_revoked: "Google revoked our access to the Google account: every sign-in ended",
  google_account_hijacked: "Google said the Google account was hijacked: every sign-in ended, Google sign-in held, customer mailed",
  google_account_disabled: "Google disabled the Google account (nothing ended)",
  google_account_enabled: "Google enabled the Google account again",
  google_credential_change_required: "Google asked for the Google account's password to be changed",
  google_hold_cleared: "Google sign-in hold cleared: Google signs them in again",
};

/** What an entry says in the console's What column, and whether it waits for support. */
export function trailWhat(event: string): { text: string; needsSupport: boolean } {
  const sentence = SENTENCES[event];
  if (sentence) return { text: sentence, needsSupport: true };
  return { text: WORDS[event] ?? event.replaceAll("_", " "), needsSupport: false };
}
