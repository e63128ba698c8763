/**
 * What the browser and the server both need to know about "Report a problem" on a listing: the kinds of
 * problem, the limits and the messages (this module is safe in the browser; the schema of what a visitor sends is in
 * report-schema.ts, so the listing cards do not ship zod).
 */
/** Reports one client address may send per hour, across all listings, before the form refuses more. */
export const REPORTS_PER_HOUR = 5;

import { HONEYPOT_FIELD } from "../honeypot";

export { HONEYPOT_FIELD };

/** What can be wrong with a listing, in the order the form offers them. */
export const REPORT_KINDS = ["closed", "wrong-address", "wrong-phone-or-hours", "not-a-flower-supplier", "other"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_KIND_LABELS: Record<ReportKind, string> = {
  closed: "Closed for good",
  "wrong-address": "Wrong address",
  "wrong-phone-or-hours": "Wrong phone number or hours",
  "not-a-flower-supplier": "Not a flower supplier",
  other: "Something else",
};

/** The label of a stored kind; a kind this version does not know is shown as stored. */
export const reportKindLabel = (kind: string): string => REPORT_KIND_LABELS[kind as ReportKind] ?? kind;

export const REPORT_FIELDS = ["kind", "details", "email"] as const;
export type ReportField = (typeof REPORT_FIELDS)[number];

export const REPORT_LIMITS = { details: 2000, email: 254 } as const;

export const REPORT_MESSAGES = {
  kindRequired: "Please choose what is wrong with this listing.",
  detailsRequired: "Please tell us what is wrong.",
  detailsTooLong: `Details must be at most ${REPORT_LIMITS.details} characters.`,
  invalidEmail: "Please enter a valid email address.",
  invalid: "Please check the highlighted fields.",
  notAForm: "Please send the report from the listing's form.",
  tooLarge: "This report is too long. Please shorten the details and try again.",
  listingGone: "This listing no longer exists. It may have been removed already.",
  tooMany: `You have already sent ${REPORTS_PER_HOUR} reports in the last hour. Thank you! Please try again later.`,
  saved: "Thanks — we'll check this listing.",
} as const;

/** What the report form posts; the honeypot rides along. */
export interface ListingReportInput extends Partial<Record<ReportField, string>> {
  [HONEYPOT_FIELD]?: string;
}

/** The answer of the report form's action, which the dialog and the report page show; a refusal carries what was sent back. */
export type ReportResult =
  | { ok: true; message: string }
  | { ok: false; message: string; fieldErrors: Partial<Record<ReportField, string>>; values?: Partial<Record<ReportField, string>> };

/** What a visitor reads once the report is stored. */
export const reportReceived = (listingName: string) =>
  `Your report on ${listingName} has reached our team. We correct or remove listings once we have confirmed the problem.`;
