import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { distanceMiles, type Point } from "../geo/distance";

/**
 * The state of the festival nearest to a point, for a search far from every listing: festivals are
 * placed at the centre of their city's zipcodes (the site stores no festival coordinates), and a
 * festival whose city matches no zipcode is left out. Null when none can be placed.
 */
export async function nearestFestivalState(db: Kysely<Database>, point: Point): Promise<string | null> {
  const rows = await db
    .selectFrom("festivals")
    .innerJoin("states", "states.name", "festivals.state")
    .innerJoin("zipcodes", (join) =>
      join
        .onRef("zipcodes.state_code", "=", "states.code")
        .on((eb) => eb(eb.fn("lower", ["zipcodes.city"]), "=", eb.fn("lower", ["festivals.city"]))),
    )
    .select((eb) => [
      "festivals.id",
      "festivals.state",
      eb.fn.avg<number>("zipcodes.latitude").as("latitude"),
      eb.fn.avg<number>("zipcodes.longitude").as("longitude"),
    ])
    .groupBy(["festivals.id", "festivals.state"])
    .execute();
  const ranked = rows
    .map((row) => ({ state: row.state, miles: distanceMiles(point, { latitude: Number(row.latitude), longitude: Number(row.longitude) }) }))
    .sort((a, b) => a.miles - b.miles || a.state.localeCompare(b.state));
  return ranked[0]?.state ?? null;
}
