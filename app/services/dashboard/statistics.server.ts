import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { addDays, parseIsoDate, todayIsoDate } from "~/utils/dates";
import { REGIONS } from "../states/states.server";
import type { CountByLabel, DashboardStatistics, WeekCount } from "./types";

export type { CountByLabel, DashboardStatistics, WeekCount };

/** States shown in the "wholesalers per state" chart: the ones with the most listings. */
export const TOP_STATES = 15;
/** Weeks shown in the subscribers chart, the current one included. */
export const SUBSCRIBER_WEEKS = 12;

/** The Monday of the week a calendar date falls in. */
export function weekStartOf(isoDate: string): string {
  const weekday = parseIsoDate(isoDate).getUTCDay();
  return addDays(isoDate, -((weekday + 6) % 7));
}

/**
 * Counts timestamps per week for the `weeks` weeks ending with the current one. Weeks follow the site's
 * calendar (US Pacific), computed here rather than in SQL so that SQLite and PostgreSQL agree.
 */
export function countPerWeek(timestamps: string[], now: Date, weeks: number = SUBSCRIBER_WEEKS): WeekCount[] {
  const currentWeek = weekStartOf(todayIsoDate(now));
  const starts = Array.from({ length: weeks }, (_, i) => addDays(currentWeek, -7 * (weeks - 1 - i)));
  const counts = new Map(starts.map((start) => [start, 0]));
  for (const timestamp of timestamps) {
    const instant = new Date(timestamp);
    if (Number.isNaN(instant.getTime())) continue;
    const week = weekStartOf(todayIsoDate(instant));
    const count = counts.get(week);
    if (count !== undefined) counts.set(week, count + 1);
  }
  return starts.map((weekStart) => ({ weekStart, count: counts.get(weekStart) ?? 0 }));
}

export async function getDashboardStatistics(db: Kysely<Database>, now: Date = new Date()): Promise<DashboardStatistics> {
  const firstWeek = addDays(weekStartOf(todayIsoDate(now)), -7 * (SUBSCRIBER_WEEKS - 1));
  // A day early: the site's calendar runs behind UTC, and the exact week is decided in countPerWeek.
  const since = parseIsoDate(addDays(firstWeek, -1)).toISOString();

  const [byState, byRegion, subscribers] = await Promise.all([
    db
      .selectFrom("wholesalers")
      .innerJoin("states", "states.id", "wholesalers.state_id")
      .select(["states.id", "states.name", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy(["states.id", "states.name"])
      .execute(),
    db
      .selectFrom("wholesalers")
      .innerJoin("states", "states.id", "wholesalers.state_id")
      .select(["states.region", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("states.region")
      .execute(),
    db.selectFrom("newsletter_subscribers").select("created_at").where("created_at", ">=", since).execute(),
  ]);

  const states = byState
    .map((row) => ({ label: row.name, count: Number(row.n) }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
  const regionCounts = new Map(byRegion.map((row) => [row.region, Number(row.n)]));

  return {
    totalWholesalers: states.reduce((sum, state) => sum + state.count, 0),
    statesWithWholesalers: states.length,
    wholesalersByState: states.slice(0, TOP_STATES),
    wholesalersByRegion: REGIONS.map((region) => ({ label: region, count: regionCounts.get(region) ?? 0 })),
    subscribersByWeek: countPerWeek(
      subscribers.map((row) => row.created_at),
      now,
    ),
  };
}
