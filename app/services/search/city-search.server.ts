import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { lookupCity } from "../geo/cities.server";
import type { CityPlace } from "../geo/types";
import { distanceMiles } from "../geo/distance";
import { rowStatus, selectListedWholesalers, selectWholesalersAround, toWholesaler } from "../wholesalers/wholesalers.server";
import { CITY_RADIUS_MILES } from "./query";
import type { CitySearch, NearbyWholesaler } from "./types";

export type { CitySearch, NearbyWholesaler };

/** The most wholesalers shown near a city. */
export const CITY_NEAREST_LIMIT = 5;
/** Shown at any distance when fewer than this lie within the radius. */
export const CITY_NEAREST_MINIMUM = 3;

/**
 * The wholesalers nearest a city's point: up to 5 within the search radius (25 miles, as a zipcode's search), and
 * when fewer than 3 lie that close,
 * the nearest at any distance up to 3 (each says whether it is within the radius). The box narrows the
 * rows in SQL; the exact great-circle distance orders them.
 */
async function wholesalersNear(db: Kysely<Database>, city: CityPlace): Promise<NearbyWholesaler[]> {
  let rows = await selectWholesalersAround(db, city, CITY_RADIUS_MILES);
  // The temporarily closed after the open ones (the permanently closed are not selected).
  const closed = (row: (typeof rows)[number]) => Number(rowStatus(row).status === "temporarily-closed");
  const ranked = () =>
    rows
      .map((row) => ({ row, miles: distanceMiles(city, row), closed: closed(row) }))
      .sort((a, b) => a.closed - b.closed || a.miles - b.miles || a.row.name.localeCompare(b.row.name) || a.row.id - b.row.id);
  let nearest = ranked().filter(({ miles }) => miles <= CITY_RADIUS_MILES);
  if (nearest.length < CITY_NEAREST_MINIMUM) {
    // The directory holds hundreds of listings, not millions: ranking them all is cheap and exact.
    rows = await selectListedWholesalers(db).execute();
    nearest = ranked().slice(0, CITY_NEAREST_MINIMUM);
  }
  return nearest.slice(0, CITY_NEAREST_LIMIT).map(({ row, miles }) => ({
    ...toWholesaler(row),
    distanceMiles: miles,
    withinRadius: miles <= CITY_RADIUS_MILES,
  }));
}

/** The city a search names (see lookupCity) and, when there is one, the wholesalers nearest to it. */
export async function searchCity(db: Kysely<Database>, query: string): Promise<CitySearch> {
  const lookup = await lookupCity(db, query);
  if (lookup.kind !== "found") return lookup;
  return { ...lookup, nearby: await wholesalersNear(db, lookup.city) };
}
