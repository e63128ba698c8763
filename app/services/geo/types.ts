import type { Point } from "./distance";

/** A US city as the zipcode centroids know it: its point is the mean of its zipcodes' centroids. */
export interface CityPlace extends Point {
  name: string;
  stateCode: string;
  stateName: string;
  /** How many zipcodes the city has: a measure of its size, used to tell Portland, OR from Portland, ME. */
  zipcodes: number;
}
