/**
 * A listing's special hours (dated exceptions to its weekly hours) and, re-exported from listing-status.ts (what
 * cards load), its closed status: the stored shapes, which day's hours hold on a date, the week ahead as the listing
 * page shows it. Browser-safe and without zod (the checks are in special-hours-schema.ts).
 * Dates are the listing's own local calendar dates (YYYY-MM-DD), on the clock of its time zone.
 */
import { formatLongDateUtc } from "~/utils/en-us";
import { formatTimeRange, type TimeRange, type Weekday, type WeeklyHours } from "./opening-hours";
import { formatShortDate, utcDate, weekdayOfDate } from "./listing-status";

export {
  closedLabel,
  formatMonthDay,
  formatShortDate,
  isListingStatus,
  LISTING_STATUS_LABELS,
  LISTING_STATUSES,
  statusOn,
  weekdayOfDate,
  type ListingStatus,
} from "./listing-status";

// Calendar arithmetic of its own rather than utils/dates', whose module makes an Intl formatter as it loads: public
// pages use this module while they load (docs/decisions/024-no-intl-while-loading.md).
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

/**
 * Without JavaScript the special hours editor is one text area (`specialHours.text`), one exception a line, whose
 * text the server reads as the spreadsheet column (parseSpecialHoursText).
 */
export const plainSpecialHoursFieldName = (name: string) => `${name}.text`;
