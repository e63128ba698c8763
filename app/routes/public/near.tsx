import { data, type ShouldRevalidateFunction } from "react-router";
import { getDb } from "~/db/db.server";
import { FAR_AWAY_MILES } from "~/services/wholesalers/constants";
import { searchResultsMap } from "~/services/maps/maps.server";
import { AppError } from "~/services/errors";
import { nearestFestivalState } from "~/services/festivals/nearest-festival-state.server";
import { getSiteSettings } from "~/services/settings/settings.server";
import { onlyFiltersChanged } from "~/services/wholesalers/filter-params";
import { readNearPageQuery } from "~/services/wholesalers/near-page-query";
import { findWholesalersNear, toWholesalerJson, type NearSearchResult } from "~/services/wholesalers/wholesalers.server";
import { pageMeta } from "~/http/meta";
import { WholesalerCard } from "~/components/wholesalers/lazy-wholesaler-card";
import { island, withIslands, type Island } from "~/components/ui/island";
import type { Route } from "./+types/near";
import { PAGE_TITLE } from "./pages/near-texts";

/** The page's content loads after the page's own code (components/ui/island.tsx, docs/decisions/033). */
const loadPage = () => import("./pages/near");
const serverPage = import.meta.env.SSR ? await loadPage() : undefined;
const Page: Island<Route.ComponentProps> = island(loadPage, (m) => m.NearPage, serverPage);
/** The error page shares the page's module: its frame and finder. */
const ErrorPage: Island<object> = island(loadPage, (m) => m.NearErrorPage, serverPage);

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
    return {
      query,
      problem: null,
      result: { ...result, within: result.within.map(toWholesalerJson), nearest: result.nearest.map(toWholesalerJson) },
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

/** The filters work on the loaded results: a URL that differs only in them needs no new data. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  onlyFiltersChanged(currentUrl, nextUrl) ? false : defaultShouldRevalidate;

/** A client-side navigation waits for the page's and the cards' code with the data (components/ui/island.tsx). */
export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) => withIslands(request, serverLoader(), Page, WholesalerCard);

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
  return <ErrorPage />;
}

export default function Near(props: Route.ComponentProps) {
  return <Page {...props} />;
}
