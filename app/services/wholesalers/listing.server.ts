import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { rankByDistance, selectListedWholesalers, selectWholesalers, toWholesaler } from "./wholesalers.server";
import type { NearbyListing, Wholesaler } from "./types";

export type { NearbyListing };

/** How many other listings a listing's page suggests. */
export const NEARBY_LISTINGS = 3;

/** A listing as its own page shows it: every fact, and its state's two-letter code for the postal address. */
export type Listing = Wholesaler & { stateCode: string };

/** The listing with this id, or undefined when there is none. */
export async function findListing(db: Kysely<Database>, id: number): Promise<Listing | undefined> {
  const row = await selectWholesalers(db).select("states.code as state_code").where("wholesalers.id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  return { ...toWholesaler(row), stateCode: row.state_code };
}

/**
 * The `limit` other listings nearest to this one at any distance, nearest first (ties by name), ranked
 * exactly like the zipcode search: never a permanently closed one, and with `openOnly` (for a listing that
 * closed for good) no temporarily closed one either. The directory holds hundreds of rows, so ranking them all is cheap.
 */
export async function findNearbyListings(
  db: Kysely<Database>,
  listing: Pick<Wholesaler, "id" | "latitude" | "longitude" | "zipcode" | "locationExact">,
  limit: number = NEARBY_LISTINGS,
  { openOnly = false }: { openOnly?: boolean } = {},
): Promise<NearbyListing[]> {
  const rows = await selectListedWholesalers(db).where("wholesalers.id", "!=", listing.id).execute();
  const others = rows.map((row) => toWholesaler(row)).filter((other) => !openOnly || other.status === "open");
  return rankByDistance(others, listing, Number.POSITIVE_INFINITY)
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
      status: other.status,
    }));
}

/** What a link to a listing's page needs, for the sitemaps. */
export interface ListingLink {
  id: number;
  name: string;
  city: string;
  stateId: string;
  state: string;
  /** YYYY-MM-DD of the listing's last change. */
  updatedOn: string;
}

/**
 * Every listing but the permanently closed (their pages say noindex), by state name and then by name, for
 * sitemap.xml and the /sitemap page.
 */
export async function listListingLinks(db: Kysely<Database>): Promise<ListingLink[]> {
  const rows = await db
    .selectFrom("wholesalers")
    .innerJoin("states", "states.id", "wholesalers.state_id")
    .where("wholesalers.status", "!=", "permanently-closed")
    .select([
      "wholesalers.id",
      "wholesalers.name",
      "wholesalers.city",
      "wholesalers.state_id",
      "wholesalers.updated_at",
      "states.name as state_name",
    ])
    .orderBy("states.name")
    .orderBy("wholesalers.name")
    .orderBy("wholesalers.id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    city: row.city,
    stateId: row.state_id,
    state: row.state_name,
    updatedOn: String(row.updated_at).slice(0, 10),
  }));
}
