import { once } from "node:events";
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { distanceMiles } from "~/services/geo/distance";
import { todayIsoDate } from "~/utils/dates";
import zipcodes from "zipcodes";
import { createTestDatabase, runPostgres } from "../support/postgres";
import { startServer, untilLogged, type RunningServer } from "../support/server";

const WHOLESALER_KEYS = [
  "access",
  "accessNote",
  "address",
  "city",
  "closedUntil",
  "description",
  "hours",
  "id",
  "image",
  "latitude",
  "locationApproximate",
  "locationExact",
  "longitude",
  "name",
  "openingHours",
  "ownerConfirmedAt",
  "specialHours",
  "state",
  "stateId",
  "status",
  "timeZone",
  "type",
  "verifiedAt",
  "zipcode",
];
const FESTIVAL_KEYS = ["city", "description", "endDate", "featured", "id", "image", "location", "name", "recurrence", "startDate", "state"];

async function expectJsonError(response: Response, status: number) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  const body = (await response.json()) as { message?: unknown };
  expect(typeof body.message).toBe("string");
  expect(String(body.message)).not.toMatch(/\bat .+\(.+:\d+:\d+\)|node_modules/);
  return body as { message: string };
}

const databases = [
  { name: "SQLite", enabled: true },
  { name: "PostgreSQL", enabled: runPostgres },
];

for (const database of databases) {
  describe.runIf(database.enabled)(`public JSON API on ${database.name}`, () => {
    let server: RunningServer;
    let dropDatabase: (() => Promise<void>) | undefined;
    const get = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init);
    const getJson = async <T>(path: string): Promise<T> => {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      return (await response.json()) as T;
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

    it("GET /healthz checks the database", async () => {
      const body = await getJson<{ status: string; database: string }>("/healthz");
      expect(body).toEqual({ status: "ok", database: database.name === "SQLite" ? "sqlite" : "postgres" });
    });

    it("GET /readyz says the server is ready: its database answers (no Redis is configured)", async () => {
      const response = await get("/readyz");
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.json()).toEqual({ status: "ready", database: "up", renders: "up" });
    });

    it("GET /api/states lists the 50 states by name with region and cities", async () => {
      const states = await getJson<{ id: string; name: string; region: string; cities: { name: string }[] }[]>("/api/states");
      expect(states).toHaveLength(50);
      expect(states.map((s) => s.name)).toEqual([...states.map((s) => s.name)].sort((a, b) => a.localeCompare(b)));
      for (const state of states) {
        expect(Object.keys(state).sort()).toEqual(["cities", "id", "name", "region"]);
        expect(state.id).toMatch(/^[a-z]+$/);
        expect(state.cities.length).toBeGreaterThanOrEqual(3);
        expect(state.cities.length).toBeLessThanOrEqual(6);
      }
      expect(states.find((s) => s.id === "newhampshire")).toMatchObject({ name: "New Hampshire", region: "Northeast" });
    });

    it("GET /api/states/{id} answers one state, and 404 for an unknown one", async () => {
      const california = await getJson<{ name: string; region: string; cities: { name: string }[] }>("/api/states/california");
      expect(california).toMatchObject({ id: "california", name: "California", region: "West" });
      expect(california.cities.map((c) => c.name)).toContain("Los Angeles");
      await expectJsonError(await get("/api/states/atlantis"), 404);
    });

    it("GET /api/wholesalers/state/{id} lists a state's wholesalers by name", async () => {
      const list = await getJson<Record<string, unknown>[]>("/api/wholesalers/state/california");
      expect(list.length).toBeGreaterThanOrEqual(4);
      const names = list.map((w) => String(w.name));
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
      for (const w of list) {
        expect(w).toMatchObject({ state: "California", stateId: "california" });
        expect(["Wholesale", "Retail", "Both"]).toContain(w.type);
        expect(String(w.zipcode)).toMatch(/^\d{5}$/);
        for (const key of WHOLESALER_KEYS) expect(w, key).toHaveProperty(key);
        expect(Object.keys(w).every((key) => [...WHOLESALER_KEYS, "phone", "website"].includes(key))).toBe(true);
      }
      // The California Flower Mall's source gives who may buy and its hours day by day.
      expect(list.find((w) => w.name === "California Flower Mall")).toMatchObject({
        access: "public-welcome",
        accessNote: expect.any(String),
        timeZone: "America/Los_Angeles",
        openingHours: { mon: [{ open: "04:30", close: "16:30" }], sun: [{ open: "05:00", close: "12:00" }] },
        locationApproximate: false,
        // Placed at its zipcode's centroid, not at a point of its own.
        locationExact: false,
      });
      // Where no source says, the API says null rather than guess.
      expect(list.find((w) => w.name === "Southern California Flower Market")).toMatchObject({ access: null, openingHours: null });
      // Wyoming has no listing yet: an empty list, not a 404.
      expect(await getJson<unknown[]>("/api/wholesalers/state/wyoming")).toEqual([]);
      await expectJsonError(await get("/api/wholesalers/state/atlantis"), 404);
    });

    it("GET /api/wholesalers/zipcode/{zip} finds wholesalers within 25 miles, nearest first", async () => {
      const results =
        await getJson<{ distanceMiles: number; latitude: number; longitude: number; name: string }[]>("/api/wholesalers/zipcode/90014");
      expect(results.length).toBeGreaterThanOrEqual(3);
      const origin = zipcodes.lookup("90014")!;
      const distances = results.map((w) => w.distanceMiles);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      for (const w of results) {
        expect(w.distanceMiles).toBeLessThanOrEqual(25);
        expect(w.distanceMiles).toBeCloseTo(distanceMiles(origin, w), 0);
      }
      expect(results[0]!.distanceMiles).toBeLessThan(3);
    });

    it("filters by who may buy with ?access=, one value or several, and refuses a value it does not know", async () => {
      type Listed = { name: string; access: string | null };
      const publicInCalifornia = await getJson<Listed[]>("/api/wholesalers/state/california?access=public-welcome");
      expect(publicInCalifornia.map((w) => w.name)).toEqual(["California Flower Mall", "Wholesale Flowers and Supplies"]);
      const all = await getJson<Listed[]>("/api/wholesalers/state/california");
      expect(all.length).toBeGreaterThan(publicInCalifornia.length);
      // A listing whose access no source gives is in a filtered list only when `unknown` asks for it.
      const some = await getJson<Listed[]>("/api/wholesalers/state/washington?access=trade-only,public-hours");
      expect(some.map((w) => [w.name, w.access])).toEqual([["Seattle Wholesale Growers Market", "public-hours"]]);
      const mayWelcome = await getJson<Listed[]>("/api/wholesalers/state/california?access=public-welcome,public-hours,unknown");
      const unknownOnly = await getJson<Listed[]>("/api/wholesalers/state/california?access=unknown");
      expect(unknownOnly.length).toBeGreaterThan(0);
      expect(unknownOnly.every((w) => w.access === null)).toBe(true);
      expect(mayWelcome.map((w) => w.name).sort()).toEqual(
        all
          .filter((w) => w.access === null || w.access === "public-welcome" || w.access === "public-hours")
          .map((w) => w.name)
          .sort(),
      );
      const near = await getJson<Listed[]>("/api/wholesalers/zipcode/90014?access=public-welcome");
      expect(near.map((w) => w.name)).toEqual(["California Flower Mall"]);
      const nearest = await getJson<Listed[]>("/api/wholesalers/zipcode/99780/nearest?access=trade-only");
      expect(nearest.length).toBeGreaterThan(0);
      expect(nearest.every((w) => w.access === "trade-only")).toBe(true);
      for (const path of [
        "/api/wholesalers/state/california?access=members",
        "/api/wholesalers/zipcode/90014?access=public-welcome,anyone",
      ]) {
        const { message } = await expectJsonError(await get(path), 400);
        expect(message).toMatch(
          /^Unknown access "(members|anyone)": use trade-only, public-welcome, public-hours or unknown, separated by commas\.$/,
        );
      }
    });

    it("GET /api/wholesalers/zipcode answers [] for a zipcode that does not exist or has nobody near", async () => {
      expect(await getJson("/api/wholesalers/zipcode/00000")).toEqual([]);
      expect(await getJson("/api/wholesalers/zipcode/99780")).toEqual([]);
    });

    it("GET /api/wholesalers/zipcode/{zip}/nearest suggests the 3 nearest at any distance", async () => {
      const nearest = await getJson<{ distanceMiles: number }[]>("/api/wholesalers/zipcode/99780/nearest");
      expect(nearest).toHaveLength(3);
      expect(nearest[0]!.distanceMiles).toBeGreaterThan(25);
      expect(nearest.map((w) => w.distanceMiles)).toEqual(nearest.map((w) => w.distanceMiles).sort((a, b) => a - b));
      await expectJsonError(await get("/api/wholesalers/zipcode/123/nearest"), 400);
    });

    it.each(["1234", "123456", "abcde", "9001a", "%20%2090014"])("GET /api/wholesalers/zipcode/%s is a 400", async (zip) => {
      const { message } = await expectJsonError(await get(`/api/wholesalers/zipcode/${zip}`), 400);
      expect(message).toBe("A zipcode is exactly 5 digits.");
    });

    it("GET /api/grocery-stores lists grocery chains", async () => {
      const stores = await getJson<Record<string, unknown>[]>("/api/grocery-stores");
      expect(stores.length).toBeGreaterThanOrEqual(8);
      for (const store of stores) expect(Object.keys(store).sort()).toEqual(["bestFor", "description", "id", "name", "priceRange"]);
    });

    it("GET /api/blog-posts lists published posts newest first", async () => {
      const posts = await getJson<{ id: number; date: string; category: string }[]>("/api/blog-posts");
      expect(posts.length).toBeGreaterThanOrEqual(12);
      const dates = posts.map((p) => p.date);
      expect(dates).toEqual([...dates].sort().reverse());
      for (const post of posts) {
        expect(Object.keys(post).sort()).toEqual(["category", "content", "date", "excerpt", "id", "image", "title"]);
      }
      expect(new Set(posts.map((p) => p.category))).toEqual(new Set(["DIY", "Seasonal", "Wedding", "Tips", "Guides"]));
    });

    it("GET /api/blog-posts/{id} answers one post; 400 for a non-integer id; 404 for an unknown one", async () => {
      const [first] = await getJson<{ id: number; title: string }[]>("/api/blog-posts");
      const post = await getJson<{ id: number; title: string }>(`/api/blog-posts/${first!.id}`);
      expect(post).toMatchObject({ id: first!.id, title: first!.title });
      for (const bad of ["abc", "1.5", "-1", "0", "1e3", "99999999999"]) {
        await expectJsonError(await get(`/api/blog-posts/${bad}`), 400);
      }
      await expectJsonError(await get("/api/blog-posts/999999"), 404);
    });

    it("GET /api/flower-festivals lists festivals by start date and filters by q, month and state", async () => {
      type F = { name: string; description: string; city: string; state: string; startDate: string; endDate: string };
      const all = await getJson<F[]>("/api/flower-festivals");
      expect(all.length).toBeGreaterThanOrEqual(15);
      const starts = all.map((f) => f.startDate);
      expect(starts).toEqual([...starts].sort());
      for (const f of all) {
        for (const key of FESTIVAL_KEYS) expect(f, key).toHaveProperty(key);
        expect(f.startDate <= f.endDate).toBe(true);
      }

      const tulips = await getJson<F[]>("/api/flower-festivals?q=TULIP");
      expect(tulips.length).toBeGreaterThanOrEqual(2);
      for (const f of tulips) expect(`${f.name} ${f.description} ${f.city} ${f.state}`.toLowerCase()).toContain("tulip");

      const april = await getJson<F[]>("/api/flower-festivals?month=4");
      expect(april.length).toBeGreaterThanOrEqual(1);
      for (const f of april) expect(f.startDate.slice(5, 7)).toBe("04");

      const oregon = await getJson<F[]>("/api/flower-festivals?state=oregon");
      expect(oregon.length).toBeGreaterThanOrEqual(1);
      for (const f of oregon) expect(f.state).toBe("Oregon");

      const combined = await getJson<F[]>(
        "/api/flower-festivals?q=tulip&state=Oregon&month=" + Number(oregon.find((f) => /tulip/i.test(f.name))?.startDate.slice(5, 7) ?? 4),
      );
      expect(combined.length).toBeGreaterThanOrEqual(1);
      for (const f of combined) expect(f.state).toBe("Oregon");
      expect(await getJson("/api/flower-festivals?q=%25%25nothing-like-this%25")).toEqual([]);

      for (const bad of ["month=13", "month=0", "month=abc", "month=1.5"]) {
        await expectJsonError(await get(`/api/flower-festivals?${bad}`), 400);
      }
    });

    it("GET /api/flower-festivals/upcoming lists festivals not yet ended, soonest first", async () => {
      const upcoming = await getJson<{ startDate: string; endDate: string }[]>("/api/flower-festivals/upcoming");
      expect(upcoming.length).toBeGreaterThanOrEqual(15);
      const today = todayIsoDate();
      for (const f of upcoming) expect(f.endDate >= today).toBe(true);
      expect(upcoming.map((f) => f.startDate)).toEqual(upcoming.map((f) => f.startDate).sort());
    });

    it("GET /api/flower-festivals/{id} answers one festival; 404 unknown; 400 malformed", async () => {
      const [first] = await getJson<{ id: number; name: string }[]>("/api/flower-festivals");
      expect(await getJson(`/api/flower-festivals/${first!.id}`)).toMatchObject({ id: first!.id, name: first!.name });
      await expectJsonError(await get("/api/flower-festivals/999999"), 404);
      await expectJsonError(await get("/api/flower-festivals/abc"), 400);
    });

    it("POST /api/newsletter/subscribe stores an address once, case-insensitively, and answers the same for a new and a known address", async () => {
      const post = (body: string, type = "application/json") =>
        get("/api/newsletter/subscribe", { method: "POST", headers: { "content-type": type }, body });

      const created = await post(JSON.stringify({ email: "Rose.Grower@example.com" }));
      expect(created.status).toBe(202);
      const answer = (await created.json()) as { message: string };
      expect(answer.message).toBe("Almost done: check your inbox and click the link we sent to confirm your subscription.");

      // No enumeration: a known address gets the very same answer (the mail that follows differs).
      const again = await post(JSON.stringify({ email: "rose.grower@EXAMPLE.com" }));
      expect(again.status).toBe(202);
      expect(await again.json()).toEqual(answer);

      expect((await expectJsonError(await post(JSON.stringify({ email: "not-an-email" })), 400)).message).toBe(
        "Please enter a valid email address.",
      );
      await expectJsonError(await post(JSON.stringify({})), 400);
      await expectJsonError(await post("{not json"), 400);
      await expectJsonError(await post("email=a@b.com", "application/x-www-form-urlencoded"), 415);
      await expectJsonError(await post(JSON.stringify({ email: `${"a".repeat(20_000)}@example.com` })), 413);
      await expectJsonError(await get("/api/newsletter/subscribe"), 405);
    });

    it("POST /api/newsletter/subscribe answers 429 past its rate limit", async () => {
      // The previous test made 7 requests from this address; the limit is 10 per 10 minutes.
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const response = await get("/api/newsletter/subscribe", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: `limit-${i}@example.com` }),
        });
        statuses.push(response.status);
        if (response.status === 429) {
          expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
          await expectJsonError(response, 429);
        }
      }
      expect(statuses).toEqual([202, 202, 202, 429]);
    });

    it("refuses a cross-site write with 403 before doing anything", async () => {
      const response = await get("/api/newsletter/subscribe", {
        method: "POST",
        headers: { "content-type": "application/json", origin: "https://evil.example" },
        body: JSON.stringify({ email: "cross-site@example.com" }),
      });
      expect((await expectJsonError(response, 403)).message).toBe("Cross-site requests are not allowed.");
      // The same request from the site itself gets past the check (and on to the 405 of a GET-only route).
      const sameSite = await get("/api/states", { method: "POST", headers: { origin: server.url } });
      expect(sameSite.status).toBe(405);
    });

    it("answers JSON 404 for an unknown /api path and 405 for a wrong method", async () => {
      await expectJsonError(await get("/api/nope"), 404);
      await expectJsonError(await get("/api/states/california/extra"), 404);
      await expectJsonError(await get("/api/states", { method: "POST" }), 405);
      await expectJsonError(await get("/api/states", { method: "DELETE" }), 405);
    });

    it("serves the home page and answers 404 for an unknown page", async () => {
      const home = await get("/");
      expect(home.status).toBe(200);
      expect(await home.text()).toContain("Find Affordable Wholesale Flowers");
      const missing = await get("/no-such-page");
      expect(missing.status).toBe(404);
      expect(await missing.text()).toContain("404 Page Not Found");
    });
  });
}

describe("server lifecycle", () => {
  it("on SIGTERM, stops taking connections, finishes the request in flight, then exits cleanly", async () => {
    const server = await startServer();
    const { hostname, port } = new URL(server.url);
    const body = JSON.stringify({ email: "in-flight@example.com" });
    const half = Math.floor(body.length / 2);

    // A sign-up whose body arrives slowly. `Expect: 100-continue` makes the server say when it has the
    // request's headers, so the signal below is sent while the request is in flight, never before.
    const request = http.request(`${server.url}/api/newsletter/subscribe`, {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)), expect: "100-continue" },
    });
    const answer = new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
      request.on("error", reject);
      request.on("response", (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body: text }));
        response.on("error", reject);
      });
    });
    request.flushHeaders();
    await once(request, "continue");
    await new Promise<void>((resolve, reject) => request.write(body.slice(0, half), (error) => (error ? reject(error) : resolve())));

    const exited = once(server.process, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
    server.process.kill("SIGTERM");
    await untilLogged(server, (logs) => logs.some((entry) => String(entry.msg).startsWith("shutting down")));
    // Let time pass on purpose: the server must still be running, waiting for the rest of the body...
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.process.exitCode).toBeNull();
    expect(server.process.signalCode).toBeNull();
    // ...but no longer accepting connections.
    const connectError = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
      const socket = net.connect(Number(port), hostname);
      socket.on("connect", () => {
        socket.destroy();
        resolve(undefined);
      });
      socket.on("error", resolve);
    });
    expect(connectError?.code).toBe("ECONNREFUSED");

    request.end(body.slice(half));
    const { status, connection, body: text } = await answer;
    expect(status).toBe(202);
    expect((JSON.parse(text) as { message: string }).message).toMatch(/confirm your subscription/i);
    // The connection is not kept alive, or the exit would wait for it to time out.
    expect(connection).toBe("close");

    const [code] = await exited;
    expect(code).toBe(0);
    expect(server.logs.some((entry) => entry.msg === "stopped")).toBe(true);
    expect(await server.stop()).toBe(0);
    // Starting a server (migrating and seeding a new database) takes a while on a busy machine.
  }, 60_000);

  it("refuses to start with a bad variable, naming it", async () => {
    await expect(startServer({ PORT: "not-a-port" })).rejects.toThrow(/PORT: must be a whole number from 0 to 65535/);
  });
});
