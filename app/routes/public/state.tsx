import { data, type ShouldRevalidateFunction, Link } from "react-router";
import { WholesalerCard } from "~/components/wholesalers/wholesaler-card";
import { citiesPhrase } from "~/components/wholesalers/format";
import { statePage } from "~/services/states/state-page.server";
import { stateBusinessListJsonLd } from "~/services/seo/json-ld";
import { onlyFiltersChanged } from "~/services/wholesalers/filter-params";
import { pageMeta, siteIdentity } from "~/http/meta";
import type { Route } from "./+types/state";
import { Flower2, MapPinned, ShoppingBasket } from "~/components/icons";
import { buttonVariants } from "~/components/ui/button";
import { HydrateLater } from "~/components/ui/hydrate-later";
import { BackLink } from "~/components/wholesalers/back-link";
import { ListingNumber } from "~/components/maps/listing-number";
import { StateMap } from "~/components/maps/state-map";
import { FilteredResults, ListingFilters, shownNumbers, useListingFilters } from "~/components/wholesalers/listing-filters";
import type { StateMapData } from "~/services/maps/types";
import { NO_FILTERS } from "~/services/wholesalers/filters";
import { type WholesalerCardData } from "~/services/wholesalers/card-data";
import type { BusinessListing } from "~/services/seo/json-ld";
import { SUBMIT_LOCATION_HREF } from "~/components/layout/site-nav";
import { NotifyMeFullForm } from "~/components/demand/notify-me-full-form";

export const STATE_NOT_FOUND_TITLE = "State Not Found";
export const NO_WHOLESALERS_TITLE = "No Wholesalers Listed Yet";

export async function loader({ params }: Route.LoaderArgs) {
  const page = await statePage(params.stateId.toLowerCase());
  return page.state ? page : data(page, { status: 404 });
}

/** The filters work on the loaded list: a URL that differs only in them needs no new data. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  onlyFiltersChanged(currentUrl, nextUrl) ? false : defaultShouldRevalidate;

export const meta: Route.MetaFunction = ({ matches, data: page, params }) => {
  const state = page?.state;
  if (!state) return pageMeta(matches, { title: STATE_NOT_FOUND_TITLE, path: `/state/${params.stateId}`, noindex: true });
  const count = page.wholesalers.length;
  return pageMeta(matches, {
    title: `${state.name} Wholesale Flower Markets & Suppliers`,
    // Only what the directory holds: a state without listings says so, and stays out of search results until it has one.
    description:
      count > 0
        ? `${count} wholesale flower ${count === 1 ? "market or supplier" : "markets and suppliers"} in ${state.name}, with addresses and directions, serving ${citiesPhrase(state.cities)}.`
        : `We have not listed a flower wholesaler in ${state.name} yet. Know one? List your business or suggest a location.`,
    noindex: count === 0,
    keywords: `${state.name} wholesale flowers, ${state.name} flower market, wholesale florist ${state.name}, bulk flowers ${state.name}`,
    path: `/state/${state.id}`,
    image: page.wholesalers.find((wholesaler) => wholesaler.image)?.image,
    jsonLd: import.meta.env.SSR && count > 0 ? stateBusinessListJsonLd(state, page.wholesalers, siteIdentity(matches).url) : undefined,
  });
};

/** A state's page. */
export default function State({ loaderData }: Route.ComponentProps) {
  const { state, wholesalers, map } = loaderData;
  if (!state) return <StateNotFound />;

  const count = wholesalers.length;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-12 lg:px-8">
      <BackLink to="/">Back to Home</BackLink>
      <header className="mt-6 max-w-3xl">
        <p className="eyebrow">{state.region}</p>
        <h1 className="mt-2 font-serif text-4xl font-semibold tracking-tight text-ink sm:text-5xl">{state.name} Flower Wholesalers</h1>
        <p className="mt-4 text-lg leading-relaxed text-muted">
          {count > 0 ? (
            <>
              Wholesale flower markets, flower marts and suppliers across {state.name}, serving {citiesPhrase(state.cities)}. Call ahead: public
              hours vary with the seasons and around the holidays.
            </>
          ) : (
            <>
              Wholesale flower markets, flower marts and suppliers for {citiesPhrase(state.cities)} will be listed here as we verify them.
            </>
          )}
        </p>
        {count > 0 ? (
          <p className="mt-5 inline-flex items-center gap-2 rounded-full bg-white px-4 py-1.5 text-sm font-medium text-ink ring-1 ring-stone-200">
            <MapPinned className="size-4 text-rose-brand" aria-hidden="true" />
            {count} {count === 1 ? "listing" : "listings"}
          </p>
        ) : null}
      </header>

      {count > 0 ? (
        <StateListings wholesalers={wholesalers} map={map} stateName={state.name} />
      ) : (
        <NoWholesalers stateName={state.name} />
      )}
    </div>
  );
}

/** The filters, the map and the cards. */
type StateListing = WholesalerCardData & BusinessListing;

function StateListings({ wholesalers, map, stateName }: { wholesalers: StateListing[]; map: StateMapData | null; stateName: string }) {
  const { filters, setFilters, filtered } = useListingFilters(wholesalers);
  // A listing keeps its number from the full list, the one the map draws, whichever filters hide others.
  const numberOf = new Map(wholesalers.map((wholesaler, index) => [wholesaler.id, index + 1]));
  return (
    <div className="mt-10">
      <ListingFilters filters={filters} onChange={setFilters} filtered={filtered} total={wholesalers.length} />
      {/* The map stays beside the list on wide screens, as on a map search; on a phone it comes first. */}
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start xl:grid-cols-[minmax(0,1fr)_26rem]">
        {map ? (
          <div className="lg:sticky lg:top-24 lg:order-last">
            <StateMap map={map} stateName={stateName} showKey={wholesalers.length > 1} shown={shownNumbers(filtered, numberOf, filters)} />
          </div>
        ) : null}
        <div className="min-w-0">
          <FilteredResults
            filtered={filtered}
            filters={filters}
            onClear={() => setFilters(NO_FILTERS)}
            render={(listings) => (
              <HydrateLater>
                <ul className="grid gap-6 sm:grid-cols-2">
                  {listings.map((wholesaler, index) => (
                    <li key={wholesaler.id} className="relative">
                      <ListingNumber number={numberOf.get(wholesaler.id) ?? index + 1} />
                      <WholesalerCard wholesaler={wholesaler} headingLevel={2} lazyImage={index >= 3} />
                    </li>
                  ))}
                </ul>
              </HydrateLater>
            )}
          />
        </div>
      </div>
    </div>
  );
}

function NoWholesalers({ stateName }: { stateName: string }) {
  return (
    <section
      aria-labelledby="no-wholesalers"
      className="mt-10 rounded-3xl border border-dashed border-stone-300 bg-white px-6 py-14 text-center"
    >
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-blush text-rose-brand">
        <Flower2 className="size-7" aria-hidden="true" />
      </span>
      <h2 id="no-wholesalers" className="mt-5 font-serif text-2xl font-semibold text-ink">
        {NO_WHOLESALERS_TITLE}
      </h2>
      <p className="mx-auto mt-3 max-w-xl text-muted">
        We have not listed a wholesaler in {stateName} yet. Try a neighboring state, or pick up budget flowers at a grocery store near you.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/states" prefetch="intent" className={buttonVariants()}>
          Browse other states
        </Link>
        <Link to="/#grocery-stores" className={buttonVariants({ variant: "secondary" })}>
          <ShoppingBasket aria-hidden="true" />
          Grocery store flowers
        </Link>
      </div>
      <p className="mt-6 text-sm text-muted">
        Know a wholesaler here?{" "}
        <Link to={SUBMIT_LOCATION_HREF} className="font-semibold text-rose-brand hover:underline">
          Submit a location
        </Link>
        . Own or manage one?{" "}
        <Link to="/list-your-business" className="font-semibold text-rose-brand hover:underline">
          List your business
        </Link>
        .
      </p>
      <NotifyMeFullForm className="mx-auto mt-8 max-w-2xl" idPrefix="notify-state" />
    </section>
  );
}

function StateNotFound() {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-6 py-24 text-center">
      <MapPinned className="size-12 text-rose-brand" aria-hidden="true" />
      <h1 className="mt-6 font-serif text-4xl font-semibold text-ink sm:text-5xl">{STATE_NOT_FOUND_TITLE}</h1>
      <p className="mt-4 text-lg text-muted">We could not find that state. Pick one from the list of all 50 states instead.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonVariants()}>
          Go Home
        </Link>
        <Link to="/all-states" className={buttonVariants({ variant: "secondary" })}>
          View all 50 states
        </Link>
      </div>
    </div>
  );
}
