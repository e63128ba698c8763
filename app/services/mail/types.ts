/** Types of the mail channel that the browser also uses (the *.server modules re-export them). Decision 039. */

export const MAIL_KINDS = [
  "confirm",
  "already-subscribed",
  "newsletter",
  "receipt",
  "decision",
  "digest",
  "password-reset",
  "owner-sign-in",
  "owner-claim",
  "owner-freshness",
  "owner-holiday",
  "test",
  "demand-confirm",
  "demand-listed",
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  confirm: "Newsletter confirmation",
  "already-subscribed": "Already subscribed",
  newsletter: "Newsletter",
  receipt: "Listing request received",
  decision: "Listing request decided",
  digest: "Admin digest",
  "password-reset": "Password reset",
  "owner-sign-in": "Owner sign-in link",
  "owner-claim": "Owner claim decided",
  "owner-freshness": "Is your listing still right?",
  "owner-holiday": "Hours for a flower holiday",
  test: "Test message",
  "demand-confirm": "Nearby supplier request confirmation",
  "demand-listed": "Nearby supplier listed",
};

/**
 * kept: no SMTP server is configured, the message stays here to be read; queued: waiting to be sent (again, after a
 * temporary failure); sending: handed to a server that is sending it; sent: the SMTP server accepted it; failed:
 * refused for good, to an undeliverable address, or given up after too many temporary failures.
 */
export const MAIL_STATUSES = ["kept", "queued", "sending", "sent", "failed"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  kept: "Kept (not sent)",
  queued: "Queued",
  sending: "Sending",
  sent: "Sent",
  failed: "Failed",
};

/** A message as the admin's Mail screen lists it. */
export interface OutboxItem {
  id: number;
  kind: MailKind;
  recipient: string;
  subject: string;
  status: MailStatus;
  attempts: number;
  createdAt: string;
  sentAt: string | null;
  nextAttemptAt: string | null;
  lastError: string | null;
  /** Times a server died while this message was handed to SMTP (it was sent again each time). */
  interrupted: number;
}

/** One message whole, for the admin to read. */
export interface OutboxMessage extends OutboxItem {
  html: string;
  text: string;
  headers: Record<string, string>;
  smtpResponse: string | null;
}
