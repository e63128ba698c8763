/**
 * A listing's closed status and the few date words its badge needs: the part of special-hours.ts that every card
 * loads, kept small and without Intl (docs/decisions/024-no-intl-while-loading.md).
 */
import { WEEKDAY_SHORT_NAMES, WEEKDAYS, type Weekday } from "./opening-hours";

export const LISTING_STATUSES = ["open", "temporarily-closed", "permanently-closed"] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

export const LISTING_STATUS_LABELS: Record<ListingStatus, string> = {
  open: "Open (operating)",
  "temporarily-closed": "Temporarily closed",
  "permanently-closed": "Permanently closed",
};

export const isListingStatus = (value: string): value is ListingStatus => (LISTING_STATUSES as readonly string[]).includes(value);

const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A YYYY-MM-DD date as its UTC midnight. */
export function utcDate(date: string): Date {
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day));
}

/** The weekday of a YYYY-MM-DD date. */
export const weekdayOfDate = (date: string): Weekday => WEEKDAYS[(utcDate(date).getUTCDay() + 6) % 7] as Weekday;

/** "Feb 14". */
export function formatMonthDay(date: string): string {
  const day = utcDate(date);
  return `${SHORT_MONTHS[day.getUTCMonth()]} ${day.getUTCDate()}`;
}

/** "Sat, Feb 14", without Intl. */
export const formatShortDate = (date: string) => `${WEEKDAY_SHORT_NAMES[weekdayOfDate(date)]}, ${formatMonthDay(date)}`;

/** What a listing's status is on its local date `today`: a temporary closure ends by itself on `closedUntil`. */
export function statusOn(listing: { status: ListingStatus; closedUntil: string | null }, today: string): ListingStatus {
  if (listing.status === "temporarily-closed" && listing.closedUntil !== null && listing.closedUntil <= today) return "open";
  return listing.status;
}

/** "Temporarily closed · reopens Tue, Mar 3" / "Temporarily closed" / "Permanently closed". */
export function closedLabel(status: ListingStatus, closedUntil: string | null): string | null {
  if (status === "permanently-closed") return "Permanently closed";
  if (status === "temporarily-closed")
    return closedUntil ? `Temporarily closed · reopens ${formatShortDate(closedUntil)}` : "Temporarily closed";
  return null;
}
