import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/schema";
import { lookupCity, parseCityQuery } from "./cities.server";
import { TEST_DATABASES, openTestDatabase } from "../../../tests/support/test-databases";

const STATES = [
  { id: "illinois", name: "Illinois", code: "IL" },
  { id: "massachusetts", name: "Massachusetts", code: "MA" },
  { id: "missouri", name: "Missouri", code: "MO" },
  { id: "texas", name: "Texas", code: "TX" },
  { id: "florida", name: "Florida", code: "FL" },
  { id: "pennsylvania", name: "Pennsylvania", code: "PA" },
  { id: "indiana", name: "Indiana", code: "IN" },
  { id: "newyork", name: "New York", code: "NY" },
];

describe("parseCityQuery", () => {
  it("reads a state after the city by code or by name, whatever the punctuation and case", () => {
    expect(parseCityQuery("Chicago", STATES)).toEqual([{ city: "chicago" }]);
    expect(parseCityQuery("Chicago, IL", STATES)).toEqual([{ city: "chicago", stateCode: "IL" }, { city: "chicago il" }]);
    expect(parseCityQuery("san antonio tx", STATES)[0]).toEqual({ city: "san antonio", stateCode: "TX" });
    expect(parseCityQuery("San Antonio, Texas", STATES)[0]).toEqual({ city: "san antonio", stateCode: "TX" });
    expect(parseCityQuery("Albany, New York", STATES)[0]).toEqual({ city: "albany", stateCode: "NY" });
    expect(parseCityQuery("New York", STATES)).toEqual([{ city: "new york" }]);
  });

  it("spells out the abbreviations the zipcode list does not use", () => {
    expect(parseCityQuery("St. Louis, MO", STATES)[0]).toEqual({ city: "saint louis", stateCode: "MO" });
    expect(parseCityQuery("Winston-Salem", STATES)).toEqual([{ city: "winston salem" }]);
    expect(parseCityQuery(`"'; --`, STATES)).toEqual([]);
  });
});

for (const database of TEST_DATABASES) {
  describe.runIf(database.enabled)(`lookupCity on ${database.name}`, () => {
    let db: Kysely<Database>;
    let cleanup: () => Promise<void>;

    beforeAll(async () => {
      const opened = await openTestDatabase(database.name, "cities");
      db = opened.handle.db;
      cleanup = opened.cleanup;
      const now = "2026-04-01T00:00:00.000Z";
      await db
        .insertInto("states")
        .values(STATES.map((state) => ({ ...state, region: "Midwest", created_at: now, updated_at: now })))
        .execute();
      const zip = (zipcode: string, city: string, stateCode: string, latitude: number, longitude: number) => ({
        zip: zipcode,
        city,
        state_code: stateCode,
        latitude,
        longitude,
      });
      await db
        .insertInto("zipcodes")
        .values([
          zip("60601", "Chicago", "IL", 41.88, -87.62),
          zip("60602", "Chicago", "IL", 41.9, -87.64),
          zip("60603", "Chicago", "IL", 41.86, -87.66),
          zip("62701", "Springfield", "IL", 39.8, -89.65),
          zip("62702", "Springfield", "IL", 39.82, -89.64),
          zip("01101", "Springfield", "MA", 42.1, -72.59),
          zip("01102", "Springfield", "MA", 42.12, -72.57),
          zip("65801", "Springfield", "MO", 37.21, -93.29),
          zip("65802", "Springfield", "MO", 37.19, -93.27),
          zip("16433", "Springfield", "PA", 41.8, -80.36),
          zip("78201", "San Antonio", "TX", 29.47, -98.53),
          zip("78202", "San Antonio", "TX", 29.43, -98.46),
          zip("78203", "San Antonio", "TX", 29.41, -98.46),
          zip("33576", "San Antonio", "FL", 28.34, -82.27),
          zip("15701", "Indiana", "PA", 40.62, -79.15),
          zip("15705", "Indiana", "PA", 40.64, -79.17),
          zip("10001", "New York", "NY", 40.75, -73.99),
          zip("10002", "New York", "NY", 40.72, -73.99),
          zip("13440", "Rose", "NY", 43.15, -76.9),
          // No such place: GeoNames has no point for it.
          zip("16998", "Tulip Hollow", "PA", 40.4, -78.1),
          zip("16999", "Tulip Hollow", "PA", 40.6, -78.3),
        ])
        .execute();
    });

    afterAll(async () => {
      await cleanup();
    });

    it("finds Chicago at its own centre, not at the mean of its zipcodes, with or without its state", async () => {
      for (const query of ["Chicago", "Chicago, IL", "chicago il", "CHICAGO, Illinois"]) {
        const found = await lookupCity(db, query);
        expect(found, query).toMatchObject({
          kind: "found",
          city: { name: "Chicago", stateCode: "IL", stateName: "Illinois", zipcodes: 3 },
        });
        if (found.kind !== "found") continue;
        // GeoNames' point for Chicago; its three zipcodes here average 41.88, -87.64.
        expect(found.city.latitude).toBeCloseTo(41.85003, 4);
        expect(found.city.longitude).toBeCloseTo(-87.65005, 4);
      }
    });

    it("puts a place GeoNames does not list at the mean of its zipcodes' centroids", async () => {
      const found = await lookupCity(db, "Tulip Hollow, PA");
      expect(found).toMatchObject({ kind: "found", city: { name: "Tulip Hollow", zipcodes: 2 } });
      if (found.kind !== "found") return;
      expect(found.city.latitude).toBeCloseTo(40.5, 6);
      expect(found.city.longitude).toBeCloseTo(-78.2, 6);
    });

    it("takes the much larger city of a shared name, naming the others", async () => {
      expect(await lookupCity(db, "Springfield, IL")).toMatchObject({
        kind: "found",
        city: { name: "Springfield", stateCode: "IL" },
        others: [],
      });
      const found = await lookupCity(db, "san antonio");
      expect(found).toMatchObject({ kind: "found", city: { name: "San Antonio", stateCode: "TX" }, others: [] });
      expect(await lookupCity(db, "San Antonio, Texas")).toMatchObject({ kind: "found", city: { stateCode: "TX" }, others: [] });
      expect(await lookupCity(db, "san antonio fl")).toMatchObject({ kind: "found", city: { stateCode: "FL" } });
    });

    it("offers the choice by state when cities of comparable size share the name", async () => {
      const springfield = await lookupCity(db, "Springfield");
      expect(springfield.kind).toBe("ambiguous");
      if (springfield.kind !== "ambiguous") return;
      expect(springfield.name).toBe("Springfield");
      expect(springfield.choices.map((city) => city.stateCode)).toEqual(["IL", "MA", "MO"]);
      expect(await lookupCity(db, "Springfield, MO")).toMatchObject({ kind: "found", city: { stateCode: "MO" } });
      // A place of one zipcode counts only with its state.
      expect(await lookupCity(db, "Springfield, Pennsylvania")).toMatchObject({ kind: "found", city: { stateCode: "PA", zipcodes: 1 } });
    });

    it("takes a flower for a flower, not for a village of that name", async () => {
      expect(await lookupCity(db, "rose")).toEqual({ kind: "none" });
      expect(await lookupCity(db, "Rose, NY")).toMatchObject({ kind: "found", city: { name: "Rose", stateCode: "NY" } });
    });

    it("reads a state's name as that state's city or none, and finds nothing in anything else", async () => {
      expect(await lookupCity(db, "New York")).toMatchObject({ kind: "found", city: { stateCode: "NY" } });
      expect(await lookupCity(db, "Indiana")).toEqual({ kind: "none" });
      for (const query of ["", "'; drop table zipcodes; --", "Chicago, TX", "%", "a".repeat(200)]) {
        expect(await lookupCity(db, query), query).toEqual({ kind: "none" });
      }
    });
  });
}
