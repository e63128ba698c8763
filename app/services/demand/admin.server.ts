import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { addDays, todayIsoDate } from "~/utils/dates";
import { usMap } from "../maps/maps.server";
import { countryProjection, projectPoint } from "../maps/projection.server";
import { usStates } from "../maps/shapes.server";
import {
  DEMAND_TOP_PLACES,
  EMPTY_SEARCH_DAYS,
  type DemandMapData,
  type DemandMark,
  type DemandOverview,
  type DemandPlace,
  type DemandSummary,
} from "./types";

export * from "./types";

const FRAME = { width: 975, height: 610 };

/** The confirmed requests still waiting now: not answered, not cancelled, not expired. */
function waitingRequests(db: Kysely<Database>, now: Date) {
  return db
    .selectFrom("demand_requests")
    .select(["email_normalized", "zipcode"])
    .where("status", "=", "confirmed")
    .where("expires_at", ">", now.toISOString())
    .execute();
}

/** "N people waiting in M places": each address once, each zipcode once. */
export async function demandSummary(db: Kysely<Database>, now = new Date()): Promise<DemandSummary> {
  const rows = await waitingRequests(db, now);
  return { people: new Set(rows.map((row) => row.email_normalized)).size, places: new Set(rows.map((row) => row.zipcode)).size };
}

const byCount = (a: { zipcode: string; count: number }, b: { zipcode: string; count: number }) =>
  b.count - a.count || a.zipcode.localeCompare(b.zipcode);

function tally(rows: readonly { zipcode: string; count: number }[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.zipcode, (counts.get(row.zipcode) ?? 0) + Number(row.count));
  return counts;
}

/** A mark's radius: its area grows with the count (6 px for one request, 40 px at most, on a map 975 px wide). */
const markRadius = (count: number) => Math.min(40, Math.round(6 * Math.sqrt(count) * 10) / 10);

/**
 * The admin's demand view: where people wait for a supplier (on the map of the country, one mark per zipcode sized
 * by its requests, and ranked), and where searches found nothing in the last 30 days, so that the owners know
 * where to recruit listings first. Counts are sorted here rather than in SQL: a few hundred zipcodes at most.
 */
export async function demandOverview(db: Kysely<Database>, now = new Date()): Promise<DemandOverview> {
  const since = addDays(todayIsoDate(now), 1 - EMPTY_SEARCH_DAYS);
  const [requests, searches] = await Promise.all([
    waitingRequests(db, now),
    db.selectFrom("empty_searches").select(["zipcode", "count"]).where("day", ">=", since).execute(),
  ]);
  const waitingCounts = tally(requests.map((row) => ({ zipcode: row.zipcode, count: 1 })));
  const searchCounts = tally(searches);
  const ranked = (counts: Map<string, number>) => [...counts].map(([zipcode, count]) => ({ zipcode, count })).sort(byCount);
  const waitingRanked = ranked(waitingCounts);
  const searchRanked = ranked(searchCounts);

  const wanted = [...new Set([...waitingRanked.map((p) => p.zipcode), ...searchRanked.slice(0, DEMAND_TOP_PLACES).map((p) => p.zipcode)])];
  const places = new Map<string, { city: string; state_code: string; latitude: number; longitude: number }>();
  for (let i = 0; i < wanted.length; i += 500) {
    const rows = await db
      .selectFrom("zipcodes")
      .select(["zip", "city", "state_code", "latitude", "longitude"])
      .where("zip", "in", wanted.slice(i, i + 500))
      .execute();
    for (const row of rows) places.set(row.zip, row);
  }
  const named = (list: { zipcode: string; count: number }[]): DemandPlace[] =>
    list.slice(0, DEMAND_TOP_PLACES).map(({ zipcode, count }) => ({
      zipcode,
      city: places.get(zipcode)?.city ?? "",
      stateCode: places.get(zipcode)?.state_code ?? "",
      count,
    }));

  return {
    waiting: named(waitingRanked),
    emptySearches: named(searchRanked),
    map: demandMap(
      waitingRanked.flatMap(({ zipcode, count }) => {
        const place = places.get(zipcode);
        return place
          ? [{ zipcode, count, label: `${place.city}, ${place.state_code}`, latitude: place.latitude, longitude: place.longitude }]
          : [];
      }),
    ),
    summary: { people: new Set(requests.map((row) => row.email_normalized)).size, places: waitingCounts.size },
    since,
  };
}

/** The map of the country with one mark per zipcode where people wait, drawn on the server (decision 011). */
export function demandMap(
  points: readonly { zipcode: string; label: string; count: number; latitude: number; longitude: number }[],
): DemandMapData {
  const country = usMap(new Map());
  const projection = countryProjection(FRAME, usStates("country"));
  const marks: DemandMark[] = points.flatMap((point) => {
    const at = projectPoint(projection, [point.longitude, point.latitude]);
    return at
      ? [{ zipcode: point.zipcode, label: point.label, count: point.count, x: at.x, y: at.y, radius: markRadius(point.count) }]
      : [];
  });
  marks.sort((a, b) => b.count - a.count || a.zipcode.localeCompare(b.zipcode));
  return { ...FRAME, states: country.states.map(({ id, d }) => ({ id, d })), insets: country.insets, marks };
}
