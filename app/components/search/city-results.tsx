import { Link } from "react-router";
import { MapPin, Navigation } from "~/components/icons";
import { HydrateLater } from "~/components/ui/hydrate-later";
import { aboutMilesAway } from "~/components/wholesalers/format";
import { FilteredResults, ListingFilters, useListingFilters } from "~/components/wholesalers/listing-filters";
import { WholesalerCard } from "~/components/wholesalers/wholesaler-card";
import type { CityPlace } from "~/services/geo/types";
import { CITY_RADIUS_MILES } from "~/services/search/query";
import type { CitySearch } from "~/services/search/types";
import { NO_FILTERS } from "~/services/wholesalers/filters";
import { withCallerClasses } from "~/utils/cn";

/** "Chicago, IL": how the site names a city, and what its search link asks for. */
export const cityLabel = (city: Pick<CityPlace, "name" | "stateCode">) => `${city.name}, ${city.stateCode}`;
const citySearchPath = (city: Pick<CityPlace, "name" | "stateCode">) => `/search?q=${encodeURIComponent(cityLabel(city))}`;

function CityChoices({ cities, className }: { cities: CityPlace[]; className?: string }) {
  return (
    <ul className={withCallerClasses("flex flex-wrap gap-2", className)}>
      {cities.map((city) => (
        <li key={city.stateCode}>
          <Link
            to={citySearchPath(city)}
            className="inline-flex items-center gap-1.5 rounded-full bg-cream px-3.5 py-1.5 text-sm font-medium text-ink ring-1 ring-stone-200 transition-colors hover:bg-blush hover:text-rose-brand"
          >
            <MapPin className="size-3.5 text-rose-brand" aria-hidden="true" />
            {cityLabel(city)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The wholesalers nearest the city the query names, or the choice of cities when the name is shared. */
const CITY_BOX = "rounded-3xl border border-stone-200 bg-white/80 p-5 shadow-sm sm:p-8";

export function CitySection({
  city,
  demandZipcode = null,
}: {
  city: Exclude<CitySearch, { kind: "none" }>;
  /** When nothing lies within the radius: the zipcode nearest the city's point, for "tell me when a supplier is listed". */
  demandZipcode?: string | null;
}) {
  if (city.kind === "ambiguous") {
    return (
      <section aria-labelledby="city-choice-heading" className={CITY_BOX}>
        <h2 id="city-choice-heading" className="flex items-center gap-2 font-serif text-2xl font-semibold text-ink">
          <MapPin className="size-5 text-rose-brand" aria-hidden="true" />
          Which {city.name}?
        </h2>
        <p className="mt-2 text-muted">
          There is a {city.name} in {city.choices.length} states. Pick one to see the wholesalers nearest to it.
        </p>
        <CityChoices cities={city.choices} className="mt-4" />
      </section>
    );
  }
  return <NearCity city={city} demandZipcode={demandZipcode} />;
}

/** The wholesalers nearest a city, with the filters of every result list (in the URL, applied at once in the browser). */
function NearCity({ city, demandZipcode }: { city: Extract<CitySearch, { kind: "found" }>; demandZipcode: string | null }) {
  const { filters, setFilters, filtered } = useListingFilters(city.nearby);
  const within = city.nearby.filter((w) => w.withinRadius).length;
  const label = cityLabel(city.city);
  return (
    <section aria-labelledby="near-city-heading" className={CITY_BOX}>
      <h2 id="near-city-heading" className="flex items-center gap-2 font-serif text-2xl font-semibold text-ink">
        <Navigation className="size-5 text-rose-brand" aria-hidden="true" />
        Wholesalers near {label}
      </h2>
      <p className="mt-2 text-sm text-muted">
        Nearest first. Distances run from{" "}
        {city.city.centre === "geonames" ? (
          <>
            the centre of {city.city.name} as{" "}
            <a href="https://www.geonames.org/" className="underline underline-offset-2 hover:text-rose-brand">
              GeoNames
            </a>{" "}
            places it
          </>
        ) : (
          <>the middle of {city.city.name}&rsquo;s zipcodes</>
        )}{" "}
        and are rounded to whole miles.
      </p>
      {within < city.nearby.length ? (
        <p className="mt-3 rounded-xl bg-blush/60 px-4 py-3 text-sm font-medium text-ink">
          {within === 0
            ? `No wholesaler in the directory lies within ${CITY_RADIUS_MILES} miles of ${label}. These are the nearest.`
            : `Only ${within} within ${CITY_RADIUS_MILES} miles of ${label}; the next nearest follow.`}
        </p>
      ) : null}
      {within === 0 && demandZipcode ? (
        // A link to the form's page rather than the form: the search page's first load has no room for it (budgets).
        <p className="mt-3 text-sm">
          <Link
            to={`/notify-me?zip=${demandZipcode}&radius=${CITY_RADIUS_MILES}`}
            className="font-semibold text-rose-brand underline-offset-4 hover:underline"
            data-testid="notify-me-link"
          >
            Tell me when a supplier is listed within {CITY_RADIUS_MILES} miles of {demandZipcode}
          </Link>
        </p>
      ) : null}
      <div className="mt-5">
        <ListingFilters filters={filters} onChange={setFilters} filtered={filtered} total={city.nearby.length} />
      </div>
      <FilteredResults
        filtered={filtered}
        filters={filters}
        onClear={() => setFilters(NO_FILTERS)}
        render={(listings) => (
          <HydrateLater>
            <ol className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {listings.map((wholesaler) => (
                <li key={wholesaler.id}>
                  <WholesalerCard wholesaler={wholesaler} distance={aboutMilesAway(wholesaler.distanceMiles)} />
                </li>
              ))}
            </ol>
          </HydrateLater>
        )}
      />
      {city.others.length > 0 ? (
        <div className="mt-6 border-t border-stone-200 pt-4">
          <p className="text-sm text-muted">Looking for another {city.city.name}?</p>
          <CityChoices cities={city.others} className="mt-2" />
        </div>
      ) : null}
    </section>
  );
}
