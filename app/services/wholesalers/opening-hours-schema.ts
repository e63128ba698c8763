/**
 * The checks of a listing's weekly hours (the stored JSON, the admin form's field) and their one-line text
 * form for spreadsheets. Used by the server and the admin screens; kept apart from opening-hours.ts so the
 * public pages, whose cards only show hours, do not ship zod (the first-load budget of issue #13).
 */
import { z } from "zod";
import {
  formatClockTime,
  formatTimeRange,
  minutesOf,
  MINUTES_PER_WEEK,
  WEEKDAY_NAMES,
  WEEKDAY_SHORT_NAMES,
  weekRanges,
  WEEKDAYS,
  type TimeRange,
  type WeekRange,
  type Weekday,
  type WeeklyHours,
} from "./opening-hours";
import { emptyWeeklyHours, MAX_RANGES_PER_DAY, NO_HOURS_MESSAGE, plainHoursFieldName } from "./opening-hours-editing";

const OPEN_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const CLOSE_TIME = /^(([01]\d|2[0-3]):([0-5]\d)|24:00)$/;

const daySchema = (day: Weekday) => {
  const error = `${WEEKDAY_NAMES[day]}: the time ranges could not be read.`;
  return z.array(z.object({ open: z.string({ error }), close: z.string({ error }) }, { error }), { error });
};

/** Whether two ranges share a minute, counting Sunday night's range that runs into Monday morning. */
function overlaps(a: WeekRange, b: WeekRange): boolean {
  return [-MINUTES_PER_WEEK, 0, MINUTES_PER_WEEK].some((shift) => a.start < b.end + shift && b.start + shift < a.end);
}

function overlapMessage(first: WeekRange, second: WeekRange): string {
  if (first.day === second.day) {
    return `${WEEKDAY_NAMES[first.day]}: ${formatTimeRange(first.range)} overlaps ${formatTimeRange(second.range)}.`;
  }
  return `${WEEKDAY_NAMES[first.day]}: ${formatTimeRange(first.range)} runs past midnight into ${WEEKDAY_NAMES[second.day]}’s ${formatTimeRange(second.range)}.`;
}

/** The order two overlapping ranges are named in: the one that starts first, Sunday night before Monday morning. */
function inNamingOrder(a: WeekRange, b: WeekRange): [WeekRange, WeekRange] {
  const aWraps = a.end > MINUTES_PER_WEEK && b.start < a.end - MINUTES_PER_WEEK;
  const bWraps = b.end > MINUTES_PER_WEEK && a.start < b.end - MINUTES_PER_WEEK;
  if (aWraps && !bWraps) return [a, b];
  if (bWraps && !aWraps) return [b, a];
  return a.start <= b.start ? [a, b] : [b, a];
}

/**
 * The stored shape of a listing's hours. Messages start with the day they are about ("Tuesday: …"),
 * so a form can show them next to that day (`dayOfMessage`); an issue's path is [day] or [day, index].
 */
export const weeklyHoursSchema = z
  .strictObject(
    {
      mon: daySchema("mon"),
      tue: daySchema("tue"),
      wed: daySchema("wed"),
      thu: daySchema("thu"),
      fri: daySchema("fri"),
      sat: daySchema("sat"),
      sun: daySchema("sun"),
    },
    { error: "Opening hours list the time ranges of each day of the week, and nothing else." },
  )
  .superRefine((hours, ctx) => {
    let wellFormed = true;
    for (const day of WEEKDAYS) {
      const name = WEEKDAY_NAMES[day];
      const ranges = hours[day];
      if (ranges.length > MAX_RANGES_PER_DAY) {
        ctx.addIssue({ code: "custom", path: [day], message: `${name}: at most ${MAX_RANGES_PER_DAY} time ranges a day.` });
        wellFormed = false;
      }
      ranges.forEach((range, index) => {
        const issue = (message: string) => {
          ctx.addIssue({ code: "custom", path: [day, index], message: `${name}: ${message}` });
          wellFormed = false;
        };
        if (!range.open || !range.close) issue("enter both an opening and a closing time.");
        else if (!OPEN_TIME.test(range.open)) issue(`“${range.open}” is not an opening time (use HH:MM, 24-hour).`);
        else if (!CLOSE_TIME.test(range.close)) issue(`“${range.close}” is not a closing time (use HH:MM, 24-hour).`);
        else if (range.open === range.close) issue(`${formatClockTime(minutesOf(range.open))} opens and closes at the same time.`);
      });
    }
    if (!wellFormed) return;
    const ranges = weekRanges(hours);
    if (ranges.length === 0) {
      ctx.addIssue({ code: "custom", path: [], message: NO_HOURS_MESSAGE });
      return;
    }
    for (let i = 0; i < ranges.length; i++) {
      for (let j = i + 1; j < ranges.length; j++) {
        const a = ranges[i] as WeekRange;
        const b = ranges[j] as WeekRange;
        if (!overlaps(a, b)) continue;
        const [first, second] = inNamingOrder(a, b);
        ctx.addIssue({ code: "custom", path: [first.day], message: overlapMessage(first, second) });
      }
    }
  });

/** A listing's stored hours (JSON text), or null when it has none or the text is not valid hours. */
export function parseWeeklyHours(json: string | null): WeeklyHours | null {
  if (!json) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  const result = weeklyHoursSchema.safeParse(value);
  return result.success ? result.data : null;
}

/**
 * The admin form's hidden field: empty means "no set hours" (null); otherwise JSON that must be valid hours.
 * Nested under a form field, fieldErrorsOf reports its first message under that field's name.
 */
export const weeklyHoursFieldSchema = z
  .string()
  .trim()
  .transform((text, ctx): unknown => {
    if (!text) return null;
    try {
      return JSON.parse(text);
    } catch {
      ctx.addIssue({ code: "custom", message: "The opening hours could not be read. Reload the page and enter them again." });
      return z.NEVER;
    }
  })
  .pipe(weeklyHoursSchema.nullable());
// ---- The week as one line of text, for a spreadsheet cell ----

/** The text form at a glance, for messages and the import's notes. */
export const HOURS_TEXT_EXAMPLE = "Mon-Fri 06:00-14:00; Sat 07:00-12:00, 13:00-15:00; Sun closed";
export const HOURS_TEXT_ALL_CLOSED =
  "Opening hours: every day is closed. Give the hours of at least one day, or leave the opening hours empty.";

export type HoursTextResult = { ok: true; hours: WeeklyHours | null } | { ok: false; message: string };

const rangeText = (range: TimeRange) => `${range.open}-${range.close}`;

/**
 * The week as text a person can read and edit in a spreadsheet: consecutive days with the same ranges
 * share a group ("Mon-Fri"), groups are separated by "; ", a day's ranges by ", ", times are 24-hour HH:MM
 * and a closed day says "closed". The ranges keep their stored order, so parseHoursText gives back the same week.
 */
export function formatHoursText(hours: WeeklyHours): string {
  const groups: { days: Weekday[]; text: string }[] = [];
  for (const day of WEEKDAYS) {
    const text = hours[day].length ? hours[day].map(rangeText).join(", ") : "closed";
    const last = groups.at(-1);
    if (last && last.text === text) last.days.push(day);
    else groups.push({ days: [day], text });
  }
  return groups
    .map(({ days, text }) => {
      const first = WEEKDAY_SHORT_NAMES[days[0] as Weekday];
      const last = WEEKDAY_SHORT_NAMES[days.at(-1) as Weekday];
      return `${days.length > 1 ? `${first}-${last}` : first} ${text}`;
    })
    .join("; ");
}

/** A group: its days, then (after an optional colon) "closed", "24 hours" or time ranges. */
const HOURS_GROUP = /^(.*?)\s*:?\s*(open 24 hours|24 hours|closed|\d.*)$/i;
const HOURS_RANGE = /^(\d{1,2}):(\d{2})\s*(?:-|–|—|\bto\b)\s*(\d{1,2}):(\d{2})$/i;
const DAY_SPAN = /\s*(?:-|–|—|\bto\b)\s*/i;
const EVERY_DAY = /^(daily|every ?day)$/i;

/** "Mon", "mon.", "Tues", "Thursday", "Th": a day named by the start of its name (two letters at least). */
function dayNamed(word: string): Weekday | undefined {
  const text = word.toLowerCase().replace(/\.$/, "");
  if (text.length < 2) return undefined;
  return WEEKDAYS.find((day) => WEEKDAY_NAMES[day].toLowerCase().startsWith(text));
}

/** The days of "Mon-Fri", "Sat, Sun", "Sat & Sun", "Fri-Mon" (across the weekend) or "Daily"; a message when a name is not a day. */
function daysNamed(text: string): Weekday[] | string {
  if (EVERY_DAY.test(text)) return [...WEEKDAYS];
  const days: Weekday[] = [];
  for (const item of text.split(/\s*[,&]\s*/)) {
    const names = item.split(DAY_SPAN);
    const [from, to] = names.map(dayNamed);
    const unknown = names.find((name) => !dayNamed(name));
    if (names.length > 2 || unknown !== undefined || !from) {
      return `Opening hours: “${unknown ?? item}” is not a day. Write days as Mon, Tue, Wed, Thu, Fri, Sat and Sun, or a range such as Mon-Fri.`;
    }
    const start = WEEKDAYS.indexOf(from);
    const length = to ? ((WEEKDAYS.indexOf(to) - start + 7) % 7) + 1 : 1;
    for (let i = 0; i < length; i++) days.push(WEEKDAYS[(start + i) % 7] as Weekday);
  }
  return days;
}

const clockText = (hours: string, minutes: string) => `${hours.padStart(2, "0")}:${minutes}`;

/** The ranges of "06:00-14:00, 16:00-19:00", "closed" or "24 hours"; a message naming `day` when one cannot be read. */
function rangesOf(text: string, day: Weekday): TimeRange[] | string {
  if (/^closed$/i.test(text)) return [];
  if (/^(open )?24 hours$/i.test(text)) return [{ open: "00:00", close: "24:00" }];
  const ranges: TimeRange[] = [];
  for (const part of text.split(/\s*,\s*/)) {
    const match = HOURS_RANGE.exec(part);
    if (!match) {
      return `${WEEKDAY_NAMES[day]}: “${part}” is not a time range. Write it as HH:MM-HH:MM, 24-hour, such as 06:00-14:00.`;
    }
    const [, openHours = "", openMinutes = "", closeHours = "", closeMinutes = ""] = match;
    ranges.push({ open: clockText(openHours, openMinutes), close: clockText(closeHours, closeMinutes) });
  }
  return ranges;
}

/**
 * Reads the text form (formatHoursText's, and the ways people write it by hand): groups separated by ";"
 * or line breaks, each its days then "closed", "24 hours" or time ranges separated by commas. A day the
 * text does not name is closed; a close at or before its open runs past midnight; "24:00" closes at
 * midnight. Empty text is "no set hours" (null). The week must then pass weeklyHoursSchema, whose
 * messages (starting with the day) say what is wrong.
 */
export function parseHoursText(text: string): HoursTextResult {
  const groups = text
    .split(/[;\n]/)
    .map((group) => group.trim())
    .filter(Boolean);
  if (groups.length === 0) return { ok: true, hours: null };
  const hours = emptyWeeklyHours();
  const named = new Set<Weekday>();
  for (const group of groups) {
    const match = HOURS_GROUP.exec(group);
    if (!match) {
      return {
        ok: false,
        message: `Opening hours: “${group}” could not be read. Write the days, then 24-hour time ranges or “closed”, as in ${HOURS_TEXT_EXAMPLE}.`,
      };
    }
    const [, daysWritten = "", rangesText = ""] = match;
    const daysText = daysWritten.replace(/[\s,&]+$/, "");
    if (!daysText) {
      return {
        ok: false,
        message: `Opening hours: “${group}” does not say which days. Start each part with its days, as in ${HOURS_TEXT_EXAMPLE}.`,
      };
    }
    const days = daysNamed(daysText);
    if (typeof days === "string") return { ok: false, message: days };
    const ranges = rangesOf(rangesText, days[0] as Weekday);
    if (typeof ranges === "string") return { ok: false, message: ranges };
    for (const day of days) {
      if (named.has(day)) {
        return {
          ok: false,
          message: `${WEEKDAY_NAMES[day]}: named twice. Give all of a day’s time ranges in one place, separated by commas.`,
        };
      }
      named.add(day);
      hours[day] = ranges.map((range) => ({ ...range }));
    }
  }
  const result = weeklyHoursSchema.safeParse(hours);
  if (result.success) return { ok: true, hours: result.data };
  const message = result.error.issues[0]?.message ?? NO_HOURS_MESSAGE;
  return { ok: false, message: message === NO_HOURS_MESSAGE ? HOURS_TEXT_ALL_CLOSED : message };
}

/**
 * The week from the hours editor's plain fields (without JavaScript): each day's text as parseHoursText reads a
 * group, with the same messages naming the day; an empty day is closed, and every day empty is no set hours.
 */
export function hoursFromPlainFields(read: (field: string) => string | undefined, name: string): HoursTextResult {
  const groups = WEEKDAYS.flatMap((day) => {
    const text = read(plainHoursFieldName(name, day))?.replace(/[;\n]/g, ",").trim();
    return text ? [`${WEEKDAY_SHORT_NAMES[day]} ${text}`] : [];
  });
  return parseHoursText(groups.join("; "));
}
