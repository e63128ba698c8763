import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import { describe, expect, it } from "vitest";
import { states as seedStates } from "../app/db/seed/data/states";
import { buildShapes, stateIdOf } from "./generate-maps";

describe("generate-maps", () => {
  const shapes = buildShapes();
  const ids = (topology: Topology, name: string) =>
    (topology.objects[name] as GeometryCollection).geometries.map((geometry) => String(geometry.id));
  const points = (topology: Topology) => topology.arcs.reduce((sum, arc) => sum + arc.length, 0);

  it("keys the 50 states by this site's ids, at two levels of detail, without DC or the territories", () => {
    const ours = seedStates.map((state) => state.id).sort();
    expect(ids(shapes.country, "states").sort()).toEqual(ours);
    expect(ids(shapes.states, "states").sort()).toEqual(ours);
    expect(stateIdOf("New York")).toBe("newyork");
    expect(stateIdOf("North Carolina")).toBe("northcarolina");
    const collection = shapes.states.objects.states;
    if (!collection) throw new Error("no states");
    const newYork = feature(shapes.states, collection).features.find((state) => state.id === "newyork");
    expect(newYork?.properties).toEqual({ name: "New York" });
    // The map of the country needs far fewer points than a state's page.
    expect(points(shapes.country)).toBeLessThan(points(shapes.states) / 1.5);
  });

  it("keeps the counties of the 50 states and DC, each with its bounding box", () => {
    const counties = ids(shapes.counties, "counties");
    expect(counties).toContain("06037"); // Los Angeles County
    expect(counties).toContain("11001"); // the District of Columbia
    expect(counties.filter((id) => Number(id.slice(0, 2)) >= 60)).toEqual([]);
    expect(new Set(counties.map((id) => id.slice(0, 2))).size).toBe(51);
    const losAngeles = shapes.counties.objects.counties?.geometries.find((county) => county.id === "06037");
    const [west = 0, south = 0, east = 0, north = 0] = losAngeles?.bbox ?? [];
    expect(west).toBeLessThan(-118.2468);
    expect(east).toBeGreaterThan(-118.2468);
    expect(south).toBeLessThan(34.0407);
    expect(north).toBeGreaterThan(34.0407);
    expect(Object.keys(shapes.counties.objects)).toEqual(["counties"]);
  });
});
