/**
 * The site's maps as plain data for the components in app/components/maps: the country shaded by
 * listings, a state with numbered markers, the area around a search point, and a listing's locator.
 */
import { createHash } from "node:crypto";
import type { Feature, MultiPolygon } from "geojson";
import { geoPath, type GeoProjection } from "d3-geo";
import { merge, mesh } from "topojson-client";
import type { GeometryCollection, GeometryObject } from "topojson-specification";
import { notFound } from "../errors";
import { STATE_NOT_FOUND } from "../states/states.server";
import {
  areaProjection,
  circleAround,
  countryProjection,
  pathData,
  projectPoint,
  shapeProjection,
  type LngLat,
  type Point,
} from "./projection.server";
import { findStateShape, usShapes, usStates } from "./shapes.server";
import {
  US_MAP_CLASSES,
  numbersLabel,
  type LocatorMapData,
  type MapFrame,
  type MapListing,
  type MapMarker,
  type OffFrameListing,
  type ResultsMapData,
  type StateMapData,
  type UsMapData,
} from "./types";

/** The map of the country: 975 × 610 is AlbersUsa's own aspect. */
const US_FRAME: MapFrame = { width: 975, height: 610 };
/** State and results maps: close to the size they are shown at, so markers keep a readable size. */
const STATE_WIDTH = 400;
const STATE_MAX_HEIGHT = 380;
/** Room around a state for markers and their labels. */
const STATE_PADDING = 18;
// Small enough that markers stay readable on a phone (shown about 360 px wide there).
const RESULTS_FRAME: MapFrame = { width: 480, height: 320 };
/** The search circle keeps this much room to the frame's edge. */
const RESULTS_MARGIN = 20;
const LOCATOR_WIDTH = 240;
const LOCATOR_MAX_HEIGHT = 200;
/** Markers closer than this (pixels) would overlap: they become one marker with a count. */
const MARKER_SPACING = 22;
/** An off-frame line ends this far inside the frame, where its numbered marker sits. */
const EDGE_INSET = 14;
/** Labels of markers this close to the right edge go on their left. */
const LABEL_ROOM = 64;

const levelOf = (listings: number) => US_MAP_CLASSES.findIndex((level) => listings >= level.min && listings <= level.max);

let usPaths: { id: string; name: string; d: string }[] | undefined;
let usInsets: string | undefined;

/** The country's shapes are the same for every request: project them once per process. */
function countryShapes() {
  if (!usPaths || usInsets === undefined) {
    const states = usStates("country");
    const projection = countryProjection(US_FRAME, states);
    // Whole pixels: a pixel of this map is about three miles.
    usPaths = states.features.map((state) => ({ id: String(state.id), name: state.properties.name, d: pathData(projection, state, 0) }));
    usInsets = ["alaska", "hawaii"]
      .map((id) => {
        const shape = findStateShape(id, "country");
        if (!shape) return "";
        const [[x0, y0], [x1, y1]] = geoPath(projection).bounds(shape);
        const pad = 6;
        return `M${Math.floor(x0 - pad)} ${Math.floor(y0 - pad)}H${Math.ceil(x1 + pad)}V${Math.ceil(y1 + pad)}H${Math.floor(x0 - pad)}z`;
      })
      .join("");
  }
  return { paths: usPaths, insets: usInsets };
}

/**
 * The country's shapes as one SVG file of `<path id="<state id>">`s (and `insets`), for a page to draw with `<use>`:
 * written at build time by scripts/generate-us-map.ts, an immutable asset the browser keeps, so that /all-states
 * carries neither the 30 KB of outlines in its HTML nor the same again in its data (issue #39).
 */
export function usMapShapesSvg(): string {
  const { paths, insets } = countryShapes();
  const defs = [...paths.map((state) => `<path id="${state.id}" d="${state.d}"/>`), `<path id="insets" d="${insets}"/>`];
  return `<svg xmlns="http://www.w3.org/2000/svg"><defs>${defs.join("")}</defs></svg>\n`;
}

/** The 50 states, each shaded by its number of listings (`counts`: state id -> listings; absent means none). */
export function usMap(counts: ReadonlyMap<string, number>): UsMapData {
  const { paths, insets } = countryShapes();
  return {
    ...US_FRAME,
    insets,
    states: paths
      .map((state) => {
        const listings = counts.get(state.id) ?? 0;
        return { ...state, listings, level: levelOf(listings) };
      })
      .sort((a, b) => a.name.localeCompare(b.name, "en-US")),
  };
}

/**
 * Listings become markers; listings that share a point, or would overlap at this scale, become one
 * marker that shows their count and lists their numbers. Markers are ordered by their first number.
 */
export function markersFor(listings: readonly MapListing[], projection: GeoProjection, frame: MapFrame): MapMarker[] {
  const groups: { x: number; y: number; points: Point[]; numbers: number[] }[] = [];
  for (const listing of [...listings].sort((a, b) => a.number - b.number)) {
    const point = projectPoint(projection, [listing.longitude, listing.latitude]);
    if (!point) continue;
    const near = groups.find((group) => Math.hypot(group.x - point.x, group.y - point.y) < MARKER_SPACING);
    if (near) {
      near.points.push(point);
      near.numbers.push(listing.number);
      near.x = near.points.reduce((sum, p) => sum + p.x, 0) / near.points.length;
      near.y = near.points.reduce((sum, p) => sum + p.y, 0) / near.points.length;
    } else {
      groups.push({ ...point, points: [point], numbers: [listing.number] });
    }
  }
  return groups.map(({ x, y, numbers }) => ({
    x: Math.round(x * 10) / 10,
    y: Math.round(y * 10) / 10,
    numbers,
    label: numbersLabel(numbers),
    labelSide: x > frame.width - LABEL_ROOM ? "left" : "right",
  }));
}

function requireState(stateId: string) {
  const shape = findStateShape(stateId);
  if (!shape) throw notFound(STATE_NOT_FOUND);
  return shape;
}

/** Where a state map's outline is drawn: an image per state (routes/public/map-state.ts), addressed by its content. */
const STATE_OUTLINE_PATH = "/maps/state/";

/**
 * The colours of a state map's outline, Tailwind's tokens written out (an image of its own does not see the page's
 * stylesheet): `fill-blush`, `stroke-rose-brand/60` (app/app.css's theme).
 */
const OUTLINE_COLOURS = { fill: "#fde4e1", stroke: "#be123c", strokeOpacity: 0.6 };

interface StateOutline {
  projection: GeoProjection;
  frame: MapFrame;
  /** The outline as an SVG document, a hash of it, and its address: the state's id and that hash. */
  svg: string;
  version: string;
  url: string;
}

/** A state's projection and outline are the same for every request: computed once per state and process. */
const stateOutlines = new Map<string, StateOutline>();

function stateOutline(stateId: string): StateOutline {
  const known = stateOutlines.get(stateId);
  if (known) return known;
  const shape = requireState(stateId);
  const { projection, frame } = shapeProjection(shape, STATE_WIDTH, STATE_MAX_HEIGHT, STATE_PADDING);
  const { fill, stroke, strokeOpacity } = OUTLINE_COLOURS;
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${frame.width} ${frame.height}" width="${frame.width}" height="${frame.height}">`,
    `<path d="${pathData(projection, shape, 1)}" style="fill:${fill};stroke:${stroke};stroke-opacity:${strokeOpacity};stroke-width:1.25;stroke-linejoin:round"/>`,
    "</svg>",
  ].join("");
  const version = createHash("sha256").update(svg).digest("hex").slice(0, 12);
  const outline = { projection, frame, svg, version, url: `${STATE_OUTLINE_PATH}${encodeURIComponent(stateId)}.svg?v=${version}` };
  stateOutlines.set(stateId, outline);
  return outline;
}

/**
 * A state's outline with a numbered marker per listing (`number`: the listing's place in the full list). The outline
 * is an image the browser keeps (`outlineUrl`), not paths in the page and again in its data (issue #39).
 */
export function stateMap(stateId: string, listings: readonly MapListing[]): StateMapData {
  const { frame, projection, url } = stateOutline(stateId);
  return { ...frame, outlineUrl: url, markers: markersFor(listings, projection, frame) };
}

/**
 * A state map's outline as an SVG document (routes/public/map-state.ts), with its version (its address's `v`) and
 * address. A state the site does not know is a 404.
 */
export function stateOutlineSvg(stateId: string): Pick<StateOutline, "svg" | "version" | "url"> {
  const { svg, version, url } = stateOutline(stateId);
  return { svg, version, url };
}

/** A small map of a listing's state with the listing's point on it. */
export function locatorMap(stateId: string, point: { latitude: number; longitude: number }): LocatorMapData {
  const shape = requireState(stateId);
  const { projection, frame } = shapeProjection(shape, LOCATOR_WIDTH, LOCATOR_MAX_HEIGHT, 10);
  const marker = projectPoint(projection, [point.longitude, point.latitude]) ?? { x: frame.width / 2, y: frame.height / 2 };
  return { ...frame, outline: pathData(projection, shape, 0), marker };
}

/** Where the ray from `from` towards `to` leaves the frame shrunk by `inset`. */
function edgePoint(from: Point, to: Point, frame: MapFrame, inset: number): Point {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const limits = [
    dx > 0 ? (frame.width - inset - from.x) / dx : dx < 0 ? (inset - from.x) / dx : Infinity,
    dy > 0 ? (frame.height - inset - from.y) / dy : dy < 0 ? (inset - from.y) / dy : Infinity,
  ];
  const t = Math.min(...limits);
  return { x: Math.round((from.x + dx * t) * 10) / 10, y: Math.round((from.y + dy * t) * 10) / 10 };
}

const inside = (point: Point, frame: MapFrame) => point.x >= 0 && point.y >= 0 && point.x <= frame.width && point.y <= frame.height;

type CountyGeometry = GeometryObject & { type: "Polygon" | "MultiPolygon" };

/**
 * The counties whose bounding box (written by the generator) meets the box west..east, south..north.
 * The one county across the antimeridian (west > east) is tested as its two halves.
 */
function countiesNear(west: number, south: number, east: number, north: number): CountyGeometry[] {
  const overlaps = (w: number, e: number) => w <= east && e >= west;
  return usShapes().counties.objects.counties.geometries.filter((geometry): geometry is CountyGeometry => {
    const [w = 0, s = 0, e = 0, n = 0] = geometry.bbox ?? [];
    const across = w > e ? overlaps(w, 180) || overlaps(-180, e) : overlaps(w, e);
    return across && s <= north && n >= south && (geometry.type === "Polygon" || geometry.type === "MultiPolygon");
  });
}

export interface ResultsMapInput {
  /** The search point: a zipcode's centre or the visitor's position. */
  center: { latitude: number; longitude: number };
  radiusMiles: number;
  /** Listings within the radius and the nearest beyond it, numbered as in the page's list. */
  listings: readonly MapListing[];
}

/**
 * The area around a search point: the counties in the frame, the search radius as a circle, numbered
 * markers, and for each listing outside the frame a line from the search point towards it, ending at
 * the frame's edge with its number.
 */
export function resultsMap({ center, radiusMiles, listings }: ResultsMapInput): ResultsMapData {
  const frame = RESULTS_FRAME;
  const origin: LngLat = [center.longitude, center.latitude];
  const { projection, ...ground } = areaAround(origin, radiusMiles);

  const centerPoint = projectPoint(projection, origin) ?? { x: frame.width / 2, y: frame.height / 2 };
  const inFrame: MapListing[] = [];
  const offFrame: OffFrameListing[] = [];
  for (const listing of listings) {
    const point = projectPoint(projection, [listing.longitude, listing.latitude]);
    if (point && inside(point, frame)) {
      inFrame.push(listing);
    } else if (point) {
      const end = edgePoint(centerPoint, point, frame, EDGE_INSET);
      offFrame.push({ number: listing.number, ...end, line: `M${centerPoint.x} ${centerPoint.y}L${end.x} ${end.y}` });
    }
  }

  return {
    ...frame,
    ground: areaGroundUrl(center, radiusMiles),
    countyCount: ground.countyCount,
    circle: ground.circle,
    center: centerPoint,
    markers: markersFor(inFrame, projection, frame),
    offFrame,
  };
}

/** Where the ground of the results map around `center` is drawn (routes/public/map-area.ts reads the same three numbers). */
export const areaGroundUrl = (center: { latitude: number; longitude: number }, radiusMiles: number) =>
  `/maps/area.svg?lat=${center.latitude}&lng=${center.longitude}&radius=${radiusMiles}`;

/**
 * The colours of the ground, Tailwind's tokens written out: an image of its own does not see the page's stylesheet.
 * Land `white`, county borders `stone-300`, state borders `stone-400` (app/app.css's theme).
 */
const GROUND_COLOURS = { land: "#fff", counties: "oklch(86.9% 0.005 56.366)", states: "oklch(70.9% 0.01 56.259)" };

/**
 * The ground of the results map around `center` as an SVG document: the land of the counties in the frame, the
 * borders between them (0.75 px) and the state borders (1.5 px, dashed), drawn as the page draws its markers over it.
 */
export function areaGroundSvg(center: { latitude: number; longitude: number }, radiusMiles: number): string {
  const { land, counties, stateBorders } = areaAround([center.longitude, center.latitude], radiusMiles);
  const { width, height } = RESULTS_FRAME;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">`,
    land ? `<path d="${land}" style="fill:${GROUND_COLOURS.land}"/>` : "",
    counties ? `<path d="${counties}" style="fill:none;stroke:${GROUND_COLOURS.counties};stroke-width:0.75"/>` : "",
    stateBorders
      ? `<path d="${stateBorders}" style="fill:none;stroke:${GROUND_COLOURS.states};stroke-width:1.5;stroke-dasharray:5 3"/>`
      : "",
    "</svg>",
  ].join("");
}

interface AreaGround {
  projection: GeoProjection;
  /** The land of the counties in the frame, as one shape; the borders between them; the state borders. */
  land: string;
  counties: string;
  stateBorders: string;
  countyCount: number;
  circle: string;
}

/**
 * The ground of the results maps drawn lately, by search point and radius: the same for every visitor and every
 * listing (the shapes are fixed at build time), and most of a map's cost (merging and meshing the counties took
 * 3 ms of a /near page's CPU, issue #39). The oldest is forgotten past AREAS_KEPT.
 */
const areas = new Map<string, AreaGround>();
const AREAS_KEPT = 500;

function areaAround(origin: LngLat, radiusMiles: number): AreaGround {
  const key = `${origin[0]},${origin[1]},${radiusMiles}`;
  const known = areas.get(key);
  if (known) return known;
  const area = drawArea(origin, radiusMiles);
  if (areas.size >= AREAS_KEPT) areas.delete(areas.keys().next().value ?? key);
  areas.set(key, area);
  return area;
}

function drawArea(origin: LngLat, radiusMiles: number): AreaGround {
  const frame = RESULTS_FRAME;
  const projection = areaProjection(origin, radiusMiles, frame, RESULTS_MARGIN);

  // The frame's extent in degrees, from points along its edges (a conic frame is not a lat/lng box).
  const edge: LngLat[] = [];
  for (let i = 0; i <= 8; i++) {
    const fx = (frame.width * i) / 8;
    const fy = (frame.height * i) / 8;
    for (const [x, y] of [
      [fx, 0],
      [fx, frame.height],
      [0, fy],
      [frame.width, fy],
    ] as const) {
      const lngLat = projection.invert?.([x, y]);
      if (lngLat) edge.push([lngLat[0], lngLat[1]]);
    }
  }
  const lngs = edge.map(([lng]) => lng);
  const lats = edge.map(([, lat]) => lat);
  const near = countiesNear(Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats));

  const { counties } = usShapes();
  // Borders among the frame's counties only: a county outside the box cannot draw a line inside it.
  const nearCollection: GeometryCollection = { type: "GeometryCollection", geometries: near };
  const stateOf = (county: GeometryObject) => String(county.id).slice(0, 2);
  const land: Feature<MultiPolygon> | null = near.length > 0 ? { type: "Feature", properties: {}, geometry: merge(counties, near) } : null;
  const countyBorders = mesh(counties, nearCollection, (a, b) => a !== b && stateOf(a) === stateOf(b));
  const stateBorders = mesh(counties, nearCollection, (a, b) => a !== b && stateOf(a) !== stateOf(b));

  return {
    projection,
    land: land ? pathData(projection, land, 0) : "",
    counties: pathData(projection, countyBorders, 0),
    stateBorders: pathData(projection, stateBorders, 0),
    countyCount: near.length,
    circle: pathData(projection, circleAround(origin, radiusMiles), 1),
  };
}

type Located = Omit<MapListing, "number">;

/**
 * The results map of a search around a point (a zipcode's centre or a visitor's position): the listings
 * within the radius, or when there are none the nearest beyond it, numbered in the order the results list
 * them (the page's cards carry the same numbers). Null when there is nothing to show.
 */
export function searchResultsMap(result: {
  origin: { latitude: number; longitude: number };
  radiusMiles: number;
  within: readonly Located[];
  nearest: readonly Located[];
}): ResultsMapData | null {
  const listings = [...result.within, ...result.nearest].map(({ id, name, latitude, longitude }, index) => ({
    id,
    name,
    latitude,
    longitude,
    number: index + 1,
  }));
  return listings.length > 0 ? resultsMap({ center: result.origin, radiusMiles: result.radiusMiles, listings }) : null;
}
