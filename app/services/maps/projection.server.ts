/**
 * Projections and SVG paths for the server-drawn maps (d3-geo). Nothing here reaches the browser: the
 * map services turn its results into plain strings and numbers (types.ts).
 */
import {
  geoAlbersUsa,
  geoBounds,
  geoCentroid,
  geoCircle,
  geoConicEqualArea,
  geoPath,
  type GeoPermissibleObjects,
  type GeoProjection,
  type GeoStreamWrapper,
} from "d3-geo";
import type { MapFrame } from "./types";

/** Miles along a great circle per degree of arc (Earth's mean radius 3958.8 mi). */
export const MILES_PER_DEGREE = (2 * Math.PI * 3958.8) / 360;

export type Point = { x: number; y: number };
/** [longitude, latitude], GeoJSON's order. */
export type LngLat = [number, number];

/** The whole country: the lower 48 in Albers equal-area, Alaska and Hawaii in insets, fitted to the frame. */
export function countryProjection(frame: MapFrame, states: GeoPermissibleObjects, padding = 8): GeoProjection {
  return geoAlbersUsa().fitExtent(
    [
      [padding, padding],
      [frame.width - padding, frame.height - padding],
    ],
    states,
  );
}

/** A conic equal-area projection for one region, its standard parallels at a sixth and five sixths of its latitudes. */
function conicFor(object: GeoPermissibleObjects): GeoProjection {
  const [[, south], [, north]] = geoBounds(object);
  const [longitude] = geoCentroid(object);
  const span = Math.max(north - south, 0.5);
  return geoConicEqualArea()
    .rotate([-longitude, 0])
    .parallels([south + span / 6, north - span / 6]);
}

/**
 * One state (or any shape) fitted into a frame `width` wide: the frame's height follows the shape, up to
 * `maxHeight`, so a wide state does not sit in empty space.
 */
export function shapeProjection(object: GeoPermissibleObjects, width: number, maxHeight: number, padding: number) {
  const projection = conicFor(object).fitWidth(width - 2 * padding, object);
  const [[, top], [, bottom]] = geoPath(projection).bounds(object);
  const height = Math.min(maxHeight, Math.ceil(bottom - top + 2 * padding));
  projection.fitExtent(
    [
      [padding, padding],
      [width - padding, height - padding],
    ],
    object,
  );
  return { projection, frame: { width, height } };
}

/** A circle of `miles` around a point, as a GeoJSON polygon (geoCircle: a true circle on the globe). */
export function circleAround(center: LngLat, miles: number) {
  return geoCircle()
    .center(center)
    .radius(miles / MILES_PER_DEGREE)
    .precision(3)();
}

/**
 * The area around a point: the circle of `miles` fits the frame with a margin (the frame's longer side
 * shows more around it), drawn in a conic projection centred on the point, clipped to the frame.
 */
export function areaProjection(center: LngLat, miles: number, frame: MapFrame, margin: number): GeoProjection {
  const circle = circleAround(center, miles);
  return conicFor(circle)
    .fitExtent(
      [
        [margin, margin],
        [frame.width - margin, frame.height - margin],
      ],
      circle,
    )
    .clipExtent([
      [0, 0],
      [frame.width, frame.height],
    ]);
}

/** A point in the frame, or null where the projection has no place for it (AlbersUsa outside its insets). */
export function projectPoint(projection: GeoProjection, [longitude, latitude]: LngLat, digits = 1): Point | null {
  const point = projection([longitude, latitude]);
  if (!point) return null;
  const scale = 10 ** digits;
  return { x: Math.round(point[0] * scale) / scale, y: Math.round(point[1] * scale) / scale };
}

/**
 * d3's path context that writes short SVG path data: coordinates rounded to `digits` decimals, each
 * point relative to the one before (so most numbers have one or two digits), points that round onto the
 * previous one skipped, and rings or lines that shrink to nothing at this scale dropped.
 */
class CompactPath {
  private readonly scale: number;
  private output = "";
  private ring = "";
  private ringPoints = 0;
  private x = 0;
  private y = 0;

  constructor(digits: number) {
    this.scale = 10 ** digits;
  }

  private format(value: number) {
    return String(value / this.scale).replace(/^(-?)0\./, "$1.");
  }

  private flush(closed: boolean) {
    if (this.ringPoints >= (closed ? 3 : 2)) this.output += this.ring + (closed ? "z" : "");
    this.ring = "";
    this.ringPoints = 0;
  }

  moveTo(px: number, py: number) {
    this.flush(false);
    this.x = Math.round(px * this.scale);
    this.y = Math.round(py * this.scale);
    this.ring = `M${this.format(this.x)} ${this.format(this.y)}l`;
    this.ringPoints = 1;
  }

  lineTo(px: number, py: number) {
    const x = Math.round(px * this.scale);
    const y = Math.round(py * this.scale);
    if (x === this.x && y === this.y) return;
    const dx = this.format(x - this.x);
    const dy = this.format(y - this.y);
    // A minus sign separates numbers by itself.
    const separator = this.ring.endsWith("l") || dx.startsWith("-") ? "" : " ";
    this.ring += `${separator}${dx}${dy.startsWith("-") ? "" : " "}${dy}`;
    this.x = x;
    this.y = y;
    this.ringPoints++;
  }

  closePath() {
    this.flush(true);
  }

  beginPath() {
    // Each ring starts with moveTo.
  }

  arc() {
    // Points are drawn as markers, never through geoPath.
  }

  result() {
    this.flush(false);
    const path = this.output;
    this.output = "";
    return path;
  }
}

/** An SVG path's `d` for a GeoJSON object in this projection, rounded to `digits` decimals of a pixel. */
export function pathData(projection: GeoProjection | GeoStreamWrapper, object: GeoPermissibleObjects, digits = 1): string {
  const context = new CompactPath(digits);
  geoPath(projection, context)(object);
  return context.result();
}
