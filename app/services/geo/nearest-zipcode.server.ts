import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { notFound } from "../errors";
import { boundingBox, distanceMiles, roundMiles, type Point } from "./distance";

/**
 * How far from a position its zipcode is looked for. Zipcode centroids lie a few miles apart in towns and up to
 * a few dozen in the emptiest country; a position farther than this from every one is not in the area the
 * zipcode list covers (at sea, abroad).
 */
export const NEAREST_ZIPCODE_MAX_MILES = 50;
export const NO_ZIPCODE_NEAR_MESSAGE = `No US zipcode lies within ${NEAREST_ZIPCODE_MAX_MILES} miles of this position.`;

export interface NearestZipcode {
  zipcode: string;
  city: string;
  stateCode: string;
  /** From the position to the zipcode's centroid, to one decimal. */
  distanceMiles: number;
}

/**
 * The zipcode whose centroid is nearest a position (ties: the lower zipcode), which "Use my location" puts in the
 * page's URL instead of the position itself. The box narrows the rows in SQL; the exact distance ranks them.
 */
export async function nearestZipcode(db: Kysely<Database>, position: Point): Promise<NearestZipcode> {
  const box = boundingBox(position, NEAREST_ZIPCODE_MAX_MILES);
  const rows = await db
    .selectFrom("zipcodes")
    .select(["zip", "city", "state_code", "latitude", "longitude"])
    .where("latitude", ">=", box.minLatitude)
    .where("latitude", "<=", box.maxLatitude)
    .where("longitude", ">=", box.minLongitude)
    .where("longitude", "<=", box.maxLongitude)
    .execute();
  const ranked = rows
    .map((row) => ({ row, miles: distanceMiles(position, row) }))
    .filter(({ miles }) => miles <= NEAREST_ZIPCODE_MAX_MILES)
    .sort((a, b) => a.miles - b.miles || a.row.zip.localeCompare(b.row.zip));
  const nearest = ranked[0];
  if (!nearest) throw notFound(NO_ZIPCODE_NEAR_MESSAGE);
  return { zipcode: nearest.row.zip, city: nearest.row.city, stateCode: nearest.row.state_code, distanceMiles: roundMiles(nearest.miles) };
}
