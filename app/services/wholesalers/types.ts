/** Types of this domain that the browser also uses (the *.server modules re-export them). */

import type { WholesalerType } from "./constants";

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
}

export type WholesalerWithDistance = Wholesaler & { distanceMiles: number };

export interface DirectoryCoverage {
  /** Listings in the directory. */
  listings: number;
  /** States with at least one listing. */
  states: number;
}
