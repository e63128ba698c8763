/**
 * A listing's special hours (dated exceptions to its weekly hours) and its closed status: the stored shapes,
 * which day's hours hold on a date, the week ahead as the listing page shows it, and the status a listing has
 * today. Browser-safe and without zod (the checks are in special-hours-schema.ts), so cards can use it.
 * Dates are the listing's own local calendar dates (YYYY-MM-DD), on the clock of its time zone.
 */
import { formatLongDateUtc } from "~/utils/en-us";
import { formatTimeRange, WEEKDAY_SHORT_NAMES, WEEKDAYS, type TimeRange, type Weekday, type WeeklyHours } from "./opening-hours";

// Calendar arithmetic of its own rather than utils/dates', whose module makes an Intl formatter as it loads: cards
// use this module while a public page loads (docs/decisions/024-no-intl-while-loading.md).
const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A YYYY-MM-DD date as its UTC midnight. */
function utcDate(date: string): Date {
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day));
}

const addDays = (date: string, days: number) => new Date(utcDate(date).getTime() + days * 86_400_000).toISOString().slice(0, 10);
const parseIsoDate = utcDate;

/** One exception: the dates it covers (`from` to `to`, both included), its ranges ([] is closed) and a short note. */
export interface SpecialHours {
  from: string;
  to: string;
  /** The hours on each of those dates, as a weekday's ranges; [] means closed. */
  ranges: TimeRange[];
  /** "Valentine's week: public 6 AM-2 PM, trade from 3 AM"; "" when none. */
  note: string;
}

/**
 * The longest exception, as Google counts it: up to 6 days the listing keeps its "Open now" and its week with
 * these hours; a closure of 7 days or more is "temporarily closed" until a date (the listing's status).
 */
export const MAX_SPECIAL_DAYS = 6;
/** More exceptions than a year of holidays needs is a typing slip. */
export const MAX_SPECIAL_HOURS = 30;
export const MAX_SPECIAL_NOTE = 120;

export const LISTING_STATUSES = ["open", "temporarily-closed", "permanently-closed"] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

export const LISTING_STATUS_LABELS: Record<ListingStatus, string> = {
  open: "Open (operating)",
  "temporarily-closed": "Temporarily closed",
  "permanently-closed": "Permanently closed",
};

export const isListingStatus = (value: string): value is ListingStatus => (LISTING_STATUSES as readonly string[]).includes(value);

/** How many days an exception covers, both ends included. */
export const daysCovered = (entry: Pick<SpecialHours, "from" | "to">) =>
  Math.round((parseIsoDate(entry.to).getTime() - parseIsoDate(entry.from).getTime()) / 86_400_000) + 1;

/** The exception that holds on `date` (YYYY-MM-DD), if any; the checks keep exceptions from overlapping. */
export function specialHoursOn(special: readonly SpecialHours[] | null | undefined, date: string): SpecialHours | undefined {
  return special?.find((entry) => entry.from <= date && date <= entry.to);
}

/** The exceptions not over yet on `today`, soonest first. */
export function upcomingSpecialHours(special: readonly SpecialHours[] | null | undefined, today: string): SpecialHours[] {
  return (special ?? []).filter((entry) => entry.to >= today).sort((a, b) => a.from.localeCompare(b.from));
}

/** The weekday of a YYYY-MM-DD date. */
export const weekdayOfDate = (date: string): Weekday => WEEKDAYS[(parseIsoDate(date).getUTCDay() + 6) % 7] as Weekday;

/** "Feb 14". */
export function formatMonthDay(date: string): string {
  const day = parseIsoDate(date);
  return `${SHORT_MONTHS[day.getUTCMonth()]} ${day.getUTCDate()}`;
}

/** "Sat, Feb 14", without Intl (docs/decisions/024-no-intl-while-loading.md). */
export const formatShortDate = (date: string) => `${WEEKDAY_SHORT_NAMES[weekdayOfDate(date)]}, ${formatMonthDay(date)}`;

/** "February 14, 2027". */
export const formatLongDate = (date: string) => formatLongDateUtc(parseIsoDate(date));

/** "Sat, Feb 14" or "Mon, Feb 9 – Sat, Feb 14". */
export const formatSpecialDates = (entry: Pick<SpecialHours, "from" | "to">) =>
  entry.from === entry.to ? formatShortDate(entry.from) : `${formatShortDate(entry.from)} – ${formatShortDate(entry.to)}`;

/** "Closed" or "6 AM–2 PM, 3 PM–6 PM". */
export const formatSpecialRanges = (ranges: readonly TimeRange[]) => (ranges.length ? ranges.map(formatTimeRange).join(", ") : "Closed");

/** One day of the week ahead. */
export interface DayAhead {
  date: string;
  weekday: Weekday;
  /** The hours that hold that day: the exception's when there is one, else the weekday's. */
  ranges: TimeRange[];
  special: SpecialHours | null;
}

/** The seven days from `today`, each with the hours that hold on it (an exception's, or the week's). */
export function weekAhead(hours: WeeklyHours, special: readonly SpecialHours[] | null | undefined, today: string): DayAhead[] {
  return Array.from({ length: 7 }, (_, offset) => {
    const date = addDays(today, offset);
    const weekday = weekdayOfDate(date);
    const entry = specialHoursOn(special, date) ?? null;
    return { date, weekday, ranges: entry ? entry.ranges : hours[weekday], special: entry };
  });
}

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

/**
 * Without JavaScript the special hours editor is one text area (`specialHours.text`), one exception a line, whose
 * text the server reads as the spreadsheet column (parseSpecialHoursText).
 */
export const plainSpecialHoursFieldName = (name: string) => `${name}.text`;
