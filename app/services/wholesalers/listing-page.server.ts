import { getDb } from "~/db/db.server";
import { locatorMap } from "~/services/maps/maps.server";
import { keptUntilWrite } from "~/services/tools/kept.server";
import { getFlowerHolidays } from "./flower-holidays.server";
import { findListing, findNearbyListings, NEARBY_LISTINGS } from "./listing.server";
import { toWholesalerJson } from "./wholesalers.server";

/** Listing pages kept at once; past it they are all read again, one by one, as they are asked for. */
const KEPT_LISTINGS = 500;

/**
 * What a listing's page shows whatever the time: the listing, the nearest others (only open ones for a listing closed
 * for good) and its locator map; undefined for an id that is no listing. Read once and kept until an admin's or an
 * owner's write (keptUntilWrite, issue #39): the nearby listings are ranked from every listed one. Shared by every
 * request: read it, never change it.
 */
export const listingPage = keptUntilWrite(
  "Listing pages",
  async (key: string) => {
    const db = getDb();
    const listing = await findListing(db, Number(key));
    if (!listing) return undefined;
    return {
      listing,
      json: toWholesalerJson(listing),
      nearby: await findNearbyListings(db, listing, NEARBY_LISTINGS, { openOnly: listing.status === "permanently-closed" }),
      map: locatorMap(listing.stateId, listing),
    };
  },
  { maxEntries: KEPT_LISTINGS },
);

/** The flower holidays in force on a day (a setting, or the built-in ones of its year), kept until a write. */
export const flowerHolidaysOn = keptUntilWrite("Flower holidays", (today: string) => getFlowerHolidays(getDb(), today));
