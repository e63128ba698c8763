import ICAL from "ical.js";
import { addDays } from "~/utils/dates";
import { lengthInDays, parseRRule, toRRule } from "./recurrence";

/** The stored rule written the picker's way, or null for none or one the picker could not have written. */
export function canonicalRecurrence(recurrence: string | null | undefined): string | null {
  const rule = recurrence ? parseRRule(recurrence) : undefined;
  return rule ? toRRule(rule) : null;
}

/** What a festival's dates are computed from: one stored occurrence and, for a yearly festival, its RRULE. */
export interface StoredDates {
  startDate: string;
  endDate: string;
  recurrence: string | null;
}

export interface Occurrence {
  startDate: string;
  endDate: string;
}

/** A rule that names no day for this long is given up on (a picker's rule names one every year). */
const MAX_OCCURRENCES = 1_000;

/**
 * The occurrences of a festival from its stored one on, in order: the stored dates first, then each start the rule
 * names after them (ical.js expands the RRULE), each as long as the stored one. A one-off has only its stored dates.
 */
export function* occurrences(festival: StoredDates): Generator<Occurrence> {
  yield { startDate: festival.startDate, endDate: festival.endDate };
  // Only a rule the picker could have written is expanded (a value changed by hand in the database that is not one
  // counts as no rule): ical.js then never meets a rule it cannot read.
  const recurrence = canonicalRecurrence(festival.recurrence);
  if (!recurrence) return;
  const extraDays = lengthInDays(festival.startDate, festival.endDate) - 1;
  const iterator = ICAL.Recur.fromString(recurrence).iterator(ICAL.Time.fromDateString(festival.startDate));
  for (let count = 0; count < MAX_OCCURRENCES; count++) {
    const next = iterator.next();
    if (!next) return;
    const startDate = next.toString().slice(0, 10);
    // The next start must come after the stored occurrence has ended: a rule cannot make a festival overlap itself.
    if (startDate <= festival.endDate) continue;
    yield { startDate, endDate: addDays(startDate, extraDays) };
  }
}

/**
 * The occurrence a visitor should see on `today`: the first one that has not ended (the stored one while it runs or
 * is ahead, else the next the rule names). A one-off whose day is over keeps its stored dates, and `ended` says so.
 * Computed on every read, so a festival rolls forward by itself when its last day is over: no job, no restart.
 */
export function currentOccurrence(festival: StoredDates, today: string): Occurrence & { ended: boolean } {
  let last: Occurrence = { startDate: festival.startDate, endDate: festival.endDate };
  for (const occurrence of occurrences(festival)) {
    if (occurrence.endDate >= today) return { ...occurrence, ended: false };
    last = occurrence;
  }
  return { ...last, ended: true };
}

/** The occurrences that share at least one day with [from, to], in order (for the calendar's marked days). */
export function occurrencesBetween(festival: StoredDates, from: string, to: string): Occurrence[] {
  const found: Occurrence[] = [];
  for (const occurrence of occurrences(festival)) {
    if (occurrence.startDate > to) break;
    if (occurrence.endDate >= from) found.push(occurrence);
  }
  return found;
}

/** Whether ical.js reads the RRULE and names at least one day from `startDate` on. */
export function ruleNamesDays(recurrence: string, startDate: string): boolean {
  try {
    const iterator = ICAL.Recur.fromString(recurrence).iterator(ICAL.Time.fromDateString(startDate));
    return iterator.next() !== null;
  } catch {
    return false;
  }
}
