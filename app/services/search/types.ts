import type { CityPlace } from "../geo/types";
import type { Wholesaler } from "../wholesalers/types";

/** What a site search finds, shared by the search service and the search page. */

export interface SearchGroup<T> {
  count: number;
  items: T[];
}

export type WholesalerHit = Pick<Wholesaler, "id" | "name" | "address" | "city" | "state" | "stateId" | "type"> & {
  /** Part of the description or hours around the first matching word; null when the match is elsewhere. */
  snippet: string | null;
};

export interface StateHit {
  id: string;
  name: string;
  region: string;
}

export interface PostHit {
  id: number;
  title: string;
  excerpt: string;
  category: string;
  date: string;
  /** Part of the article around the first matching word, when neither title nor excerpt holds one. */
  snippet: string | null;
}

export interface FestivalHit {
  id: number;
  name: string;
  city: string;
  state: string;
  startDate: string;
  endDate: string;
  /** Part of the description around the first matching word; null when the match is elsewhere. */
  snippet: string | null;
}

/** A grocery chain that sells flowers, with the address of its page. */
export interface GroceryHit {
  slug: string;
  name: string;
  priceRange: string;
  bestFor: string;
  /** Part of the description or tips around the first matching word; null when the match is elsewhere. */
  snippet: string | null;
}

export interface SiteSearchResults {
  total: number;
  wholesalers: SearchGroup<WholesalerHit>;
  states: SearchGroup<StateHit>;
  groceryStores: SearchGroup<GroceryHit>;
  /** Absent when the blog is switched off. */
  posts?: SearchGroup<PostHit>;
  /** Absent when the festivals are switched off. */
  festivals?: SearchGroup<FestivalHit>;
}

export interface SearchSections {
  blog: boolean;
  festivals: boolean;
}

/** A listing near the city, with everything its card shows. */
export type NearbyWholesaler = Wholesaler & { distanceMiles: number; withinRadius: boolean };

export type CitySearch =
  | { kind: "none" }
  | { kind: "found"; city: CityPlace; others: CityPlace[]; nearby: NearbyWholesaler[] }
  | { kind: "ambiguous"; name: string; choices: CityPlace[] };
