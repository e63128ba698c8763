/** Types of this domain that the browser also uses (the *.server modules re-export them). */

import type { WholesalerAccess, WholesalerType } from "./constants";
import type { WeeklyHours } from "./opening-hours";
import type { ListingStatus, SpecialHours } from "./special-hours";

export interface Wholesaler {
  id: number;
  name: string;
  address: string;
  city: string;
  /** The state's name. */
  state: string;
  stateId: string;
  zipcode: string;
  type: WholesalerType;
  hours: string;
  description: string;
  image: string | null;
  imageUpdatedAt: string | null;
  phone?: string;
  website?: string;
  latitude: number;
  longitude: number;
  featured: boolean;
  /** Who may buy; null when no source says (the site then shows nothing). */
  access: WholesalerAccess | null;
  /** A short note on buying: "Bring a resale certificate". */
  accessNote: string | null;
  /** The weekly schedule; null when the hours are not known day by day (`hours` may still say something). */
  openingHours: WeeklyHours | null;
  /** IANA time zone the schedule is in, from the listing's coordinates. */
  timeZone: string | null;
  /** The date (YYYY-MM-DD) the listing's facts were last confirmed; null when never. */
  verifiedAt: string | null;
  /** The date (YYYY-MM-DD) an owner of the business last confirmed them; null when never (decision 045). */
  ownerConfirmedAt: string | null;
  /** True when the location is the city's central zipcode rather than the listing's own. */
  locationApproximate: boolean;
  /** True when the coordinates are the listing's own; false when they are only its zipcode's centroid. */
  locationExact: boolean;
  /** Dated exceptions to the weekly hours, on the listing's local dates, by date; [] when none. */
  specialHours: SpecialHours[];
  /** Open, or closed for a while or for good, as of today on the listing's clock (a closure ends on `closedUntil`). */
  status: ListingStatus;
  /** While temporarily closed: the local date it opens again; null when not known or not closed. */
  closedUntil: string | null;
}

export type WholesalerWithDistance = Wholesaler & { distanceMiles: number };

export interface DirectoryCoverage {
  /** Listings in the directory. */
  listings: number;
  /** States with at least one listing. */
  states: number;
  /** Listings with the date a source last confirmed them (verified_at). */
  verified: number;
  /** Listings confirmed in the last 12 months. */
  verifiedLastYear: number;
  /** Listings their owners confirmed in the last 12 months (decision 045). */
  ownerVerified: number;
}

/** Another listing near this one, with what its page link and its honest distance need. */
export interface NearbyListing {
  id: number;
  name: string;
  type: Wholesaler["type"];
  city: string;
  state: string;
  zipcode: string;
  /** Great-circle miles between the two points, rounded to one decimal place. */
  distanceMiles: number;
  /** True only when both points are the listings' own, so the distance may be shown to the tenth of a mile. */
  distanceExact: boolean;
  /** True when both listings are in the same zipcode. */
  sameZipcode: boolean;
  /** Open or temporarily closed (a permanently closed listing is never suggested). */
  status: ListingStatus;
}
