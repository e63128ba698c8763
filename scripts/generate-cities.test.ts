import { describe, expect, it } from "vitest";
import { buildCityCentres, comparableName } from "./generate-cities";

describe("generate-cities", () => {
  it("compares names as the zipcode list spells them", () => {
    expect(comparableName("St. Louis")).toBe("saint louis");
    expect(comparableName("Winston-Salem")).toBe("winston salem");
    expect(comparableName("Coeur d'Alene")).toBe("coeur d alene");
    expect(comparableName("Cañon City")).toBe("canon city");
    expect(comparableName("Mt. Vernon")).toBe("mount vernon");
  });

  it("keys GeoNames' points by state and the zipcode list's lower-case name, the more populous place winning", () => {
    const centres = buildCityCentres();
    expect(centres.NY?.["new york"]).toEqual([40.71427, -74.00597]);
    expect(centres.DC?.washington).toEqual([38.89511, -77.03637]);
    expect(centres.MO?.["saint louis"]).toEqual([38.62727, -90.19789]);
    expect(centres.IL?.chicago).toEqual([41.85003, -87.65005]);
    // Thousands of cities, and only names the zipcode list holds: no borough GeoNames names "The Bronx".
    const count = Object.values(centres).reduce((sum, cities) => sum + Object.keys(cities).length, 0);
    expect(count).toBeGreaterThan(10_000);
    expect(centres.NY?.["the bronx"]).toBeUndefined();
    expect(Object.keys(centres)).toEqual([...Object.keys(centres)].sort());
  });
});
