import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SQLITE_FILE_NAME } from "~/db/client.server";
import routes from "~/routes";
import { signIn, TEST_ADMIN } from "../support/admin-session";
import { routeLeaves } from "../support/routes";
import { assertNoUnexpectedServerLogs, startServer, type RunningServer } from "../support/server";

/**
 * Indexes used (issue #13): every query the server runs while every public page, API call and admin screen is
 * asked, as it logs them at debug level (server/app.ts), is planned by SQLite (EXPLAIN QUERY PLAN) on the
 * server's own seeded database. A query that reads a table without an index while it filters it, or sorts rows
 * an index could have given in order (a temporary B-tree), is named with its plan, unless it is one of the
 * EXPECTED plans below, each with the reason it cannot do better. Migration 0008 added the indexes this found.
 */

interface Expected {
  sql: RegExp;
  step: RegExp;
  why: string;
}

const EXPECTED: Expected[] = [
  {
    sql: /group by "states"\."id", "states"\."name" order by "listings" desc/,
    step: /^USE TEMP B-TREE FOR ORDER BY$/,
    why: "the footer's Popular Regions order the states by their count of listings, computed by the query",
  },
  {
    sql: /\bmatch \?/,
    step: /^USE TEMP B-TREE FOR ORDER BY$/,
    why: "a search orders what it found by its full-text rank, computed for that search",
  },
  {
    sql: /from "wholesalers" inner join "states" on "states"\."id" = "wholesalers"\."state_id" where "wholesalers"\."status" != \? order by "states"\."name"/,
    step: /^(USE TEMP B-TREE FOR ORDER BY|SCAN wholesalers)$/,
    why: "every listing but the permanently closed, in the order of its state's name, a column of another table (the /sitemap page)",
  },
  {
    sql: /where "wholesalers"\."status" != \? and "wholesalers"\."id" != \?/,
    step: /^SCAN wholesalers$/,
    why: "a listing's nearest other listings: the distance to every other listing is computed",
  },
  {
    sql: /inner join "states" on "states"\."id" = "wholesalers"\."state_id" where "wholesalers"\."status" != \?$/,
    step: /^SCAN wholesalers$/,
    why: "the nearest listings at any distance, when none lies within the radius: the distance to every listing is computed",
  },
  {
    sql: /count\(distinct "state_id"\)/,
    step: /^USE TEMP B-TREE FOR count\(DISTINCT\)$/,
    why: "how many states have listings: one pass over the index of states",
  },
  {
    sql: /where \(lower\("wholesalers"\."name"\) like \? escape/,
    step: /^SCAN wholesalers$/,
    why: "the admin's search of listings: a name, city or state containing the words, which no index can find",
  },
  {
    sql: /from "newsletter_subscribers" where lower\(email\) like \?/,
    step: /^SCAN newsletter_subscribers$/,
    why: "the admin's search of subscribers: an address containing the words, which no index can find",
  },
  {
    sql: /from "business_submissions" .* order by case when business_submissions\.status = 'pending'/,
    step: /^USE TEMP B-TREE FOR ORDER BY$/,
    why: "the admin's submissions, pending ones first: an order computed from each row's status",
  },
  {
    sql: /from "listing_reports" .* order by case when listing_reports\.status = 'open'/,
    step: /^USE TEMP B-TREE FOR ORDER BY$/,
    why: "the admin's reports, open ones first: an order computed from each row's status",
  },
  {
    sql: /select "states"\."region", count\(\*\) as "n" from "wholesalers" inner join "states"/,
    step: /^USE TEMP B-TREE FOR GROUP BY$/,
    why: "the dashboard's listings per region, a column of another table",
  },
  {
    sql: /\(select count\(\*\) as "c" from "wholesalers" where "wholesalers"\."state_id" = "states"\."id"\) as "wholesaler_count" from "states" order by "states"\."name", "states"\."id"/,
    step: /^USE TEMP B-TREE FOR LAST TERM OF ORDER BY$/,
    why: "the admin's list of the 50 states, each name once: the id after it only breaks ties that never happen",
  },
  {
    sql: /from "cities" where "state_id" in \(.*\) order by "state_id", "position", "id"/,
    step: /^USE TEMP B-TREE FOR LAST TERM OF ORDER BY$/,
    why: "the cities of the states on one page of the admin's list: a few dozen rows",
  },
  {
    sql: /^delete from "sessions" where \("expires_at" <= \? or "last_seen_at" <= \?\)/,
    step: /^SCAN sessions$/,
    why: "the sweep of ended sessions, now and then: one row per signed-in admin",
  },
  {
    sql: /select count\(\*\) as "n" from "festivals" where \("end_date" >= \? or "recurrence" is not null\)/,
    step: /^SCAN festivals$/,
    why: "the dashboard's count of upcoming festivals: a yearly one always has a next date, so either column may say so; a few dozen rows",
  },
  {
    sql: /from zipcodes left join states on states\.code = zipcodes\.state_code\s+where lower\(zipcodes\.city\) = \?/,
    step: /^USE TEMP B-TREE FOR (GROUP|ORDER) BY$/,
    why: "a city's zipcodes, found by index, grouped by state and ordered by how many: computed from the few found",
  },
];

/** A step of a plan that reads a whole table without an index, or sorts rows itself (not a search's own results, "(subquery-N)"). */
const COSTLY = /^(SCAN [^\s(]+$|USE TEMP B-TREE)/;

describe("query plans", () => {
  let server: RunningServer;
  let database: Database.Database;
  let asked = 0;

  beforeAll(async () => {
    server = await startServer({ LOG_LEVEL: "debug", ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password });
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const pages = [...sitemap.matchAll(/<loc>[^<]*?\/\/[^/<]+(\/[^<]*)<\/loc>/g)].map((match) => match[1]!);
    const listing = pages.find((page) => page.startsWith("/wholesalers/"))!;
    const listingId = listing.split("/")[2]!;
    const paths = [
      ...pages,
      "/near?zip=90014",
      "/search?q=roses",
      "/search?q=los+angeles",
      `/wholesalers/${listingId}/report`,
      "/list-your-business",
      "/newsletter",
      "/page-that-does-not-exist",
      "/rss.xml",
      "/festivals.ics",
      "/api/states",
      "/api/states/california",
      "/api/wholesalers/state/california",
      "/api/wholesalers/zipcode/90014",
      "/api/wholesalers/zipcode/90014/nearest",
      "/api/wholesalers/near?lat=34.05&lng=-118.25",
      "/api/zipcodes/nearest?lat=34.05&lng=-118.25",
      "/api/grocery-stores",
      "/api/blog-posts",
      "/api/blog-posts/1",
      "/api/flower-festivals",
      "/api/flower-festivals/upcoming",
      "/api/flower-festivals/1",
    ];
    for (const pathname of paths) {
      const response = await fetch(`${server.url}${pathname}`, { redirect: "manual" });
      await response.arrayBuffer();
      expect(response.status, pathname).toBe(pathname === "/page-that-does-not-exist" ? 404 : 200);
    }
    // Every admin address of app/routes.ts, and each list with a search and a later page as well.
    const cookie = await signIn(server);
    const admin = [
      ...routeLeaves(routes)
        .map((leaf) => leaf.path)
        .filter((pathname) => pathname.startsWith("/admin") && !/[:*]/.test(pathname) && !/^\/admin\/log(in|out|in\/code)$/.test(pathname)),
      "/admin/wholesalers?q=rose",
      "/admin/wholesalers?page=2",
      `/admin/wholesalers?edit=${listingId}`,
      "/admin/festivals?page=2",
      "/admin/blog?page=2",
      "/admin/states?page=2",
      "/admin/subscribers?q=example",
    ];
    for (const pathname of admin) {
      const response = await fetch(`${server.url}${pathname}`, { headers: { cookie }, redirect: "manual" });
      await response.arrayBuffer();
      // A POST-only tool (backup, import...) answers its 405 and runs nothing.
      if (response.status === 405) expect(response.headers.get("allow"), pathname).not.toMatch(/GET/);
      else expect(response.status, pathname).toBe(200);
    }
    asked = paths.length + admin.length;
    database = new Database(path.join(server.dataDir, SQLITE_FILE_NAME), { readonly: true });
  });

  afterAll(async () => {
    database?.close();
    await server?.stop();
  });

  it("read what they filter through an index, and sort only what no index can give in order", () => {
    // From the moment the server listens: the migrations' one-off statements before it are not what a page runs.
    const listening = server.logs.findIndex((entry) => String(entry.msg).startsWith("listening"));
    const statements = new Set(
      server.logs
        .slice(listening)
        .filter((entry) => entry.msg === "query")
        .map((entry) => String(entry.sql)),
    );
    // Reads, and the writes that look rows up (plain inserts have no plan to judge): the public pages, the API and
    // the admin's screens run 78 different ones on the seeded site, with the background's.
    const planned = [...statements].filter((sql) => /^\s*(select|with|update|delete)\b/i.test(sql));
    expect(planned.length, `statements logged while asking ${asked} addresses`).toBeGreaterThan(70);

    const unexpected: string[] = [];
    const used = new Set<Expected>();
    for (const sql of planned) {
      const parameters = (sql.match(/\?/g) ?? []).length;
      const plan = database.prepare(`explain query plan ${sql}`).all(...Array<null>(parameters).fill(null)) as { detail: string }[];
      for (const { detail } of plan) {
        if (!COSTLY.test(detail)) continue;
        const expected = EXPECTED.find((known) => known.sql.test(sql) && known.step.test(detail));
        // Reading a whole table is what a query with no condition asks for.
        if (!expected && detail.startsWith("SCAN ") && !/\bwhere\b/i.test(sql)) continue;
        if (expected) used.add(expected);
        else unexpected.push(`${detail}\n  in: ${sql}`);
      }
    }
    expect(unexpected).toEqual([]);
    // Each expected plan is still one the site runs: one that no longer happens is removed from the list.
    expect(EXPECTED.filter((known) => !used.has(known)).map((known) => known.why)).toEqual([]);
  });

  it("logs nothing unexpected", () => {
    assertNoUnexpectedServerLogs([server]);
  });
});
