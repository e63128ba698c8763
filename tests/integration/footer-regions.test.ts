import Database from "better-sqlite3";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SQLITE_FILE_NAME } from "~/db/client.server";
import { startServer, type RunningServer } from "../support/server";

/** The footer's regions query: the states with the most listings. */
const REGIONS_QUERY = /group by "states"\."id", "states"\."name" order by "listings" desc/;

/** The footer's "Popular Regions" links, in order. */
function footerRegions(html: string): string[] {
  const footer = html.slice(html.lastIndexOf("<footer"));
  const section = footer.slice(footer.indexOf("Popular Regions"));
  return [...section.slice(0, section.indexOf("</ul>")).matchAll(/href="\/state\/([a-z]+)"/g)].map((match) => match[1]!);
}

/**
 * The footer's Popular Regions come from the data (issue #37 point 4), and every page and navigation shows them:
 * they are read once and kept until the data changes, not counted again on every render.
 */
describe("the footer's regions", () => {
  let server: RunningServer;
  const regionQueries = () => server.logs.filter((entry) => entry.msg === "query" && REGIONS_QUERY.test(String(entry.sql))).length;
  // Each address once: the page cache must not be what answers.
  let page = 0;
  const render = async () => {
    page += 1;
    const response = await fetch(`${server.url}/about?render=${page}`);
    expect(response.status).toBe(200);
    return footerRegions(await response.text());
  };

  beforeAll(async () => {
    server = await startServer({ LOG_LEVEL: "debug" });
  });

  afterAll(async () => {
    await server?.stop();
  });

  it("are read once for many pages, and read again when the listings change", async () => {
    const before = await render();
    expect(before).toHaveLength(4);
    expect(before).not.toContain("vermont");
    const queries = regionQueries();
    for (let i = 0; i < 5; i += 1) expect(await render()).toEqual(before);
    expect(regionQueries()).toBe(queries);

    // Ten listings in Vermont, written to the database by another program: the next page shows Vermont first.
    const other = new Database(path.join(server.dataDir, SQLITE_FILE_NAME));
    try {
      const now = new Date().toISOString();
      const insert = other.prepare(
        `insert into wholesalers (name, address, city, state_id, zipcode, type, hours, description, latitude, longitude, featured, created_at, updated_at)
         values (?, '1 Main St', 'Burlington', 'vermont', '05401', 'Wholesale', '', '', 44.48, -73.21, 0, ?, ?)`,
      );
      for (let i = 0; i < 10; i += 1) insert.run(`Green Mountain Stems ${i}`, now, now);
    } finally {
      other.close();
    }
    await expect.poll(async () => (await render())[0]).toBe("vermont");
    expect(regionQueries()).toBeGreaterThan(queries);
  });
});
