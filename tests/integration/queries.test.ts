import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listingPath } from "~/services/wholesalers/slug";
import { startServer, untilLogged, type LogEntry, type RunningServer } from "../support/server";

/**
 * Database queries per page (issue #13: no query in a loop). The server counts each request's queries and its
 * request log line says how many (`dbQueries`, server/app.ts); a page whose count grows with what it lists runs
 * a query per item. Each page is asked once, on a fresh server, so none is answered from a cache.
 */

/** The most queries a public page may make. Measured: 1 to 7 on the seeded site, the home page most (see the printed table). */
const MAX_QUERIES_PER_PAGE = 8;

interface Listing {
  id: number;
  name: string;
}

describe("database queries per page", () => {
  let server: RunningServer;
  const get = (path: string) => fetch(`${server.url}${path}`, { headers: { accept: "text/html" } });

  /** How many queries the server made answering GET `path`, from its request log line. */
  async function queriesFor(path: string): Promise<number> {
    const response = await get(path);
    expect(response.status, path).toBe(200);
    await response.arrayBuffer();
    const line = (entry: LogEntry) => (entry.req as { url?: string } | undefined)?.url === path && "dbQueries" in entry;
    await untilLogged(server, (logs) => logs.some(line));
    return Number(server.logs.findLast(line)!.dbQueries);
  }

  let byState: { id: string; listings: Listing[] }[];

  beforeAll(async () => {
    server = await startServer();
    const states = (await (await fetch(`${server.url}/api/states`)).json()) as { id: string }[];
    byState = [];
    for (const state of states) {
      const listings = (await (await fetch(`${server.url}/api/wholesalers/state/${state.id}`)).json()) as Listing[];
      byState.push({ id: state.id, listings });
    }
    byState.sort((a, b) => b.listings.length - a.listings.length);
  });

  afterAll(async () => {
    await server?.stop();
  });

  it("are few on every public page, and a state page makes as many for many listings as for one", async () => {
    const most = byState[0]!;
    const fewest = byState.filter((state) => state.listings.length > 0).at(-1)!;
    expect(most.listings.length).toBeGreaterThan(fewest.listings.length);

    // Links from the sitemap, so that no page below has been asked before.
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const article = /<loc>[^<]*?(\/blog\/[^<?#]+)<\/loc>/.exec(sitemap)?.[1];
    const festival = /<loc>[^<]*?(\/festivals\/\d+)<\/loc>/.exec(sitemap)?.[1];
    expect(article, "an article in the sitemap").toBeDefined();
    expect(festival, "a festival in the sitemap").toBeDefined();

    const pages = [
      "/",
      "/states",
      `/state/${most.id}`,
      `/state/${fewest.id}`,
      "/blog",
      article!,
      "/festivals",
      festival!,
      listingPath(most.listings[0]!),
      "/search?q=roses",
      "/near?zip=90014",
      "/about",
    ];
    const counts: [string, number][] = [];
    for (const page of pages) counts.push([page, await queriesFor(page)]);
    console.log(counts.map(([page, count]) => `${String(count).padStart(3)}  ${page}`).join("\n"));

    // The festivals' overview is kept until a write (services/tools/kept.server.ts, decision 050): a festival's page
    // asked after the list reads nothing from the database. Every other page was asked for the first time.
    for (const [page, count] of counts) {
      if (page === festival) expect(count, `${page}, after /festivals`).toBe(0);
      else expect(count, page).toBeGreaterThan(0);
      expect(count, page).toBeLessThanOrEqual(MAX_QUERIES_PER_PAGE);
    }
    const stateCount = (id: string) => counts.find(([page]) => page === `/state/${id}`)![1];
    expect(
      stateCount(most.id),
      `/state/${most.id} (${most.listings.length} listings) against /state/${fewest.id} (${fewest.listings.length})`,
    ).toBe(stateCount(fewest.id));
  });
});
