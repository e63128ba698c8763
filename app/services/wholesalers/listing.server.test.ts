import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/schema";
import { states } from "~/db/seed/data/states";
import { TEST_DATABASES, openTestDatabase } from "../../../tests/support/test-databases";
import { findListing, findNearbyListings, listListingLinks } from "./listing.server";

const T0 = "2026-01-01T00:00:00.000Z";

/** A market in downtown Los Angeles at its own point, and listings around it at known offsets of latitude. */
const ORIGIN = { latitude: 34.04, longitude: -118.25 };
/** One degree of latitude on distanceMiles's sphere (3958.8 miles of radius). */
const MILES_PER_DEGREE = (3958.8 * Math.PI) / 180;
const north = (miles: number) => ({ latitude: ORIGIN.latitude + miles / MILES_PER_DEGREE, longitude: ORIGIN.longitude });

const row = (name: string, point: { latitude: number; longitude: number }, extra: Partial<Record<string, unknown>> = {}) => ({
  name,
  address: "1 Test Way",
  city: "Los Angeles",
  state_id: "california",
  zipcode: "90014",
  type: "Wholesale",
  hours: "",
  description: "",
  image: null,
  image_updated_at: null,
  phone: null,
  website: null,
  latitude: point.latitude,
  longitude: point.longitude,
  featured: 0,
  location_exact: 1,
  created_at: T0,
  updated_at: T0,
  ...extra,
});

for (const database of TEST_DATABASES) {
  describe.runIf(database.enabled)(`a listing's page data on ${database.name}`, () => {
    let db: Kysely<Database>;
    let cleanup: () => Promise<void>;
    const ids = new Map<string, number>();

    beforeAll(async () => {
      const opened = await openTestDatabase(database.name, "listing");
      db = opened.handle.db;
      cleanup = opened.cleanup;
      await db
        .insertInto("states")
        .values(
          states
            .filter((s) => ["california", "nevada"].includes(s.id))
            .map((s) => ({ id: s.id, name: s.name, code: s.code, region: s.region, created_at: T0, updated_at: T0 })),
        )
        .execute();
      const inserted = await db
        .insertInto("wholesalers")
        .values([
          row("Origin Market", ORIGIN, { phone: "(213) 555-0100", access: "public-welcome" }),
          row("Far Growers", north(40), { zipcode: "90001" }),
          row("Zinnia Stall", north(2)),
          row("Aster Stall", north(2)),
          row("Centroid Florist", north(5), { location_exact: 0 }),
          row("Desert Blooms", north(300), { state_id: "nevada", city: "Las Vegas", zipcode: "89101" }),
        ])
        .returning(["id", "name"])
        .execute();
      for (const { id, name } of inserted) ids.set(name, Number(id));
    });
    afterAll(() => cleanup());

    it("finds a listing by id with its state's name and code, and nothing for an unknown id", async () => {
      const listing = await findListing(db, ids.get("Origin Market")!);
      expect(listing).toMatchObject({
        name: "Origin Market",
        state: "California",
        stateId: "california",
        stateCode: "CA",
        phone: "(213) 555-0100",
        access: "public-welcome",
        locationExact: true,
      });
      expect(await findListing(db, 999_999)).toBeUndefined();
    });

    it("suggests the three other listings nearest to it, nearest first and ties by name, never itself", async () => {
      const origin = (await findListing(db, ids.get("Origin Market")!))!;
      const nearby = await findNearbyListings(db, origin);
      expect(nearby.map((other) => [other.name, other.distanceMiles])).toEqual([
        ["Aster Stall", 2],
        ["Zinnia Stall", 2],
        ["Centroid Florist", 5],
      ]);
      expect(nearby[0]).toEqual({
        id: ids.get("Aster Stall"),
        name: "Aster Stall",
        type: "Wholesale",
        city: "Los Angeles",
        state: "California",
        zipcode: "90014",
        distanceMiles: 2,
        distanceExact: true,
        sameZipcode: true,
        status: "open",
      });
      // A distance is exact only when both points are the listings' own.
      expect(nearby[2]).toMatchObject({ distanceExact: false, sameZipcode: true });
    });

    it("looks across state lines and at any distance when the directory has little nearby", async () => {
      const desert = (await findListing(db, ids.get("Desert Blooms")!))!;
      const nearby = await findNearbyListings(db, desert, 2);
      expect(nearby.map((other) => other.name)).toEqual(["Far Growers", "Centroid Florist"]);
      expect(nearby[0]).toMatchObject({ distanceMiles: 260, sameZipcode: false, state: "California" });
    });

    it("lists every listing for the sitemaps, by state and then by name, with the day of its last change", async () => {
      const links = await listListingLinks(db);
      expect(links.map((link) => [link.state, link.name])).toEqual([
        ["California", "Aster Stall"],
        ["California", "Centroid Florist"],
        ["California", "Far Growers"],
        ["California", "Origin Market"],
        ["California", "Zinnia Stall"],
        ["Nevada", "Desert Blooms"],
      ]);
      expect(links.at(-1)).toEqual({
        id: ids.get("Desert Blooms"),
        name: "Desert Blooms",
        city: "Las Vegas",
        stateId: "nevada",
        state: "Nevada",
        updatedOn: "2026-01-01",
      });
    });
  });
}
