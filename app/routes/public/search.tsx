import { data, Form, Link, redirect, type ShouldRevalidateFunction } from "react-router";
import { SearchX, ArrowRight, Search as SearchIcon } from "~/components/icons";
import { CitySection, cityLabel } from "~/components/search/city-results";
import { SearchResults } from "~/components/search/search-results";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { getDb } from "~/db/db.server";
import { pageMeta } from "~/http/meta";
import { rateLimitRefusalContext } from "~/http/request-context.server";
import { searchCity } from "~/services/search/city-search.server";
import { NO_RESULTS_HINT, normalizeSearchQuery, SEARCH_QUERY_MAX_LENGTH, zipcodeOf } from "~/services/search/query";
import { searchSite } from "~/services/search/search.server";
import type { CitySearch, SearchSections } from "~/services/search/types";
import { getSiteSettings } from "~/services/settings/settings.server";
import { onlyFiltersChanged } from "~/services/wholesalers/filter-params";
import { AppError } from "~/services/errors";
import { countEmptySearch } from "~/services/demand/demand.server";
import { nearestZipcode } from "~/services/geo/nearest-zipcode.server";
import type { Route } from "./+types/search";

export const SEARCH_TITLE = "Search";

/** "wholesalers, states, grocery stores, blog articles and festivals", less the sections that are switched off. */
export function kindsPhrase(sections: SearchSections) {
  const kinds = ["wholesalers", "states", "grocery stores", ...(sections.blog ? ["blog articles"] : []), ...(sections.festivals ? ["flower festivals"] : [])];
  return `${kinds.slice(0, -1).join(", ")} and ${kinds.at(-1)}`;
}

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
  if (query && refused !== null) return data({ query, sections, results: null, city: noCity, refused, demandZipcode: null }, { status: 429 });
  if (!query) return { query, sections, results: null, city: noCity, refused: null, demandZipcode: null };
  const [results, city] = await Promise.all([searchSite(db, query, sections), searchCity(db, query)]);
  return { query, sections, results, city, refused: null, demandZipcode: await emptyCityZipcode(db, city) };
}

/**
 * A city with no wholesaler within the radius: the zipcode nearest the point its distances run from, which the
 * "tell me when a supplier is listed" form names, and the empty search is counted on (decision 044).
 */
async function emptyCityZipcode(db: ReturnType<typeof getDb>, city: CitySearch): Promise<string | null> {
  if (city.kind !== "found" || city.nearby.some((wholesaler) => wholesaler.withinRadius)) return null;
  const nearest = await nearestZipcode(db, city.city).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "not_found") return null;
    throw error;
  });
  if (!nearest) return null;
  await countEmptySearch(db, nearest.zipcode);
  return nearest.zipcode;
}

/** The filters work on the city's loaded listings: a URL that differs only in them needs no new data. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  onlyFiltersChanged(currentUrl, nextUrl) ? false : defaultShouldRevalidate;

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

function SearchForm({ query }: { query: string }) {
  return (
    <Form method="get" action="/search" role="search" className="mt-8 flex max-w-2xl flex-col gap-3 sm:flex-row" key={query}>
      <label htmlFor="site-search" className="sr-only">
        Search wholesalers, states, articles and festivals
      </label>
      <div className="relative flex-1">
        <SearchIcon className="pointer-events-none absolute left-4 top-1/2 size-5 -translate-y-1/2 text-rose-brand" aria-hidden="true" />
        <Input
          id="site-search"
          type="search"
          name="q"
          defaultValue={query}
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          placeholder="City, state, market, flower or festival"
          autoComplete="off"
          enterKeyHint="search"
          className="h-12 rounded-full pl-12 text-lg"
        />
      </div>
      <Button type="submit" size="lg" className="sm:w-36">
        <SearchIcon aria-hidden="true" />
        Search
      </Button>
    </Form>
  );
}


function Suggestions({ sections, title }: { sections: SearchSections; title: string }) {
  const examples = ["Los Angeles", "Texas", "flower market", ...(sections.festivals ? ["tulip"] : []), ...(sections.blog ? ["wedding"] : [])];
  const browse = [
    { to: "/states", label: "Wholesalers by state" },
    ...(sections.festivals ? [{ to: "/festivals", label: "Festival calendar" }] : []),
    ...(sections.blog ? [{ to: "/blog", label: "DIY flower blog" }] : []),
  ];
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
        <h2 className="font-serif text-xl font-semibold text-ink">{title}</h2>
        <ul className="mt-4 flex flex-wrap gap-2">
          {examples.map((example) => (
            <li key={example}>
              <Link
                to={`/search?q=${encodeURIComponent(example)}`}
                className="inline-flex items-center gap-1.5 rounded-full bg-cream px-3.5 py-1.5 text-sm font-medium text-ink ring-1 ring-stone-200 transition-colors hover:bg-blush hover:text-rose-brand"
              >
                <SearchIcon className="size-3.5 text-rose-brand" aria-hidden="true" />
                {example}
              </Link>
            </li>
          ))}
        </ul>
      </div>
      <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
        <h2 className="font-serif text-xl font-semibold text-ink">Or browse</h2>
        <ul className="mt-4 grid gap-2">
          {browse.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="inline-flex items-center gap-1.5 font-medium text-rose-brand underline-offset-4 hover:underline">
                {link.label}
                <ArrowRight className="size-4" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** The line under the heading: what the page found. */
function summary(total: number, sections: SearchSections, city: CitySearch) {
  const results = `${total} ${total === 1 ? "result" : "results"} among the ${kindsPhrase(sections)}.`;
  if (city.kind === "found") return `The wholesalers nearest ${cityLabel(city.city)}, and ${results}`;
  if (city.kind === "ambiguous") return `${city.name} is a city in ${city.choices.length} states, and ${results}`;
  return results.charAt(0).toUpperCase() + results.slice(1);
}

/** The search page. */
export default function Search({ loaderData }: Route.ComponentProps) {
  const { query, sections, results, city, refused, demandZipcode } = loaderData;
  const total = results?.total ?? 0;
  return (
    <>
      <section className="border-b border-stone-200/70 bg-gradient-to-b from-blush/60 to-cream">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
          <p className="text-sm font-semibold uppercase tracking-[0.18em] text-rose-brand">{SEARCH_TITLE}</p>
          <h1 className="mt-3 font-serif text-4xl font-semibold leading-tight text-ink [overflow-wrap:anywhere] sm:text-5xl">
            {query ? `Results for “${query}”` : "Find flowers, markets and festivals"}
          </h1>
          <p className="mt-4 max-w-2xl text-lg leading-relaxed text-muted" role="status">
            {refused ?? (query ? summary(total, sections, city) : `Look up ${kindsPhrase(sections)} by name, city or state.`)}
          </p>
          <SearchForm query={query} />
        </div>
      </section>

      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 sm:px-6 sm:py-12 lg:px-8">
        {city.kind !== "none" ? <CitySection city={city} demandZipcode={demandZipcode} /> : null}
        {results && total > 0 ? (
          <div>
            <SearchResults query={query} results={results} />
          </div>
        ) : results && city.kind === "none" ? (
          <div className="grid gap-8">
            <div className="flex flex-col items-center rounded-3xl border border-dashed border-stone-300 bg-white/70 px-6 py-12 text-center">
              <SearchX className="size-10 text-rose-brand/70" aria-hidden="true" />
              <h2 className="mt-4 font-serif text-2xl font-semibold text-ink [overflow-wrap:anywhere]">No results for “{query}”</h2>
              <p className="mt-2 max-w-md text-muted">{NO_RESULTS_HINT}</p>
            </div>
            <Suggestions sections={sections} title="Try one of these" />
          </div>
        ) : results ? null : (
          <Suggestions sections={sections} title="Popular searches" />
        )}
      </div>
    </>
  );
}
