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

export interface TelemetryEventsTable {
  id: string;
  /** page_view, vital, error or funnel. */
  kind: string;
  /** The vital (LCP …), the funnel step, the error's kind, or "page_view". */
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
  created_at: Millis;
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
  telemetry_events: TelemetryEventsTable;
}
