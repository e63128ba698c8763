/**
 * The filters of a result list (the /near results and a state's page): type, "Public welcome" and "Open now".
 * Browser-safe: the server renders the filtered list from the URL, and the browser filters the loaded list
 * again with the same function when a box is ticked, so both always agree.
 */
import { WHOLESALER_TYPES, type WholesalerAccess, type WholesalerType } from "./constants";
import { withoutFilterParams } from "./filter-params";
import { openStatus } from "./opening-hours";
import type { Wholesaler } from "./types";

export interface ListingFilters {
  /** Only these types; empty means every type. */
  types: WholesalerType[];
  /** Only listings where a person without a business license may buy. */
  publicWelcome: boolean;
  /** Only listings whose weekly schedule says they are open at the moment of filtering. */
  openNow: boolean;
}

export const NO_FILTERS: ListingFilters = { types: [], publicWelcome: false, openNow: false };

/** The URL names of the types, in the order the filter shows them. */
export const TYPE_PARAMS: Record<WholesalerType, string> = { Wholesale: "wholesale", Both: "both", Retail: "retail" };
export const FILTER_TYPE_ORDER: readonly WholesalerType[] = ["Wholesale", "Both", "Retail"];

/**
 * Who counts as "Public welcome": anyone may buy, at any time or at the hours the market sets for the
 * public. A person without a license can shop at both; only trade-only and unknown access are left out.
 */
export const PUBLIC_ACCESS: readonly WholesalerAccess[] = ["public-welcome", "public-hours"];

const truthy = (value: string | null) => value === "1" || value === "true" || value === "on";

/**
 * Reads the filters of a URL. A hand-edited or shared URL with a value the site does not know drops that
 * value and keeps the rest, as a filter link should never end on an error page.
 * `type` may repeat (`type=wholesale&type=both`, what a form of checkboxes sends) or list several
 * (`type=wholesale,both`, what the page writes).
 */
export function readListingFilters(params: URLSearchParams): ListingFilters {
  const names = params
    .getAll("type")
    .flatMap((value) => value.split(","))
    .map((value) => value.trim().toLowerCase());
  const types = FILTER_TYPE_ORDER.filter((type) => names.includes(TYPE_PARAMS[type]));
  return {
    // Every type ticked is the same list as none, and the URL says so more briefly.
    types: types.length === WHOLESALER_TYPES.length ? [] : types,
    publicWelcome: truthy(params.get("public")),
    openNow: truthy(params.get("open")),
  };
}

/** The URL with these filters in place of its old ones; other parameters keep their order. */
export function withListingFilters(params: URLSearchParams, filters: ListingFilters): URLSearchParams {
  const next = withoutFilterParams(params);
  if (filters.types.length > 0) next.set("type", filters.types.map((type) => TYPE_PARAMS[type]).join(","));
  if (filters.publicWelcome) next.set("public", "1");
  if (filters.openNow) next.set("open", "1");
  return next;
}

export const hasListingFilters = (filters: ListingFilters) => filters.types.length > 0 || filters.publicWelcome || filters.openNow;

type Filterable = Pick<Wholesaler, "type" | "access" | "openingHours" | "timeZone"> & Partial<Pick<Wholesaler, "specialHours" | "status">>;

/**
 * Whether a listing is open at `now` (its special hours counted); a listing without a weekly schedule is never
 * known to be open, and a closed one is not.
 */
export const isOpenAt = (listing: Filterable, now: Date) =>
  listing.openingHours !== null &&
  listing.timeZone !== null &&
  (listing.status ?? "open") === "open" &&
  openStatus(listing.openingHours, listing.timeZone, now, listing.specialHours).open;

/** A filter's answer for one listing: yes, no, or not yet known (no source says who may buy, or its hours). */
type Answer = "yes" | "no" | "unknown";

const publicAnswer = (listing: Filterable): Answer =>
  listing.access === null ? "unknown" : PUBLIC_ACCESS.includes(listing.access) ? "yes" : "no";

const openAnswer = (listing: Filterable, now: Date): Answer => (!hasHours(listing) ? "unknown" : isOpenAt(listing, now) ? "yes" : "no");

/**
 * What a filter can tell among the listings of the chosen types. "Public welcome": how many are known to welcome
 * the public, and how many no source says. "Open now": how many have known weekly hours, and how many not (its
 * count does not judge the moment: no clock formatting while a page loads, ARCHITECTURE.md).
 */
export interface FilterCount {
  known: number;
  unknown: number;
}

export interface FilteredListings<T> {
  /** The listings known to pass every active filter, in their order. */
  matches: T[];
  /**
   * The listings that fail no filter but whose answer to one is not yet known ("Public welcome" without a
   * source on who may buy, "Open now" without weekly hours): shown apart, never counted as a no.
   */
  unknown: T[];
  /** Per filter, among the listings of the chosen types: known matches and not-yet-known answers. */
  counts: { publicWelcome: FilterCount; openNow: FilterCount };
}

const hasHours = (listing: Filterable) => listing.openingHours !== null && listing.timeZone !== null;

/** The listings that pass every active filter, and apart from them those whose answer is not yet known. */
export function filterListings<T extends Filterable>(listings: readonly T[], filters: ListingFilters, now: Date): FilteredListings<T> {
  const ofTypes = filters.types.length === 0 ? listings : listings.filter((listing) => filters.types.includes(listing.type));
  const matches: T[] = [];
  const unknown: T[] = [];
  const counts = { publicWelcome: { known: 0, unknown: 0 }, openNow: { known: 0, unknown: 0 } };
  for (const listing of ofTypes) {
    const isPublic = publicAnswer(listing);
    if (isPublic === "yes") counts.publicWelcome.known += 1;
    else if (isPublic === "unknown") counts.publicWelcome.unknown += 1;
    counts.openNow[hasHours(listing) ? "known" : "unknown"] += 1;
    // The moment is judged only while "Open now" is on.
    const active = [filters.publicWelcome ? isPublic : "yes", filters.openNow ? openAnswer(listing, now) : "yes"];
    if (active.includes("no")) continue;
    (active.includes("unknown") ? unknown : matches).push(listing);
  }
  return { matches, unknown, counts };
}

export { FILTER_PARAMS, onlyFiltersChanged } from "./filter-params";
