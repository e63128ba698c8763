import type { ColumnType, Generated } from "kysely";

/**
 * Column types as the query layer sees them on both SQLite and PostgreSQL.
 * Dates are calendar dates as "YYYY-MM-DD" text; timestamps are ISO 8601 UTC text;
 * booleans are stored as 0/1 on SQLite and boolean on PostgreSQL, read through `fromDbBool`.
 */
export type DbBool = number | boolean;

export interface StatesTable {
  id: string;
  name: string;
  code: string;
  region: string;
  created_at: string;
  updated_at: string;
}

export interface CitiesTable {
  id: Generated<number>;
  state_id: string;
  name: string;
  position: number;
}

export interface ZipcodesTable {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state_code: string;
}

export interface WholesalersTable {
  id: Generated<number>;
  name: string;
  address: string;
  city: string;
  state_id: string;
  zipcode: string;
  type: string;
  hours: string;
  description: string;
  image: string | null;
  image_updated_at: string | null;
  phone: string | null;
  website: string | null;
  latitude: number;
  longitude: number;
  featured: DbBool;
  /** "trade-only", "public-welcome" or "public-hours"; null when no source says. */
  access: string | null;
  access_note: string | null;
  /** The weekly schedule as JSON (WeeklyHours); null when the hours are not known day by day. */
  opening_hours: string | null;
  /** IANA time zone of the listing's coordinates, e.g. "America/Chicago". */
  time_zone: string | null;
  /** Calendar date the facts were last confirmed. */
  verified_at: string | null;
  /** Where the facts come from (admin-only). */
  source: string | null;
  /** Notes for the admins only, e.g. what a visitor wrote when suggesting the listing. */
  admin_note: string | null;
  /** True when the zipcode is the city's nearest to its center rather than one a source gives. */
  location_approximate: Generated<DbBool>;
  /** True when the coordinates are the listing's own; false when they are its zipcode's centroid. */
  location_exact: Generated<DbBool>;
  /** Dated exceptions to the weekly hours as JSON (SpecialHours[]); null when none (migration 0014). */
  special_hours: string | null;
  /** "open", "temporarily-closed" or "permanently-closed" (migration 0014). */
  status: Generated<string>;
  /** While temporarily closed: the local date (YYYY-MM-DD) it opens again; null when not known. */
  closed_until: string | null;
  /** The date (YYYY-MM-DD) an owner last confirmed the listing: its "owner-verified" mark (migration 0016). */
  owner_confirmed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface GroceryStoresTable {
  id: Generated<number>;
  name: string;
  description: string;
  price_range: string;
  best_for: string;
  /** The page's address, /grocery/{slug}: made from the name once, kept when the name changes; unique. */
  slug: string;
  /** How to shop the chain's flowers; "" when not known. */
  tips: string;
  position: number;
  created_at: string;
  updated_at: string;
}

export interface BlogPostsTable {
  id: Generated<number>;
  title: string;
  excerpt: string;
  content: string;
  category: string;
  date: string;
  image: string | null;
  status: string;
  created_at: string;
  updated_at: string;
}

export interface FestivalsTable {
  id: Generated<number>;
  name: string;
  description: string;
  start_date: string;
  end_date: string;
  location: string;
  city: string;
  state: string;
  website: string | null;
  ticket_price: string | null;
  image: string | null;
  featured: DbBool;
  /** The yearly rule as an RRULE (FREQ=YEARLY;BYMONTH=5;BYDAY=2SA), null for a one-off (migration 0011). */
  recurrence: string | null;
  created_at: string;
  updated_at: string;
}

export interface NewsletterSubscribersTable {
  id: Generated<number>;
  email: string;
  email_normalized: string;
  unsubscribe_token: string;
  created_at: string;
  unsubscribed_at: string | null;
  /** "pending" (not confirmed yet), "confirmed", "unsubscribed" or "undeliverable" (decision 039). */
  status: Generated<string>;
  /** The confirmation link's token while pending. */
  confirm_token: string | null;
  /** When the confirmation (or "already subscribed") message was last queued: at most one an hour. */
  confirm_sent_at: string | null;
  confirmed_at: string | null;
}

export interface LocationSuggestionsTable {
  id: Generated<number>;
  business_name: string;
  contact_name: string | null;
  email: string | null;
  business_address: string;
  additional_info: string | null;
  status: string;
  ip: string | null;
  created_at: string;
  reviewed_at: string | null;
  /** The listing the suggestion became, once saved. */
  wholesaler_id: number | null;
}

export interface ListingReportsTable {
  id: Generated<number>;
  wholesaler_id: number;
  kind: string;
  details: string;
  email: string | null;
  /** "open", "resolved" or "dismissed". */
  status: Generated<string>;
  ip: string | null;
  created_at: string;
  reviewed_at: string | null;
}

export interface BusinessSubmissionsTable {
  id: Generated<number>;
  name: string;
  address: string;
  city: string;
  state_id: string;
  zipcode: string;
  type: string;
  access: string | null;
  access_note: string | null;
  phone: string | null;
  website: string | null;
  opening_hours: string | null;
  hours: string;
  description: string;
  submitter_name: string;
  submitter_email: string;
  submitter_role: string;
  /** "pending", "approved" or "rejected". */
  status: Generated<string>;
  /** The listing an approval created. */
  wholesaler_id: number | null;
  ip: string | null;
  created_at: string;
  reviewed_at: string | null;
}

export interface SettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface AdminUsersTable {
  id: Generated<number>;
  email: string;
  name: string | null;
  password_hash: string;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id_hash: string;
  admin_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ip: string | null;
  user_agent: string | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  admin_id: number | null;
  actor: string | null;
  action: string;
  entity_type: string | null;
  entity_id: string | null;
  details: string | null;
  ip: string | null;
  created_at: string;
}

/** Sign-in attempts, written before the password is checked (migration 0009, services/auth/throttle.server.ts). */
export interface LoginAttemptsTable {
  id: Generated<number>;
  /** Lower-cased, as typed. */
  email: string;
  ip: string;
  /** The device cookie's id when the attempt carried a valid one for this email. */
  device: string | null;
  outcome: "pending" | "failure" | "success" | "refused";
  created_at: string;
  /** When the outcome was known: a slowed account's next attempt waits from the last one's. */
  settled_at: string | null;
  /** What was checked: the password, or a second-factor code (migration 0017); each has its own limit. */
  factor: ColumnType<"password" | "code", "password" | "code" | undefined, "password" | "code">;
}

/** An admin's authenticator app (migration 0017, decision 048). */
export interface AdminSecondFactorsTable {
  id: Generated<number>;
  admin_id: number;
  /** `v1.` and base64url of IV, ciphertext and tag: AES-256-GCM under a key derived from SESSION_SECRET. */
  secret_encrypted: string;
  /** Null while being set up: only an enabled factor is asked for at sign-in. */
  enabled_at: string | null;
  /** The last accepted 30-second time step; a code of it or an earlier one is refused. */
  last_step: number | null;
  created_at: string;
  updated_at: string;
}

export interface AdminRecoveryCodesTable {
  id: Generated<number>;
  admin_id: number;
  /** HMAC-SHA-256 of the code, keyed from SESSION_SECRET. */
  code_hash: string;
  created_at: string;
  used_at: string | null;
}

/** The step between a right password and the code: only the cookie's id's SHA-256 is stored. */
export interface AdminSignInChallengesTable {
  id_hash: string;
  admin_id: number;
  created_at: string;
  expires_at: string;
}

/** The shared rate limits' counters (migration 0005), written by rate-limiter-flexible, not by our queries. */
export interface RateLimitsTable {
  key: string;
  points: number;
  /** When the window ends, in epoch milliseconds. */
  expire: number | null;
}

/**
 * Uploaded image files when UPLOADS_STORAGE=database (migration 0006): one row per file, named as on disk
 * ("<hash>-<width>.webp"), served at /uploads/<name>.
 */
export interface ImageBlobsTable {
  name: string;
  content_type: string;
  bytes: Buffer;
  size: number;
  /** The response's ETag, quoted: a hash of the bytes. */
  etag: string;
  created_at: string;
}

/** A background job of the admin's tools (migration 0007): what its progress bar reads. */
export interface JobsTable {
  id: Generated<number>;
  kind: string;
  state: string;
  /** 1 while queued or running, null after: at most one job is active (unique). */
  active: number | null;
  /** What it works on, in words (the CSV file's name). */
  label: Generated<string>;
  total: Generated<number>;
  done: Generated<number>;
  error_count: Generated<number>;
  /** JSON list of the first errors, bounded. */
  errors: Generated<string>;
  /** The CSV file's text, so that any server can run the import. */
  input: string | null;
  /** JSON: how far the job got, committed with its work, so that a retry resumes there. */
  checkpoint: string | null;
  /** JSON: the finished job's report. */
  result: string | null;
  message: string | null;
  admin_id: number | null;
  started_by: string;
  ip: string | null;
  attempts: Generated<number>;
  /** pg-boss's id of the job that runs it (PostgreSQL). */
  queue_id: string | null;
  created_at: string;
  started_at: string | null;
  heartbeat_at: string | null;
  finished_at: string | null;
}

/** One message to one recipient (decision 039). */
export interface MailOutboxTable {
  id: Generated<number>;
  /** What the message is: confirm, already-subscribed, newsletter, receipt, decision, digest, password-reset, test. */
  kind: string;
  recipient: string;
  recipient_normalized: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers as a JSON object (List-Unsubscribe on a newsletter). */
  headers: Generated<string>;
  /** "kept" (no SMTP server), "queued", "sending", "sent" or "failed". */
  status: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  /** While sending: the claim's end; a row still sending after it was left by a server that died. */
  lease_until: string | null;
  /** When it was handed to the SMTP server (its last attempt). */
  handed_at: string | null;
  sent_at: string | null;
  smtp_response: string | null;
  last_error: string | null;
  /** How many times a server died while this row was handed to SMTP (each such row is sent again). */
  interrupted: Generated<number>;
  /** The newsletter issue it belongs to. */
  issue_id: number | null;
  created_at: string;
}

export interface MailUndeliverableTable {
  address_normalized: string;
  reason: string;
  created_at: string;
}

/** An issue of the newsletter (decision 039). */
export interface NewsletterIssuesTable {
  id: Generated<number>;
  title: string;
  /** Markdown. */
  body: string;
  /** JSON: { articles: number[], festivals: number[], listings: number[] }. */
  featured: Generated<string>;
  /** "draft", "sending" (its messages are queued) or "sent". */
  status: Generated<string>;
  /** Confirmed subscribers it was queued for. */
  recipients: Generated<number>;
  created_by: string;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  admin_id: number;
  /** SHA-256 of the link's token, hex. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** "Tell me when a supplier is listed near me" (migration 0015, decision 044). */
export interface DemandRequestsTable {
  id: Generated<number>;
  email: string;
  email_normalized: string;
  zipcode: string;
  /** The zipcode's centroid when the request was made. */
  latitude: number;
  longitude: number;
  radius_miles: number;
  /** "pending" (not confirmed yet), "confirmed" (waiting), "fulfilled" (its one message queued) or "cancelled". */
  status: string;
  confirm_token: string | null;
  confirm_sent_at: string | null;
  unsubscribe_token: string;
  created_at: string;
  confirmed_at: string | null;
  /** 12 months after confirming: no message is sent after it. */
  expires_at: string | null;
  fulfilled_at: string | null;
  /** The listing the one message named. */
  wholesaler_id: number | null;
  cancelled_at: string | null;
}

/** Results pages that found nothing within their radius, per zipcode and day (no personal data). */
export interface EmptySearchesTable {
  zipcode: string;
  /** YYYY-MM-DD on the site's calendar. */
  day: string;
  count: Generated<number>;
}

/** "Is this your business? Claim it" (migration 0016). */
export interface OwnerClaimsTable {
  id: Generated<number>;
  wholesaler_id: number;
  name: string;
  role: string;
  email: string;
  email_normalized: string;
  phone: string;
  /** "verified" (on the listing's website domain), "pending", "approved" or "rejected". */
  status: string;
  ip: string | null;
  created_at: string;
  decided_at: string | null;
  decided_by: string | null;
}

/** An address that owns a listing; the freshness columns are the periodic "Is your listing still right?". */
export interface ListingOwnersTable {
  id: Generated<number>;
  wholesaler_id: number;
  email: string;
  email_normalized: string;
  name: string;
  role: string;
  phone: string;
  created_at: string;
  freshness_asked_at: string | null;
  /** SHA-256 of the "Yes, still right" token, hex. */
  freshness_token_hash: string | null;
  /** "still-right" or "edited". */
  freshness_answer: string | null;
  freshness_answered_at: string | null;
  /** The date (YYYY-MM-DD) of the flower holiday whose week's hours this owner was last asked for. */
  holiday_asked_for: string | null;
}

export interface OwnerLinksTable {
  id: Generated<number>;
  email_normalized: string;
  /** SHA-256 of the link's token, hex. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface OwnerSessionsTable {
  /** SHA-256 of the session id, hex. */
  id_hash: string;
  email_normalized: string;
  created_at: string;
  expires_at: string;
}

/** An owner's change of name, address or zipcode, waiting for an admin. */
export interface OwnerChangesTable {
  id: Generated<number>;
  wholesaler_id: number;
  owner_email: string;
  /** JSON: the fields as they were. */
  before: string;
  /** JSON: the fields as the owner asks. */
  after: string;
  /** "pending", "approved" or "rejected". */
  status: string;
  created_at: string;
  decided_at: string | null;
  decided_by: string | null;
}

export interface Database {
  states: StatesTable;
  cities: CitiesTable;
  zipcodes: ZipcodesTable;
  wholesalers: WholesalersTable;
  grocery_stores: GroceryStoresTable;
  blog_posts: BlogPostsTable;
  festivals: FestivalsTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  location_suggestions: LocationSuggestionsTable;
  listing_reports: ListingReportsTable;
  business_submissions: BusinessSubmissionsTable;
  settings: SettingsTable;
  admin_users: AdminUsersTable;
  sessions: SessionsTable;
  audit_log: AuditLogTable;
  login_attempts: LoginAttemptsTable;
  admin_second_factors: AdminSecondFactorsTable;
  admin_recovery_codes: AdminRecoveryCodesTable;
  admin_sign_in_challenges: AdminSignInChallengesTable;
  rate_limits: RateLimitsTable;
  image_blobs: ImageBlobsTable;
  jobs: JobsTable;
  mail_outbox: MailOutboxTable;
  mail_undeliverable: MailUndeliverableTable;
  password_resets: PasswordResetsTable;
  newsletter_issues: NewsletterIssuesTable;
  demand_requests: DemandRequestsTable;
  empty_searches: EmptySearchesTable;
  owner_claims: OwnerClaimsTable;
  listing_owners: ListingOwnersTable;
  owner_links: OwnerLinksTable;
  owner_sessions: OwnerSessionsTable;
  owner_changes: OwnerChangesTable;
}

export const toDbBool = (value: boolean): number => (value ? 1 : 0);
export const fromDbBool = (value: DbBool): boolean => value === true || value === 1;
