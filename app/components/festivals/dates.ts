/**
 * Festival dates are calendar dates (YYYY-MM-DD), not instants. Everything here works on the date's own
 * year, month and day, so the server and every browser show the same day whatever their time zone.
 */

import { DAY_NAMES, MONTH_NAMES } from "~/utils/dates";

export { MONTH_NAMES };

interface DateParts {
  year: number;
  month: number;
  day: number;
}

function partsOf(isoDate: string): DateParts {
  const [year, month, day] = isoDate.split("-").map(Number) as [number, number, number];
  return { year, month, day };
}

type MonthStyle = "short" | "long";

const monthName = (month: number, style: MonthStyle) => {
  const name = MONTH_NAMES[month - 1] ?? "";
  return style === "short" ? name.slice(0, 3) : name;
};

/**
 * "Mar 6, 2026", "Mar 6–14, 2026", "Mar 28 – Apr 5, 2026" or "Dec 30, 2026 – Jan 2, 2027"
 * (full month names with style "long").
 */
export function formatDateRange(startDate: string, endDate: string, style: MonthStyle = "short"): string {
  const start = partsOf(startDate);
  const end = partsOf(endDate);
  const startMonth = monthName(start.month, style);
  const endMonth = monthName(end.month, style);
  if (startDate === endDate) return `${startMonth} ${start.day}, ${start.year}`;
  if (start.year !== end.year) return `${startMonth} ${start.day}, ${start.year} – ${endMonth} ${end.day}, ${end.year}`;
  if (start.month !== end.month) return `${startMonth} ${start.day} – ${endMonth} ${end.day}, ${end.year}`;
  return `${startMonth} ${start.day}–${end.day}, ${end.year}`;
}

/** "Saturday, April 12, 2026". */
export function formatLongDate(isoDate: string): string {
  const { year, month, day } = partsOf(isoDate);
  const weekday = DAY_NAMES[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
  return `${weekday}, ${monthName(month, "long")} ${day}, ${year}`;
}

/** The short month and the day of a date, for a date badge: { month: "Apr", day: 12 }. */
export function monthAndDay(isoDate: string) {
  const { month, day } = partsOf(isoDate);
  return { month: monthName(month, "short"), day };
}

/** How many days the festival runs, counting its first and last day. */
export function durationInDays(startDate: string, endDate: string): number {
  const toUtc = ({ year, month, day }: DateParts) => Date.UTC(year, month - 1, day);
  return Math.round((toUtc(partsOf(endDate)) - toUtc(partsOf(startDate))) / 86_400_000) + 1;
}

/** A calendar date as a local Date at noon: the day stays the same in any time zone and across DST changes. */
export function toLocalDate(isoDate: string): Date {
  const { year, month, day } = partsOf(isoDate);
  return new Date(year, month - 1, day, 12);
}

export function fromLocalDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
