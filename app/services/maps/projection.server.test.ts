import { geoIdentity, geoPath } from "d3-geo";
import { describe, expect, it } from "vitest";
import {
  areaProjection,
  circleAround,
  countryProjection,
  MILES_PER_DEGREE,
  pathData,
  projectPoint,
  shapeProjection,
} from "./projection.server";
import { findStateShape, usStates } from "./shapes.server";

const LOS_ANGELES: [number, number] = [-118.2468, 34.0407];
const HONOLULU: [number, number] = [-157.8583, 21.3069];
const ALBANY: [number, number] = [-73.7562, 42.6526];

function boundsOf(projection: Parameters<typeof geoPath>[0], id: string, detail: "country" | "states") {
  const shape = findStateShape(id, detail);
  if (!shape) throw new Error(`no shape for ${id}`);
  const [[x0, y0], [x1, y1]] = geoPath(projection).bounds(shape);
  return { x0, y0, x1, y1 };
}

const within = (point: { x: number; y: number } | null, box: { x0: number; y0: number; x1: number; y1: number }) =>
  point !== null && point.x >= box.x0 && point.x <= box.x1 && point.y >= box.y0 && point.y <= box.y1;

describe("projection helpers", () => {
  it("fits a state into its frame, its own cities inside its outline's bounds and other states' outside", () => {
    const california = findStateShape("california");
    if (!california) throw new Error("no California");
    const { projection, frame } = shapeProjection(california, 400, 380, 18);
    expect(frame.width).toBe(400);
    expect(frame.height).toBeLessThanOrEqual(380);
    const box = boundsOf(projection, "california", "states");
    expect(box.x0).toBeGreaterThanOrEqual(17.5);
    expect(box.x1).toBeLessThanOrEqual(400 - 17.5);
    expect(box.y1).toBeLessThanOrEqual(frame.height - 17.5);
    expect(within(projectPoint(projection, LOS_ANGELES), box)).toBe(true);

    const newYork = findStateShape("newyork");
    if (!newYork) throw new Error("no New York");
    const ny = shapeProjection(newYork, 400, 380, 18);
    expect(within(projectPoint(ny.projection, ALBANY), boundsOf(ny.projection, "newyork", "states"))).toBe(true);
    expect(within(projectPoint(ny.projection, LOS_ANGELES), boundsOf(ny.projection, "newyork", "states"))).toBe(false);
  });

  it("draws the whole country in AlbersUsa, with Honolulu in the Hawaii inset and nothing for a point in Mexico", () => {
    const projection = countryProjection({ width: 975, height: 610 }, usStates("country"));
    const hawaii = boundsOf(projection, "hawaii", "country");
    const honolulu = projectPoint(projection, HONOLULU);
    expect(within(honolulu, hawaii)).toBe(true);
    // The inset sits in the lower left, south-west of the lower 48, not in the Pacific where Hawaii lies.
    expect(honolulu?.y).toBeGreaterThan(610 * 0.7);
    expect(honolulu?.x).toBeLessThan(975 * 0.5);
    expect(within(projectPoint(projection, LOS_ANGELES), boundsOf(projection, "california", "country"))).toBe(true);
    expect(projectPoint(projection, [-99.13, 19.43])).toBeNull();
  });

  it("draws a circle of N miles whose radius in pixels matches N miles at the map's scale", () => {
    for (const miles of [10, 25, 100]) {
      const frame = { width: 640, height: 400 };
      const projection = areaProjection(LOS_ANGELES, miles, frame, 24);
      const center = projectPoint(projection, LOS_ANGELES, 3);
      // One mile due north and due east of the centre, as the projection places them.
      const north = projectPoint(projection, [LOS_ANGELES[0], LOS_ANGELES[1] + 1 / MILES_PER_DEGREE], 3);
      if (!center || !north) throw new Error("unprojected");
      const pixelsPerMile = Math.hypot(north.x - center.x, north.y - center.y);
      const [[x0, y0], [x1, y1]] = geoPath(projection).bounds(circleAround(LOS_ANGELES, miles));
      expect(Math.abs((x1 - x0) / 2 / pixelsPerMile - miles) / miles).toBeLessThan(0.03);
      expect(Math.abs((y1 - y0) / 2 / pixelsPerMile - miles) / miles).toBeLessThan(0.03);
      // The circle fits the frame's height within its margin, centred on the search point.
      expect(y1 - y0).toBeCloseTo(400 - 48, 0);
      expect(center.x).toBeCloseTo(320, 0);
      expect(center.y).toBeCloseTo(200, 0);
    }
  });

  it("writes short path data: relative moves, rounded, repeated points and vanished rings dropped", () => {
    const identity = geoIdentity();
    const square = {
      type: "Polygon" as const,
      coordinates: [
        [
          [0, 0],
          [10.04, 0],
          [10.02, 0.01],
          [10, 10],
          [0, 10],
          [0, 0],
        ],
      ],
    };
    expect(pathData(identity, square, 1)).toBe("M0 0l10 0 0 10-10 0z");
    expect(pathData(identity, square, 0)).toBe("M0 0l10 0 0 10-10 0z");
    const speck = {
      type: "Polygon" as const,
      coordinates: [
        [
          [5, 5],
          [5.01, 5],
          [5, 5.01],
          [5, 5],
        ],
      ],
    };
    expect(pathData(identity, speck, 0)).toBe("");
    const line = {
      type: "LineString" as const,
      coordinates: [
        [0.25, 1],
        [3.5, -2],
      ],
    };
    expect(pathData(identity, line, 1)).toBe("M.3 1l3.2-3");
  });
});
