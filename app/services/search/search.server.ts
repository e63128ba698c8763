import { sql, type Kysely, type RawBuilder } from "kysely";
import { isPostgres } from "~/db/dialect.server";
import type { Database } from "~/db/schema";
import type { WholesalerType } from "../wholesalers/constants";
import { wholesalerPlaceFrom } from "../wholesalers/wholesalers.server";
import { todayIsoDate } from "~/utils/dates";
import { currentOccurrence } from "../festivals/occurrences.server";
import { excerptAround, ftsMatchExpression, searchTerms } from "./query";
import type { FestivalHit, GroceryHit, PostHit, SearchGroup, SearchSections, SiteSearchResults, StateHit, WholesalerHit } from "./types";

export type { FestivalHit, GroceryHit, PostHit, SearchGroup, SearchSections, SiteSearchResults, StateHit, WholesalerHit };

/** Results shown per kind; the count says how many matched in all. */
export const SEARCH_RESULTS_PER_KIND = 20;

/** Each matching row carries the count of all matches (a window over the whole result, before the limit). */
type Counted<T> = T & { total: number | string };

const countOf = (rows: Counted<object>[]) => Number(rows[0]?.total ?? 0);

/**
 * What the two engines are asked. SQLite: an FTS5 MATCH expression. PostgreSQL: a tsquery needing every
 * term (`all`) and one needing any (`any`); the words are bound parameters, and as letters and digits
 * only they can never be tsquery syntax.
 */
interface Matcher {
  postgres: boolean;
  fts: string;
  all: RawBuilder<unknown>;
  any: RawBuilder<unknown>;
}

function matcherFor(db: Kysely<Database>, terms: string[]): Matcher {
  const queries = terms.map((term, index) => sql`to_tsquery('english', ${index === terms.length - 1 ? `${term}:*` : term})`);
  return {
    postgres: isPostgres(db),
    fts: ftsMatchExpression(terms),
    all: sql`(${sql.join(queries, sql` && `)})`,
    any: sql`(${sql.join(queries, sql` || `)})`,
  };
}

/*
 * The PostgreSQL documents, word for word as the GIN indexes of migration 0004 define them (the planner
 * uses an expression index only for the same expression). Weights: name or title A, place and excerpt B,
 * body D, so that ts_rank puts a name match above a body match.
 */
const WHOLESALER_DOC = sql.raw(
  `(setweight(to_tsvector('english', wholesalers.name), 'A') || setweight(to_tsvector('english', wholesalers.city), 'B') || setweight(to_tsvector('english', wholesalers.description || ' ' || wholesalers.hours), 'D'))`,
);
const STATE_DOC = sql.raw(`to_tsvector('english', states.name)`);
const POST_DOC = sql.raw(
  `(setweight(to_tsvector('english', blog_posts.title), 'A') || setweight(to_tsvector('english', blog_posts.excerpt), 'B') || setweight(to_tsvector('english', blog_posts.content), 'D'))`,
);
const FESTIVAL_DOC = sql.raw(
  `(setweight(to_tsvector('english', festivals.name), 'A') || setweight(to_tsvector('english', festivals.location || ' ' || festivals.city || ' ' || festivals.state), 'B') || setweight(to_tsvector('english', festivals.description), 'D'))`,
);
/** As migration 0012 indexes it: name A, best for B, what it sells and the tips D. */
const GROCERY_DOC = sql.raw(
  `(setweight(to_tsvector('english', grocery_stores.name), 'A') || setweight(to_tsvector('english', grocery_stores.best_for), 'B') || setweight(to_tsvector('english', grocery_stores.description || ' ' || grocery_stores.tips), 'D'))`,
);
/** The PostgreSQL documents by the table they index, for the test that the planner can use their indexes. */
export const POSTGRES_SEARCH_DOCUMENTS = {
  wholesalers: WHOLESALER_DOC,
  states: STATE_DOC,
  blog_posts: POST_DOC,
  festivals: FESTIVAL_DOC,
  grocery_stores: GROCERY_DOC,
};
/**
 * The rowids and bm25 ranks of an FTS5 table's matches, weighted per column in the same spirit (lower bm25
 * is better). A subquery of its own: FTS5 answers bm25 only in the query that holds the MATCH, which must
 * not also count over a window.
 */
function ftsMatches(table: string, weights: string, match: Matcher) {
  return sql`(select rowid, bm25(${sql.raw(table)}, ${sql.raw(weights)}) as rank from ${sql.raw(table)} where ${sql.raw(table)} match ${match.fts})`;
}

interface WholesalerRow {
  id: number;
  name: string;
  address: string;
  city: string;
  state_id: string;
  state_name: string;
  type: string;
  description: string;
  hours: string;
}

async function searchWholesalers(db: Kysely<Database>, terms: string[], match: Matcher): Promise<SearchGroup<WholesalerHit>> {
  const columns = sql`wholesalers.id, wholesalers.name, wholesalers.address, wholesalers.city, wholesalers.state_id, wholesalers.type,
    wholesalers.description, wholesalers.hours, states.name as state_name, count(*) over () as total`;
  // The state's name belongs to the document too ("roses oregon"); it lives in another table, so on
  // PostgreSQL it is added at query time, after an indexable condition (a word in the listing's own
  // document, or a state whose name holds one: `= any(array(…))` rather than `in (…)`, so that the planner
  // can combine the GIN index and the state_id index in one bitmap) has narrowed the rows.
  const stateWeighted = sql`setweight(to_tsvector('english', states.name), 'B')`;
  const query = match.postgres
    ? sql<Counted<WholesalerRow>>`select ${columns} from wholesalers join states on states.id = wholesalers.state_id
        where (${WHOLESALER_DOC} @@ ${match.any}
            or wholesalers.state_id = any(array(select states.id from states where ${STATE_DOC} @@ ${match.any})))
          and (${WHOLESALER_DOC} || ${stateWeighted}) @@ ${match.all}
        order by ts_rank(${WHOLESALER_DOC} || ${stateWeighted}, ${match.all}) desc, wholesalers.name, wholesalers.id
        limit ${SEARCH_RESULTS_PER_KIND}`
    : sql<Counted<WholesalerRow>>`select ${columns} from ${ftsMatches("wholesalers_search", "10.0, 4.0, 1.0", match)} as found
        join wholesalers on wholesalers.id = found.rowid
        join states on states.id = wholesalers.state_id
        order by found.rank, wholesalers.name, wholesalers.id
        limit ${SEARCH_RESULTS_PER_KIND}`;
  const { rows } = await query.execute(db);
  return {
    count: countOf(rows),
    items: rows.map((row) => ({
      ...wholesalerPlaceFrom(row),
      type: row.type as WholesalerType,
      snippet: excerptAround(row.description, terms) ?? excerptAround(row.hours, terms),
    })),
  };
}

async function searchStates(db: Kysely<Database>, match: Matcher): Promise<SearchGroup<StateHit>> {
  const query = match.postgres
    ? sql<Counted<StateHit>>`select id, name, region, count(*) over () as total from states
        where ${STATE_DOC} @@ ${match.all} order by name limit ${SEARCH_RESULTS_PER_KIND}`
    : sql<Counted<StateHit>>`select states.id, states.name, states.region, count(*) over () as total from states_search
        join states on states.id = states_search.state_id
        where states_search match ${match.fts} order by states.name limit ${SEARCH_RESULTS_PER_KIND}`;
  const { rows } = await query.execute(db);
  return { count: countOf(rows), items: rows.map(({ id, name, region }) => ({ id, name, region })) };
}

/** An article's Markdown as the sentences a reader sees: no link targets, images, emphasis marks or headings' #. */
export function markdownToText(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, "")
    .replace(/[*_`~]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

interface PostRow {
  id: number;
  title: string;
  excerpt: string;
  content: string;
  category: string;
  date: string;
}

async function searchPosts(db: Kysely<Database>, terms: string[], match: Matcher): Promise<SearchGroup<PostHit>> {
  const columns = sql`blog_posts.id, blog_posts.title, blog_posts.excerpt, blog_posts.content, blog_posts.category, blog_posts.date,
    count(*) over () as total`;
  const query = match.postgres
    ? sql<Counted<PostRow>>`select ${columns} from blog_posts
        where blog_posts.status = 'published' and ${POST_DOC} @@ ${match.all}
        order by ts_rank(${POST_DOC}, ${match.all}) desc, blog_posts.date desc, blog_posts.id desc
        limit ${SEARCH_RESULTS_PER_KIND}`
    : sql<Counted<PostRow>>`select ${columns} from ${ftsMatches("blog_posts_search", "10.0, 4.0, 1.0", match)} as found
        join blog_posts on blog_posts.id = found.rowid
        where blog_posts.status = 'published'
        order by found.rank, blog_posts.date desc, blog_posts.id desc
        limit ${SEARCH_RESULTS_PER_KIND}`;
  const { rows } = await query.execute(db);
  return {
    count: countOf(rows),
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      excerpt: row.excerpt,
      category: row.category,
      date: row.date,
      snippet:
        excerptAround(row.title, terms) !== null || excerptAround(row.excerpt, terms) !== null
          ? null
          : excerptAround(markdownToText(row.content), terms),
    })),
  };
}

interface FestivalRow {
  id: number;
  name: string;
  city: string;
  state: string;
  description: string;
  start_date: string;
  end_date: string;
  recurrence: string | null;
}

async function searchFestivals(db: Kysely<Database>, terms: string[], match: Matcher): Promise<SearchGroup<FestivalHit>> {
  const columns = sql`festivals.id, festivals.name, festivals.city, festivals.state, festivals.description, festivals.start_date,
    festivals.end_date, festivals.recurrence, count(*) over () as total`;
  const query = match.postgres
    ? sql<Counted<FestivalRow>>`select ${columns} from festivals where ${FESTIVAL_DOC} @@ ${match.all}
        order by ts_rank(${FESTIVAL_DOC}, ${match.all}) desc, festivals.start_date, festivals.name
        limit ${SEARCH_RESULTS_PER_KIND}`
    : sql<Counted<FestivalRow>>`select ${columns} from ${ftsMatches("festivals_search", "10.0, 4.0, 1.0", match)} as found
        join festivals on festivals.id = found.rowid
        order by found.rank, festivals.start_date, festivals.name
        limit ${SEARCH_RESULTS_PER_KIND}`;
  const { rows } = await query.execute(db);
  const today = todayIsoDate();
  return {
    count: countOf(rows),
    items: rows.map((row) => {
      // A yearly festival shows its current occurrence, a past one-off its own dates (it stays findable).
      const { startDate, endDate } = currentOccurrence(
        { startDate: row.start_date, endDate: row.end_date, recurrence: row.recurrence },
        today,
      );
      return {
        id: row.id,
        name: row.name,
        city: row.city,
        state: row.state,
        startDate,
        endDate,
        snippet: excerptAround(row.description, terms),
      };
    }),
  };
}

interface GroceryRow {
  name: string;
  slug: string;
  price_range: string;
  best_for: string;
  description: string;
  tips: string;
}

/**
 * Grocery chains by name, best for, what they sell and tips: "Trader Joe" finds "Trader Joe's" on both engines,
 * the apostrophe separating "joe" from "s" in the documents as in the query.
 */
async function searchGroceryStores(db: Kysely<Database>, terms: string[], match: Matcher): Promise<SearchGroup<GroceryHit>> {
  const columns = sql`grocery_stores.name, grocery_stores.slug, grocery_stores.price_range, grocery_stores.best_for,
    grocery_stores.description, grocery_stores.tips, count(*) over () as total`;
  const query = match.postgres
    ? sql<Counted<GroceryRow>>`select ${columns} from grocery_stores where ${GROCERY_DOC} @@ ${match.all}
        order by ts_rank(${GROCERY_DOC}, ${match.all}) desc, grocery_stores.position, grocery_stores.name
        limit ${SEARCH_RESULTS_PER_KIND}`
    : sql<Counted<GroceryRow>>`select ${columns} from ${ftsMatches("grocery_stores_search", "10.0, 4.0, 1.0", match)} as found
        join grocery_stores on grocery_stores.id = found.rowid
        order by found.rank, grocery_stores.position, grocery_stores.name
        limit ${SEARCH_RESULTS_PER_KIND}`;
  const { rows } = await query.execute(db);
  return {
    count: countOf(rows),
    items: rows.map((row) => ({
      slug: row.slug,
      name: row.name,
      priceRange: row.price_range,
      bestFor: row.best_for,
      snippet: excerptAround(row.description, terms) ?? excerptAround(row.tips, terms),
    })),
  };
}

/**
 * Wholesalers (name, city, state, description, hours), states (name), grocery chains (name, best for,
 * description, tips), published blog posts (title, excerpt,
 * article) and festivals (name, place, description) holding every word of a normalized query, the last
 * word also as a prefix, each kind ranked by relevance (a name or title match above a body match). Runs on
 * the database's own full-text search: FTS5 on SQLite, tsvector and GIN indexes on PostgreSQL. The blog and
 * festivals are searched only while their sections are switched on.
 */
export async function searchSite(db: Kysely<Database>, query: string, sections: SearchSections): Promise<SiteSearchResults> {
  const terms = searchTerms(query);
  const empty = { count: 0, items: [] };
  if (terms.length === 0) {
    return {
      total: 0,
      wholesalers: empty,
      states: empty,
      groceryStores: empty,
      ...(sections.blog ? { posts: empty } : {}),
      ...(sections.festivals ? { festivals: empty } : {}),
    };
  }
  const match = matcherFor(db, terms);
  const [wholesalers, states, groceryStores, posts, festivals] = await Promise.all([
    searchWholesalers(db, terms, match),
    searchStates(db, match),
    searchGroceryStores(db, terms, match),
    sections.blog ? searchPosts(db, terms, match) : undefined,
    sections.festivals ? searchFestivals(db, terms, match) : undefined,
  ]);
  return {
    total: wholesalers.count + states.count + groceryStores.count + (posts?.count ?? 0) + (festivals?.count ?? 0),
    wholesalers,
    states,
    groceryStores,
    ...(posts ? { posts } : {}),
    ...(festivals ? { festivals } : {}),
  };
}
