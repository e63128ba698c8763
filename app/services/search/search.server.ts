import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from "kysely";
import type { Database } from "~/db/schema";
import { likePattern } from "../admin/list";
import type { WholesalerType } from "../wholesalers/constants";
import { wholesalerPlaceFrom, type Wholesaler } from "../wholesalers/wholesalers.server";
import { searchTerms } from "./query";

/** Results shown per kind; the count says how many matched in all. */
export const SEARCH_RESULTS_PER_KIND = 20;

export interface SearchGroup<T> {
  count: number;
  items: T[];
}

export type WholesalerHit = Pick<Wholesaler, "id" | "name" | "address" | "city" | "state" | "stateId" | "type">;

export interface StateHit {
  id: string;
  name: string;
  region: string;
}

export interface PostHit {
  id: number;
  title: string;
  excerpt: string;
  category: string;
  date: string;
}

export interface FestivalHit {
  id: number;
  name: string;
  city: string;
  state: string;
  startDate: string;
  endDate: string;
}

export interface SiteSearchResults {
  total: number;
  wholesalers: SearchGroup<WholesalerHit>;
  states: SearchGroup<StateHit>;
  /** Absent when the blog is switched off. */
  posts?: SearchGroup<PostHit>;
  /** Absent when the festivals are switched off. */
  festivals?: SearchGroup<FestivalHit>;
}

export interface SearchSections {
  blog: boolean;
  festivals: boolean;
}

/**
 * Every word of the query appears, case-insensitively, in at least one of the columns: "portland rose"
 * finds the Portland Rose Festival whether the words sit in its name, city or description.
 */
function everyTermIn(columns: readonly string[], terms: readonly string[]) {
  return <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>): Expression<SqlBool> =>
    eb.and(
      terms.map((term) => {
        const pattern = likePattern(term);
        return eb.or(columns.map((column) => sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`));
      }),
    );
}

async function searchWholesalers(db: Kysely<Database>, terms: string[]): Promise<SearchGroup<WholesalerHit>> {
  const base = db
    .selectFrom("wholesalers")
    .innerJoin("states", "states.id", "wholesalers.state_id")
    .where(everyTermIn(["wholesalers.name", "wholesalers.city", "states.name"], terms));
  const [counted, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll().as("count")).executeTakeFirst(),
    base
      .select([
        "wholesalers.id",
        "wholesalers.name",
        "wholesalers.address",
        "wholesalers.city",
        "wholesalers.state_id",
        "wholesalers.type",
        "states.name as state_name",
      ])
      .orderBy("wholesalers.name")
      .orderBy("wholesalers.id")
      .limit(SEARCH_RESULTS_PER_KIND)
      .execute(),
  ]);
  return {
    count: Number(counted?.count ?? 0),
    items: rows.map((row) => ({ ...wholesalerPlaceFrom(row), type: row.type as WholesalerType })),
  };
}

async function searchStates(db: Kysely<Database>, terms: string[]): Promise<SearchGroup<StateHit>> {
  const base = db.selectFrom("states").where(everyTermIn(["states.name"], terms));
  const [counted, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll().as("count")).executeTakeFirst(),
    base.select(["id", "name", "region"]).orderBy("name").limit(SEARCH_RESULTS_PER_KIND).execute(),
  ]);
  return { count: Number(counted?.count ?? 0), items: rows };
}

async function searchPosts(db: Kysely<Database>, terms: string[]): Promise<SearchGroup<PostHit>> {
  const base = db
    .selectFrom("blog_posts")
    .where("status", "=", "published")
    .where(everyTermIn(["blog_posts.title", "blog_posts.excerpt"], terms));
  const [counted, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll().as("count")).executeTakeFirst(),
    base
      .select(["id", "title", "excerpt", "category", "date"])
      .orderBy("date", "desc")
      .orderBy("id", "desc")
      .limit(SEARCH_RESULTS_PER_KIND)
      .execute(),
  ]);
  return { count: Number(counted?.count ?? 0), items: rows };
}

async function searchFestivals(db: Kysely<Database>, terms: string[]): Promise<SearchGroup<FestivalHit>> {
  const base = db
    .selectFrom("festivals")
    .where(everyTermIn(["festivals.name", "festivals.city", "festivals.state", "festivals.description"], terms));
  const [counted, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll().as("count")).executeTakeFirst(),
    base
      .select(["id", "name", "city", "state", "start_date", "end_date"])
      .orderBy("start_date")
      .orderBy("name")
      .limit(SEARCH_RESULTS_PER_KIND)
      .execute(),
  ]);
  return {
    count: Number(counted?.count ?? 0),
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      city: row.city,
      state: row.state,
      startDate: row.start_date,
      endDate: row.end_date,
    })),
  };
}

/**
 * Wholesalers (name, city, state), states (name), published blog posts (title, excerpt) and festivals
 * (name, city, state, description) matching every word of a normalized query, grouped by kind. The blog
 * and festivals are searched only while their sections are switched on.
 */
export async function searchSite(db: Kysely<Database>, query: string, sections: SearchSections): Promise<SiteSearchResults> {
  const terms = searchTerms(query);
  const empty = { count: 0, items: [] };
  if (terms.length === 0) {
    return {
      total: 0,
      wholesalers: empty,
      states: empty,
      ...(sections.blog ? { posts: empty } : {}),
      ...(sections.festivals ? { festivals: empty } : {}),
    };
  }
  const [wholesalers, states, posts, festivals] = await Promise.all([
    searchWholesalers(db, terms),
    searchStates(db, terms),
    sections.blog ? searchPosts(db, terms) : undefined,
    sections.festivals ? searchFestivals(db, terms) : undefined,
  ]);
  return {
    total: wholesalers.count + states.count + (posts?.count ?? 0) + (festivals?.count ?? 0),
    wholesalers,
    states,
    ...(posts ? { posts } : {}),
    ...(festivals ? { festivals } : {}),
  };
}
