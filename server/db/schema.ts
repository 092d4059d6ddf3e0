import type { Generated } from "kysely";

/** Times are stored as milliseconds since the epoch (bigint on PostgreSQL, integer on SQLite). */
type Millis = number;

export interface AccountsTable {
  id: string;
  email: string;
  /** Lower-cased email: the unique key, so accounts are unique regardless of case. */
  email_key: string;
  password_hash: string | null;
  name: string;
  /** 0 or 1: a portable boolean. */
  is_admin: number;
  created_at: Millis;
}

export interface ProductsTable {
  id: number;
  code: string;
  name: string;
}

export interface LicensesTable {
  account_id: string;
  product_id: number;
  state: string;
  updated_at: Millis;
}

export interface DevicesTable {
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
}

export interface OneTimeTokensTable {
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

export interface OutboxTable {
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
}

export interface RateLimitsTable {
  key: string;
  window_start: Millis;
  count: number;
}

export interface DeviceSettingsTable {
  uuid: string;
  /** 0 or 1: whether the unregistered device shows notifications. */
  show_notifications: number;
  updated_at: Millis;
}

export interface ExternalLoginsTable {
  /** "google": the provider's id. */
  provider: string;
  /** The provider's stable id of the person (the ID token's sub), never their email. */
  subject: string;
  account_id: string;
  /** The provider's email as last seen, shown to the operator. */
  email: string;
  created_at: Millis;
  last_used_at: Millis;
}

export interface ExternalLoginAttemptsTable {
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

export interface Database {
  accounts: AccountsTable;
  products: ProductsTable;
  licenses: LicensesTable;
  devices: DevicesTable;
  sessions: SessionsTable;
  one_time_tokens: OneTimeTokensTable;
  outbox: OutboxTable;
  rate_limits: RateLimitsTable;
  device_settings: DeviceSettingsTable;
  external_logins: ExternalLoginsTable;
  external_login_attempts: ExternalLoginAttemptsTable;
}
