/**
 * The flower holidays (Valentine's Day, Mother's Day): the weeks florists buy most, whose hours shoppers ask about.
 * A site setting lists them with their dates (flower-holidays.server.ts); without one, the site uses these two by
 * their rules (February 14; the second Sunday of May). Pure and browser-safe: the listing page and the owners'
 * reminder (services/owners/holiday-hours.server.ts) both work from a date.
 */
import { addDays, isValidIsoDate, parseIsoDate } from "~/utils/dates";
import type { SpecialHours } from "./special-hours";

export interface FlowerHoliday {
  /** "Mother's Day". */
  name: string;
  /** YYYY-MM-DD. */
  date: string;
}

/** A holiday's week: the six days before it and the day itself, when florists buy for it. */
export const holidayWeek = (holiday: FlowerHoliday) => ({ from: addDays(holiday.date, -6), to: holiday.date });

/** How long before a holiday's week the listing page says whether its hours for that week are confirmed. */
export const HOLIDAY_NOTICE_DAYS = 28;
/** How long before the holiday owners are asked for that week's hours: three weeks. */
export const HOLIDAY_REMINDER_DAYS = 21;

/** The second Sunday of May of `year`. */
function mothersDay(year: number): string {
  const first = parseIsoDate(`${year}-05-01`).getUTCDay();
  return addDays(`${year}-05-01`, ((7 - first) % 7) + 7);
}

/** Valentine's Day and Mother's Day of `year` and the next, by their rules. */
export function defaultFlowerHolidays(year: number): FlowerHoliday[] {
  return [year, year + 1].flatMap((y) => [
    { name: "Valentine's Day", date: `${y}-02-14` },
    { name: "Mother's Day", date: mothersDay(y) },
  ]);
}

/** The setting's text: one holiday a line, "Mother's Day: 2027-05-09". */
export const formatFlowerHolidays = (holidays: readonly FlowerHoliday[]) =>
  holidays.map((holiday) => `${holiday.name}: ${holiday.date}`).join("\n");

export type FlowerHolidaysResult = { ok: true; holidays: FlowerHoliday[] } | { ok: false; message: string };

/** Reads the setting's text, one "Name: YYYY-MM-DD" a line; the holidays come back by date. */
export function parseFlowerHolidays(text: string): FlowerHolidaysResult {
  const holidays: FlowerHoliday[] = [];
  for (const line of text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)) {
    const match = /^(.{2,60}?)\s*:\s*(\d{4}-\d{2}-\d{2})$/.exec(line);
    if (!match || !isValidIsoDate(match[2] ?? "")) {
      return {
        ok: false,
        message: `“${line}” could not be read. Write one holiday a line, its name then its date, such as Mother's Day: 2027-05-09.`,
      };
    }
    holidays.push({ name: match[1] ?? "", date: match[2] ?? "" });
  }
  return { ok: true, holidays: holidays.sort((a, b) => a.date.localeCompare(b.date)) };
}

/**
 * The holiday whose owners' reminder is due on `date`: from `daysAhead` days (three weeks) before it until its week
 * begins, so a run that missed a day still asks (the caller keeps whom it asked for which holiday); null otherwise.
 */
export function holidayDueForReminder(
  holidays: readonly FlowerHoliday[],
  date: string,
  daysAhead = HOLIDAY_REMINDER_DAYS,
): FlowerHoliday | null {
  return (
    [...holidays]
      .sort((a, b) => a.date.localeCompare(b.date))
      .find((holiday) => addDays(holiday.date, -daysAhead) <= date && date < holidayWeek(holiday).from) ?? null
  );
}

export interface HolidayNotice {
  holiday: FlowerHoliday;
  /** True when the listing's special hours say something about a day of the holiday's week. */
  confirmed: boolean;
}

/**
 * What the listing page says about the next holiday on the listing's local date `today`: from HOLIDAY_NOTICE_DAYS
 * before its week begins until the holiday itself, whether special hours cover a day of that week (the business
 * then said what its hours are that week). Null outside that time.
 */
export function holidayNotice(holidays: readonly FlowerHoliday[], special: readonly SpecialHours[], today: string): HolidayNotice | null {
  const holiday = [...holidays]
    .sort((a, b) => a.date.localeCompare(b.date))
    .find((h) => h.date >= today && addDays(holidayWeek(h).from, -HOLIDAY_NOTICE_DAYS) <= today);
  if (!holiday) return null;
  const week = holidayWeek(holiday);
  return { holiday, confirmed: special.some((entry) => entry.from <= week.to && entry.to >= week.from) };
}
