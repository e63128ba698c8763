/**
 * A listing's weekly opening hours: the stored shape, its validation, the "Open now" status in the
 * listing's own time zone, and the rows a card shows. Browser-safe: the cards and the admin editor use it.
 */
import { z } from "zod";

export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** "HH:MM", 24-hour. A range whose close is at or before its open runs past midnight into the next day. close may be "24:00". */
export interface TimeRange {
  open: string;
  close: string;
}
/** Every weekday present; [] means closed that day. */
export type WeeklyHours = Record<Weekday, TimeRange[]>;

export const WEEKDAY_NAMES: Record<Weekday, string> = {
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
  sun: "Sunday",
};

export const WEEKDAY_SHORT_NAMES: Record<Weekday, string> = {
  mon: "Mon",
  tue: "Tue",
  wed: "Wed",
  thu: "Thu",
  fri: "Fri",
  sat: "Sat",
  sun: "Sun",
};

/** Two split shifts plus an evening market is the most any supplier has needed; more is a typing slip. */
export const MAX_RANGES_PER_DAY = 4;

export const NO_HOURS_MESSAGE = "Add hours for at least one day, or uncheck “This listing has set weekly hours”.";

const MINUTES_PER_DAY = 24 * 60;
const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;
const OPEN_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const CLOSE_TIME = /^(([01]\d|2[0-3]):([0-5]\d)|24:00)$/;

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  return hours * 60 + minutes;
}

/** How long a range lasts; a close at or before the open is on the next day. */
function lengthOf(range: TimeRange): number {
  const open = minutesOf(range.open);
  const close = minutesOf(range.close);
  return close > open ? close - open : close + MINUTES_PER_DAY - open;
}

/** "6 AM", "4:30 PM", "12 AM" for midnight (also for "24:00"). */
export function formatClockTime(minutesOfDay: number): string {
  const minutes = ((minutesOfDay % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  const hour = Math.floor(minutes / 60);
  const minute = minutes % 60;
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${hour12}${minute ? `:${String(minute).padStart(2, "0")}` : ""} ${hour < 12 ? "AM" : "PM"}`;
}

/** "9 AM–5 PM"; a whole day ("00:00"–"24:00") reads "Open 24 hours". */
export function formatTimeRange(range: TimeRange): string {
  if (range.open === "00:00" && range.close === "24:00") return "Open 24 hours";
  return `${formatClockTime(minutesOf(range.open))}–${formatClockTime(minutesOf(range.close))}`;
}

const daySchema = (day: Weekday) => {
  const error = `${WEEKDAY_NAMES[day]}: the time ranges could not be read.`;
  return z.array(z.object({ open: z.string({ error }), close: z.string({ error }) }, { error }), { error });
};

/** The week's ranges as minutes since Monday 00:00, for the overlap check. */
interface WeekRange {
  day: Weekday;
  range: TimeRange;
  start: number;
  end: number;
}

function weekRanges(hours: WeeklyHours): WeekRange[] {
  return WEEKDAYS.flatMap((day, index) =>
    hours[day].map((range) => {
      const start = index * MINUTES_PER_DAY + minutesOf(range.open);
      return { day, range, start, end: start + lengthOf(range) };
    }),
  );
}

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

export interface WeeklyHoursRow {
  /** "Mon–Fri", "Sat". */
  days: string;
  /** "6 AM–2 PM", "6 AM–10 AM, 4 PM–7 PM", "Open 24 hours" or "Closed". */
  text: string;
  weekdays: Weekday[];
}

/** The hours as a card shows them: Monday to Sunday, consecutive days with the same hours on one row. */
export function formatWeeklyHours(hours: WeeklyHours): WeeklyHoursRow[] {
  const rows: WeeklyHoursRow[] = [];
  for (const day of WEEKDAYS) {
    const ranges = [...hours[day]].sort((a, b) => minutesOf(a.open) - minutesOf(b.open));
    const text = ranges.length ? ranges.map(formatTimeRange).join(", ") : "Closed";
    const last = rows.at(-1);
    if (last && last.text === text) last.weekdays.push(day);
    else rows.push({ days: "", text, weekdays: [day] });
  }
  for (const row of rows) {
    const first = WEEKDAY_SHORT_NAMES[row.weekdays[0] as Weekday];
    const last = WEEKDAY_SHORT_NAMES[row.weekdays.at(-1) as Weekday];
    row.days = row.weekdays.length > 1 ? `${first}–${last}` : first;
  }
  return rows;
}

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

// ---- Open now: wall-clock hours turned into instants in the listing's time zone ----

const clockFormats = new Map<string, Intl.DateTimeFormat>();

function clockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    clockFormats.set(timeZone, format);
  }
  return format;
}

interface WallClock {
  /** The local calendar date as a UTC-midnight timestamp, for day arithmetic free of time zones. */
  date: number;
  minutes: number;
}

function wallClockParts(instant: number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const part of clockFormat(timeZone).formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  return { year, month, day, hour: hour % 24, minute, second };
}

function wallClock(instant: number, timeZone: string): WallClock {
  const { year, month, day, hour, minute } = wallClockParts(instant, timeZone);
  return { date: Date.UTC(year, month - 1, day), minutes: hour * 60 + minute };
}

/** The zone's offset from UTC at an instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const { year, month, day, hour, minute, second } = wallClockParts(instant, timeZone);
  const whole = instant - (((instant % 1000) + 1000) % 1000);
  return Date.UTC(year, month - 1, day, hour, minute, second) - whole;
}

/**
 * The instant a wall-clock time happens, resolved like JavaScript's Date and Temporal's "compatible":
 * a time the clocks repeat (fall back) is its first occurrence; a time they skip (spring forward) is
 * moved forward by the skipped hour, so a 2:30 AM opening on that Sunday opens at 3:30 AM.
 */
function instantOf(date: number, minutes: number, timeZone: string): number {
  const local = date + minutes * 60_000;
  const day = MINUTES_PER_DAY * 60_000;
  const before = offsetAt(local - day, timeZone);
  const after = offsetAt(local + day, timeZone);
  const candidates = [local - before, local - after].filter(
    (instant, index) => offsetAt(instant, timeZone) === (index === 0 ? before : after),
  );
  return candidates.length ? Math.min(...candidates) : local - before;
}

/** Whether the ranges, repeated every week, cover every minute of it. */
function alwaysOpen(hours: WeeklyHours): boolean {
  const spans = weekRanges(hours)
    .flatMap(({ start, end }) =>
      end > MINUTES_PER_WEEK
        ? [
            [start, MINUTES_PER_WEEK],
            [0, end - MINUTES_PER_WEEK],
          ]
        : [[start, end]],
    )
    .sort((a, b) => (a[0] as number) - (b[0] as number));
  let covered = 0;
  for (const [start = 0, end = 0] of spans) {
    if (start > covered) return false;
    covered = Math.max(covered, end);
  }
  return covered >= MINUTES_PER_WEEK;
}

export interface OpenStatus {
  open: boolean;
  /** "Open now · closes 4:30 PM", "Closed · opens 6 AM", "Closed · opens Mon 6 AM", "Open 24 hours" or "Closed". */
  label: string;
  /** The next instant `open` changes; null when it never does (open around the clock, or no hours at all). */
  changesAt: Date | null;
}

const DAY_MS = MINUTES_PER_DAY * 60_000;

function shortDayOf(date: number): string {
  return WEEKDAY_SHORT_NAMES[WEEKDAYS[(new Date(date).getUTCDay() + 6) % 7] as Weekday];
}

/**
 * Whether a listing is open at `now`, on the clock of its own IANA time zone (not the server's or the
 * browser's), and when that changes. An opening names its day unless it is today ("opens 6 AM",
 * "opens Mon 6 AM"); a closing names its day only when the time alone would read as an earlier one
 * ("closes 2 AM" after midnight tonight, "closes Wed 6 PM" two days on).
 * A week without any range (stored data the schema would now refuse) reads "Closed" and never changes.
 */
export function openStatus(hours: WeeklyHours, timeZone: string, now: Date): OpenStatus {
  if (alwaysOpen(hours)) return { open: true, label: "Open 24 hours", changesAt: null };
  const at = now.getTime();
  const today = wallClock(at, timeZone);
  const weekdayIndex = (new Date(today.date).getUTCDay() + 6) % 7;

  // Yesterday's ranges may still run; a week and a day ahead always holds the next opening.
  const spans: [number, number][] = [];
  for (let offset = -1; offset <= 8; offset++) {
    const date = today.date + offset * DAY_MS;
    const day = WEEKDAYS[(((weekdayIndex + offset) % 7) + 7) % 7] as Weekday;
    for (const range of hours[day]) {
      const open = minutesOf(range.open);
      spans.push([instantOf(date, open, timeZone), instantOf(date, open + lengthOf(range), timeZone)]);
    }
  }
  spans.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of spans) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }

  const current = merged.find(([start, end]) => start <= at && at < end);
  if (current) {
    const close = wallClock(current[1], timeZone);
    const readsAsNext = close.date === today.date || (close.date === today.date + DAY_MS && close.minutes <= today.minutes);
    const day = readsAsNext ? "" : `${shortDayOf(close.date)} `;
    return { open: true, label: `Open now · closes ${day}${formatClockTime(close.minutes)}`, changesAt: new Date(current[1]) };
  }
  const next = merged.find(([start]) => start > at);
  if (!next) return { open: false, label: "Closed", changesAt: null };
  const opening = wallClock(next[0], timeZone);
  const day = opening.date === today.date ? "" : `${shortDayOf(opening.date)} `;
  return { open: false, label: `Closed · opens ${day}${formatClockTime(opening.minutes)}`, changesAt: new Date(next[0]) };
}
