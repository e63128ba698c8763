import { Flower2, Store, Megaphone, ShoppingBasket } from "~/components/icons";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ResultsMapData } from "~/services/maps/types";
import { NO_FILTERS, type FilteredListings, type ListingFilters as Filters } from "~/services/wholesalers/filters";
import type { WholesalerWithDistance } from "~/services/wholesalers/types";
import { ListingNumber } from "../maps/listing-number";
import { ResultsMap } from "../maps/results-map";
import { farAwayMessage, listingDistance } from "./format";
import { FilteredResults, ListingFilters, shownNumbers } from "./listing-filters";
import { WholesalerCard, type WholesalerCardData } from "./wholesaler-card";
import { HydrateLater } from "~/components/ui/hydrate-later";
import { FAR_AWAY_MILES } from "~/services/wholesalers/constants";
import { ResultsNotice } from "./results-panel";
import { SUBMIT_LOCATION_HREF } from "~/components/layout/site-nav";

export { ZIPCODE_ERROR_MESSAGE } from "./results-messages";
export { ResultsNotice, ResultsPanel } from "./results-panel";
export const ZIPCODE_EMPTY_MESSAGE = "No wholesalers found near this zipcode. The nearest are below, or try another zipcode.";
/** Said when the directory holds no listing at all: nothing is below. */
export const ZIPCODE_EMPTY_NOTHING_NEAR = "No wholesalers found near this zipcode. Try another zipcode.";

export type NearListing = WholesalerCardData & Pick<WholesalerWithDistance, "distanceMiles" | "locationExact" | "id">;

/** The result cards, each with its distance worded as precisely as the listing's point allows. */
export function DistanceCards({
  listings,
  searchedZipcode,
  numberOf,
}: {
  listings: readonly NearListing[];
  searchedZipcode?: string;
  /** Each listing's number on the results map beside the cards. */
  numberOf?: ReadonlyMap<number, number>;
}) {
  return (
    // Beside a map the cards go two abreast only where their column is wide enough (a container query): the
    // same results sit in the wide /near page and in the home page's narrower finder.
    <HydrateLater>
      <ul className={numberOf ? "mt-4 grid gap-6 @xl:grid-cols-2" : "mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3"}>
        {listings.map((listing, index) => (
          <li key={listing.id} className="relative">
            {numberOf?.has(listing.id) ? <ListingNumber number={numberOf.get(listing.id) ?? index + 1} /> : null}
            <WholesalerCard
              wholesaler={listing}
              lazyImage={index >= 3}
              distance={listingDistance(listing, listing.distanceMiles, searchedZipcode)}
            />
          </li>
        ))}
      </ul>
    </HydrateLater>
  );
}

/** What a search around a point found: the listings within the radius, or else the nearest beyond it. */
export interface NearResultsData<T extends NearListing = NearListing> {
  radiusMiles: number;
  within: T[];
  nearest: T[];
}

/**
 * The results of a search around a zipcode or a position, the same for both: the count, the filters, the
 * results map (drawn on the server) beside the numbered cards, or when nothing lies within the radius the
 * nearest listings beyond it. A listing's number is its place in the full list, as the map draws it, so
 * filters never renumber.
 */
export function NearResults<T extends NearListing>({
  result,
  map,
  where,
  place,
  searchedZipcode,
  emptyNotice,
  festivalsHref,
  filtering,
  askToBeTold,
}: {
  result: NearResultsData<T>;
  map: ResultsMapData | null;
  /** How the heading names the search point: "90014", "your location". */
  where: string;
  /** How the nearest listings' note names it, when it says more ("90014 (Los Angeles, California)"). */
  place?: string;
  searchedZipcode?: string;
  emptyNotice: ReactNode;
  festivalsHref: string | null;
  filtering: { filters: Filters; setFilters: (filters: Filters) => void; filtered: FilteredListings<T> };
  /** Under the notice when nothing lies within the radius: "Tell me when a supplier is listed" (decision 044). */
  askToBeTold?: ReactNode;
}) {
  const { filters, setFilters, filtered } = filtering;
  const numberOf = new Map([...result.within, ...result.nearest].map((listing, index) => [listing.id, index + 1]));
  if (result.within.length === 0) {
    return (
      <>
        <ResultsNotice>{emptyNotice}</ResultsNotice>
        {askToBeTold}
        <NumberedResults map={map}>
          <NearestBeyond
            nearest={result.nearest}
            radiusMiles={result.radiusMiles}
            place={place ?? where}
            searchedZipcode={searchedZipcode}
            festivalsHref={festivalsHref}
            numberOf={numberOf}
          />
        </NumberedResults>
      </>
    );
  }
  return (
    <>
      <h2 className="font-serif text-lg font-semibold text-ink">
        {result.within.length} {result.within.length === 1 ? "wholesaler" : "wholesalers"} within {result.radiusMiles} miles of {where}
      </h2>
      <div className="mt-4">
        <ListingFilters filters={filters} onChange={setFilters} filtered={filtered} total={result.within.length} />
      </div>
      <NumberedResults map={map} shown={shownNumbers(filtered, numberOf, filters)}>
        <FilteredResults
          filtered={filtered}
          filters={filters}
          onClear={() => setFilters(NO_FILTERS)}
          render={(listings) => <DistanceCards listings={listings} searchedZipcode={searchedZipcode} numberOf={numberOf} />}
        />
      </NumberedResults>
    </>
  );
}

/** The results beside their map on wide screens (the map first on a phone); the numbered cards are the map's text. */
function NumberedResults({
  map,
  shown,
  children,
}: {
  map: ResultsMapData | null;
  shown?: ReadonlySet<number> | undefined;
  children: ReactNode;
}) {
  if (!map) return <div className="@container">{children}</div>;
  return (
    <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
      <div className="lg:sticky lg:top-24 lg:order-last">
        <ResultsMap map={map} shown={shown} />
      </div>
      <div className="@container min-w-0">{children}</div>
    </div>
  );
}

/**
 * When nobody is within the radius: the nearest listings, and when even those are far, a plain statement of
 * how far and what helps instead. `festivalsHref` is null when the site shows no festivals.
 */
export function NearestBeyond({
  nearest,
  radiusMiles,
  place,
  searchedZipcode,
  festivalsHref,
  numberOf,
}: {
  nearest: readonly NearListing[];
  radiusMiles: number;
  place: string;
  searchedZipcode?: string;
  festivalsHref: string | null;
  numberOf?: ReadonlyMap<number, number>;
}) {
  const closest = nearest[0];
  if (!closest) return null;
  return (
    <>
      {closest.distanceMiles > FAR_AWAY_MILES ? <FarAwayHelp miles={closest.distanceMiles} festivalsHref={festivalsHref} /> : null}
      <h2 className="mt-5 font-serif text-lg font-semibold text-ink">Nearest wholesalers</h2>
      <p className="text-sm text-muted">
        Nobody is listed within {radiusMiles} miles of {place}; these are the closest.
      </p>
      <DistanceCards listings={nearest} searchedZipcode={searchedZipcode} numberOf={numberOf} />
    </>
  );
}

const helpLink =
  "flex items-center gap-2 rounded-xl bg-white px-4 py-3 text-sm font-semibold text-ink ring-1 ring-stone-200 hover:text-rose-brand hover:ring-rose-brand/40";

function FarAwayHelp({ miles, festivalsHref }: { miles: number; festivalsHref: string | null }) {
  return (
    <div className="mt-5 rounded-xl border border-rose-brand/20 bg-blush/60 p-4" data-testid="far-away">
      <p className="font-serif text-lg font-semibold text-ink">{farAwayMessage(miles)}</p>
      <p className="mt-1 text-sm text-muted">That is a long way for fresh flowers. These may help closer to home:</p>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2">
        <li>
          <Link to="/#grocery-stores" className={helpLink}>
            <ShoppingBasket className="size-4 text-rose-brand" aria-hidden="true" />
            Grocery chains that sell flowers
          </Link>
        </li>
        {festivalsHref ? (
          <li>
            <Link to={festivalsHref} className={helpLink}>
              <Flower2 className="size-4 text-rose-brand" aria-hidden="true" />
              Flower festivals near you
            </Link>
          </li>
        ) : null}
        <li>
          <Link to={SUBMIT_LOCATION_HREF} className={helpLink}>
            <Megaphone className="size-4 text-rose-brand" aria-hidden="true" />
            Suggest a location
          </Link>
        </li>
        <li>
          <Link to="/list-your-business" className={helpLink}>
            <Store className="size-4 text-rose-brand" aria-hidden="true" />
            List your business
          </Link>
        </li>
      </ul>
    </div>
  );
}
