/**
 * Simplifies the US Census shapes of the us-atlas package once, at build time, into the file the map
 * services read (app/services/maps/us-shapes.generated.json, not committed):
 *
 *   npx tsx scripts/generate-maps.ts
 *
 * - `states`: the 50 states keyed by this site's state ids ("newyork"), simplified for maps a few
 *   hundred pixels across (the country, one state, a locator). DC and the territories are left out: none
 *   has a page here, and AlbersUsa has no inset for the territories.
 * - `counties`: the counties of the 50 states and DC (DC stays so that a map around Washington has no
 *   hole), simplified less, for a results map a few dozen miles across; state borders are the borders
 *   between counties of two states.
 * Simplification is Visvalingam's (topojson-simplify) on spherical triangle areas, so a threshold means
 * the same on the ground everywhere, and it preserves topology: shared borders stay shared.
 * A rerun on the same packages writes a byte-identical file and leaves an unchanged file alone.
 */
import { readFileSync, realpathSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { geoBounds } from "d3-geo";
import { feature, quantize } from "topojson-client";
import type { GeometryCollection, GeometryObject, Topology } from "topojson-specification";
import { filter, filterAttachedWeight, presimplify, simplify, sphericalTriangleArea } from "topojson-simplify";
import { states as seedStates } from "../app/db/seed/data/states";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const OUTPUT = path.join(ROOT, "app/services/maps/us-shapes.generated.json");

/** Miles per degree of arc on Earth's mean radius (3958.8 mi). */
const MILES_PER_DEGREE = (2 * Math.PI * 3958.8) / 360;
/** An area in square miles as a spherical weight (steradians), the unit of sphericalTriangleArea. */
const steradians = (squareMiles: number) => squareMiles / (MILES_PER_DEGREE * (180 / Math.PI)) ** 2;

/**
 * Each level of detail: the smallest triangle (square miles) a vertex may span before it goes, and the
 * smallest island or lake (square miles) that stays.
 * - country: the map of the 50 states, 975 px wide (a pixel is about 3 miles): about one square pixel.
 * - states: a state's page (480 px wide) and a listing's locator: under a pixel for all but the
 *   smallest states.
 * - counties: a results map a few dozen miles across.
 */
const DETAIL = {
  country: { minArea: 8, minRing: 60 },
  states: { minArea: 0.5, minRing: 4 },
  counties: { minArea: 0.02, minRing: 0.5 },
} as const;
/** A grid of 100,000 steps across the country: about 50 m, finer than any pixel of our maps. */
const QUANTIZATION = 1e5;
/** FIPS codes kept as counties' context only (no page here): the District of Columbia. */
const CONTEXT_STATE_FIPS = new Set(["11"]);

type Props = { name?: string };
type Objects = Record<string, GeometryCollection<Props>>;

export const stateIdOf = (name: string) => name.toLowerCase().replace(/[^a-z]/g, "");

function readAtlas(file: string): Topology<Objects> {
  const require = createRequire(import.meta.url);
  return JSON.parse(readFileSync(require.resolve(`us-atlas/${file}`), "utf8")) as Topology<Objects>;
}

/** Keeps only the arcs still referenced, renumbered, so dropped territories and islands cost nothing. */
function pruneArcs(topology: Topology<Objects>): Topology<Objects> {
  const used = new Map<number, number>();
  const arcs: Topology["arcs"] = [];
  const remap = (index: number): number => {
    const absolute = index < 0 ? ~index : index;
    let next = used.get(absolute);
    if (next === undefined) {
      next = arcs.length;
      used.set(absolute, next);
      const arc = topology.arcs[absolute];
      if (!arc) throw new Error(`Arc ${absolute} is missing`);
      arcs.push(arc);
    }
    return index < 0 ? ~next : next;
  };
  const walk = (value: unknown): unknown => (Array.isArray(value) ? value.map(walk) : remap(value as number));
  const objects: Objects = {};
  for (const [name, collection] of Object.entries(topology.objects)) {
    const geometries = collection.geometries
      .filter((geometry) => geometry.type !== null)
      .map((geometry) => ("arcs" in geometry ? { ...geometry, arcs: walk(geometry.arcs) } : geometry) as GeometryObject<Props>);
    objects[name] = { ...collection, geometries };
  }
  return { ...topology, objects, arcs };
}

/**
 * A ring's area in square miles, planar on degrees scaled by the cosine of its latitude: plenty for
 * telling a small island from a large one, and blind to the ring's winding (sphericalRingArea reads
 * us-atlas's clockwise rings as the rest of the globe).
 */
function ringSquareMiles(ring: [number, number][]) {
  let twiceArea = 0;
  let latitudes = 0;
  ring.forEach(([x0, y0], i) => {
    const [x1, y1] = ring[(i + 1) % ring.length] ?? [x0, y0];
    twiceArea += x0 * y1 - x1 * y0;
    latitudes += y0;
  });
  const latitude = ((latitudes / Math.max(ring.length, 1)) * Math.PI) / 180;
  return (Math.abs(twiceArea) / 2) * Math.cos(latitude) * MILES_PER_DEGREE ** 2;
}

function simplified(topology: Topology<Objects>, { minArea, minRing }: { minArea: number; minRing: number }): Topology<Objects> {
  const presimplified = presimplify(topology, sphericalTriangleArea);
  const thinned = simplify(presimplified, steradians(minArea));
  // Drop small islands and holes, but never a ring another one touches (that would open a gap).
  const filtered = filter(thinned, filterAttachedWeight(thinned, minRing, ringSquareMiles)) as Topology<Objects>;
  // Simplifying leaves degrees as floats: quantize again (and delta-encode) so the file stays small.
  // The bounding box still spans what was dropped (the territories): recompute it from what is left.
  const { bbox: _bbox, ...pruned } = pruneArcs(filtered);
  return quantize(pruned, QUANTIZATION);
}

/**
 * Each geometry of `name` gets its bounding box in degrees ([west, south, east, north], d3's geoBounds,
 * so a county across the antimeridian has west > east): the server picks a frame's counties by it
 * without projecting all 3,000.
 */
function withBoundingBoxes(topology: Topology<Objects>, name: string): Topology<Objects> {
  const collection = topology.objects[name];
  if (!collection) return topology;
  const round = (value: number) => Math.round(value * 1000) / 1000;
  const geometries = collection.geometries.map((geometry) => {
    const [[west, south], [east, north]] = geoBounds(feature(topology, geometry));
    const bbox: [number, number, number, number] = [round(west), round(south), round(east), round(north)];
    return { ...geometry, bbox } as GeometryObject<Props>;
  });
  return { ...topology, objects: { ...topology.objects, [name]: { ...collection, geometries } } };
}

export function buildShapes() {
  const ours = new Map(seedStates.map((state) => [stateIdOf(state.name), state.id]));
  const stateFips = new Map<string, string>();

  const atlasStates = readAtlas("states-10m.json");
  const statesCollection = atlasStates.objects.states;
  if (!statesCollection) throw new Error("us-atlas states-10m.json has no states object");
  const stateGeometries = statesCollection.geometries.flatMap((geometry): GeometryObject<Props>[] => {
    const name = geometry.properties && "name" in geometry.properties ? geometry.properties.name : undefined;
    const id = ours.get(stateIdOf(name ?? ""));
    if (!id || !name) return [];
    stateFips.set(String(geometry.id), id);
    return [{ ...geometry, id, properties: { name } }];
  });
  if (stateGeometries.length !== seedStates.length) {
    const found = new Set(stateGeometries.map((geometry) => geometry.id));
    throw new Error(`us-atlas lacks states: ${seedStates.filter((state) => !found.has(state.id)).map((state) => state.id)}`);
  }
  const ourStates: Topology<Objects> = { ...atlasStates, objects: { states: { type: "GeometryCollection", geometries: stateGeometries } } };
  const country = simplified(ourStates, DETAIL.country);
  const states = simplified(ourStates, DETAIL.states);

  const atlasCounties = readAtlas("counties-10m.json");
  const keep = (fips: string) => stateFips.has(fips) || CONTEXT_STATE_FIPS.has(fips);
  const countyGeometries = (atlasCounties.objects.counties?.geometries ?? [])
    .filter((geometry) => keep(String(geometry.id).slice(0, 2)))
    // The county's name is not drawn: only its FIPS id (whose first two digits are the state's) travels.
    .map(({ properties: _properties, ...geometry }) => geometry as GeometryObject<Props>);
  const counties = simplified(
    { ...atlasCounties, objects: { counties: { type: "GeometryCollection", geometries: countyGeometries } } },
    DETAIL.counties,
  );
  return { country, states, counties: withBoundingBoxes(counties, "counties") };
}

export async function generateMaps() {
  const text = `${JSON.stringify(buildShapes())}\n`;
  const previous = await readFile(OUTPUT, "utf8").catch(() => null);
  if (previous !== text) await writeFile(OUTPUT, text);
  return { bytes: Buffer.byteLength(text), written: previous !== text };
}

if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  const started = performance.now();
  const { bytes, written } = await generateMaps();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`maps: ${path.relative(ROOT, OUTPUT)} ${written ? "written" : "unchanged"} (${(bytes / 1024).toFixed(0)} KB) in ${seconds}s`);
}
