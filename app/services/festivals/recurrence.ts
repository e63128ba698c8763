/**
 * A festival's yearly rule: what the admin's plain-language picker can say ("second Saturday of May", "May 1",
 * "Friday before the second Saturday of April"), written as an RFC 5545 RRULE and read back from one. Safe in the
 * browser (the picker's summary); the dates themselves are computed on the server from the RRULE
 * (`occurrences.server.ts`, ical.js), so what the site shows and what calendars expand from the .ics are the same rule.
 */
import { addDays, DAY_NAMES, MONTH_NAMES, parseIsoDate } from "~/utils/dates";

export const WEEKDAY_CODES = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"] as const;
/** The days' names, Sunday first, as the picker's weekday values (0-6) count them. */
export const WEEKDAY_NAMES = DAY_NAMES;
/** Days in each month of a common year; a rule on February 29 or relative to February's last day is refused. */
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

export const ORDINALS = [
  { value: 1, label: "first" },
  { value: 2, label: "second" },
  { value: 3, label: "third" },
  { value: 4, label: "fourth" },
  { value: -1, label: "last" },
] as const;
export type Ordinal = (typeof ORDINALS)[number]["value"];
/** How many days before the named weekday a festival may start (a weekend festival opening on the Friday). */
export const MAX_DAYS_BEFORE = 3;

export type YearlyRule =
  /** The same date every year: May 1. */
  | { kind: "date"; month: number; day: number }
  /** The nth (or last) weekday of a month, or up to three days before it. weekday: 0 = Sunday. */
  | { kind: "weekday"; month: number; ordinal: Ordinal; weekday: number; daysBefore: number };

const ordinalLabel = (ordinal: Ordinal) => ORDINALS.find((o) => o.value === ordinal)?.label ?? "";
const monthName = (month: number) => MONTH_NAMES[month - 1] ?? "";

/** Why the rule cannot be kept, or undefined when it can. */
export function ruleProblem(rule: YearlyRule): string | undefined {
  if (!Number.isInteger(rule.month) || rule.month < 1 || rule.month > 12) return "Choose the month.";
  if (rule.kind === "date") {
    const max = MONTH_DAYS[rule.month - 1] ?? 31;
    if (!Number.isInteger(rule.day) || rule.day < 1) return "Choose the day of the month.";
    if (rule.month === 2 && rule.day === 29) return "February 29 comes only every four years: choose another day.";
    if (rule.day > max) return `${monthName(rule.month)} has ${max} days.`;
    return undefined;
  }
  if (!ORDINALS.some((o) => o.value === rule.ordinal)) return "Choose first, second, third, fourth or last.";
  if (!Number.isInteger(rule.weekday) || rule.weekday < 0 || rule.weekday > 6) return "Choose the day of the week.";
  if (!Number.isInteger(rule.daysBefore) || rule.daysBefore < 0 || rule.daysBefore > MAX_DAYS_BEFORE) {
    return `A festival can start at most ${MAX_DAYS_BEFORE} days before that day.`;
  }
  if (rule.daysBefore > 0 && rule.ordinal === 1)
    return "Days before the first weekday of a month can fall in the month before: choose the day itself.";
  if (rule.daysBefore > 0 && rule.ordinal === -1 && rule.month === 2)
    return "February's last week moves with leap years: choose the day itself.";
  return undefined;
}

const range = (first: number, count: number) => Array.from({ length: count }, (_, index) => first + index);

/** The rule as an RRULE value, e.g. FREQ=YEARLY;BYMONTH=5;BYDAY=2SA. Throws on a rule with a problem. */
export function toRRule(rule: YearlyRule): string {
  const problem = ruleProblem(rule);
  if (problem) throw new Error(problem);
  if (rule.kind === "date") return `FREQ=YEARLY;BYMONTH=${rule.month};BYMONTHDAY=${rule.day}`;
  const code = WEEKDAY_CODES[rule.weekday];
  if (rule.daysBefore === 0) return `FREQ=YEARLY;BYMONTH=${rule.month};BYDAY=${rule.ordinal}${code}`;
  // The day k days before the nth weekday is the weekday k earlier, within the seven days that end k days before
  // that week's last possible day: "Friday before the second Saturday" is the Friday from the 7th to the 13th.
  const startCode = WEEKDAY_CODES[(rule.weekday - rule.daysBefore + 7) % 7];
  const length = MONTH_DAYS[rule.month - 1] ?? 31;
  const anchorFirst = rule.ordinal === -1 ? length - 6 : 1 + 7 * (rule.ordinal - 1);
  return `FREQ=YEARLY;BYMONTH=${rule.month};BYDAY=${startCode};BYMONTHDAY=${range(anchorFirst - rule.daysBefore, 7).join(",")}`;
}

/** Reads an RRULE the picker could have written; undefined for anything else (another frequency, a count...). */
export function parseRRule(text: string): YearlyRule | undefined {
  const parts = new Map<string, string>();
  for (const part of text
    .trim()
    .replace(/^RRULE:/i, "")
    .split(";")) {
    const [key, value, extra] = part.split("=");
    if (!key || value === undefined || extra !== undefined || parts.has(key.toUpperCase())) return undefined;
    parts.set(key.toUpperCase(), value.toUpperCase());
  }
  if (parts.get("FREQ") !== "YEARLY" || !/^\d{1,2}$/.test(parts.get("BYMONTH") ?? "")) return undefined;
  const month = Number(parts.get("BYMONTH"));
  const known = new Set(["FREQ", "BYMONTH", "BYDAY", "BYMONTHDAY"]);
  if ([...parts.keys()].some((key) => !known.has(key))) return undefined;
  const byDay = parts.get("BYDAY");
  const byMonthDay = parts.get("BYMONTHDAY");
  let rule: YearlyRule | undefined;
  if (byDay === undefined && byMonthDay !== undefined && /^\d{1,2}$/.test(byMonthDay)) {
    rule = { kind: "date", month, day: Number(byMonthDay) };
  } else if (byDay !== undefined && byMonthDay === undefined) {
    const match = /^(-1|[1-4])(SU|MO|TU|WE|TH|FR|SA)$/.exec(byDay);
    if (match) {
      rule = {
        kind: "weekday",
        month,
        ordinal: Number(match[1]) as Ordinal,
        weekday: WEEKDAY_CODES.indexOf(match[2] as (typeof WEEKDAY_CODES)[number]),
        daysBefore: 0,
      };
    }
  } else if (byDay !== undefined && byMonthDay !== undefined) {
    const startWeekday = WEEKDAY_CODES.indexOf(byDay as (typeof WEEKDAY_CODES)[number]);
    const days = byMonthDay.split(",").map(Number);
    const first = days[0] ?? 0;
    if (startWeekday >= 0 && days.length === 7 && days.every((day, index) => day === first + index)) {
      const readings: YearlyRule[] = [];
      for (let daysBefore = 1; daysBefore <= MAX_DAYS_BEFORE; daysBefore++) {
        const weekday = (startWeekday + daysBefore) % 7;
        for (const { value: ordinal } of ORDINALS) {
          const candidate: YearlyRule = { kind: "weekday", month, ordinal, weekday, daysBefore };
          if (!ruleProblem(candidate) && toRRule(candidate) === `FREQ=YEARLY;BYMONTH=${month};BYDAY=${byDay};BYMONTHDAY=${byMonthDay}`) {
            readings.push(candidate);
          }
        }
      }
      // The same days can read two ways in a 30- or 31-day month ("Thursday before the fourth Friday of April" is
      // "Thursday, 3 days before the last Sunday"): a festival's days before are days before its weekend.
      const weekend = (candidate: YearlyRule) =>
        candidate.kind === "weekday" && (candidate.weekday === 0 || candidate.weekday === 6) ? 0 : 1;
      rule = readings.sort((a, b) => weekend(a) - weekend(b))[0];
    }
  }
  return rule && !ruleProblem(rule) ? rule : undefined;
}

/** "second Saturday of May", "May 1", "Friday before the second Saturday of April". */
export function describeRule(rule: YearlyRule): string {
  if (rule.kind === "date") return `${monthName(rule.month)} ${rule.day}`;
  const anchor = `${ordinalLabel(rule.ordinal)} ${WEEKDAY_NAMES[rule.weekday]} of ${monthName(rule.month)}`;
  if (rule.daysBefore === 0) return anchor;
  const start = WEEKDAY_NAMES[(rule.weekday - rule.daysBefore + 7) % 7];
  return rule.daysBefore === 1 ? `${start} before the ${anchor}` : `${start}, ${rule.daysBefore} days before the ${anchor}`;
}

/** Days from the first day to the last, both counted. */
export function lengthInDays(startDate: string, endDate: string): number {
  return Math.round((parseIsoDate(endDate).getTime() - parseIsoDate(startDate).getTime()) / 86_400_000) + 1;
}

const daysText = (days: number) => `${days} ${days === 1 ? "day" : "days"}`;

/** The picker's summary: "second Saturday of May, 2 days". */
export function describeRecurrence(rule: YearlyRule, startDate: string, endDate: string): string {
  return `${describeRule(rule)}, ${daysText(lengthInDays(startDate, endDate))}`;
}

/** Whether the date is a day the rule names (the rule's day in that date's year). */
export function ruleMatchesDate(rule: YearlyRule, isoDate: string): boolean {
  const date = parseIsoDate(isoDate);
  if (date.getUTCMonth() + 1 !== rule.month) return false;
  if (rule.kind === "date") return date.getUTCDate() === rule.day;
  const anchor = parseIsoDate(addDays(isoDate, rule.daysBefore));
  if (anchor.getUTCDay() !== rule.weekday || anchor.getUTCMonth() + 1 !== rule.month) return false;
  const day = anchor.getUTCDate();
  if (rule.ordinal === -1) return parseIsoDate(addDays(isoDate, rule.daysBefore + 7)).getUTCMonth() + 1 !== rule.month;
  return Math.ceil(day / 7) === rule.ordinal;
}

/** The picker's form fields, as the browser sends them (all text; a form without JavaScript sends them as is). */
export interface RecurrenceFields {
  repeat?: string;
  repeatOrdinal?: string;
  repeatWeekday?: string;
  repeatMonth?: string;
  repeatDay?: string;
  repeatDaysBefore?: string;
}

/** The picker's fields of a stored rule (or of "does not repeat"). */
export function fieldsOfRule(rule: YearlyRule | undefined): Required<RecurrenceFields> {
  return {
    repeat: rule ? rule.kind : "none",
    repeatOrdinal: rule?.kind === "weekday" ? String(rule.ordinal) : "1",
    repeatWeekday: rule?.kind === "weekday" ? String(rule.weekday) : "6",
    repeatMonth: rule ? String(rule.month) : "1",
    repeatDay: rule?.kind === "date" ? String(rule.day) : "1",
    repeatDaysBefore: rule?.kind === "weekday" ? String(rule.daysBefore) : "0",
  };
}

const wholeNumber = (raw: string | undefined) => (raw !== undefined && /^-?\d{1,2}$/.test(raw.trim()) ? Number(raw) : NaN);

/** The rule the picker's fields describe: null for "does not repeat", or the field's problem. */
export function ruleFromFields(fields: RecurrenceFields): { rule: YearlyRule | null } | { problem: string } {
  const repeat = fields.repeat?.trim() || "none";
  if (repeat === "none") return { rule: null };
  const month = wholeNumber(fields.repeatMonth);
  let rule: YearlyRule;
  if (repeat === "date") rule = { kind: "date", month, day: wholeNumber(fields.repeatDay) };
  else if (repeat === "weekday") {
    rule = {
      kind: "weekday",
      month,
      ordinal: wholeNumber(fields.repeatOrdinal) as Ordinal,
      weekday: wholeNumber(fields.repeatWeekday),
      daysBefore: wholeNumber(fields.repeatDaysBefore ?? "0"),
    };
  } else return { problem: "Choose how the festival repeats." };
  const problem = ruleProblem(rule);
  return problem ? { problem } : { rule };
}
