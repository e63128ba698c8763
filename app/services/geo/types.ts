import type { Point } from "./distance";

/**
 * A US city: its point is its own centre from GeoNames (see city-centres.server.ts), or for a place GeoNames does
 * not list, the mean of its zipcodes' centroids.
 */
export interface CityPlace extends Point {
  name: string;
  stateCode: string;
  stateName: string;
  /** How many zipcodes the city has: a measure of its size, used to tell Portland, OR from Portland, ME. */
  zipcodes: number;
  /** Where the point comes from: the city's own centre (GeoNames) or, for a place it does not list, its zipcodes. */
  centre: "geonames" | "zipcodes";
}
