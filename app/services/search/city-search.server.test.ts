import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/schema";
import { CITY_NEAREST_LIMIT, searchCity } from "./city-search.server";
import { TEST_DATABASES, openTestDatabase } from "../../../tests/support/test-databases";

const now = "2026-04-01T00:00:00.000Z";

for (const database of TEST_DATABASES) {
  describe.runIf(database.enabled)(`searchCity on ${database.name}`, () => {
    let db: Kysely<Database>;
    let cleanup: () => Promise<void>;

    beforeAll(async () => {
      const opened = await openTestDatabase(database.name, "city-search");
      db = opened.handle.db;
      cleanup = opened.cleanup;
      const state = (id: string, name: string, code: string) => ({ id, name, code, region: "Midwest", created_at: now, updated_at: now });
      await db
        .insertInto("states")
        .values([state("illinois", "Illinois", "IL"), state("kansas", "Kansas", "KS")])
        .execute();
      await db
        .insertInto("zipcodes")
        .values([
          { zip: "60601", city: "Chicago", state_code: "IL", latitude: 41.88, longitude: -87.62 },
          { zip: "67202", city: "Wichita", state_code: "KS", latitude: 37.69, longitude: -97.34 },
          { zip: "67203", city: "Wichita", state_code: "KS", latitude: 37.71, longitude: -97.36 },
        ])
        .execute();
      const wholesaler = (name: string, latitude: number, longitude: number) => ({
        name,
        address: "1 Main St",
        city: "Somewhere",
        state_id: "illinois",
        zipcode: "60601",
        type: "Wholesale",
        hours: "",
        description: "",
        featured: 0,
        latitude,
        longitude,
        created_at: now,
        updated_at: now,
      });
      await db
        .insertInto("wholesalers")
        .values([
          // North of Chicago's centre (GeoNames: 41.85003, -87.65005) in steps of 0.05° of latitude, about 3.45 miles.
          ...Array.from({ length: CITY_NEAREST_LIMIT + 2 }, (_, i) => wholesaler(`Loop Stems ${i}`, 41.85003 + 0.05 * (i + 1), -87.65005)),
          wholesaler("Far West Flowers", 41.88, -100),
          wholesaler("Farther West Flowers", 41.88, -105),
        ])
        .execute();
    });

    afterAll(async () => {
      await cleanup();
    });

    it("lists the 5 nearest within 25 miles, nearest first, with their distance from the city's centre", async () => {
      const found = await searchCity(db, "Chicago, IL");
      expect(found.kind).toBe("found");
      if (found.kind !== "found") return;
      expect(found.nearby.map((w) => w.name)).toEqual(["Loop Stems 0", "Loop Stems 1", "Loop Stems 2", "Loop Stems 3", "Loop Stems 4"]);
      expect(found.nearby[0]).toMatchObject({ state: "Illinois", stateId: "illinois", type: "Wholesale", withinRadius: true });
      expect(found.nearby[0]?.distanceMiles).toBeCloseTo(3.45, 1);
    });

    it("shows the 3 nearest at any distance when none lie within 25 miles", async () => {
      const found = await searchCity(db, "Wichita");
      expect(found.kind).toBe("found");
      if (found.kind !== "found") return;
      expect(found.nearby.map((w) => w.name)).toEqual(["Far West Flowers", "Farther West Flowers", "Loop Stems 0"]);
      expect(found.nearby.every((w) => !w.withinRadius)).toBe(true);
    });

    it("finds no city in other words", async () => {
      expect(await searchCity(db, "roses")).toEqual({ kind: "none" });
    });
  });
}
