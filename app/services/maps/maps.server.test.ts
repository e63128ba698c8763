import { describe, expect, it } from "vitest";
import { states as seedStates } from "~/db/seed/data/states";
import { AppError } from "../errors";
import { areaGroundSvg, locatorMap, resultsMap, searchResultsMap, stateMap, stateOutlineSvg, usMap } from "./maps.server";
import { numbersLabel, stateMapName, type MapListing } from "./types";

/** The 90014 centroid (downtown Los Angeles), where three seeded listings share a point. */
const DOWNTOWN_LA = { latitude: 34.0407, longitude: -118.2468 };
const listing = (number: number, latitude: number, longitude: number): MapListing => ({
  id: 100 + number,
  number,
  name: `Listing ${number}`,
  latitude,
  longitude,
});

describe("usMap", () => {
  it("has the 50 states by this site's ids, sorted by name, each shaded by its class of listings", () => {
    const map = usMap(
      new Map([
        ["california", 8],
        ["newyork", 7],
        ["texas", 6],
        ["wisconsin", 2],
        ["hawaii", 1],
      ]),
    );
    expect(map.states.map((state) => state.id).sort()).toEqual(seedStates.map((state) => state.id).sort());
    expect(map.states.map((state) => state.name)).toEqual(
      seedStates.map((state) => state.name).sort((a, b) => a.localeCompare(b, "en-US")),
    );
    const level = (id: string) => map.states.find((state) => state.id === id)?.level;
    expect([level("alaska"), level("hawaii"), level("wisconsin"), level("texas"), level("newyork"), level("california")]).toEqual([
      0, 1, 2, 3, 4, 4,
    ]);
    expect(map.states.find((state) => state.id === "california")?.listings).toBe(8);
    for (const state of map.states) expect(state.d).toMatch(/^M\d/);
    expect(map.insets).toMatch(/^M.*z.*z$/);
  });

  it("names each state with its listings", () => {
    expect(stateMapName("California", 7)).toBe("California: 7 listings");
    expect(stateMapName("Hawaii", 1)).toBe("Hawaii: 1 listing");
    expect(stateMapName("Alaska", 0)).toBe("Alaska: no listings yet");
  });
});

describe("stateMap", () => {
  it("draws one marker per place: listings at one point (or too close to tell apart) share a marker with their count", () => {
    const map = stateMap("california", [
      listing(1, DOWNTOWN_LA.latitude, DOWNTOWN_LA.longitude),
      listing(2, 37.7621, -122.4011),
      listing(3, DOWNTOWN_LA.latitude, DOWNTOWN_LA.longitude),
      listing(5, DOWNTOWN_LA.latitude, DOWNTOWN_LA.longitude),
      listing(4, 32.7157, -117.1611),
    ]);
    expect(map.outlineUrl).toMatch(/^\/maps\/state\/california\.svg\?v=[0-9a-f]{12}$/);
    expect(map.markers.map((marker) => marker.numbers)).toEqual([[1, 3, 5], [2], [4]]);
    expect(map.markers.map((marker) => marker.label)).toEqual(["1, 3, 5", "2", "4"]);
    for (const marker of map.markers) {
      expect(marker.x).toBeGreaterThan(0);
      expect(marker.x).toBeLessThan(map.width);
      expect(marker.y).toBeGreaterThan(0);
      expect(marker.y).toBeLessThan(map.height);
    }
    // San Francisco is north-west of Los Angeles, San Diego south-east.
    const [la, sf, sd] = map.markers;
    expect(sf?.x).toBeLessThan(la?.x ?? 0);
    expect(sf?.y).toBeLessThan(la?.y ?? 0);
    expect(sd?.y).toBeGreaterThan(la?.y ?? 0);
  });

  it("draws the outline as an image of its own, addressed by its content, in the page's frame and colours", () => {
    const map = stateMap("california", []);
    const { svg, url } = stateOutlineSvg("california");
    expect(url).toBe(map.outlineUrl);
    expect(svg).toMatch(new RegExp(`^<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${map.width} ${map.height}"`));
    // One path, the outline at a tenth of a pixel, filled blush and stroked rose at 60% as the page's classes did.
    expect(svg.match(/<path /g)).toHaveLength(1);
    expect(svg).toMatch(/<path d="M[\d.]+[ ,][\d.]+/);
    expect(svg).toContain("fill:#fde4e1;stroke:#be123c;stroke-opacity:0.6;stroke-width:1.25");
    // Another state is another document at another address.
    const texas = stateOutlineSvg("texas");
    expect(texas.url).toMatch(/^\/maps\/state\/texas\.svg\?v=[0-9a-f]{12}$/);
    expect(texas.url.split("v=")[1]).not.toBe(url.split("v=")[1]);
    expect(texas.svg).not.toBe(svg);
  });

  it("answers not found for an unknown state", () => {
    expect(() => stateMap("atlantis", [])).toThrow(AppError);
    expect(() => stateOutlineSvg("atlantis")).toThrow("State not found");
    expect(() => locatorMap("atlantis", DOWNTOWN_LA)).toThrow("State not found");
  });

  it("labels several numbers as runs", () => {
    expect(numbersLabel([3, 1, 2])).toBe("1–3");
    expect(numbersLabel([1, 2, 3, 5, 6, 7])).toBe("1–3, 5–7");
    expect(numbersLabel([2, 5])).toBe("2, 5");
    expect(numbersLabel([4, 5, 9])).toBe("4, 5, 9");
  });
});

describe("resultsMap", () => {
  it("draws the counties around the search point, the radius, markers inside the frame and lines towards the listings beyond it", () => {
    const map = resultsMap({
      center: DOWNTOWN_LA,
      radiusMiles: 25,
      listings: [
        listing(1, DOWNTOWN_LA.latitude, DOWNTOWN_LA.longitude),
        listing(2, DOWNTOWN_LA.latitude, DOWNTOWN_LA.longitude),
        listing(3, 34.1478, -118.1445),
        // San Francisco, far outside the frame to the north-west.
        listing(4, 37.7621, -122.4011),
      ],
    });
    // A frame of about 25 miles around downtown reaches into Los Angeles County and its neighbours.
    expect(map.countyCount).toBeGreaterThanOrEqual(4);
    expect(map.countyCount).toBeLessThan(20);
    // The counties are an image of their own, drawn from the same point and radius.
    expect(map.ground).toBe("/maps/area.svg?lat=34.0407&lng=-118.2468&radius=25");
    expect(map.circle).toMatch(/^M.*z$/);
    expect(map.center).toEqual({ x: 240, y: 160 });
    expect(map.markers.map((marker) => marker.numbers)).toEqual([[1, 2], [3]]);
    expect(map.offFrame).toHaveLength(1);
    const [beyond] = map.offFrame;
    expect(beyond?.number).toBe(4);
    // The line ends on the frame's edge (inset for its marker), towards the north-west.
    expect(beyond?.x === 14 || beyond?.y === 14).toBe(true);
    expect(beyond?.x).toBeLessThan(240);
    expect(beyond?.y).toBeLessThan(160);
    expect(beyond?.line).toBe(`M240 160L${beyond?.x} ${beyond?.y}`);
  });

  it("shows more counties for a wider radius", () => {
    const narrow = resultsMap({ center: DOWNTOWN_LA, radiusMiles: 10, listings: [] });
    const wide = resultsMap({ center: DOWNTOWN_LA, radiusMiles: 100, listings: [] });
    expect(wide.countyCount).toBeGreaterThan(narrow.countyCount);
    expect(narrow.markers).toEqual([]);
    expect(narrow.offFrame).toEqual([]);
  });
});

describe("areaGroundSvg", () => {
  it("draws the land and the county borders of the frame as an SVG document the size of the map", () => {
    const svg = areaGroundSvg(DOWNTOWN_LA, 25);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 480 320" width="480" height="320">/);
    const paths = [...svg.matchAll(/<path d="(M[^"]+)" style="([^"]+)"\/>/g)].map(([, d = "", style]) => ({
      moves: d.split("M").length - 1,
      style,
    }));
    // The land, then each border between Los Angeles County and its neighbours a move of its own.
    expect(paths[0]?.style).toBe("fill:#fff");
    expect(paths[1]?.style).toContain("stroke-width:0.75");
    expect(paths[1]?.moves).toBeGreaterThanOrEqual(3);
    expect(svg.endsWith("</svg>")).toBe(true);
  });

  it("draws nothing but the frame out at sea", () => {
    expect(areaGroundSvg({ latitude: 0, longitude: 0 }, 0.5)).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 320" width="480" height="320"></svg>',
    );
  });
});

describe("searchResultsMap", () => {
  const at = (id: number, latitude: number, longitude: number) => ({ id, name: `Listing ${id}`, latitude, longitude });

  it("numbers the listings within the radius, or else the nearest beyond it, in the order the results list them", () => {
    const within = searchResultsMap({
      origin: DOWNTOWN_LA,
      radiusMiles: 25,
      within: [at(7, 34.1478, -118.1445), at(3, DOWNTOWN_LA.latitude, DOWNTOWN_LA.longitude)],
      nearest: [],
    });
    expect(within?.markers.flatMap((marker) => marker.numbers).sort()).toEqual([1, 2]);
    const nearest = searchResultsMap({ origin: DOWNTOWN_LA, radiusMiles: 10, within: [], nearest: [at(9, 37.7621, -122.4011)] });
    expect(nearest?.offFrame.map((listing) => listing.number)).toEqual([1]);
  });

  it("draws nothing when there is nothing to show", () => {
    expect(searchResultsMap({ origin: DOWNTOWN_LA, radiusMiles: 25, within: [], nearest: [] })).toBeNull();
  });
});

describe("locatorMap", () => {
  it("puts the listing's point inside its state's small map", () => {
    const map = locatorMap("california", DOWNTOWN_LA);
    expect(map.width).toBe(240);
    expect(map.outline).toMatch(/^M/);
    expect(map.marker.x).toBeGreaterThan(map.width / 2);
    expect(map.marker.y).toBeGreaterThan(map.height / 2);
    expect(map.marker.y).toBeLessThan(map.height);
  });
});
