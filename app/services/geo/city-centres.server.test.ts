import type { Kysely } from "kysely";
import zipcodes from "zipcodes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { states } from "~/db/seed/data/states";
import { zipcodeRows } from "~/db/seed/seed.server";
import type { Database } from "~/db/schema";
import { lookupCity } from "./cities.server";
import { distanceMiles } from "./distance";
import { TEST_DATABASES, openTestDatabase } from "../../../tests/support/test-databases";

/**
 * The 50 largest US cities (Census Bureau estimates) and the zipcode of each one's downtown or city hall: a
 * city search must measure from there, not from wherever the mean of the city's zipcodes falls (New York's fell
 * on Long Island, 50 miles from City Hall; El Paso's 8 miles out).
 */
const LARGEST_CITIES: [city: string, downtownZipcode: string][] = [
  ["New York, NY", "10007"],
  ["Los Angeles, CA", "90012"],
  ["Chicago, IL", "60602"],
  ["Houston, TX", "77002"],
  ["Phoenix, AZ", "85003"],
  ["Philadelphia, PA", "19107"],
  ["San Antonio, TX", "78205"],
  ["San Diego, CA", "92101"],
  ["Dallas, TX", "75201"],
  ["Jacksonville, FL", "32202"],
  ["Austin, TX", "78701"],
  ["Fort Worth, TX", "76102"],
  ["San Jose, CA", "95113"],
  ["Columbus, OH", "43215"],
  ["Charlotte, NC", "28202"],
  ["Indianapolis, IN", "46204"],
  ["San Francisco, CA", "94102"],
  ["Seattle, WA", "98104"],
  ["Denver, CO", "80202"],
  ["Oklahoma City, OK", "73102"],
  ["Nashville, TN", "37201"],
  ["Washington, DC", "20004"],
  ["El Paso, TX", "79901"],
  ["Las Vegas, NV", "89101"],
  ["Boston, MA", "02108"],
  ["Detroit, MI", "48226"],
  ["Portland, OR", "97204"],
  ["Louisville, KY", "40202"],
  ["Memphis, TN", "38103"],
  ["Baltimore, MD", "21202"],
  ["Milwaukee, WI", "53202"],
  ["Albuquerque, NM", "87102"],
  ["Tucson, AZ", "85701"],
  ["Fresno, CA", "93721"],
  ["Sacramento, CA", "95814"],
  ["Mesa, AZ", "85201"],
  ["Atlanta, GA", "30303"],
  ["Kansas City, MO", "64106"],
  ["Colorado Springs, CO", "80903"],
  ["Omaha, NE", "68102"],
  ["Raleigh, NC", "27601"],
  ["Miami, FL", "33130"],
  ["Virginia Beach, VA", "23451"],
  ["Long Beach, CA", "90802"],
  ["Oakland, CA", "94612"],
  ["Minneapolis, MN", "55401"],
  ["Bakersfield, CA", "93301"],
  ["Tulsa, OK", "74103"],
  ["Tampa, FL", "33602"],
  ["Arlington, TX", "76010"],
];

for (const database of TEST_DATABASES) {
  describe.runIf(database.enabled)(`city centres on ${database.name}`, () => {
    let db: Kysely<Database>;
    let cleanup: () => Promise<void>;

    beforeAll(async () => {
      const opened = await openTestDatabase(database.name, "city-centres");
      db = opened.handle.db;
      cleanup = opened.cleanup;
      const now = "2026-04-01T00:00:00.000Z";
      await db
        .insertInto("states")
        .values(states.map(({ id, name, code, region }) => ({ id, name, code, region, created_at: now, updated_at: now })))
        .execute();
      // Every zipcode the site holds, as the seed loads them.
      const rows = zipcodeRows();
      for (let i = 0; i < rows.length; i += 2000)
        await db
          .insertInto("zipcodes")
          .values(rows.slice(i, i + 2000))
          .execute();
    }, 60_000);

    afterAll(async () => {
      await cleanup();
    });

    it("places each of the 50 largest cities within 5 miles of its downtown zipcode", async () => {
      const far: string[] = [];
      for (const [query, downtown] of LARGEST_CITIES) {
        const found = await lookupCity(db, query);
        expect(found, query).toMatchObject({ kind: "found", city: { centre: "geonames" } });
        if (found.kind !== "found") continue;
        const zipcode = zipcodes.lookup(downtown);
        if (!zipcode) throw new Error(`no zipcode ${downtown}`);
        const miles = distanceMiles(found.city, zipcode);
        if (miles > 5) far.push(`${query}: ${miles.toFixed(1)} miles from ${downtown}`);
      }
      expect(far).toEqual([]);
    });

    it("finds New York, and Washington without a state page, by their names alone", async () => {
      const newYork = await lookupCity(db, "New York");
      expect(newYork).toMatchObject({ kind: "found", city: { name: "New York", stateCode: "NY" } });
      if (newYork.kind === "found") expect(distanceMiles(newYork.city, { latitude: 40.7484, longitude: -73.9967 })).toBeLessThan(3);
      for (const query of ["Washington, DC", "washington dc", "Washington, District of Columbia"]) {
        expect(await lookupCity(db, query), query).toMatchObject({
          kind: "found",
          city: { name: "Washington", stateCode: "DC", stateName: "District of Columbia" },
        });
      }
    });
  });
}
