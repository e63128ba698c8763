import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import type { Database } from "~/db/schema";
import { states } from "~/db/seed/data/states";
import { distanceMiles, roundMiles, SEARCH_RADIUS_MILES, type Point } from "../geo/distance";
import { TEST_DATABASES, openTestDatabase, rejection } from "../../../tests/support/test-databases";
import { findNearestWholesalers, findWholesalersNearZipcode } from "./wholesalers.server";

/** The earth radius distanceMiles uses; the first test proves it is the same. */
const EARTH_RADIUS_MILES = 3958.8;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;

/** The point `miles` along the great circle leaving `origin` at `bearing` degrees (clockwise from north). */
function destination(origin: Point, bearing: number, miles: number): Point {
  const angle = miles / EARTH_RADIUS_MILES;
  const theta = toRadians(bearing);
  const lat1 = toRadians(origin.latitude);
  const lng1 = toRadians(origin.longitude);
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angle) + Math.cos(lat1) * Math.sin(angle) * Math.cos(theta));
  const lng2 = lng1 + Math.atan2(Math.sin(theta) * Math.sin(angle) * Math.cos(lat1), Math.cos(angle) - Math.sin(lat1) * Math.sin(lat2));
  return { latitude: toDegrees(lat2), longitude: toDegrees(lng2) };
}

/**
 * A point exactly `miles` away as far as doubles go: the destination, pulled in by a few picometres
 * when rounding put it a hair beyond (distanceMiles(origin, point) <= miles, within 1e-9 miles of it).
 */
function atMost(origin: Point, bearing: number, miles: number): Point {
  for (let step = 0; step < 1000; step++) {
    const point = destination(origin, bearing, miles - step * 1e-12);
    if (distanceMiles(origin, point) <= miles) return point;
  }
  throw new Error(`no point within ${miles} miles at bearing ${bearing}`);
}

/**
 * The bearing at which a circle of `miles` around `origin` reaches furthest east (its westmost point is
 * the mirror image): cos(bearing) = tan(angular radius) * tan(latitude) on a sphere. There a point on
 * the circle lies further east than the naive `angle / cos(latitude)` longitude span.
 */
const widestBearing = (origin: Point, miles: number) =>
  toDegrees(Math.acos(Math.tan(miles / EARTH_RADIUS_MILES) * Math.tan(toRadians(origin.latitude))));

/** The centroids of the bundled zipcode dataset. */
const ORIGINS = [
  { zip: "90012", latitude: 34.0614, longitude: -118.2385, city: "Los Angeles", state_code: "CA", stateId: "california" },
  { zip: "99501", latitude: 61.2116, longitude: -149.8761, city: "Anchorage", state_code: "AK", stateId: "alaska" },
  { zip: "96813", latitude: 21.3179, longitude: -157.8521, city: "Honolulu", state_code: "HI", stateId: "hawaii" },
] as const;
/** Zipcodes with nothing listed within 25 miles. */
const REMOTE = [
  { zip: "99950", latitude: 55.3422, longitude: -131.6478, city: "Ketchikan", state_code: "AK" },
  { zip: "96720", latitude: 19.7025, longitude: -155.0939, city: "Hilo", state_code: "HI" },
];

const COMPASS = [0, 45, 90, 135, 180, 225, 270, 315];
const bearingsFor = (origin: Point) => {
  const east = widestBearing(origin, SEARCH_RADIUS_MILES);
  return [...COMPASS, east, 360 - east];
};

interface Placed {
  name: string;
  origin: (typeof ORIGINS)[number];
  miles: number;
  point: Point;
}

/** Wholesalers 24.9, 25.0 and 25.1 miles from each origin, in every compass direction and at the circle's widest. */
const PLACED: Placed[] = ORIGINS.flatMap((origin) =>
  bearingsFor(origin).flatMap((bearing) =>
    [24.9, 25, 25.1].map((miles) => ({
      name: `${origin.city} ${miles.toFixed(1)} mi at ${bearing.toFixed(2)} deg`,
      origin,
      miles,
      point: miles === 25 ? atMost(origin, bearing, miles) : destination(origin, bearing, miles),
    })),
  ),
);

/** Three wholesalers at one point 10 miles from Los Angeles, inserted out of name order. */
const TIED = ["Zinnia Wholesale", "Aster Wholesale", "Magnolia Wholesale"];
const TIED_POINT = destination(ORIGINS[0], 200, 10);

const T0 = "2026-01-01T00:00:00.000Z";
const row = (name: string, stateId: string, zipcode: string, point: Point) => ({
  name,
  address: "1 Test Way",
  city: "Test",
  state_id: stateId,
  zipcode,
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
  created_at: T0,
  updated_at: T0,
});

describe("the test's geometry", () => {
  it("uses the earth radius distanceMiles uses: one radian of latitude is 3958.8 miles", () => {
    expect(distanceMiles({ latitude: 0, longitude: 10 }, { latitude: toDegrees(1), longitude: 10 })).toBeCloseTo(EARTH_RADIUS_MILES, 9);
  });

  it("places every wholesaler at the distance its name claims", () => {
    expect(PLACED).toHaveLength(ORIGINS.length * 10 * 3);
    for (const placed of PLACED) {
      const miles = distanceMiles(placed.origin, placed.point);
      expect(Math.abs(miles - placed.miles), placed.name).toBeLessThan(1e-9);
      if (placed.miles === 25) expect(miles, placed.name).toBeLessThanOrEqual(25);
    }
    for (const name of TIED.slice(1)) expect(name.localeCompare(TIED[0]!)).toBeLessThan(0);
    expect(distanceMiles(ORIGINS[0], TIED_POINT)).toBeCloseTo(10, 9);
  });

  it("finds the circle's widest bearing: further east than the compass points beside it", () => {
    for (const origin of ORIGINS) {
      const east = widestBearing(origin, 25);
      const reach = (bearing: number) => destination(origin, bearing, 25).longitude;
      expect(reach(east)).toBeGreaterThan(reach(east - 0.5));
      expect(reach(east)).toBeGreaterThan(reach(east + 0.5));
      expect(reach(east)).toBeGreaterThan(reach(90));
    }
  });
});

for (const database of TEST_DATABASES) {
  describe.runIf(database.enabled)(`wholesalers within 25 miles of a zipcode on ${database.name}`, () => {
    let handle: DatabaseHandle;
    let db: Kysely<Database>;
    let cleanup: () => Promise<void>;

    beforeAll(async () => {
      const opened = await openTestDatabase(database.name, "radius");
      handle = opened.handle;
      db = handle.db;
      cleanup = opened.cleanup;
      await db
        .insertInto("states")
        .values(
          states
            .filter((s) => ["california", "alaska", "hawaii"].includes(s.id))
            .map((s) => ({ id: s.id, name: s.name, code: s.code, region: s.region, created_at: T0, updated_at: T0 })),
        )
        .execute();
      await db
        .insertInto("zipcodes")
        .values([...ORIGINS.map(({ stateId: _stateId, ...zip }) => zip), ...REMOTE])
        .execute();
      await db
        .insertInto("wholesalers")
        .values([
          ...PLACED.map((p) => row(p.name, p.origin.stateId, p.origin.zip, p.point)),
          ...TIED.map((name) => row(name, "california", "90012", TIED_POINT)),
        ])
        .execute();
    });
    afterAll(() => cleanup());

    it("stores the coordinates exactly, so the distances are the ones claimed", async () => {
      const stored = await db.selectFrom("wholesalers").select(["name", "latitude", "longitude"]).execute();
      expect(stored).toHaveLength(PLACED.length + TIED.length);
      const byName = new Map(stored.map((s) => [s.name, s]));
      for (const placed of PLACED) expect(byName.get(placed.name), placed.name).toMatchObject(placed.point);
    });

    for (const origin of ORIGINS) {
      it(`${origin.zip} (${origin.city}, ${origin.state_code}): 24.9 and 25.0 miles are in, 25.1 is out, nearest first`, async () => {
        const found = await findWholesalersNearZipcode(db, origin.zip);
        const expected = PLACED.filter((p) => p.origin === origin && p.miles <= 25);
        expect(expected).toHaveLength(20);
        const names = found.map((w) => w.name).filter((name) => name.startsWith(origin.city));
        expect([...names].sort()).toEqual(expected.map((p) => p.name).sort());
        expect(names.some((name) => name.includes(" 25.1 mi"))).toBe(false);

        // Nearest first: every 24.9 before every 25.0, each shown rounded to one decimal.
        const exact = found.map((w) => distanceMiles(origin, w));
        expect(exact).toEqual([...exact].sort((a, b) => a - b));
        for (const w of found.filter((w) => w.name.startsWith(origin.city))) {
          expect(w.distanceMiles, w.name).toBe(w.name.includes(" 24.9 mi") ? 24.9 : 25);
          expect(w).toMatchObject({ zipcode: origin.zip, stateId: origin.stateId });
        }
      });
    }

    it("puts wholesalers at the same distance in name order", async () => {
      const found = await findWholesalersNearZipcode(db, "90012");
      expect(found[0]).toMatchObject({ distanceMiles: 10 });
      expect(found.slice(0, 3).map((w) => w.name)).toEqual(["Aster Wholesale", "Magnolia Wholesale", "Zinnia Wholesale"]);
      expect(found).toHaveLength(23);
      const nearest = await findNearestWholesalers(db, "90012", 3);
      expect(nearest.map((w) => w.name)).toEqual(["Aster Wholesale", "Magnolia Wholesale", "Zinnia Wholesale"]);
    });

    it.each([
      ["99950", "Ketchikan, AK", "Anchorage"],
      ["96720", "Hilo, HI", "Honolulu"],
    ])("%s (%s) has nobody within 25 miles; the nearest beyond are suggested with their distance", async (zip, _place, nearCity) => {
      expect(await findWholesalersNearZipcode(db, zip)).toEqual([]);
      const remote = REMOTE.find((z) => z.zip === zip)!;
      const suggestions = await findNearestWholesalers(db, zip, 3);
      expect(suggestions).toHaveLength(3);
      const everyDistance = PLACED.map((p) => distanceMiles(remote, p.point)).sort((a, b) => a - b);
      expect(suggestions.map((w) => w.distanceMiles)).toEqual(everyDistance.slice(0, 3).map(roundMiles));
      for (const w of suggestions) {
        expect(w.name.startsWith(nearCity), w.name).toBe(true);
        expect(w.distanceMiles).toBeGreaterThan(25);
      }
    });

    it("finds nothing for a well-formed zipcode that does not exist, and refuses a malformed one with a 400", async () => {
      expect(await findWholesalersNearZipcode(db, "00000")).toEqual([]);
      expect(await findNearestWholesalers(db, "00000", 3)).toEqual([]);
      const error = await rejection(findWholesalersNearZipcode(db, "9950"));
      expect(error).toMatchObject({ code: "bad_request", message: "A zipcode is exactly 5 digits." });
    });
  });
}
