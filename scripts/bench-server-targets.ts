/**
 * What `npm run bench` (scripts/bench.ts) measures and what it expects of each row: the targets of issue #13
 * (requests per second against the static baseline, p99 at 10 and 100 connections) and of issue #39 (server CPU
 * per rendered page and per API call with the page cache off, p99 at 100 connections), and the table it prints.
 */
import { machineLine, table, today } from "./bench-support";

export type Kind = "page" | "api" | "zipcode" | "baseline";
export type PageCache = "on" | "off";

export interface Target {
  path: string;
  kind: Kind;
  /** Issue #39's most server CPU ms per request with the page cache off, if it sets one for this target. */
  cpuMsCacheOff?: number;
}

/** Found on each server before it is measured: the canonical address of the seeded first listing. */
export const LISTING = "listing";

/** Issue #39: rendered pages at most 4 ms of server CPU, /festivals 6 ms, the JSON API 1 ms (page cache off). */
const PAGE_CPU_MS = 4;
const API_CPU_MS = 1;

export const TARGETS: Target[] = [
  { path: "/", kind: "page", cpuMsCacheOff: PAGE_CPU_MS },
  { path: "/state/california", kind: "page", cpuMsCacheOff: PAGE_CPU_MS },
  { path: "/near?zip=10001", kind: "page", cpuMsCacheOff: PAGE_CPU_MS },
  // No wholesaler within the default radius of Miami's 33137: the empty result.
  { path: "/near?zip=33137", kind: "page", cpuMsCacheOff: PAGE_CPU_MS },
  { path: "/search?q=Chicago", kind: "page", cpuMsCacheOff: PAGE_CPU_MS },
  { path: LISTING, kind: "page", cpuMsCacheOff: PAGE_CPU_MS },
  { path: "/blog/1", kind: "page", cpuMsCacheOff: PAGE_CPU_MS },
  { path: "/festivals/1", kind: "page", cpuMsCacheOff: PAGE_CPU_MS },
  { path: "/festivals", kind: "page", cpuMsCacheOff: 6 },
  { path: "/api/states", kind: "api", cpuMsCacheOff: API_CPU_MS },
  { path: "/api/wholesalers/zipcode/90014", kind: "zipcode", cpuMsCacheOff: API_CPU_MS },
  { path: "/images/hero.webp", kind: "baseline" },
];

/**
 * The targets `--page` names (a path of TARGETS, `listing`, or any other path of the site, measured as a page or,
 * under /api, as an API call), always with the baseline, which the ratio column needs.
 */
export function selectTargets(pages: string[] | undefined): Target[] {
  if (!pages || pages.length === 0) return TARGETS;
  const chosen = pages.map(
    (path): Target => TARGETS.find((target) => target.path === path) ?? { path, kind: /^\/api(\/|$)/.test(path) ? "api" : "page" },
  );
  const baseline = TARGETS.filter((target) => target.kind === "baseline" && !chosen.some((other) => other.path === target.path));
  return [...chosen, ...baseline];
}

/** Issue #13's p99 targets in ms: at 10 connections by kind, at 100 connections 100 ms for all. */
const P99_TARGET_AT_10: Record<Kind, number | undefined> = { page: 25, api: 10, zipcode: 5, baseline: undefined };
const P99_TARGET_AT_100 = 100;
/** Pages from the page cache: at least 150% of the baseline's requests per second; rendered each time: at least half. */
const PAGE_RATIO_TARGET: Record<PageCache, number> = { on: 1.5, off: 0.5 };
/** Issue #39: p99 at 100 connections of every page row with the page cache off. */
const P99_TARGET_RENDERED_AT_100 = 300;

export interface Row {
  database: string;
  pageCache: PageCache;
  target: Target;
  /** The address measured (for the listing, its canonical path on this server). */
  path: string;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** The share of one core autocannon, in this process, used while it ran: near 100% the row is its ceiling. */
  clientCpu: number;
  /** The server process's CPU time (all its threads) per request answered, or undefined where /proc is not. */
  serverCpuPerRequest: number | undefined;
}

/** "12.10 ms > 4 ms (+8.10 ms, 3.0×)": a figure over its most, and by how much. */
const over = (what: string, value: number, most: number, digits: number) =>
  `${what} ${value.toFixed(digits)} ms > ${most} ms (+${(value - most).toFixed(digits)} ms, ${(value / most).toFixed(1)}×)`;

function issue13Misses(row: Row, ratio: number | undefined): string[] {
  const { kind } = row.target;
  const p99Target = row.connections === 10 ? P99_TARGET_AT_10[kind] : kind === "baseline" ? undefined : P99_TARGET_AT_100;
  const misses: string[] = [];
  if (p99Target !== undefined && row.p99 > p99Target) misses.push(`p99 > ${p99Target} ms`);
  const ratioTarget = PAGE_RATIO_TARGET[row.pageCache];
  if (kind === "page" && ratio !== undefined && ratio < ratioTarget) misses.push(`< ${ratioTarget * 100}% of baseline`);
  misses.push(...answerMisses(row));
  return misses;
}

/** A row with errors, non-2xx or no answer at all (none came within `--seconds`) meets no target. */
function answerMisses(row: Row): string[] {
  if (row.requestsPerSecond === 0) return ["no answer within the run"];
  return row.errors > 0 || row.non2xx > 0 ? ["errors or non-2xx"] : [];
}

/** Issue #39's misses of a row, or undefined where it sets no target (the page cache on, the baseline). */
function issue39Misses(row: Row): string[] | undefined {
  const { kind, cpuMsCacheOff } = row.target;
  if (row.pageCache !== "off" || kind === "baseline") return undefined;
  const misses: string[] = [];
  if (cpuMsCacheOff !== undefined && row.serverCpuPerRequest !== undefined && row.serverCpuPerRequest > cpuMsCacheOff)
    misses.push(over("CPU", row.serverCpuPerRequest, cpuMsCacheOff, 2));
  if (kind === "page" && row.connections === 100 && row.p99 > P99_TARGET_RENDERED_AT_100)
    misses.push(over("p99", row.p99, P99_TARGET_RENDERED_AT_100, 0));
  misses.push(...answerMisses(row));
  return misses;
}

const verdict = (misses: string[]) => (misses.length === 0 ? "met" : `missed: ${misses.join(", ")}`);

/** The section of BENCHMARKS.md: how it was measured, the targets, and a row per target, server and connections. */
export function report(rows: Row[], command: string, connections: number[], seconds: number): string {
  const baseline = (row: Row) =>
    rows.find(
      (other) =>
        other.target.kind === "baseline" &&
        other.database === row.database &&
        other.pageCache === row.pageCache &&
        other.connections === row.connections,
    );
  const tally = { 13: { met: 0, of: 0 }, 39: { met: 0, of: 0 } };
  const body = rows.map((row) => {
    const base = baseline(row);
    const isBaseline = row.target.kind === "baseline";
    const ratio = base && !isBaseline ? row.requestsPerSecond / base.requestsPerSecond : undefined;
    const misses13 = isBaseline ? undefined : issue13Misses(row, ratio);
    const misses39 = issue39Misses(row);
    for (const [issue, misses] of [
      [13, misses13],
      [39, misses39],
    ] as const) {
      if (!misses) continue;
      tally[issue].of++;
      if (misses.length === 0) tally[issue].met++;
    }
    return [
      row.database,
      row.pageCache,
      row.connections,
      `\`${row.path}\``,
      row.requestsPerSecond.toFixed(0),
      row.p50.toFixed(0),
      row.p99.toFixed(0),
      row.errors,
      row.non2xx,
      `${(row.clientCpu * 100).toFixed(0)}%`,
      row.serverCpuPerRequest === undefined ? "" : row.serverCpuPerRequest.toFixed(2),
      ratio === undefined ? "baseline" : `${(ratio * 100).toFixed(0)}%`,
      misses13 ? verdict(misses13) : "",
      misses39 ? verdict(misses39) : "",
    ];
  });
  const databases = [...new Set(rows.map((row) => row.database))].join(" and ");
  return [
    "## Server: `npm run bench`",
    "",
    `Measured ${today()} on ${machineLine()}, ${databases}.`,
    `Command: \`${command}\` (autocannon, ${connections.join(" and ")} connections, ${seconds} s each, no pipelining, \`Accept-Encoding: br, gzip\`, each request from its own client address through \`TRUST_PROXY=loopback\` and \`X-Forwarded-For\`; the server logs every request at info level as in production; before each target the server is left to finish what the previous one queued; with the page cache on, the warm-up has put each page in it, so the page rows measure answers from memory, \`X-Cache: hit\`). The listing is the seeded first listing's own page, at its canonical address on that server.`,
    "",
    "Two columns say what bounds a row. *Client CPU* is the share of one core that autocannon, in the benchmark's own process, used while it ran: near 100%, the row measures autocannon's ceiling on this machine rather than the server's, and its latencies include the client's own waiting. *Server CPU ms/req* is the server process's CPU time (every thread: JavaScript, collections, compression) divided by the requests it answered, read from Linux's `/proc`.",
    "",
    "Targets. Issue #13: pages at least 150% of the static baseline's requests/s with the page cache on, at least 50% with it off; p99 at 10 connections at most 25 ms for pages, 10 ms for the JSON API, 5 ms for the zipcode search; at 100 connections at most 100 ms; zero errors and non-2xx. Issue #39, with the page cache off: server CPU at most 4 ms per rendered page (6 ms for `/festivals`) and 1 ms per API call; p99 at 100 connections at most 300 ms on every page row; zero errors and non-2xx. A missed target says by how much.",
    "",
    table(
      [
        "database",
        "page cache",
        "connections",
        "target",
        "requests/s",
        "p50 ms",
        "p99 ms",
        "errors",
        "non-2xx",
        "client CPU",
        "server CPU ms/req",
        "to baseline",
        "issue #13 target",
        "issue #39 target",
      ],
      body,
    ),
    "",
    `Issue #13: ${tally[13].met} of ${tally[13].of} rows meet their targets. Issue #39: ${tally[39].met} of ${tally[39].of}.`,
  ].join("\n");
}
