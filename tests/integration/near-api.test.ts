import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, runPostgres } from "../support/postgres";
import { startServer, untilLogged, type RunningServer } from "../support/server";

interface Listed {
  id: number;
  name: string;
  distanceMiles: number;
  access: string | null;
  locationExact: boolean;
}
interface NearAnswer {
  origin: {
    latitude: number;
    longitude: number;
    zipcode: string | null;
    city: string | null;
    stateId: string | null;
    stateName: string | null;
  };
  radiusMiles: number;
  within: Listed[];
  nearest: Listed[];
  map?: {
    countyCount: number;
    ground: string;
    circle: string;
    markers: { numbers: number[] }[];
    offFrame: { number: number; line: string }[];
  } | null;
}

const databases = [
  { name: "SQLite", enabled: true },
  { name: "PostgreSQL", enabled: runPostgres },
];

for (const database of databases) {
  describe.runIf(database.enabled)(`GET /api/wholesalers/near on ${database.name}`, () => {
    let server: RunningServer;
    let dropDatabase: (() => Promise<void>) | undefined;
    const get = (query: string) => fetch(`${server.url}/api/wholesalers/near?${query}`);
    const near = async (query: string) => {
      const response = await get(query);
      expect(response.status, query).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      return (await response.json()) as NearAnswer;
    };
    const refused = async (query: string, status: number) => {
      const response = await get(query);
      expect(response.status, query).toBe(status);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      return ((await response.json()) as { message: string }).message;
    };

    beforeAll(async () => {
      if (database.name === "PostgreSQL") {
        const created = await createTestDatabase();
        dropDatabase = created.drop;
        server = await startServer({ DATABASE_URL: created.url });
      } else {
        server = await startServer();
      }
    });

    afterAll(async () => {
      await server?.stop();
      await dropDatabase?.();
    });

    it("answers the listings within the radius of a zipcode, nearest first, with the origin and no suggestions", async () => {
      const answer = await near("zip=48507");
      expect(answer.origin).toEqual({
        latitude: 42.9821,
        longitude: -83.734,
        zipcode: "48507",
        city: "Flint",
        stateId: "michigan",
        stateName: "Michigan",
      });
      expect(answer.radiusMiles).toBe(25);
      expect(answer.within.map((w) => w.name)).toEqual(["DWF Wholesale Florists - Flint"]);
      expect(answer.nearest).toEqual([]);

      const wide = await near("zip=48507&radius=100");
      expect(wide.radiusMiles).toBe(100);
      expect(wide.within.map((w) => w.name)).toEqual([
        "DWF Wholesale Florists - Flint",
        "Michigan Flower Growers' Cooperative",
        "DWF Wholesale Florists - Toledo",
      ]);
      const miles = wide.within.map((w) => w.distanceMiles);
      expect(miles).toEqual([...miles].sort((a, b) => a - b));
      expect(wide.within.every((w) => w.distanceMiles <= 100)).toBe(true);
    });

    it("suggests the 3 nearest beyond the radius only when nothing is within it", async () => {
      const miami = await near("zip=33101");
      expect(miami.within).toEqual([]);
      expect(miami.nearest.map((w) => w.name)).toEqual([
        "Pikes Peak of New Orleans",
        "Chesapeake Flower Exchange",
        "Greenleaf Wholesale Florist - Houston",
      ]);
      expect(miami.nearest[0]?.distanceMiles).toBeGreaterThan(600);
    });

    it("searches around a position, and cuts a radius over 100 miles to 100", async () => {
      const answer = await near("lat=34.04&lng=-118.25&radius=10");
      expect(answer.origin).toMatchObject({ latitude: 34.04, longitude: -118.25, zipcode: null });
      expect(answer.within.length).toBe(4);
      expect(answer.within.every((w) => w.distanceMiles < 1)).toBe(true);

      // From Flint, Toledo is 96 miles away and Chicago 230: 5,000 miles would reach every listing.
      const capped = await near("lat=42.98&lng=-83.73&radius=5000");
      expect(capped.radiusMiles).toBe(100);
      expect(capped.within).toHaveLength(3);
      expect(capped.within.every((w) => w.distanceMiles <= 100)).toBe(true);
    });

    it("takes the access filter of the other lists", async () => {
      const answer = await near("zip=90014&access=public-welcome");
      expect(answer.within.map((w) => w.name)).toEqual(["California Flower Mall"]);
      const trade = await near("zip=33101&access=trade-only");
      expect(trade.within).toEqual([]);
      expect(trade.nearest.map((w) => w.access)).toEqual(["trade-only", "trade-only"]);
      server.expectLog(/\/api\/wholesalers\/near/);
      expect(await refused("zip=90014&access=anyone", 400)).toMatch(/Unknown access "anyone"/);
    });

    it("adds the results map /near draws when asked, numbered as the lists are, for a zipcode and for a position", async () => {
      expect(await near("zip=90014")).not.toHaveProperty("map");
      const downtown = await near("zip=90014&map=1");
      expect(downtown.map?.countyCount).toBeGreaterThan(0);
      expect(downtown.map?.circle).toMatch(/^M.*z$/);
      expect(downtown.map?.markers.flatMap((marker) => marker.numbers).sort()).toEqual(downtown.within.map((_, index) => index + 1));
      expect(downtown.map?.offFrame).toEqual([]);

      // Miami: nobody within 25 miles; the 3 nearest lie far off the frame, each with a line towards it.
      const miami = await near("lat=25.77&lng=-80.19&map=1");
      expect(miami.within).toEqual([]);
      expect(miami.map?.markers).toEqual([]);
      expect(miami.map?.offFrame.map((listing) => listing.number)).toEqual([1, 2, 3]);

      // Out at sea, with only trade-only listings asked for and none of them near: still an answer, never a 500.
      expect((await near("lat=0&lng=0&radius=0.5&map=1&access=trade-only")).map?.countyCount).toBe(0);
    });

    it("draws a map's ground (land and county borders) at the address the map names, kept a day by the browser only", async () => {
      const downtown = await near("zip=90014&map=1");
      const ground = await fetch(`${server.url}${downtown.map!.ground}`);
      expect(ground.status).toBe(200);
      expect(ground.headers.get("content-type")).toBe("image/svg+xml");
      // The point may be a visitor's own position: no shared cache keeps it, and the log leaves it out.
      expect(ground.headers.get("cache-control")).toBe("private, max-age=86400");
      const svg = await ground.text();
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 480 320"/);
      expect(svg.match(/<path d="M/g)?.length).toBeGreaterThanOrEqual(2);

      for (const [query, message] of [
        ["lat=91&lng=-118.25&radius=25", "lat must be a number from -90 to 90."],
        ["lat=34&lng=east&radius=25", "lng must be a number from -180 to 180."],
        ["lat=34&lng=-118.25&radius=0", "radius must be a number of miles above 0 (at most 100 are searched)."],
        ["lng=-118.25", "Give both lat and lng."],
      ]) {
        const refusedGround = await fetch(`${server.url}/maps/area.svg?${query}`);
        expect(refusedGround.status, query).toBe(400);
        expect(((await refusedGround.json()) as { message: string }).message, query).toBe(message);
      }
    });

    it("says it does not know a well-formed zipcode it has no centroid for (404)", async () => {
      server.expectLog(/\/api\/wholesalers\/near/);
      expect(await refused("zip=00000", 404)).toBe("We don't know the zipcode 00000.");
    });

    it.each([
      ["zip=1234", "A zipcode is exactly 5 digits."],
      ["zip=abcde", "A zipcode is exactly 5 digits."],
      ["", "Give either zip (5 digits) or both lat and lng."],
      ["lat=34", "Give either zip (5 digits) or both lat and lng."],
      ["zip=90014&lat=34&lng=-118", "Give either zip (5 digits) or both lat and lng."],
      ["lat=north&lng=-118", "lat must be a number from -90 to 90."],
      ["lat=90.5&lng=-118", "lat must be a number from -90 to 90."],
      ["lat=34&lng=-181", "lng must be a number from -180 to 180."],
      ["lat=34&lng=0x10", "lng must be a number from -180 to 180."],
      ["lat=34&lng=Infinity", "lng must be a number from -180 to 180."],
      ["zip=90014&radius=0", "radius must be a number of miles above 0 (at most 100 are searched)."],
      ["zip=90014&radius=-5", "radius must be a number of miles above 0 (at most 100 are searched)."],
      ["zip=90014&radius=far", "radius must be a number of miles above 0 (at most 100 are searched)."],
      ["zip=90014&map=yes", "map must be 1 (to add the results map) or 0."],
    ])("answers 400 to ?%s", async (query, message) => {
      server.expectLog(/\/api\/wholesalers\/near/);
      expect(await refused(query, 400)).toBe(message);
    });

    it("renders /near on the server: results by URL, 400 for a malformed zipcode, 404 for an unknown one", async () => {
      const found = await fetch(`${server.url}/near?zip=48507&radius=100`);
      expect(found.status).toBe(200);
      const html = (await found.text()).replaceAll("<!-- -->", "");
      expect(html).toContain("3 wholesalers within 100 miles of 48507");
      expect(html).toContain('<meta name="robots" content="noindex"/>');

      const far = await (await fetch(`${server.url}/near?zip=33101`)).text();
      expect(far).toContain("The nearest wholesaler we list is 676 miles away.");
      // Miami's nearest festival (by its city's zipcodes) is Macon's, in Georgia.
      expect(far).toContain('href="/festivals?state=Georgia"');

      server.expectLog(/\/near\?zip=/);
      const unknown = await fetch(`${server.url}/near?zip=00000`);
      expect(unknown.status).toBe(404);
      expect(await unknown.text()).toContain("We don&#x27;t know the zipcode 00000.");
      const malformed = await fetch(`${server.url}/near?zip=9001`);
      expect(malformed.status).toBe(400);
      expect(await malformed.text()).toContain("A zipcode is exactly 5 digits.");
    });

    it("names the zipcode nearest a position, refuses a bad one, and logs neither's coordinates", async () => {
      const nearest = async (query: string, status = 200) => {
        const response = await fetch(`${server.url}/api/zipcodes/nearest?${query}`);
        expect(response.status, query).toBe(status);
        expect(response.headers.get("cache-control")).toBe("no-store");
        return (await response.json()) as { zipcode: string; city: string; stateCode: string; distanceMiles: number; message?: string };
      };
      // Downtown Los Angeles, by the flower district; and the middle of zipcode 10001, by 28th Street.
      expect(await nearest("lat=34.04&lng=-118.25")).toEqual({
        zipcode: "90014",
        city: "Los Angeles",
        stateCode: "CA",
        distanceMiles: 0.3,
      });
      expect(await nearest("lat=40.7484&lng=-73.9967")).toMatchObject({ zipcode: "10001", stateCode: "NY" });
      // The middle of the Atlantic, and no position at all.
      expect((await nearest("lat=35.5&lng=-50.2", 404)).message).toBe("No US zipcode lies within 50 miles of this position.");
      expect((await nearest("lat=34.04", 400)).message).toBe("Give both lat and lng.");
      expect((await nearest("lat=91&lng=0", 400)).message).toBe("lat must be a number from -90 to 90.");
      await untilLogged(server, (logs) => logs.some((entry) => JSON.stringify(entry).includes("/api/zipcodes/nearest?")));
      const lines = server.logs.map((entry) => JSON.stringify(entry));
      expect(
        lines.filter((line) => line.includes("/api/zipcodes/nearest?")).every((line) => line.includes("nearest?[query not logged]")),
      ).toBe(true);
      expect(lines.some((line) => /34\.04|118\.25|73\.99|35\.5/.test(line))).toBe(false);
    });

    it("logs the call around a position, and its map's ground, without its coordinates", async () => {
      const { map } = await near("lat=41.88&lng=-87.63&radius=25&map=1");
      expect((await fetch(`${server.url}${map!.ground}`)).status).toBe(200);
      await untilLogged(server, (logs) => logs.some((entry) => JSON.stringify(entry).includes("/maps/area.svg?")));
      const lines = server.logs.map((entry) => JSON.stringify(entry));
      const calls = lines.filter((line) => line.includes("/api/wholesalers/near?"));
      expect(calls.length).toBeGreaterThan(0);
      expect(calls.every((line) => line.includes('"url":"/api/wholesalers/near?[query not logged]"'))).toBe(true);
      const grounds = lines.filter((line) => line.includes("/maps/area.svg?"));
      expect(grounds.length).toBeGreaterThan(0);
      expect(grounds.every((line) => line.includes('"url":"/maps/area.svg?[query not logged]"'))).toBe(true);
      expect(lines.some((line) => /41\.88|-87\.63|87\.63/.test(line))).toBe(false);
    });
  });
}

describe("the browser's code", () => {
  it("carries no map library: every map is drawn on the server", () => {
    const assets = path.resolve(import.meta.dirname, "../..", process.env.BUILD_DIR ?? "build", "client/assets");
    const scripts = fs.readdirSync(assets).filter((file) => file.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(0);
    // d3-geo's stream and topojson-client both name the GeoJSON type "GeometryCollection"; no code of ours in the browser does.
    expect(scripts.filter((file) => fs.readFileSync(path.join(assets, file), "utf8").includes("GeometryCollection"))).toEqual([]);
  });
});
