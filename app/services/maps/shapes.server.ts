/**
 * The simplified US shapes, written at build time by scripts/generate-maps.ts (`npm run maps`, part of
 * `npm run build` and `npm run dev`), read once per process and turned into GeoJSON features on first use.
 */
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from "geojson";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
// Imported as text: Vite inlines the file into the server bundle, and TypeScript does not need the
// generated file to exist (nor infer a type from 700 KB of JSON) to check this module.
import shapesText from "./us-shapes.generated.json?raw";

type StateProperties = { name: string };
export type StateFeature = Feature<Polygon | MultiPolygon, StateProperties> & { id: string };

type StatesTopology = Topology<{ states: GeometryCollection<StateProperties> }>;

export interface UsShapes {
  /** The 50 states simplified for the map of the country, keyed by this site's state ids. */
  country: StatesTopology;
  /** The same with more detail, for the map of one state. */
  states: StatesTopology;
  /** The counties (ids: FIPS codes, the state's two digits first), with more detail, for maps a few dozen miles across. */
  counties: Topology<{ counties: GeometryCollection }>;
}

let shapes: UsShapes | undefined;
type StateFeatures = FeatureCollection<Polygon | MultiPolygon, StateProperties>;
const features: { country?: StateFeatures; states?: StateFeatures } = {};

export function usShapes(): UsShapes {
  if (!shapes) {
    const parsed = JSON.parse(shapesText) as Partial<UsShapes>;
    // The file is ours, but a stale one from an older generator should fail loudly, not draw nothing.
    if (
      parsed.country?.type !== "Topology" ||
      parsed.states?.type !== "Topology" ||
      parsed.counties?.type !== "Topology" ||
      !parsed.counties.objects.counties
    ) {
      throw new Error("us-shapes.generated.json is not what scripts/generate-maps.ts writes: run `npm run maps`");
    }
    shapes = parsed as UsShapes;
  }
  return shapes;
}

/** Every state as a GeoJSON feature whose id is this site's state id, at the country's level of detail or a state's. */
export function usStates(detail: "country" | "states"): StateFeatures {
  const topology = usShapes()[detail];
  features[detail] ??= feature(topology, topology.objects.states) as StateFeatures;
  return features[detail];
}

export function findStateShape(stateId: string, detail: "country" | "states" = "states"): StateFeature | undefined {
  return usStates(detail).features.find((state): state is StateFeature => state.id === stateId);
}
