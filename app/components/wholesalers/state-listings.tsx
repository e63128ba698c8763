import { ListingNumber } from "~/components/maps/listing-number";
import { StateMap } from "~/components/maps/state-map";
import type { StateMapData } from "~/services/maps/types";
import { NO_FILTERS } from "~/services/wholesalers/filters";
import type { Wholesaler } from "~/services/wholesalers/types";
import { ListingFilters, NoMatches, useListingFilters } from "./listing-filters";
import { WholesalerCard } from "./lazy-wholesaler-card";

/**
 * A state's listings: the filters, the map and the cards. Its code is not part of the state page's first load
 * (an island, docs/decisions/033).
 */
export function StateListings({ wholesalers, map, stateName }: { wholesalers: Wholesaler[]; map: StateMapData | null; stateName: string }) {
  const { filters, setFilters, filtered } = useListingFilters(wholesalers);
  // A listing keeps its number from the full list, the one the map draws, whichever filters hide others.
  const numberOf = new Map(wholesalers.map((wholesaler, index) => [wholesaler.id, index + 1]));
  return (
    <div className="mt-10">
      <ListingFilters filters={filters} onChange={setFilters} shown={filtered.length} total={wholesalers.length} />
      {/* The map stays beside the list on wide screens, as on a map search; on a phone it comes first. */}
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start xl:grid-cols-[minmax(0,1fr)_26rem]">
        {map ? (
          <div className="lg:sticky lg:top-24 lg:order-last">
            <StateMap map={map} stateName={stateName} showKey={wholesalers.length > 1} />
          </div>
        ) : null}
        {filtered.length > 0 ? (
          <ul className="grid gap-6 sm:grid-cols-2">
            {filtered.map((wholesaler, index) => (
              <li key={wholesaler.id} className="relative">
                <ListingNumber number={numberOf.get(wholesaler.id) ?? index + 1} />
                <WholesalerCard wholesaler={wholesaler} headingLevel={2} lazyImage={index >= 3} />
              </li>
            ))}
          </ul>
        ) : (
          <NoMatches onClear={() => setFilters(NO_FILTERS)} />
        )}
      </div>
    </div>
  );
}
