import type { ColumnType, Generated } from "kysely";

/** Times are stored as milliseconds since the epoch (bigint on PostgreSQL, integer on SQLite). */
type Millis = number;

interface AccountsTable {
  id: string;
  email: string;
  /** Lower-cased email: the unique key, so accounts are unique regardless of case. */
  email_key: string;
  password_hash: string | null;
  /** When the password was last set, changed or reset, and the hash of the session that did it (none for a reset by link elsewhere). */
  password_set_at: Millis | null;
  password_set_by_session: string | null;
  name: string;
  /** Who may use the support console (common/roles.ts): "admin", "support", or null for a customer. */
  role: string | null;
  /** Set while the account is disabled by support: no way in works, until it is enabled again. */
  disabled_at: Millis | null;
  /** The language of the last sign-in (common/languages.ts), for mail sent with no browser involved. */
  language: string | null;
  /** The brand id (common/brands) of the last sign-in that named one: the brand of mail no page names. */
  last_brand: string | null;
  /**
   * Set while Google sign-in is held: Google said the linked Google account was hijacked
   * (docs/decisions/0091). A password or passkey sign-in, or support, clears it.
   */
  google_held_at: Millis | null;
  /** When Google last asked the customer to change their Google account's credentials, until Google signs them in again. */
  google_change_asked_at: Millis | null;
  created_at: Millis;
}

interface ProductsTable {
  id: number;
  code: string;
  name: string;
}

interface LicensesTable {
  account_id: string;
  product_id: number;
  state: string;
  updated_at: Millis;
  /**
   * When the account got the license. Every insert must set it; a change of state keeps it (only a
   * test backdates it). Null only for a row the previous release inserted during an upgrade.
   */
  created_at: ColumnType<Millis | null, Millis, Millis>;
}

interface DevicesTable {
  uuid: string;
  account_id: string;
  product_id: number;
  created_at: Millis;
}

export interface SessionsTable {
  /** SHA-256 of the cookie value: a copy of the database does not hand out sessions. */
  id_hash: string;
  account_id: string;
  created_at: Millis;
  expires_at: Millis;
  /** Last use, updated at most once a minute or so: the idle timeout counts from it. */
  last_seen_at: Millis;
  /** The browser it was signed in from ("Chrome on Windows") and its network (IPv4, IPv6 /64). */
  device: string | null;
  address: string | null;
  /** How it was signed in, RFC 8176 values space-separated ("pwd", "hwk user"): the ID token's amr. */
  amr: string | null;
  /** When it last proved who it is again (a password or an emailed code), for adding a way in. */
  verified_at: Millis | null;
  /** Wrong confirmation codes over its whole life (recent-sign-in.ts bounds them). */
  confirm_failures: Generated<number>;
  /** The passkey it signed in with, if any: removing that passkey signs it out. */
  passkey_id: string | null;
  /** Its browser's device mark (`d.` and the device cookie's hash): "This wasn't me" ends every session of it. */
  browser_mark: string | null;
  /** The device mark of the browser that approved this sign-in on another device, if one did: "This wasn't me" about that browser ends this session too. */
  approved_by_browser: string | null;
}

interface OneTimeTokensTable {
  /** SHA-256 of the token; the token itself exists only in the mail. */
  token_hash: string;
  purpose: string;
  account_id: string;
  product_id: number;
  return_url: string | null;
  created_at: Millis;
  expires_at: Millis;
  used_at: Millis | null;
}

/** An access link's six-digit code, for the browser that asked for the link (server/auth/access-link/sign-in-codes.ts). */
interface SignInCodesTable {
  /** SHA-256 of the secret in the asking browser's cookie. */
  browser_hash: string;
  token_hash: string;
  /** SHA-256 of that secret and the code: the code alone (a million values) is never stored. */
  code_hash: string;
  attempts: number;
  created_at: Millis;
  expires_at: Millis;
  /** The asking browser and its network, for the other device to name it ("Chrome on Windows"). */
  device: string | null;
  address: string | null;
  /** The two digits the asking screen shows and the other device types, as the number they spell (07 is 7). */
  approval_number: number | null;
  /** The three numbers decision 73 offered; no longer written (decision 81), null in every new row. */
  approval_choices: string | null;
  /** When the other device picked the right number (the link is spent then), or a wrong one. */
  approved_at: Millis | null;
  /** The device mark of the browser that approved it, when that browser has one: the session it becomes keeps it. */
  approved_by_browser: string | null;
  refused_at: Millis | null;
  /** The outbox row of the mail that carried this request's code, whose fate the asking screen is told. */
  mail_id: string | null;
}

interface OutboxTable {
  id: string;
  to_address: string;
  from_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: Millis;
  attempts: Generated<number>;
  next_attempt_at: Millis;
  locked_until: Millis | null;
  /** Which delivery attempt holds the row: only its holder may record the outcome. */
  locked_by: string | null;
  sent_at: Millis | null;
  failed_at: Millis | null;
  last_error: string | null;
  /** Generated when the mail is queued and sent on every attempt, so a repeated delivery is recognisable. */
  message_id: string | null;
  /** Which mail it is (server/mail/mail-kinds.ts): what support reads, and whether a complaint stops it. */
  kind: string | null;
  /** The recipient's normalised address: an address's last mails and its state are found by it. */
  to_key: string | null;
  /**
   * What became of it past the relay's acceptance (server/mail/delivery-state.ts): refused (a 5xx
   * at once), bounced or delayed (a delivery report), complained (a feedback report), or suppressed
   * (not sent: the address bounced, or complained and this is a notice). Null: nothing heard.
   */
  delivery: string | null;
  /** The status code the relay or the report gave ("550 5.1.1"), and its words, addresses redacted. */
  delivery_code: string | null;
  delivery_words: string | null;
  reported_at: Millis | null;
}

/** What an address's mailbox said: bounced (no mail until cleared), complained (no notices). */
interface MailAddressesTable {
  email_key: string;
  bounced_at: Millis | null;
  /** no_mailbox, mailbox_full, blocked or other: what the customer is told. */
  bounce_reason: string | null;
  bounce_code: string | null;
  bounce_words: string | null;
  bounce_mail_id: string | null;
  complained_at: Millis | null;
  updated_at: Millis;
}

/**
 * The development mailbox's own store (outside production, without SMTP_URL): the delivery target
 * that stands in for the customer's inbox. Created at start only when the mailbox is on.
 */
interface DevMailboxTable {
  id: string;
  message_id: string;
  to_address: string;
  from_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  delivered_at: Millis;
}

interface RateLimitsTable {
  key: string;
  window_start: Millis;
  count: number;
}

interface DeviceSettingsTable {
  uuid: string;
  /** 0 or 1: whether the unregistered device shows notifications. */
  show_notifications: number;
  updated_at: Millis;
}

/**
 * A device or address the account signed in from: `d.` and the hash of the device cookie, or
 * `a.` and the client address (an IPv6 /64). See docs/decisions/0017-lockout-without-lockout.md.
 */
interface KnownOriginsTable {
  account_id: string;
  mark: string;
  last_seen_at: Millis;
}

export interface TelemetryEventsTable {
  id: string;
  /** page_view, vital, error, funnel or challenge. */
  kind: string;
  /** The vital (LCP …), the funnel step, the error's kind, the human check's outcome, or "page_view". */
  name: string;
  /** The browser tab's anonymous id. */
  session_id: string;
  /** Set when the tab was signed in: the account id, never the email. */
  account_id: string | null;
  brand: string;
  /** The screen's path, lower-cased, without query. */
  screen: string;
  /** The page's path and query with every secret value replaced. */
  url: string;
  value: number | null;
  /** JSON: the event's other fields (an error's message, mapped stack and source). */
  detail: string | null;
  /**
   * Errors only: what groups reports of one error (errorFingerprint in server/telemetry/store.ts);
   * rows stored before it existed carry "legacy:" and the start of their detail.
   */
  fingerprint: string | null;
  created_at: Millis;
}

interface ExternalLoginsTable {
  /** "google" or "microsoft": the provider's id. */
  provider: string;
  /** The provider's stable id of the person (the ID token's sub), never their email. */
  subject: string;
  account_id: string;
  /** The provider's email as last seen, shown to the operator. */
  email: string;
  /** Microsoft only: the directory (tenant) of the identity, the ID token's tid. */
  tenant_id: string | null;
  /** Microsoft only: the identity's id in its directory, the ID token's oid. */
  object_id: string | null;
  created_at: Millis;
  last_used_at: Millis;
}

/** A security event token Google sent (docs/decisions/0091): its id, taken once. */
interface SpentChallengesTable {
  /** SHA-256 of the challenge's signature. */
  signature_hash: string;
  /** When the challenge expires, and a replay is refused for that alone. */
  expires_at: Millis;
}

interface GoogleRiscTokensTable {
  /** SHA-256 of the token's jti. */
  jti_hash: string;
  received_at: Millis;
  /** When a token this old is refused anyway, so the row may go. */
  expires_at: Millis;
}

interface ExternalLoginAttemptsTable {
  /** SHA-256 of the state sent to the provider. */
  state_hash: string;
  /** SHA-256 of the PKCE verifier; the verifier itself lives only in the browser's cookie. */
  verifier_hash: string;
  provider: string;
  nonce: string;
  /** The brand whose screens the customer returns to. */
  brand: string;
  /** The sign-in page's query (ReturnUrl, uuid, …), for the way back to the login. */
  query: string;
  /** The ReturnUrl after the allowlist check, checked again on return. */
  return_url: string | null;
  created_at: Millis;
  expires_at: Millis;
  used_at: Millis | null;
}

/** A passkey (docs/decisions/0059-passkeys.md): a WebAuthn credential, nothing secret. */
interface PasskeysTable {
  /** The credential id, base64url. */
  id: string;
  account_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  sign_count: number;
  /** Comma-separated: internal, hybrid, usb… */
  transports: string | null;
  /** "singleDevice" or "multiDevice" (synced). */
  device_type: string | null;
  /** 0 or 1: whether it is backed up (synced). */
  backed_up: number;
  aaguid: string | null;
  name: string;
  /** `d.` and the hash of the device cookie of the browser it was made in. */
  browser_mark: string | null;
  created_at: Millis;
  last_used_at: Millis | null;
  /** The hash of the session that added it: the mailed removal link signs that session out. */
  added_by_session: string | null;
  /** The hash of the mailed link that removes it. */
  removal_token_hash: string | null;
  /** The browser it was added from ("Chrome on Windows"), as the mail and the removal page say it. */
  added_from: string | null;
}

interface SignInNoticesTable {
  /** The hash of the "This wasn't me" link's token (a one_time_tokens row). */
  token_hash: string;
  account_id: string;
  /** The hash of the session the mail told of: the link's button signs it out. */
  session_hash: string;
  /** Its browser's device mark: the button signs out every session of that browser too. */
  browser_mark: string | null;
  device: string | null;
  /** The network the sign-in came from (common/network.ts), as the mail named it; never the address. */
  address: string | null;
  signed_in_at: Millis;
}

interface StepUpCodesTable {
  /** The hash of the session the code was mailed for: it works in that session only. */
  session_hash: string;
  account_id: string;
  /** SHA-256 of the session's secret and the code: six digits are guessable offline without the salt. */
  code_hash: string;
  attempts: number;
  expires_at: Millis;
}

interface PasskeyChallengesTable {
  /** SHA-256 of the challenge. */
  challenge_hash: string;
  /** SHA-256 of the secret in the browser's passkey cookie. */
  browser_hash: string;
  /** "sign-in" or "register". */
  purpose: string;
  /** Registration only: the signed-in account. */
  account_id: string | null;
  expires_at: Millis;
}

export interface Database {
  accounts: AccountsTable;
  products: ProductsTable;
  licenses: LicensesTable;
  devices: DevicesTable;
  sessions: SessionsTable;
  one_time_tokens: OneTimeTokensTable;
  sign_in_codes: SignInCodesTable;
  outbox: OutboxTable;
  mail_addresses: MailAddressesTable;
  rate_limits: RateLimitsTable;
  device_settings: DeviceSettingsTable;
  dev_mailbox: DevMailboxTable;
  known_origins: KnownOriginsTable;
  oidc_payloads: OidcPayloadsTable;
  oidc_clients: OidcClientsTable;
  oidc_keys: OidcKeysTable;
  logout_deliveries: LogoutDeliveriesTable;
  dpop_proofs: DpopProofsTable;
  telemetry_events: TelemetryEventsTable;
  audit_events: AuditEventsTable;
  external_logins: ExternalLoginsTable;
  external_login_attempts: ExternalLoginAttemptsTable;
  google_risc_tokens: GoogleRiscTokensTable;
  spent_challenges: SpentChallengesTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  step_up_codes: StepUpCodesTable;
  sign_in_notices: SignInNoticesTable;
  email_changes: EmailChangesTable;
}

/**
 * A change of an account's email (server/auth/email-change): asked for, then confirmed by the new
 * address, or ended (cancelled from the old address, replaced by a newer request, or undone).
 */
interface EmailChangesTable {
  /** The confirmation link's token hash (one_time_tokens, purpose email_change). */
  token_hash: string;
  account_id: string;
  old_email: string;
  new_email: string;
  /** The browser that asked: the mailed six-digit code works there only. Null when support or an operator asked. */
  session_hash: string | null;
  /** The code, hashed with that browser's session secret; and the tries it has had. */
  code_hash: string | null;
  code_attempts: Generated<number>;
  /** "This wasn't me" in the notice to the old address (purpose email_change_cancel). */
  cancel_token_hash: string;
  /** The undo link mailed to the old address once confirmed (purpose email_change_undo). */
  undo_token_hash: string | null;
  requested_at: Millis;
  confirmed_at: Millis | null;
  /** The hash of the session signed in as the account that confirmed it, if one did: an undo removes what it added. */
  confirmed_by_session: string | null;
  ended_at: Millis | null;
  /** "cancelled", "replaced" or "undone". */
  ended_how: string | null;
}

/** One stored object of the OpenID Provider (code, token, grant, session, interaction…), as JSON. */
interface OidcPayloadsTable {
  model: string;
  /** SHA-256 of the object's id (a token, a code, a session cookie): never the id itself. */
  id: string;
  payload: string;
  grant_id: string | null;
  uid: string | null;
  user_code: string | null;
  /** The account the object belongs to, when it has one: what a sign-out everywhere deletes by. */
  account_id: string | null;
  /** The app the object belongs to, when it has one: what signing one app out deletes by. */
  client_id: string | null;
  expires_at: Millis | null;
  consumed_at: Millis | null;
}

/** A relying party registered by the operator (`npm run account -- client add`). */
interface OidcClientsTable {
  id: string;
  /** spa, native, web or api. */
  type: string;
  /** The brand whose screens its customers sign in on. */
  brand: string;
  /** JSON arrays of exact addresses. */
  redirect_uris: string;
  post_logout_redirect_uris: string;
  /** SHA-256 of a web client's secret; null for public clients. */
  secret_hash: string | null;
  created_at: Millis;
  /** Where the app takes logout tokens (Back-Channel Logout); null when it takes none. */
  backchannel_logout_uri: string | null;
  /** 1 when the app wants the provider session's sid in each logout token. */
  backchannel_logout_session_required: Generated<number>;
  /** "required": every token request must carry a DPoP proof; "optional": binding if it does. */
  dpop: Generated<string>;
  /** JSON array of the client ids whose access tokens this client (a product API) may introspect. */
  introspects: Generated<string>;
}

/** A DPoP proof seen (provider/dpop.ts): its jti hashed with its client, until it could no longer be accepted. */
interface DpopProofsTable {
  jti_hash: string;
  expires_at: Millis;
}

/**
 * One logout token to deliver to one app (provider/logout-delivery.ts): queued in the transaction
 * that ended the sign-in, claimed with a lease, retried with back-off, settled delivered or failed.
 */
interface LogoutDeliveriesTable {
  id: string;
  client_id: string;
  /** The token's sub. */
  account_id: string;
  /** The provider session's sid for this app, when one is known. */
  sid: string | null;
  created_at: Millis;
  attempts: Generated<number>;
  next_attempt_at: Millis;
  locked_until: Millis | null;
  /** Which attempt holds the row: only its holder may record the outcome. */
  locked_by: string | null;
  delivered_at: Millis | null;
  failed_at: Millis | null;
  last_error: string | null;
}

/** Signing keys (private JWK) and the provider's cookie-signing secret. */
interface OidcKeysTable {
  kid: string;
  /** "signing" or "cookie". */
  purpose: string;
  /** The private JWK (signing) or random secret (cookie), as text. */
  secret: string;
  created_at: Millis;
  /** Published from creation; signs from this moment (so every instance publishes it first). */
  activates_at: Millis;
  /** When a newer key took over; published until the tokens it signed have expired. */
  retired_at: Millis | null;
}

/** One entry of an account's security trail (auth/kernel/audit-trail.ts); append-only. */
interface AuditEventsTable {
  id: string;
  /** Null only for the record that an account was deleted. */
  account_id: string | null;
  event: string;
  /** How a sign-in was made or tried: link, code, password, google. */
  method: string | null;
  brand: string | null;
  /** The OpenID client the event concerns, where there is one. */
  client_id: string | null;
  /** Why a sign-in was refused, or what an operator said. */
  reason: string | null;
  /** The client's IPv4 address, or its IPv6 /64. */
  address: string | null;
  /** "Chrome on Windows": the user agent's short description, never the string itself. */
  device: string | null;
  /** Who took an operator's action ("cli:<user>"); null for the customer's own. */
  actor: string | null;
  created_at: Millis;
}
