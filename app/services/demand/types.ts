/** What the admin's demand view shows (decision 044): browser-safe, the service is admin.server.ts. */

/** How many places each table of the demand view lists. */
export const DEMAND_TOP_PLACES = 10;
/** The empty searches of this many days, today included, rank the places. */
export const EMPTY_SEARCH_DAYS = 30;

/** A place ranked by what waits there: a zipcode, its town, and a count. */
export interface DemandPlace {
  zipcode: string;
  city: string;
  stateCode: string;
  count: number;
}

/** One mark on the map: a zipcode where people wait, sized by how many. */
export interface DemandMark {
  zipcode: string;
  label: string;
  count: number;
  x: number;
  y: number;
  /** The circle's radius in the map's pixels: its area grows with the count. */
  radius: number;
}

export interface DemandMapData {
  width: number;
  height: number;
  /** The 50 states' outlines (AlbersUsa, Alaska and Hawaii in insets). */
  states: { id: string; d: string }[];
  insets: string;
  /** Largest first, so that the small ones are drawn on top. */
  marks: DemandMark[];
}

export interface DemandOverview {
  /** The places with the most requests waiting (confirmed, not yet answered, not expired), most first. */
  waiting: DemandPlace[];
  /** The places with the most empty searches in the last EMPTY_SEARCH_DAYS days, most first. */
  emptySearches: DemandPlace[];
  map: DemandMapData;
  /** "N people waiting in M places". */
  summary: DemandSummary;
  /** The first day the empty searches are counted from (YYYY-MM-DD). */
  since: string;
}

export interface DemandSummary {
  people: number;
  places: number;
}

/** "3 people waiting in 2 places": the dashboard's figure. */
export const demandSummaryText = ({ people, places }: DemandSummary) =>
  `${people} ${people === 1 ? "person" : "people"} waiting in ${places} ${places === 1 ? "place" : "places"}`;
