/**
 * A listing's weekly opening hours: the stored shape, its validation, the "Open now" status in the
 * listing's own time zone, and the rows a card shows. Browser-safe: the cards and the admin editor use it.
 */

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

const MINUTES_PER_DAY = 24 * 60;
export const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;

export function minutesOf(time: string): number {
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

/** The week's ranges as minutes since Monday 00:00, for the overlap check. */
export interface WeekRange {
  day: Weekday;
  range: TimeRange;
  start: number;
  end: number;
}

export function weekRanges(hours: WeeklyHours): WeekRange[] {
  return WEEKDAYS.flatMap((day, index) =>
    hours[day].map((range) => {
      const start = index * MINUTES_PER_DAY + minutesOf(range.open);
      return { day, range, start, end: start + lengthOf(range) };
    }),
  );
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

const DAY_MS = MINUTES_PER_DAY * 60_000;

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
  const local = instant + offsetAt(instant, timeZone);
  const date = Math.floor(local / DAY_MS) * DAY_MS;
  return { date, minutes: Math.floor((local - date) / 60_000) };
}

/** The weekday of a local calendar date held as a UTC-midnight timestamp (WallClock's `date`), Monday first. */
const weekdayIndexOf = (date: number) => (new Date(date).getUTCDay() + 6) % 7;

/** The local calendar date (YYYY-MM-DD) at `now` on the clock of `timeZone` (IANA): what special hours are dated by. */
export function localDateAt(now: Date, timeZone: string): string {
  return new Date(wallClock(now.getTime(), timeZone).date).toISOString().slice(0, 10);
}

/** The day it is at `now` on the clock of `timeZone` (IANA), as the open status reckons it. */
export function weekdayAt(now: Date, timeZone: string): Weekday {
  return WEEKDAYS[weekdayIndexOf(wallClock(now.getTime(), timeZone).date)] as Weekday;
}

/** The zone's offset from UTC at an instant, in milliseconds, as Intl reads it. */
function exactOffsetAt(instant: number, timeZone: string): number {
  const { year, month, day, hour, minute, second } = wallClockParts(instant, timeZone);
  const whole = instant - (((instant % 1000) + 1000) % 1000);
  return Date.UTC(year, month - 1, day, hour, minute, second) - whole;
}

/**
 * Offsets known per zone, by quarter hour of UTC. An open status needs 40 to 80 offsets, each a `formatToParts`
 * (about 4% of a state page's rendering, measured), for a handful of zones and days: they are worked out once.
 */
const OFFSET_STEP_MS = 15 * 60_000;
const MAX_OFFSETS_PER_ZONE = 10_000;
const offsetsByZone = new Map<string, Map<number, number>>();

/**
 * The zone's offset from UTC at an instant, in milliseconds. A quarter hour whose first and last millisecond
 * have the same offset has it throughout (no zone changes its offset twice within a quarter hour), and is
 * remembered; one with a change inside is worked out at the instant asked, every time.
 */
export function offsetAt(instant: number, timeZone: string): number {
  let offsets = offsetsByZone.get(timeZone);
  if (!offsets) offsetsByZone.set(timeZone, (offsets = new Map()));
  const step = Math.floor(instant / OFFSET_STEP_MS);
  const known = offsets.get(step);
  if (known !== undefined) return known;
  const first = exactOffsetAt(step * OFFSET_STEP_MS, timeZone);
  if (first !== exactOffsetAt((step + 1) * OFFSET_STEP_MS - 1, timeZone)) return exactOffsetAt(instant, timeZone);
  if (offsets.size >= MAX_OFFSETS_PER_ZONE) offsets.clear();
  offsets.set(step, first);
  return first;
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

/** Dated exceptions to the week (special-hours.ts's SpecialHours): on a local date from `from` to `to`, `ranges` hold instead. */
export type DatedRanges = readonly { from: string; to: string; ranges: readonly TimeRange[] }[];

export interface OpenStatus {
  open: boolean;
  /** "Open now · closes 4:30 PM", "Closed · opens 6 AM", "Closed · opens Mon 6 AM", "Open 24 hours" or "Closed". */
  label: string;
  /** The next instant `open` changes; null when it never does (open around the clock, or no hours at all). */
  changesAt: Date | null;
}

function shortDayOf(date: number): string {
  return WEEKDAY_SHORT_NAMES[WEEKDAYS[weekdayIndexOf(date)] as Weekday];
}

/**
 * Whether a listing is open at `now`, on the clock of its own IANA time zone (not the server's or the
 * browser's), and when that changes. An opening names its day unless it is today ("opens 6 AM",
 * "opens Mon 6 AM"); a closing names its day only when the time alone would read as an earlier one
 * ("closes 2 AM" after midnight tonight, "closes Wed 6 PM" two days on).
 * A week without any range (stored data the schema would now refuse) reads "Closed" and never changes.
 */
export function openStatus(hours: WeeklyHours, timeZone: string, now: Date, special?: DatedRanges): OpenStatus {
  const at = now.getTime();
  const today = wallClock(at, timeZone);
  // Only the exceptions from yesterday to the end of the days looked at count; without any, the week alone decides.
  const firstDate = new Date(today.date - DAY_MS).toISOString().slice(0, 10);
  const lastDate = new Date(today.date + 15 * DAY_MS).toISOString().slice(0, 10);
  const near = special?.filter((entry) => entry.to >= firstDate && entry.from <= lastDate);
  const exceptions = near?.length ? near : undefined;
  if (!exceptions && alwaysOpen(hours)) return { open: true, label: "Open 24 hours", changesAt: null };
  const weekdayIndex = weekdayIndexOf(today.date);

  // Yesterday's ranges may still run; a week and a day ahead always holds the next opening (a week more when
  // special hours may close some of those days).
  const spans: [number, number][] = [];
  for (let offset = -1; offset <= (exceptions ? 15 : 8); offset++) {
    const date = today.date + offset * DAY_MS;
    const day = WEEKDAYS[(((weekdayIndex + offset) % 7) + 7) % 7] as Weekday;
    const isoDate = exceptions ? new Date(date).toISOString().slice(0, 10) : "";
    const exception = exceptions?.find((entry) => entry.from <= isoDate && isoDate <= entry.to);
    for (const range of exception ? exception.ranges : hours[day]) {
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
  // Open through the last day looked at (a week open around the clock, an exception only behind): no close in sight.
  if (current && exceptions && current[1] >= instantOf(today.date + 16 * DAY_MS, 0, timeZone) && alwaysOpen(hours)) {
    return { open: true, label: "Open 24 hours", changesAt: null };
  }
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
