/**
 * What only the hours editors and their checks use (the admin's and the owners' forms, opening-hours-schema.ts):
 * kept apart from opening-hours.ts, which every results page loads for "Open now".
 */
import { WEEKDAY_NAMES, WEEKDAYS, type TimeRange, type Weekday, type WeeklyHours } from "./opening-hours";

/**
 * Without JavaScript the hours editor is one plain text field per day (`openingHours.mon`, ...), whose text the
 * server reads as the spreadsheet text form does ("06:00-12:00, 13:00-15:00"; empty when closed).
 */
export const plainHoursFieldName = (name: string, day: Weekday) => `${name}.${day}`;

/** A day's ranges as its plain field shows them: "06:00-12:00, 13:00-15:00", empty when closed. */
export const plainDayText = (ranges: readonly TimeRange[]) => ranges.map((range) => `${range.open}-${range.close}`).join(", ");

/** Two split shifts plus an evening market is the most any supplier has needed; more is a typing slip. */
export const MAX_RANGES_PER_DAY = 4;

export const NO_HOURS_MESSAGE = "Add hours for at least one day, or uncheck “This listing has set weekly hours”.";

export function emptyWeeklyHours(): WeeklyHours {
  return { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
}

/** The admin's shortcut: Tuesday to Friday get Monday's ranges. */
export function copyMondayToWeekdays(hours: WeeklyHours): WeeklyHours {
  const copy = () => hours.mon.map((range) => ({ ...range }));
  return { ...hours, tue: copy(), wed: copy(), thu: copy(), fri: copy() };
}

/** The day a validation message is about ("Tuesday: …" → "tue"), so a form can show it on that day's row. */
export function dayOfMessage(message: string): Weekday | null {
  return WEEKDAYS.find((day) => message.startsWith(`${WEEKDAY_NAMES[day]}:`)) ?? null;
}

/**
 * A time input cannot show "24:00": midnight at the end of the day is shown as "00:00" and read back as
 * "24:00", which is what makes "00:00"–"00:00" a whole day rather than an empty range.
 */
export function closeToTimeInput(close: string): string {
  return close === "24:00" ? "00:00" : close;
}

export function closeFromTimeInput(value: string): string {
  return value === "00:00" ? "24:00" : value;
}
