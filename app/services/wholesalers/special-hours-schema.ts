/**
 * The checks of a listing's special hours and closed status (the stored JSON, the admin form's fields, the CSV
 * columns) and the special hours' text form, one exception a line, for spreadsheets and the form without
 * JavaScript. Kept apart from special-hours.ts so that the public pages do not ship zod.
 */
import { z } from "zod";
import { isValidIsoDate } from "~/utils/dates";
import { formatClockTime, formatTimeRange, minutesOf, type TimeRange } from "./opening-hours";
import { MAX_RANGES_PER_DAY } from "./opening-hours-editing";
import {
  daysCovered,
  formatSpecialDates,
  isListingStatus,
  LISTING_STATUSES,
  MAX_SPECIAL_DAYS,
  MAX_SPECIAL_HOURS,
  MAX_SPECIAL_NOTE,
  plainSpecialHoursFieldName,
  type ListingStatus,
  type SpecialHours,
} from "./special-hours";

const OPEN_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const CLOSE_TIME = /^(([01]\d|2[0-3]):([0-5]\d)|24:00)$/;
const MINUTES_PER_DAY = 24 * 60;

export const TOO_LONG_MESSAGE = `an exception lasts at most ${MAX_SPECIAL_DAYS} days. For a closure of 7 days or more, set the listing “Temporarily closed” with the day it reopens.`;

/** [start, end) of a range in minutes from the day's midnight; a close at or before the open runs into the next day. */
function spanOf(range: TimeRange): [number, number] {
  const open = minutesOf(range.open);
  const close = minutesOf(range.close);
  return [open, close > open ? close : close + MINUTES_PER_DAY];
}

/** The name an exception's messages start with: "Sat, Feb 14: …", or its dates as typed when they cannot be read. */
const labelOf = (entry: { from: string; to: string }) =>
  isValidIsoDate(entry.from) && isValidIsoDate(entry.to) && entry.from <= entry.to
    ? formatSpecialDates(entry)
    : entry.from === entry.to
      ? entry.from
      : `${entry.from} to ${entry.to}`;

const entryShape = z.strictObject(
  {
    from: z.string({ error: "Each exception needs a first date." }),
    to: z.string({ error: "Each exception needs a last date." }),
    ranges: z.array(z.strictObject({ open: z.string(), close: z.string() }), { error: "An exception's hours could not be read." }),
    note: z.string({ error: "An exception's note could not be read." }),
  },
  { error: "Each exception gives its dates, its hours (none when closed) and a note, and nothing else." },
);

/**
 * A listing's special hours: at most MAX_SPECIAL_HOURS exceptions of 1 to MAX_SPECIAL_DAYS days each, none sharing a
 * date, each closed or with up to MAX_RANGES_PER_DAY ranges that do not overlap, and a note of at most
 * MAX_SPECIAL_NOTE characters. Messages start with the exception's dates. Sorted by date once read.
 */
export const specialHoursSchema = z
  .array(entryShape, { error: "The special hours could not be read." })
  .max(MAX_SPECIAL_HOURS, `At most ${MAX_SPECIAL_HOURS} special hours; remove the ones that are over.`)
  .transform((list) => list.map((entry) => ({ ...entry, note: entry.note.trim().replace(/\s+/g, " ") })))
  .superRefine((list, ctx) => {
    let wellFormed = true;
    list.forEach((entry, index) => {
      const issue = (message: string) => {
        ctx.addIssue({ code: "custom", path: [index], message: `${labelOf(entry)}: ${message}` });
        wellFormed = false;
      };
      if (!isValidIsoDate(entry.from)) return issue(`“${entry.from}” is not a date (use YYYY-MM-DD).`);
      if (!isValidIsoDate(entry.to)) return issue(`“${entry.to}” is not a date (use YYYY-MM-DD).`);
      if (entry.to < entry.from) return issue("the last date is before the first.");
      if (daysCovered(entry) > MAX_SPECIAL_DAYS) return issue(TOO_LONG_MESSAGE);
      if (entry.note.length > MAX_SPECIAL_NOTE) return issue(`the note is at most ${MAX_SPECIAL_NOTE} characters.`);
      if (entry.ranges.length > MAX_RANGES_PER_DAY) return issue(`at most ${MAX_RANGES_PER_DAY} time ranges a day.`);
      for (const range of entry.ranges) {
        if (!range.open || !range.close) return issue("enter both an opening and a closing time.");
        if (!OPEN_TIME.test(range.open)) return issue(`“${range.open}” is not an opening time (use HH:MM, 24-hour).`);
        if (!CLOSE_TIME.test(range.close)) return issue(`“${range.close}” is not a closing time (use HH:MM, 24-hour).`);
        if (range.open === range.close) return issue(`${formatClockTime(minutesOf(range.open))} opens and closes at the same time.`);
      }
      const spans = entry.ranges.map((range) => ({ range, span: spanOf(range) }));
      for (let i = 0; i < spans.length; i++) {
        for (let j = i + 1; j < spans.length; j++) {
          const [a, b] = [spans[i]!, spans[j]!];
          if (a.span[0] < b.span[1] && b.span[0] < a.span[1]) {
            return issue(`${formatTimeRange(a.range)} overlaps ${formatTimeRange(b.range)}.`);
          }
        }
      }
    });
    if (!wellFormed) return;
    const sorted = list.map((entry, index) => ({ entry, index })).sort((a, b) => a.entry.from.localeCompare(b.entry.from));
    for (let i = 1; i < sorted.length; i++) {
      const previous = sorted[i - 1]!;
      const current = sorted[i]!;
      if (current.entry.from <= previous.entry.to) {
        ctx.addIssue({
          code: "custom",
          path: [current.index],
          message: `${labelOf(current.entry)}: shares dates with ${labelOf(previous.entry)}. Give each date one exception.`,
        });
      }
    }
  })
  .transform((list): SpecialHours[] => [...list].sort((a, b) => a.from.localeCompare(b.from)));

/** A listing's stored special hours (JSON text): [] when it has none or the text is not valid special hours. */
export function parseSpecialHours(json: string | null): SpecialHours[] {
  if (!json) return [];
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return [];
  }
  const result = specialHoursSchema.safeParse(value);
  return result.success ? result.data : [];
}

/** What the column stores: JSON, or null for none. */
export const specialHoursColumn = (list: readonly SpecialHours[]) => (list.length ? JSON.stringify(list) : null);

/** The admin form's hidden field: JSON of the list, empty for none. */
export const specialHoursFieldSchema = z
  .string()
  .trim()
  .transform((text, ctx): unknown => {
    if (!text) return [];
    try {
      return JSON.parse(text);
    } catch {
      ctx.addIssue({ code: "custom", message: "The special hours could not be read. Reload the page and enter them again." });
      return z.NEVER;
    }
  })
  .pipe(specialHoursSchema);

// ---- One exception a line, for a spreadsheet cell and the form without JavaScript ----

export const SPECIAL_HOURS_TEXT_EXAMPLE = "2027-02-08 to 2027-02-13 03:00-14:00 | Valentine's week: public 6 AM-2 PM, trade from 3 AM";

export type SpecialHoursTextResult = { ok: true; special: SpecialHours[] } | { ok: false; message: string };

/**
 * The list as text: one exception a line, "2027-02-14 closed | Valentine's Day" or
 * "2027-02-08 to 2027-02-13 06:00-14:00, 15:00-18:00 | Valentine's week"; the note (after " | ") may be left out.
 * parseSpecialHoursText gives back the same list.
 */
export function formatSpecialHoursText(list: readonly SpecialHours[]): string {
  return list
    .map((entry) => {
      const dates = entry.from === entry.to ? entry.from : `${entry.from} to ${entry.to}`;
      const hours = entry.ranges.length ? entry.ranges.map((range) => `${range.open}-${range.close}`).join(", ") : "closed";
      return `${dates} ${hours}${entry.note ? ` | ${entry.note}` : ""}`;
    })
    .join("\n");
}

const LINE = /^(\d{4}-\d{1,2}-\d{1,2})(?:\s*(?:to|–|—|\.\.)\s*(\d{4}-\d{1,2}-\d{1,2}))?\s*:?\s*([^|]*?)\s*(?:\|\s*(.*))?$/i;
const RANGE = /^(\d{1,2}):(\d{2})\s*(?:-|–|—|\bto\b)\s*(\d{1,2}):(\d{2})$/i;

const padDate = (date: string) =>
  date
    .split("-")
    .map((part, index) => (index === 0 ? part : part.padStart(2, "0")))
    .join("-");
const clockText = (hours: string, minutes: string) => `${hours.padStart(2, "0")}:${minutes}`;

/**
 * Reads the text form (formatSpecialHoursText's, and the ways people write it): a line per exception, its date or
 * "first to last" dates, then "closed", "24 hours" or time ranges separated by commas, then optionally " | " and
 * the note. Empty text is no special hours. The list must then pass specialHoursSchema, whose messages name the dates.
 */
export function parseSpecialHoursText(text: string): SpecialHoursTextResult {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const list: { from: string; to: string; ranges: TimeRange[]; note: string }[] = [];
  for (const line of lines) {
    const match = LINE.exec(line);
    if (!match) {
      return {
        ok: false,
        message: `Special hours: “${line}” could not be read. Start each line with its date (YYYY-MM-DD), then the hours or “closed”, as in ${SPECIAL_HOURS_TEXT_EXAMPLE}.`,
      };
    }
    const [, fromText = "", toText, hoursText = "", note = ""] = match;
    const from = padDate(fromText);
    const to = toText ? padDate(toText) : from;
    const label = from === to ? from : `${from} to ${to}`;
    let ranges: TimeRange[] = [];
    if (/^(open )?24 hours$/i.test(hoursText)) ranges = [{ open: "00:00", close: "24:00" }];
    else if (!/^closed$/i.test(hoursText)) {
      if (!hoursText) return { ok: false, message: `Special hours: ${label}: give the hours, or “closed”.` };
      for (const part of hoursText.split(/\s*,\s*/)) {
        const range = RANGE.exec(part);
        if (!range) {
          return {
            ok: false,
            message: `Special hours: ${label}: “${part}” is not a time range. Write it as HH:MM-HH:MM, 24-hour, such as 06:00-14:00, or “closed”.`,
          };
        }
        const [, openHours = "", openMinutes = "", closeHours = "", closeMinutes = ""] = range;
        ranges.push({ open: clockText(openHours, openMinutes), close: clockText(closeHours, closeMinutes) });
      }
    }
    list.push({ from, to, ranges, note: note.trim() });
  }
  const result = specialHoursSchema.safeParse(list);
  if (result.success) return { ok: true, special: result.data };
  return { ok: false, message: `Special hours: ${result.error.issues[0]?.message ?? "they could not be read."}` };
}

/**
 * The special hours from the editor's plain field (without JavaScript), when the form sent that instead of the
 * JSON field: undefined when it sent neither or the JSON one.
 */
export function specialHoursFromPlainField(read: (field: string) => unknown, name: string): SpecialHoursTextResult | undefined {
  if (read(name) !== undefined) return undefined;
  const text = read(plainSpecialHoursFieldName(name));
  return typeof text === "string" ? parseSpecialHoursText(text) : undefined;
}

// ---- Closed status ----

export const statusSchema = z
  .union([z.literal(""), z.enum(LISTING_STATUSES)], { message: "Choose open, temporarily closed or permanently closed." })
  .optional()
  .transform((value): ListingStatus => value || "open");

/** The reopening date: a real date, kept only while the listing is temporarily closed. */
export const closedUntilSchema = z
  .string()
  .trim()
  .optional()
  .refine((value) => !value || isValidIsoDate(value), "Enter the day it reopens as YYYY-MM-DD, or leave it empty when not known.")
  .transform((value) => value || null);

export { isListingStatus };
