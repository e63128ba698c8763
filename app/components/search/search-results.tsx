import { BookOpen, CalendarDays, type IconComponent, ArrowRight, MapPin, ShoppingBasket, Store } from "~/components/icons";
import { Link } from "react-router";
import { CategoryBadge } from "~/components/blog/blog-card";
import { formatPostDate } from "~/components/blog/format";
import { formatDateRange } from "~/components/festivals/dates";
import { TypeBadge } from "~/components/wholesalers/listing-badges";
import { highlightParts, searchTerms } from "~/services/search/query";
import { groceryPath } from "~/services/grocery/types";
import type { GroceryHit, PostHit, SearchGroup, SiteSearchResults, StateHit, FestivalHit, WholesalerHit } from "~/services/search/types";
import { listingPath } from "~/services/wholesalers/slug";
import { clsx } from "clsx";

/** The words of the query marked where whole words of a result's text match them (see highlightParts). */
export function Highlight({ text, terms }: { text: string; terms: readonly string[] }) {
  return (
    <>
      {highlightParts(text, terms).map((part, index) =>
        part.match ? (
          <mark key={index} className="result-match">
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
    <p className={clsx("result-text", clamp && "line-clamp-3")}>
      <Highlight text={text} terms={terms} />
    </p>
  );
}

interface Kind {
  id: string;
  title: string;
  icon: IconComponent;
  group: SearchGroup<WholesalerHit | StateHit | GroceryHit | PostHit | FestivalHit> | undefined;
}

function kindsOf(results: SiteSearchResults): Kind[] {
  const kinds: Kind[] = [
    { id: "wholesalers", title: "Wholesalers", icon: Store, group: results.wholesalers },
    { id: "states", title: "States", icon: MapPin, group: results.states },
    { id: "grocery-results", title: "Grocery stores", icon: ShoppingBasket, group: results.groceryStores },
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
              <span
                className={clsx(
                  "rounded-full px-2 text-xs font-semibold",
                  count > 0 ? "bg-rose-brand text-white" : "bg-stone-200 text-stone-600",
                )}
              >
                {count}
              </span>
            </>
          );
          const chip = "inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-medium ring-1";
          return (
            <li key={id}>
              {count > 0 ? (
                <a
                  href={`#${id}`}
                  className={clsx(chip, "bg-white text-ink ring-stone-200 transition-colors hover:bg-blush hover:text-rose-brand")}
                >
                  {content}
                </a>
              ) : (
                <span className={clsx(chip, "bg-white/60 text-stone-600 ring-stone-200/70")}>{content}</span>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Named classes of app/styles/html-pages.css: a search lists dozens of results (issue #39). */
const resultCard = "result-card";

function ResultGroup({ kind, more, children }: { kind: Kind; more?: { to: string; label: string }; children: React.ReactNode }) {
  const count = kind.group?.count ?? 0;
  const shown = kind.group?.items.length ?? 0;
  const Icon = kind.icon;
  return (
    <section aria-labelledby={`${kind.id}-heading`} id={kind.id} className="scroll-mt-24">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-stone-200 pb-3">
        <h2 id={`${kind.id}-heading`} className="flex items-center gap-2 font-serif text-2xl font-semibold text-ink">
          <Icon className="size-5 text-rose-brand" aria-hidden="true" />
          {kind.title} <span className="text-base font-normal text-muted">({count})</span>
        </h2>
        {count > shown ? (
          <p className="text-sm text-muted">
            Showing the first {shown} of {count}. Add a word to narrow the search.
          </p>
        ) : null}
      </div>
      <ul className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">{children}</ul>
      {more && count > shown ? (
        <Link
          to={more.to}
          className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-rose-brand underline-offset-4 hover:underline"
        >
          {more.label}
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      ) : null}
    </section>
  );
}

/** The site search's results, a group per kind with a summary of the counts above them. */
export function SearchResults({ query, results }: { query: string; results: SiteSearchResults }) {
  const terms = searchTerms(query);
  const kinds = kindsOf(results);
  const byId = (id: string) => kinds.find((kind) => kind.id === id);
  const wholesalers = byId("wholesalers");
  const states = byId("states");
  const grocery = byId("grocery-results");
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
                  <h3 className="result-title">
                    <Link to={listingPath(wholesaler)} className="result-link">
                      <Highlight text={wholesaler.name} terms={terms} />
                    </Link>
                  </h3>
                  <p className="flex items-start gap-1.5 text-sm text-muted">
                    <MapPin className="mt-0.5 size-4 shrink-0 text-rose-brand" aria-hidden="true" />
                    <span>
                      {wholesaler.address}, <Highlight text={wholesaler.city} terms={terms} />,{" "}
                      <Highlight text={wholesaler.state} terms={terms} />
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
                <article className={clsx(resultCard, "flex-row items-center justify-between")}>
                  <div>
                    <h3 className="font-serif text-lg font-semibold text-ink">
                      <Link to={`/state/${state.id}`} className="result-link">
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

        {grocery && results.groceryStores.count > 0 ? (
          <ResultGroup kind={grocery}>
            {results.groceryStores.items.map((store) => (
              <li key={store.slug}>
                <article className={resultCard}>
                  <p className="text-sm font-semibold text-leaf">
                    <span className="sr-only">Price range: </span>
                    {store.priceRange}
                  </p>
                  <h3 className="result-title">
                    <Link to={groceryPath(store)} className="result-link">
                      <Highlight text={store.name} terms={terms} />
                    </Link>
                  </h3>
                  <p className="text-sm text-ink">
                    <span className="font-semibold">Best for:</span> <Highlight text={store.bestFor} terms={terms} />
                  </p>
                  <Snippet text={store.snippet} terms={terms} />
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
                  <div className="result-meta">
                    <CategoryBadge category={post.category} />
                    <time dateTime={post.date}>{formatPostDate(post.date)}</time>
                  </div>
                  <h3 className="result-title">
                    <Link to={`/blog/${post.id}`} className="result-link">
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
          <ResultGroup
            kind={festivals}
            more={{ to: `/festivals?q=${encodeURIComponent(query)}`, label: "See them in the festival calendar" }}
          >
            {results.festivals.items.map((festival) => (
              <li key={festival.id}>
                <article className={resultCard}>
                  <p className="flex items-center gap-1.5 text-sm font-medium text-leaf">
                    <CalendarDays className="size-4" aria-hidden="true" />
                    {formatDateRange(festival.startDate, festival.endDate)}
                  </p>
                  <h3 className="result-title">
                    <Link to={`/festivals/${festival.id}`} className="result-link">
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
