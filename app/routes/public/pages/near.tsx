import { useLocation, useSearchParams } from "react-router";
import type { ReactNode } from "react";
import { BackLink } from "~/components/wholesalers/back-link";
import { useListingFilters } from "~/components/wholesalers/listing-filters";
import { NearResults, ResultsNotice, ResultsPanel, ZIPCODE_EMPTY_MESSAGE, ZIPCODE_ERROR_MESSAGE } from "~/components/wholesalers/near-results";
import { ZipcodeFinder } from "~/components/wholesalers/zipcode-finder";
import { withListingFilters } from "~/services/wholesalers/filters";
import { readNearPageQuery } from "~/services/wholesalers/near-page-query";
import type { Route } from "../+types/near";
import { PAGE_TITLE } from "./near-texts";

function NearShell({ zipcode, subtitle, children }: { zipcode?: string; subtitle?: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-12 lg:px-8">
      <BackLink to="/">Back to Home</BackLink>
      <header className="mt-6 max-w-3xl">
        <h1 className="font-serif text-4xl font-semibold tracking-tight text-ink sm:text-5xl">
          {zipcode ? `Wholesalers near ${zipcode}` : PAGE_TITLE}
        </h1>
        {subtitle ? <p className="mt-3 text-lg text-muted">{subtitle}</p> : null}
      </header>
      <div className="mt-8 rounded-3xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">{children}</div>
    </div>
  );
}

/** A search that failed on our side: the spec's error message, and the finder to try again (the route's ErrorBoundary). */
export function NearErrorPage() {
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

/** The zipcode search: the content of routes/public/near.tsx, an island (docs/decisions/033). */
export function NearPage({ loaderData }: Route.ComponentProps) {
  const { query, problem, result, festivalsHref, map } = loaderData;
  const location = useLocation();
  const filtering = useListingFilters(result?.within ?? []);
  const town = result ? [result.origin.city, result.origin.stateName].filter(Boolean).join(", ") : "";

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
                where={query.zipcode}
                place={town ? `${query.zipcode} (${town})` : query.zipcode}
                searchedZipcode={query.zipcode}
                emptyNotice={ZIPCODE_EMPTY_MESSAGE}
                festivalsHref={festivalsHref}
                filtering={filtering}
              />
            </ResultsPanel>
          ) : null
        }
      />
    </NearShell>
  );
}
