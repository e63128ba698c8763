import { addDays, formatIsoDate, parseIsoDate } from "~/utils/dates";
import type { FestivalSchedule } from "./types";

/** The start date of a schedule in a given year, as YYYY-MM-DD. */
export function startDateInYear(schedule: FestivalSchedule, year: number): string {
  if (schedule.kind === "fixed") {
    return formatIsoDate(new Date(Date.UTC(year, schedule.month - 1, schedule.day)));
  }
  let date: Date;
  if (schedule.nth > 0) {
    const first = new Date(Date.UTC(year, schedule.month - 1, 1));
    const shift = (schedule.weekday - first.getUTCDay() + 7) % 7;
    date = new Date(Date.UTC(year, schedule.month - 1, 1 + shift + (schedule.nth - 1) * 7));
  } else {
    const last = new Date(Date.UTC(year, schedule.month, 0));
    const shift = (last.getUTCDay() - schedule.weekday + 7) % 7;
    date = new Date(Date.UTC(year, schedule.month - 1, last.getUTCDate() - shift - (-schedule.nth - 1) * 7));
  }
  return addDays(formatIsoDate(date), schedule.offsetDays ?? 0);
}

/**
 * The next occurrence that has not ended by `today`: this year's if it is still running or ahead,
 * otherwise next year's.
 */
export function nextOccurrence(schedule: FestivalSchedule, today: string): { startDate: string; endDate: string } {
  const year = parseIsoDate(today).getUTCFullYear();
  for (const candidateYear of [year - 1, year, year + 1]) {
    const startDate = startDateInYear(schedule, candidateYear);
    const endDate = addDays(startDate, Math.max(1, schedule.durationDays) - 1);
    if (endDate >= today) return { startDate, endDate };
  }
  throw new Error("unreachable: a yearly schedule always recurs within two years");
}
