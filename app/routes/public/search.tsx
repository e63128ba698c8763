import { data, redirect, type ShouldRevalidateFunction } from "react-router";
import { WholesalerCard } from "~/components/wholesalers/lazy-wholesaler-card";
import { getDb } from "~/db/db.server";
import { searchCity, type CitySearch } from "~/services/search/city-search.server";
import { normalizeSearchQuery, zipcodeOf } from "~/services/search/query";
import { searchSite } from "~/services/search/search.server";
import { onlyFiltersChanged } from "~/services/wholesalers/filter-params";
import { getSiteSettings } from "~/services/settings/settings.server";
import { pageMeta } from "~/http/meta";
import { rateLimitRefusalContext } from "~/http/request-context.server";
import { island, withIslands, type Island } from "~/components/ui/island";
import type { Route } from "./+types/search";
import { kindsPhrase, SEARCH_TITLE } from "./pages/search-texts";

/** The page's content loads after the page's own code (components/ui/island.tsx, docs/decisions/033). */
const loadPage = () => import("./pages/search");
const Page: Island<Route.ComponentProps> = island(loadPage, (module) => module.SearchPage, import.meta.env.SSR ? await loadPage() : undefined);

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = getDb();
  const { general } = await getSiteSettings(db);
  const sections = { blog: general.enableBlog, festivals: general.enableFestivals };
  const query = normalizeSearchQuery(new URL(request.url).searchParams.get("q"));
  const zipcode = zipcodeOf(query);
  // A zipcode has its own results page: the wholesalers around it, by distance.
  if (zipcode) throw redirect(`/near?zip=${zipcode}`, 302);
  const noCity: CitySearch = { kind: "none" };
  // Past the search limit (server/app.ts) the page says so where the count of results goes, and searches nothing.
  const refused = context.get(rateLimitRefusalContext);
  if (query && refused !== null) return data({ query, sections, results: null, city: noCity, refused }, { status: 429 });
  if (!query) return { query, sections, results: null, city: noCity, refused: null };
  const [results, city] = await Promise.all([searchSite(db, query, sections), searchCity(db, query)]);
  return { query, sections, results, city, refused: null };
}

/** The filters work on the city's loaded listings: a URL that differs only in them needs no new data. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  onlyFiltersChanged(currentUrl, nextUrl) ? false : defaultShouldRevalidate;

/** A client-side navigation waits for the page's and the cards' code with the data (components/ui/island.tsx). */
export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) => withIslands(request, serverLoader(), Page, WholesalerCard);

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const query = data?.query ?? "";
  const kinds = kindsPhrase(data?.sections ?? { blog: true, festivals: true });
  return pageMeta(matches, {
    title: query ? `Search results for “${query}”` : SEARCH_TITLE,
    description: query
      ? `${kinds.charAt(0).toUpperCase()}${kinds.slice(1)} matching “${query}” in the directory of wholesale flower suppliers.`
      : `Search the directory of wholesale flower suppliers across the United States: ${kinds} by name, city or state.`,
    keywords: "search wholesale flowers, find flower wholesaler, flower market search, flower festival search",
    path: query ? `/search?q=${encodeURIComponent(query)}` : "/search",
    // Result pages are endless and thin; only the pages they lead to belong in an index.
    noindex: Boolean(query),
  });
};

export default function Search(props: Route.ComponentProps) {
  return <Page {...props} />;
}
