import { ArrowRight, MapPin, Search, Store } from "~/components/icons/site";
import { BookOpen, CalendarDays, type LucideIcon } from "lucide-react";
import { Navigation, SearchX } from "~/components/icons/listing";
import { Form, Link } from "react-router";
import { CategoryBadge } from "~/components/blog/blog-card";
import { formatPostDate } from "~/components/blog/format";
import { formatDateRange } from "~/components/festivals/dates";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { aboutMilesAway } from "~/components/wholesalers/format";
import { ListingFilters, NoMatches, useListingFilters } from "~/components/wholesalers/listing-filters";
import { TypeBadge } from "~/components/wholesalers/listing-badges";
import { WholesalerCard } from "~/components/wholesalers/lazy-wholesaler-card";
import { CITY_RADIUS_MILES, highlightParts, NO_RESULTS_HINT, SEARCH_QUERY_MAX_LENGTH, searchTerms } from "~/services/search/query";
import { NO_FILTERS } from "~/services/wholesalers/filters";
import { listingPath } from "~/services/wholesalers/slug";
import { cn } from "~/utils/cn";
import type { Route } from "../+types/search";
import { HydrateLater } from "~/components/ui/hydrate-later";
import { kindsPhrase, SEARCH_TITLE } from "./search-texts";

/** The loader's types, from its data: they are declared in server modules, which browser code must not import. */
type LoaderData = Route.ComponentProps["loaderData"];
type SiteSearchResults = NonNullable<LoaderData["results"]>;
type SearchGroup = NonNullable<SiteSearchResults["wholesalers" | "states" | "posts" | "festivals"]>;
type CitySearch = LoaderData["city"];
type CityPlace = Extract<CitySearch, { kind: "ambiguous" }>["choices"][number];

/** The words of the query marked where whole words of a result's text match them (see highlightParts). */
function Highlight({ text, terms }: { text: string; terms: readonly string[] }) {
  return (
    <>
      {highlightParts(text, terms).map((part, index) =>
        part.match ? (
          <mark key={index} className="rounded-sm bg-blush px-0.5 text-inherit">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}

/**
 * A result's text under its title: the passage around the match (short already, and never clamped, so
 * that the marked word stays in sight), or else a summary clamped to three lines.
 */
function Snippet({ text, terms, clamp = false }: { text: string | null; terms: readonly string[]; clamp?: boolean }) {
  if (!text) return null;
  return (
    <p className={cn("text-sm leading-relaxed text-muted", clamp && "line-clamp-3")}>
      <Highlight text={text} terms={terms} />
    </p>
  );
}

function SearchForm({ query }: { query: string }) {
  return (
    <Form method="get" action="/search" role="search" className="mt-8 flex max-w-2xl flex-col gap-3 sm:flex-row" key={query}>
      <label htmlFor="site-search" className="sr-only">
        Search wholesalers, states, articles and festivals
      </label>
      <div className="relative flex-1">
        <Search className="pointer-events-none absolute left-4 top-1/2 size-5 -translate-y-1/2 text-rose-brand" aria-hidden="true" />
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
        <Search aria-hidden="true" />
        Search
      </Button>
    </Form>
  );
}

interface Kind {
  id: string;
  title: string;
  icon: LucideIcon;
  group: SearchGroup | undefined;
}

function kindsOf(results: SiteSearchResults): Kind[] {
  const kinds: Kind[] = [
    { id: "wholesalers", title: "Wholesalers", icon: Store, group: results.wholesalers },
    { id: "states", title: "States", icon: MapPin, group: results.states },
    { id: "articles", title: "Blog articles", icon: BookOpen, group: results.posts },
    { id: "festivals", title: "Festivals", icon: CalendarDays, group: results.festivals },
  ];
  return kinds.filter((kind) => kind.group !== undefined);
}

function KindSummary({ kinds }: { kinds: Kind[] }) {
  return (
    <nav aria-label="Results by kind">
      <ul className="flex flex-wrap gap-2">
        {kinds.map(({ id, title, icon: Icon, group }) => {
          const count = group?.count ?? 0;
          const content = (
            <>
              <Icon className="size-4" aria-hidden="true" />
              {title}{" "}
              <span className={cn("rounded-full px-2 text-xs font-semibold", count > 0 ? "bg-rose-brand text-white" : "bg-stone-200 text-stone-600")}>
                {count}
              </span>
            </>
          );
          const chip = "inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-medium ring-1";
          return (
            <li key={id}>
              {count > 0 ? (
                <a href={`#${id}`} className={cn(chip, "bg-white text-ink ring-stone-200 transition-colors hover:bg-blush hover:text-rose-brand")}>
                  {content}
                </a>
              ) : (
                <span className={cn(chip, "bg-white/60 text-stone-600 ring-stone-200/70")}>{content}</span>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

const resultCard =
  "relative flex h-full flex-col gap-2 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm transition hover:-translate-y-0.5 hover:border-rose-brand/40 hover:shadow-md sm:p-5";
/** The whole card is the link's target; the title stays the link's accessible name. */
const stretchedLink = "after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-rose-brand";

function ResultGroup({ kind, more, children }: { kind: Kind; more?: { to: string; label: string }; children: React.ReactNode }) {
  const count = kind.group?.count ?? 0;
  const shown = kind.group?.items.length ?? 0;
  const Icon = kind.icon;
  return (
    <section aria-labelledby={`${kind.id}-heading`} id={kind.id} className="scroll-mt-24">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-stone-200 pb-3">
        <h2 id={`${kind.id}-heading`} className="flex items-center gap-2 font-serif text-2xl font-semibold text-ink">
          <Icon className="size-5 text-rose-brand" aria-hidden="true" />
          {kind.title}{" "}
          <span className="text-base font-normal text-muted">({count})</span>
        </h2>
        {count > shown ? (
          <p className="text-sm text-muted">
            Showing the first {shown} of {count}. Add a word to narrow the search.
          </p>
        ) : null}
      </div>
      <ul className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">{children}</ul>
      {more && count > shown ? (
        <Link to={more.to} className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-rose-brand underline-offset-4 hover:underline">
          {more.label}
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      ) : null}
    </section>
  );
}

function Results({ query, results }: { query: string; results: SiteSearchResults }) {
  const terms = searchTerms(query);
  const kinds = kindsOf(results);
  const byId = (id: string) => kinds.find((kind) => kind.id === id);
  const wholesalers = byId("wholesalers");
  const states = byId("states");
  const articles = byId("articles");
  const festivals = byId("festivals");

  return (
    <>
      <KindSummary kinds={kinds} />
      <div className="mt-10 grid gap-12">
        {wholesalers && results.wholesalers.count > 0 ? (
          <ResultGroup kind={wholesalers}>
            {results.wholesalers.items.map((wholesaler) => (
              <li key={wholesaler.id}>
                <article className={resultCard}>
                  <TypeBadge type={wholesaler.type} className="self-start" />
                  <h3 className="font-serif text-lg font-semibold leading-snug text-ink">
                    <Link to={listingPath(wholesaler)} className={cn("hover:text-rose-brand", stretchedLink)}>
                      <Highlight text={wholesaler.name} terms={terms} />
                    </Link>
                  </h3>
                  <p className="flex items-start gap-1.5 text-sm text-muted">
                    <MapPin className="mt-0.5 size-4 shrink-0 text-rose-brand" aria-hidden="true" />
                    <span>
                      {wholesaler.address}, <Highlight text={wholesaler.city} terms={terms} />, <Highlight text={wholesaler.state} terms={terms} />
                    </span>
                  </p>
                  <Snippet text={wholesaler.snippet} terms={terms} />
                </article>
              </li>
            ))}
          </ResultGroup>
        ) : null}

        {states && results.states.count > 0 ? (
          <ResultGroup kind={states} more={{ to: "/all-states", label: "All 50 states" }}>
            {results.states.items.map((state) => (
              <li key={state.id}>
                <article className={cn(resultCard, "flex-row items-center justify-between")}>
                  <div>
                    <h3 className="font-serif text-lg font-semibold text-ink">
                      <Link to={`/state/${state.id}`} className={cn("hover:text-rose-brand", stretchedLink)}>
                        <Highlight text={state.name} terms={terms} />
                      </Link>
                    </h3>
                    <p className="text-sm text-muted">{state.region} · wholesale flower markets and suppliers</p>
                  </div>
                  <ArrowRight className="size-5 shrink-0 text-stone-400" aria-hidden="true" />
                </article>
              </li>
            ))}
          </ResultGroup>
        ) : null}

        {articles && results.posts && results.posts.count > 0 ? (
          <ResultGroup kind={articles} more={{ to: "/blog", label: "All articles" }}>
            {results.posts.items.map((post) => (
              <li key={post.id}>
                <article className={resultCard}>
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
                    <CategoryBadge category={post.category} />
                    <time dateTime={post.date}>{formatPostDate(post.date)}</time>
                  </div>
                  <h3 className="font-serif text-lg font-semibold leading-snug text-ink">
                    <Link to={`/blog/${post.id}`} className={cn("hover:text-rose-brand", stretchedLink)}>
                      <Highlight text={post.title} terms={terms} />
                    </Link>
                  </h3>
                  {post.snippet ? <Snippet text={post.snippet} terms={terms} /> : <Snippet text={post.excerpt} terms={terms} clamp />}
                </article>
              </li>
            ))}
          </ResultGroup>
        ) : null}

        {festivals && results.festivals && results.festivals.count > 0 ? (
          <ResultGroup kind={festivals} more={{ to: `/festivals?q=${encodeURIComponent(query)}`, label: "See them in the festival calendar" }}>
            {results.festivals.items.map((festival) => (
              <li key={festival.id}>
                <article className={resultCard}>
                  <p className="flex items-center gap-1.5 text-sm font-medium text-leaf">
                    <CalendarDays className="size-4" aria-hidden="true" />
                    {formatDateRange(festival.startDate, festival.endDate)}
                  </p>
                  <h3 className="font-serif text-lg font-semibold leading-snug text-ink">
                    <Link to={`/festivals/${festival.id}`} className={cn("hover:text-rose-brand", stretchedLink)}>
                      <Highlight text={festival.name} terms={terms} />
                    </Link>
                  </h3>
                  <p className="flex items-center gap-1.5 text-sm text-muted">
                    <MapPin className="size-4 shrink-0 text-rose-brand" aria-hidden="true" />
                    <span>
                      <Highlight text={festival.city} terms={terms} />, <Highlight text={festival.state} terms={terms} />
                    </span>
                  </p>
                  <Snippet text={festival.snippet} terms={terms} />
                </article>
              </li>
            ))}
          </ResultGroup>
        ) : null}
      </div>
    </>
  );
}

function Suggestions({ sections, title }: { sections: { blog: boolean; festivals: boolean }; title: string }) {
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
                <Search className="size-3.5 text-rose-brand" aria-hidden="true" />
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

/** "Chicago, IL": how the site names a city, and what its search link asks for. */
const cityLabel = (city: Pick<CityPlace, "name" | "stateCode">) => `${city.name}, ${city.stateCode}`;
const citySearchPath = (city: Pick<CityPlace, "name" | "stateCode">) => `/search?q=${encodeURIComponent(cityLabel(city))}`;

function CityChoices({ cities, className }: { cities: CityPlace[]; className?: string }) {
  return (
    <ul className={cn("flex flex-wrap gap-2", className)}>
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

function CitySection({ city }: { city: Exclude<CitySearch, { kind: "none" }> }) {
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
  return <NearCity city={city} />;
}

/** The wholesalers nearest a city, with the filters of every result list (in the URL, applied at once in the browser). */
function NearCity({ city }: { city: Extract<CitySearch, { kind: "found" }> }) {
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
        Nearest first. Distances run from the middle of {city.city.name} and are rounded to whole miles.
      </p>
      {within < city.nearby.length ? (
        <p className="mt-3 rounded-xl bg-blush/60 px-4 py-3 text-sm font-medium text-ink">
          {within === 0
            ? `No wholesaler in the directory lies within ${CITY_RADIUS_MILES} miles of ${label}. These are the nearest.`
            : `Only ${within} within ${CITY_RADIUS_MILES} miles of ${label}; the next nearest follow.`}
        </p>
      ) : null}
      <div className="mt-5">
        <ListingFilters filters={filters} onChange={setFilters} shown={filtered.length} total={city.nearby.length} />
      </div>
      {filtered.length > 0 ? (
        <HydrateLater>
          <ol className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {filtered.map((wholesaler) => (
              <li key={wholesaler.id}>
                <WholesalerCard wholesaler={wholesaler} distance={aboutMilesAway(wholesaler.distanceMiles)} />
              </li>
            ))}
          </ol>
        </HydrateLater>
      ) : (
        <NoMatches onClear={() => setFilters(NO_FILTERS)} />
      )}
      {city.others.length > 0 ? (
        <div className="mt-6 border-t border-stone-200 pt-4">
          <p className="text-sm text-muted">Looking for another {city.city.name}?</p>
          <CityChoices cities={city.others} className="mt-2" />
        </div>
      ) : null}
    </section>
  );
}

/** The line under the heading: what the page found. */
function summary(total: number, sections: { blog: boolean; festivals: boolean }, city: CitySearch) {
  const results = `${total} ${total === 1 ? "result" : "results"} among the ${kindsPhrase(sections)}.`;
  if (city.kind === "found") return `The wholesalers nearest ${cityLabel(city.city)}, and ${results}`;
  if (city.kind === "ambiguous") return `${city.name} is a city in ${city.choices.length} states, and ${results}`;
  return results.charAt(0).toUpperCase() + results.slice(1);
}

/** The search page: the content of routes/public/search.tsx, an island (docs/decisions/033). */
export function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, sections, results, city, refused } = loaderData;
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
        {city.kind !== "none" ? <CitySection city={city} /> : null}
        {results && total > 0 ? (
          <div>
            <Results query={query} results={results} />
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
