import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import net from "node:net";
import readline from "node:readline";
import { Redis } from "ioredis";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { states } from "~/db/seed/data/states";
import { wholesalers } from "~/db/seed/data/wholesalers";
import { createTestDatabase, runPostgres } from "../support/postgres";
import { startServer, untilLogged, type RunningServer } from "../support/server";

/** The machine's Redis (CI runs one at 127.0.0.1:6379); this file's keys go to a database number of its own. */
const MACHINE_REDIS_URL = "redis://127.0.0.1:6379/13";

async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 2_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on("error", () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** Whether the redis-server program is installed (the test starts one of its own). */
const redisServerInstalled = spawnSync("redis-server", ["--version"]).status === 0;

/**
 * On CI, Redis and redis-server are there (a missing one fails the run, see .ci/run); elsewhere the Redis
 * suite runs when both are.
 */
const runRedis = process.env.CI === "true" || (redisServerInstalled && (await redisAnswers(MACHINE_REDIS_URL)));

/** server/app.ts: 10 subscriptions per address in 10 minutes; what the 11th gets. */
const NEWSLETTER_LIMIT = 10;
const TOO_MANY_REQUESTS_MESSAGE = "Too many requests. Please wait a few minutes and try again.";
const MIGRATIONS = ["0001-initial", "0002-listing-trust", "0003-listing-location", "0004-search-index", "0005-rate-limits"];

/** A client address of this run's own (TEST-NET and private ranges), so that parallel runs never share a counter. */
const freshAddress = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

let subscriptions = 0;
/** One newsletter subscription (a new email each time) from `address`, as a proxy in front of the servers forwards it. */
async function subscribe(server: RunningServer, address: string) {
  subscriptions += 1;
  const response = await fetch(new URL("/api/newsletter/subscribe", server.url), {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify({ email: `scale-${process.pid}-${subscriptions}@example.com` }),
  });
  return response;
}

/** Sends `count` subscriptions from one address round-robin over `servers`; their statuses in order. */
async function subscribeAcross(servers: RunningServer[], address: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let n = 0; n < count; n++) {
    const response = await subscribe(servers[n % servers.length]!, address);
    await response.body?.cancel();
    statuses.push(response.status);
  }
  return statuses;
}

/** The refusal past the limit: 429, JSON {message} under /api, Retry-After and the RateLimit headers. */
async function expectRefused(response: Response) {
  expect(response.status).toBe(429);
  expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
  expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(response.headers.get("ratelimit-limit")).toBe(String(NEWSLETTER_LIMIT));
  expect(response.headers.get("ratelimit-remaining")).toBe("0");
  expect(await response.json()).toEqual({ message: TOO_MANY_REQUESTS_MESSAGE });
}

/** Starts servers at once on one database, none waiting for another; if one fails, stops the others and throws. */
async function startTogether(count: number, env: Record<string, string>): Promise<RunningServer[]> {
  const results = await Promise.allSettled(Array.from({ length: count }, () => startServer(env)));
  const started = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const failed = results.find((result) => result.status === "rejected");
  if (failed) {
    await Promise.all(started.map((server) => server.stop()));
    throw failed.reason;
  }
  return started;
}

async function readiness(server: RunningServer) {
  const response = await fetch(`${server.url}/readyz`);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

async function expectHomePage(server: RunningServer) {
  const home = await fetch(server.url);
  expect(home.status).toBe(200);
  expect(await home.text()).toContain("Wholesale Flower Finder");
}

/** What several servers did to one database: each migration applied once, the seed once, the first admin once. */
async function expectMigratedAndSeededOnce(databaseUrl: string, servers: RunningServer[]) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const count = async (query: string) => Number((await client.query<{ n: string }>(query)).rows[0]!.n);
    const migrations = await client.query<{ name: string }>("select name from kysely_migration order by name");
    expect(migrations.rows.map((row) => row.name)).toEqual(MIGRATIONS);
    expect(await count("select count(*) as n from states")).toBe(states.length);
    expect(await count("select count(*) as n from wholesalers")).toBe(wholesalers.length);
    expect(await count("select count(*) as n from admin_users")).toBe(1);
    expect(await count("select count(*) as n from audit_log where action = 'admin.create'")).toBe(1);
  } finally {
    await client.end();
  }
  // One server did the work and said so; the others found it done.
  const logged = (message: string) => servers.filter((server) => server.logs.some((entry) => entry.msg === message)).length;
  expect(logged("database migrated")).toBe(1);
  expect(logged("database seeded")).toBe(1);
}

/** A free TCP port on loopback for a redis-server of the test's own. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A redis-server of this test's own on `port`, in memory only; never the machine's. Resolves once it accepts connections. */
async function startRedisServer(port: number): Promise<ChildProcess> {
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("redis-server did not start in time")), 10_000);
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`redis-server exited with code ${code}`)));
    readline.createInterface({ input: child.stdout! }).on("line", (line) => {
      if (!line.includes("Ready to accept connections")) return;
      clearTimeout(timer);
      resolve();
    });
  });
  return child;
}

function stopRedisServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}

const countLogged = (server: RunningServer, pattern: RegExp) => server.logs.filter((entry) => pattern.test(String(entry.msg))).length;

describe("REDIS_URL", () => {
  it("a value that is not a redis:// URL stops the server with a message naming the variable", async () => {
    const failed = await startServer({ REDIS_URL: "127.0.0.1:6379" }).then(
      () => undefined,
      (error: unknown) => error as Error,
    );
    expect(failed?.message).toMatch(/exited with code 1 before listening/);
    expect(failed?.message).toContain("REDIS_URL: must be a redis:// or rediss:// URL with a host, such as redis://127.0.0.1:6379/0");
  });
});

describe.runIf(runPostgres && runRedis)("three servers on one empty PostgreSQL database with Redis", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let servers: RunningServer[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    servers = await startTogether(3, {
      DATABASE_URL: database.url,
      REDIS_URL: MACHINE_REDIS_URL,
      TRUST_PROXY: "loopback",
      ADMIN_EMAIL: "owner@example.com",
      ADMIN_PASSWORD: "scale-test-password",
    });
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.drop();
  });

  it("migrate, seed and create the admin once, and all three serve and are ready", async () => {
    await expectMigratedAndSeededOnce(database.url, servers);
    await Promise.all(
      servers.map(async (server) => {
        expect(server.logs.some((entry) => entry.msg === "rate limits count in Redis")).toBe(true);
        expect(await readiness(server)).toEqual({ status: 200, body: { status: "ready", database: "up", redis: "up" } });
        await expectHomePage(server);
      }),
    );
  });

  it("count the newsletter limit together: the 11th subscription from one address is refused by whichever server answers", async () => {
    const address = freshAddress();
    expect(await subscribeAcross(servers, address, NEWSLETTER_LIMIT)).toEqual(Array<number>(NEWSLETTER_LIMIT).fill(201));
    for (const server of servers) await expectRefused(await subscribe(server, address));
    // Another address still has its own count.
    expect(await subscribeAcross([servers[0]!], freshAddress(), 1)).toEqual([201]);
  });

  describe("when Redis stops and comes back", () => {
    let redisPort: number;
    let redis: ChildProcess | undefined;
    let pair: RunningServer[] = [];
    beforeAll(async () => {
      redisPort = await freePort();
      redis = await startRedisServer(redisPort);
      // Two more servers of the same site on a Redis of this test's own, which the test stops and starts.
      pair = await startTogether(2, { DATABASE_URL: database.url, REDIS_URL: `redis://127.0.0.1:${redisPort}/0`, TRUST_PROXY: "loopback" });
    });
    afterAll(async () => {
      await Promise.all(pair.map((server) => server.stop()));
      if (redis) await stopRedisServer(redis);
    });

    it("keep answering with per-server limits, say so once, answer 503 on /readyz, and share the counts again once it is back", async () => {
      await Promise.all(pair.map(expectHomePage));
      for (const server of pair) {
        server.expectLog(/^rate limits degraded: Redis does not answer/);
        server.expectLog(/^\/readyz$/);
      }
      await stopRedisServer(redis!);
      await Promise.all(
        pair.map((server) => untilLogged(server, (logs) => logs.some((entry) => /^rate limits degraded/.test(String(entry.msg))))),
      );

      for (const server of pair) {
        const { status, body } = await readiness(server);
        expect(status).toBe(503);
        expect(body).toEqual({ status: "not ready", database: "up", redis: "down", message: "Not ready: Redis does not answer." });
        await expectHomePage(server);
      }
      // Each server still limits, on a count of its own.
      const alone = freshAddress();
      expect(await subscribeAcross([pair[0]!], alone, NEWSLETTER_LIMIT)).toEqual(Array<number>(NEWSLETTER_LIMIT).fill(201));
      await expectRefused(await subscribe(pair[0]!, alone));
      expect(await subscribeAcross([pair[1]!], alone, 1)).toEqual([201]);

      redis = await startRedisServer(redisPort);
      await Promise.all(
        pair.map((server) => untilLogged(server, (logs) => logs.some((entry) => entry.msg === "rate limits shared again: Redis answers"))),
      );
      for (const server of pair) {
        expect(await readiness(server)).toEqual({ status: 200, body: { status: "ready", database: "up", redis: "up" } });
        // Many failed reconnections, one warning.
        expect(countLogged(server, /^rate limits degraded/)).toBe(1);
      }
      const again = freshAddress();
      expect(await subscribeAcross(pair, again, NEWSLETTER_LIMIT)).toEqual(Array<number>(NEWSLETTER_LIMIT).fill(201));
      for (const server of pair) await expectRefused(await subscribe(server, again));
    });
  });
});

describe.runIf(runPostgres)("three servers on one empty PostgreSQL database without Redis", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let servers: RunningServer[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    // No ADMIN_EMAIL: the first server to take the start-up lock creates the admin with a generated password.
    servers = await startTogether(3, { DATABASE_URL: database.url, TRUST_PROXY: "loopback" });
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.drop();
  });

  it("migrate, seed and create the admin once, and all three serve and are ready", async () => {
    await expectMigratedAndSeededOnce(database.url, servers);
    expect(servers.filter((server) => server.logs.some((entry) => /^No admin existed/.test(String(entry.msg))))).toHaveLength(1);
    await Promise.all(
      servers.map(async (server) => {
        expect(server.logs.some((entry) => entry.msg === "rate limits count in PostgreSQL")).toBe(true);
        expect(await readiness(server)).toEqual({ status: 200, body: { status: "ready", database: "up" } });
        await expectHomePage(server);
      }),
    );
  });

  it("count the newsletter limit together in PostgreSQL: the 11th subscription from one address is refused everywhere", async () => {
    const address = freshAddress();
    expect(await subscribeAcross(servers, address, NEWSLETTER_LIMIT)).toEqual(Array<number>(NEWSLETTER_LIMIT).fill(201));
    for (const server of servers) await expectRefused(await subscribe(server, address));
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const row = await client.query<{ points: number }>("select points from rate_limits where key = $1", [`newsletter:${address}`]);
      expect(row.rows).toEqual([{ points: NEWSLETTER_LIMIT + servers.length }]);
    } finally {
      await client.end();
    }
  });
});
