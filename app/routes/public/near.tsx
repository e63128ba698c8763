import { data, type ShouldRevalidateFunction, useLocation, useSearchParams } from "react-router";
import { getDb } from "~/db/db.server";
import { FAR_AWAY_MILES } from "~/services/wholesalers/constants";
import { searchResultsMap } from "~/services/maps/maps.server";
import { AppError } from "~/services/errors";
import { nearestFestivalState } from "~/services/festivals/nearest-festival-state.server";
import { getSiteSettings } from "~/services/settings/settings.server";
import { onlyFiltersChanged } from "~/services/wholesalers/filter-params";
import { readNearPageQuery } from "~/services/wholesalers/near-page-query";
import { findWholesalersNear, type NearSearchResult, type WholesalerWithDistance } from "~/services/wholesalers/wholesalers.server";
import { cardDataOf } from "~/services/wholesalers/card-data";
import { pageMeta } from "~/http/meta";
import type { Route } from "./+types/near";
import type { ReactNode } from "react";
import { BackLink } from "~/components/wholesalers/back-link";
import { useListingFilters } from "~/components/wholesalers/listing-filters";
import {
  NearResults,
  ResultsNotice,
  ResultsPanel,
  ZIPCODE_EMPTY_MESSAGE,
  ZIPCODE_EMPTY_NOTHING_NEAR,
  ZIPCODE_ERROR_MESSAGE,
} from "~/components/wholesalers/near-results";
import { useNearYou } from "~/components/wholesalers/use-my-location";
import { ZipcodeFinder } from "~/components/wholesalers/zipcode-finder";
import { withListingFilters } from "~/services/wholesalers/filters";
import { countEmptySearch } from "~/services/demand/demand.server";
import { NotifyMeForm } from "~/components/demand/notify-me-form";

export const PAGE_TITLE = "Find Wholesalers Near You";

async function festivalsHrefFor(result: NearSearchResult): Promise<string | null> {
  const db = getDb();
  const { general } = await getSiteSettings(db);
  if (!general.enableFestivals) return null;
  const state = await nearestFestivalState(db, result.origin);
  return state ? `/festivals?state=${encodeURIComponent(state)}` : "/festivals";
}

/**
 * /near?zip=90014&radius=25 (and the filters): the search result rendered on the server, so it can be
 * bookmarked, shared and reached with Back. Without a zipcode it is the finder alone.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const query = readNearPageQuery(new URL(request.url).searchParams);
  if (query.zipcodeError) return data({ query, problem: query.zipcodeError, result: null, festivalsHref: null, map: null }, { status: 400 });
  if (!query.zipcode) return { query, problem: null, result: null, festivalsHref: null, map: null };
  try {
    const result = await findWholesalersNear(getDb(), { zipcode: query.zipcode }, query.radius);
    const far = result.within.length === 0 && (result.nearest[0]?.distanceMiles ?? 0) > FAR_AWAY_MILES;
    // Where people look and find nothing, counted per zipcode and day (decision 044; a page from the cache is not).
    if (result.within.length === 0) await countEmptySearch(getDb(), query.zipcode);
    return {
      query,
      problem: null,
      result: { ...result, within: result.within.map(nearCard), nearest: result.nearest.map(nearCard) },
      festivalsHref: far ? await festivalsHrefFor(result) : null,
      map: searchResultsMap(result),
    };
  } catch (error) {
    // A well-formed zipcode the site has no centroid for: say so, rather than "nothing near it".
    if (error instanceof AppError && error.code === "not_found") {
      return data({ query, problem: error.message, result: null, festivalsHref: null, map: null }, { status: 404 });
    }
    throw error;
  }
}

/** A result's card and how far it is: what the page shows, not the whole row (issue #39). */
const nearCard = (listing: WholesalerWithDistance) => ({
  ...cardDataOf(listing),
  distanceMiles: listing.distanceMiles,
  locationExact: listing.locationExact,
});

/** The filters work on the loaded results: a URL that differs only in them needs no new data. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  onlyFiltersChanged(currentUrl, nextUrl) ? false : defaultShouldRevalidate;

export const meta: Route.MetaFunction = ({ matches, data: page }) => {
  const zipcode = page?.query.zipcode;
  return pageMeta(matches, {
    title: zipcode ? `Wholesale Flowers Near ${zipcode}` : PAGE_TITLE,
    description: "Wholesale flower markets and suppliers near a US zipcode, with distances, hours and directions.",
    path: "/near",
    // A result page is a search, not content of its own.
    noindex: Boolean(zipcode) || Boolean(page?.problem),
  });
};

/** A search that failed on our side: the spec's error message, and the finder to try again. */
export function ErrorBoundary() {
  return <NearErrorPage />;
}

/** How the page names the search point: "90014", or "you (zipcode 90014)" when "Use my location" opened it. */
function useWhere(zipcode: string | undefined): string | undefined {
  const nearYou = useNearYou();
  return zipcode && nearYou ? `you (zipcode ${zipcode})` : zipcode;
}

function NearShell({ zipcode, subtitle, children }: { zipcode?: string; subtitle?: string; children: ReactNode }) {
  const where = useWhere(zipcode);
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-12 lg:px-8">
      <BackLink to="/">Back to Home</BackLink>
      <header className="mt-6 max-w-3xl">
        <h1 className="font-serif text-4xl font-semibold tracking-tight text-ink sm:text-5xl">
          {where ? `Wholesalers near ${where}` : PAGE_TITLE}
        </h1>
        {subtitle ? <p className="mt-3 text-lg text-muted">{subtitle}</p> : null}
      </header>
      <div className="mt-8 rounded-3xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">{children}</div>
    </div>
  );
}

/** A search that failed on our side: the spec's error message, and the finder to try again (the route's ErrorBoundary). */
function NearErrorPage() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const query = readNearPageQuery(searchParams);
  return (
    <NearShell zipcode={query.zipcode}>
      <ZipcodeFinder
        key={location.key}
        initialZipcode={query.zipcode ?? ""}
        radius={query.radius}
        results={
          <ResultsPanel label="Zipcode search results">
            <ResultsNotice tone="error">{ZIPCODE_ERROR_MESSAGE}</ResultsNotice>
          </ResultsPanel>
        }
      />
    </NearShell>
  );
}

/** The zipcode search. */
export default function Near({ loaderData }: Route.ComponentProps) {
  const { query, problem, result, festivalsHref, map } = loaderData;
  const location = useLocation();
  const filtering = useListingFilters(result?.within ?? []);
  const town = result ? [result.origin.city, result.origin.stateName].filter(Boolean).join(", ") : "";
  const where = useWhere(query.zipcode);

  return (
    <NearShell
      zipcode={query.zipcode}
      subtitle={result && town ? `Around ${town}, within ${result.radiusMiles} miles.` : undefined}
    >
      <ZipcodeFinder
        key={location.key}
        initialZipcode={query.zipcode ?? ""}
        radius={query.radius}
        hiddenParams={[...withListingFilters(new URLSearchParams(), filtering.filters)]}
        results={
          problem ? (
            <ResultsPanel label="Zipcode search results">
              <ResultsNotice tone="error">{problem}</ResultsNotice>
            </ResultsPanel>
          ) : result && query.zipcode ? (
            <ResultsPanel label="Zipcode search results">
              <NearResults
                result={result}
                map={map}
                where={where ?? query.zipcode}
                place={town ? `${query.zipcode} (${town})` : query.zipcode}
                searchedZipcode={query.zipcode}
                emptyNotice={result.nearest.length > 0 ? ZIPCODE_EMPTY_MESSAGE : ZIPCODE_EMPTY_NOTHING_NEAR}
                festivalsHref={festivalsHref}
                filtering={filtering}
                askToBeTold={<NotifyMeForm zipcode={query.zipcode} radius={result.radiusMiles} className="mt-4" />}
              />
            </ResultsPanel>
          ) : null
        }
      />
    </NearShell>
  );
}
