/**
 * What the map components draw: plain data (a viewBox, SVG path strings, markers at pixel positions),
 * computed on the server by maps.server.ts. Nothing here needs d3 or topojson in the browser.
 */

/** A listing to put on a map; `number` is its place in the page's numbered list. */
export interface MapListing {
  id: number;
  number: number;
  name: string;
  latitude: number;
  longitude: number;
}

/** One marker: a single listing (shows its number) or several at one spot (shows their count). */
export interface MapMarker {
  x: number;
  y: number;
  /** The numbers of the listings it stands for, ascending. */
  numbers: number[];
  /** What the marker's label says: "4" for one listing, "1–3" or "2, 5" for several. */
  label: string;
  /** Where the label sits, so that it stays inside the frame. */
  labelSide: "left" | "right";
}

/** A listing outside the frame of a results map: a line from the search point to the frame's edge. */
export interface OffFrameListing {
  number: number;
  /** Where the line ends, on the frame's edge. */
  x: number;
  y: number;
  /** The line as an SVG path, from the search point to (x, y). */
  line: string;
}

export interface MapFrame {
  width: number;
  height: number;
}

/** Listing-count classes of the map of the country, from none to the most. */
export const US_MAP_CLASSES = [
  { min: 0, max: 0, label: "None yet" },
  { min: 1, max: 1, label: "1" },
  { min: 2, max: 3, label: "2–3" },
  { min: 4, max: 6, label: "4–6" },
  { min: 7, max: Number.POSITIVE_INFINITY, label: "7 or more" },
] as const;

export interface UsMapState {
  id: string;
  name: string;
  d: string;
  listings: number;
  /** Index into US_MAP_CLASSES. */
  level: number;
}

/** The country map as a page draws it: each state's shading, its outline drawn from the shapes' file (`usMapShapesSvg`). */
export interface UsMapShading extends MapFrame {
  states: Omit<UsMapState, "d">[];
}

export interface UsMapData extends MapFrame {
  states: UsMapState[];
  /** The borders of Alaska's and Hawaii's insets. */
  insets: string;
}

export interface StateMapData extends MapFrame {
  /** The state's outline: an SVG image of its own (routes/public/map-state.ts), kept by the browser. */
  outlineUrl: string;
  markers: MapMarker[];
}

export interface ResultsMapData extends MapFrame {
  /**
   * Where the ground is drawn: the land of the counties in the frame, the borders between them and the state borders,
   * an SVG image of its own (routes/public/map-area.ts), so that the page neither carries nor hydrates its outlines.
   */
  ground: string;
  /** How many counties the frame shows. */
  countyCount: number;
  /** The search radius. */
  circle: string;
  center: { x: number; y: number };
  markers: MapMarker[];
  offFrame: OffFrameListing[];
}

export interface LocatorMapData extends MapFrame {
  outline: string;
  marker: { x: number; y: number };
}

/** "1–3" for a run, "2, 5" otherwise: how a grouped marker lists its listings' numbers. */
export function numbersLabel(numbers: readonly number[]): string {
  const sorted = [...numbers].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === (sorted[j] ?? 0) + 1) j++;
    const first = sorted[i];
    const last = sorted[j];
    runs.push(j - i >= 2 ? `${first}–${last}` : sorted.slice(i, j + 1).join(", "));
    i = j + 1;
  }
  return runs.join(", ");
}

/** The accessible name of a state on the map of the country. */
export const stateMapName = (name: string, listings: number) =>
  listings === 0 ? `${name}: no listings yet` : `${name}: ${listings} ${listings === 1 ? "listing" : "listings"}`;
