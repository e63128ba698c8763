import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { rankByDistance, selectWholesalers, toWholesaler } from "./wholesalers.server";
import type { Wholesaler } from "./types";

/** How many other listings a listing's page suggests. */
export const NEARBY_LISTINGS = 3;

/** A listing as its own page shows it: every fact, and its state's two-letter code for the postal address. */
export type Listing = Wholesaler & { stateCode: string };

/** Another listing near this one, with what its page link and its honest distance need. */
export interface NearbyListing {
  id: number;
  name: string;
  type: Wholesaler["type"];
  city: string;
  state: string;
  zipcode: string;
  /** Great-circle miles between the two points, rounded to one decimal place. */
  distanceMiles: number;
  /** True only when both points are the listings' own, so the distance may be shown to the tenth of a mile. */
  distanceExact: boolean;
  /** True when both listings are in the same zipcode. */
  sameZipcode: boolean;
}

/** The listing with this id, or undefined when there is none. */
export async function findListing(db: Kysely<Database>, id: number): Promise<Listing | undefined> {
  const row = await selectWholesalers(db).select("states.code as state_code").where("wholesalers.id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  return { ...toWholesaler(row), stateCode: row.state_code };
}

/**
 * The `limit` other listings nearest to this one at any distance, nearest first (ties by name), ranked
 * exactly like the zipcode search. The directory holds hundreds of rows, so ranking them all is cheap.
 */
export async function findNearbyListings(
  db: Kysely<Database>,
  listing: Pick<Wholesaler, "id" | "latitude" | "longitude" | "zipcode" | "locationExact">,
  limit: number = NEARBY_LISTINGS,
): Promise<NearbyListing[]> {
  const rows = await selectWholesalers(db).where("wholesalers.id", "!=", listing.id).execute();
  return rankByDistance(rows.map(toWholesaler), listing, Number.POSITIVE_INFINITY)
    .slice(0, limit)
    .map((other) => ({
      id: other.id,
      name: other.name,
      type: other.type,
      city: other.city,
      state: other.state,
      zipcode: other.zipcode,
      distanceMiles: other.distanceMiles,
      distanceExact: listing.locationExact && other.locationExact,
      sameZipcode: listing.zipcode === other.zipcode,
    }));
}
