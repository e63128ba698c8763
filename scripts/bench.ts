/**
 * `npm run bench [-- options]`: the server benchmark of issues #13 and #39. Builds if needed, starts the
 * production build on a seeded SQLite database twice, with the page cache on and with it off (PAGE_CACHE), and,
 * with --postgres, on a fresh PostgreSQL database with the cache off, warms up, then runs autocannon at 10 and at
 * 100 connections (no pipelining, `--seconds` each, brotli accepted like a browser) against the public pages
 * (scripts/bench-server-targets.ts: home, a state page, two zipcode searches, a city search, a listing, an article,
 * a festival and /festivals), two API calls and, as the baseline of the same run, the hero WebP sent by the same
 * server's static handler. Requests come from many client addresses through the trusted-proxy setting, so the
 * per-address limits do not answer 429. Prints the table with each row's verdict against the targets of #13 and
 * #39, and writes it to BENCHMARKS.md (section "bench:server").
 *
 * Options:
 *   --seconds <n>     how long each target is loaded at each number of connections (default 10)
 *   --postgres        also measures PostgreSQL (TEST_POSTGRES_URL), page cache off
 *   --page <path>     measures only this target (repeatable; `listing` is the seeded first listing; any other path
 *                     of the site is measured as a page, or as an API call under /api); the baseline always runs
 *   --cache on|off    runs only the half with the page cache on, or off (PostgreSQL runs with it off)
 *   --no-write        prints the table without writing BENCHMARKS.md
 *   --profile         then loads each target that missed its CPU target again, on a server of its own run with
 *                     V8's profiler, and adds where its CPU goes and what bounds it (scripts/bench-profile.ts)
 * While working on a page: `npm run bench -- --cache off --page /festivals --seconds 3 --no-write`.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { createTestDatabase } from "../tests/support/postgres";
import { startServer, type RunningServer } from "../tests/support/server";
import { buildIfNeeded, nextClientAddress, ROOT, settle, TRUSTED_PROXY_ENV, writeBenchmarkSection } from "./bench-support";
import { profileReport, timeByLayer, type CpuProfile, type PageProfile } from "./bench-profile";
import { LISTING, report, selectTargets, type PageCache, type Row } from "./bench-server-targets";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    postgres: { type: "boolean", default: false },
    page: { type: "string", multiple: true },
    cache: { type: "string" },
    "no-write": { type: "boolean", default: false },
    profile: { type: "boolean", default: false },
  },
});
const SECONDS = Number(values.seconds);
if (!Number.isInteger(SECONDS) || SECONDS < 1) throw new Error(`--seconds must be a whole number of seconds, not ${values.seconds}`);
if (values.cache !== undefined && values.cache !== "on" && values.cache !== "off")
  throw new Error(`--cache must be on or off, not ${values.cache}`);
const CACHE = values.cache as PageCache | undefined;
if (CACHE === "on" && values.postgres)
  throw new Error("PostgreSQL is measured with the page cache off: leave out --cache on or --postgres");
if (values.profile && CACHE === "on") throw new Error("--profile looks at the rows with the page cache off: leave out --cache on");
const TARGETS = selectTargets(values.page);
const CONNECTIONS = [10, 100];

/** CPU time in ms a process has used, user and system, from Linux's /proc (clock ticks of 10 ms); undefined elsewhere. */
function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : undefined;
  } catch {
    return undefined;
  }
}

function run(server: RunningServer, path: string, connections: number, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url: `${server.url}${path}`,
    connections,
    pipelining: 1,
    duration: seconds,
    headers: { accept: "text/html,application/json;q=0.9,*/*;q=0.8", "accept-encoding": "br, gzip" },
    requests: [
      {
        setupRequest: (request) => ({ ...request, headers: { ...request.headers, "x-forwarded-for": nextClientAddress() } }),
      },
    ],
  });
}

const startBenchServer = (pageCache: PageCache, env: Record<string, string>, nodeOptions: string[] = []) =>
  startServer(
    {
      SEED: "true",
      ...TRUSTED_PROXY_ENV,
      ADMIN_EMAIL: "bench@example.com",
      ADMIN_PASSWORD: "bench-password-123",
      PAGE_CACHE: pageCache,
      ...env,
    },
    nodeOptions,
  );

async function measure(database: string, pageCache: PageCache, env: Record<string, string>): Promise<Row[]> {
  const server = await startBenchServer(pageCache, env);
  const label = `${database}, page cache ${pageCache}`;
  const rows: Row[] = [];
  try {
    const listing = await listingPath(server);
    const targets = TARGETS.map((target) => ({ target, path: target.path === LISTING ? listing : target.path }));
    console.log(`${label}: warming up`);
    for (const { path } of targets) await run(server, path, 10, Math.min(2, SECONDS));
    for (const connections of CONNECTIONS) {
      for (const { target, path } of targets) {
        await settle(server.url);
        const serverCpuBefore = processCpuMs(server.process.pid);
        const clientCpuBefore = process.cpuUsage();
        const startedAt = performance.now();
        const result = await run(server, path, connections, SECONDS);
        const clientCpu = process.cpuUsage(clientCpuBefore);
        const elapsed = performance.now() - startedAt;
        const serverCpuAfter = processCpuMs(server.process.pid);
        const row: Row = {
          database,
          pageCache,
          target,
          path,
          connections,
          requestsPerSecond: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          errors: result.errors + result.timeouts,
          non2xx: result.non2xx,
          clientCpu: (clientCpu.user + clientCpu.system) / 1000 / elapsed,
          serverCpuPerRequest:
            serverCpuBefore === undefined || serverCpuAfter === undefined || result.requests.total === 0
              ? undefined
              : (serverCpuAfter - serverCpuBefore) / result.requests.total,
        };
        console.log(
          `${label} -c ${connections} ${path}: ${row.requestsPerSecond.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, errors ${row.errors}, non-2xx ${row.non2xx}, client CPU ${(row.clientCpu * 100).toFixed(0)}%, server CPU ${row.serverCpuPerRequest?.toFixed(2) ?? "?"} ms/request`,
        );
        rows.push(row);
      }
    }
    const problems = server.takeUnexpectedLogs();
    if (problems.length > 0) console.log(`${label}: the server logged ${problems.length} problem(s):\n${problems.slice(0, 20).join("\n")}`);
  } finally {
    await server.stop();
  }
  return rows;
}

/**
 * `row`'s page loaded again at 10 connections on a SQLite server of its own, page cache off, run with V8's
 * profiler: its busy time by layer while the load ran (scripts/bench-profile.ts).
 */
async function profile(row: Row, targetMs: number): Promise<PageProfile> {
  const directory = mkdtempSync(join(tmpdir(), "wff-profile-"));
  try {
    const server = await startBenchServer("off", {}, ["--cpu-prof", `--cpu-prof-dir=${directory}`]);
    let from: number, to: number, requests: number;
    try {
      await run(server, row.path, 10, Math.min(2, SECONDS));
      await settle(server.url);
      const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);
      from = monotonicMicros();
      requests = (await run(server, row.path, 10, SECONDS)).requests.total;
      to = monotonicMicros();
    } finally {
      // The profile is written as the server exits.
      await server.stop();
    }
    const [file] = readdirSync(directory).filter((name) => name.endsWith(".cpuprofile"));
    if (!file) throw new Error(`the server profiling ${row.path} wrote no profile`);
    const cpuProfile = JSON.parse(readFileSync(join(directory, file), "utf8")) as CpuProfile;
    const microsByLayer = timeByLayer(cpuProfile, from, to, ROOT);
    console.log(`profiled ${row.path}: ${requests} requests`);
    return { path: row.path, measuredMs: row.serverCpuPerRequest ?? 0, targetMs, requests, microsByLayer };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** The canonical address of the seeded first listing: where the listing's page sends `/wholesalers/1`. */
async function listingPath(server: RunningServer): Promise<string> {
  const response = await fetch(`${server.url}/wholesalers/1`, { redirect: "manual" });
  await response.arrayBuffer();
  const location = response.headers.get("location");
  if (response.status === 200) return "/wholesalers/1";
  if (!location) throw new Error(`/wholesalers/1 answered ${response.status} without a Location: is the database seeded?`);
  return new URL(location, server.url).pathname;
}

buildIfNeeded();
const benchStartedAt = performance.now();
const rows: Row[] = [];
for (const pageCache of ["on", "off"] as const) if (!CACHE || CACHE === pageCache) rows.push(...(await measure("SQLite", pageCache, {})));
if (values.postgres) {
  const database = await createTestDatabase();
  try {
    rows.push(...(await measure("PostgreSQL", "off", { DATABASE_URL: database.url })));
  } finally {
    await database.drop();
  }
}
const command = ["npm run bench --", ...process.argv.slice(2).filter((arg) => arg !== "--no-write")].join(" ").replace(/ --$/, "");
let markdown = report(rows, command, CONNECTIONS, SECONDS);
if (values.profile) {
  const missed = rows.filter(
    (row) =>
      row.database === "SQLite" &&
      row.pageCache === "off" &&
      row.connections === 10 &&
      row.target.cpuMsCacheOff !== undefined &&
      row.serverCpuPerRequest !== undefined &&
      row.serverCpuPerRequest > row.target.cpuMsCacheOff,
  );
  const profiles: PageProfile[] = [];
  for (const row of missed) profiles.push(await profile(row, row.target.cpuMsCacheOff!));
  if (profiles.length > 0) markdown += `\n\n${profileReport(profiles)}`;
}
console.log(`\n${markdown}\n`);
console.log(`measured in ${((performance.now() - benchStartedAt) / 60_000).toFixed(1)} minutes`);
if (!values["no-write"]) writeBenchmarkSection("bench:server", markdown);
