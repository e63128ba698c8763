/**
 * `npm run bench:load [-- --seconds 60 --connections 50 --rounds 2]`: starts the production build on a
 * seeded SQLite database of its own, keeps `connections` requests in flight (brotli accepted, like a
 * browser) over the public pages for `rounds` rounds of `seconds` each, and prints requests per second,
 * latency and the server's resident memory after each round. Only loopback traffic; it stops by itself.
 */
import fs from "node:fs";
import http from "node:http";
import { parseArgs } from "node:util";
import { startServer } from "../tests/support/server";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "60" },
    connections: { type: "string", default: "50" },
    rounds: { type: "string", default: "2" },
  },
});
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const ROUNDS = Number(values.rounds);
const PATHS = ["/", "/festivals", "/blog", "/state/california", "/all-states", "/api/wholesalers/zipcode/90014", "/api/states"];

const rssMb = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
};

function get(agent: http.Agent, url: URL, localAddress: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, localAddress, headers: { "accept-encoding": "br, gzip" } }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

const server = await startServer({ SEED: "true", ADMIN_EMAIL: "bench@example.com", ADMIN_PASSWORD: "bench-password-123" });
const pid = server.process.pid!;
console.log(`server ${server.url}, pid ${pid}, RSS at start ${rssMb(pid)} MB`);
// One keep-alive connection per simulated visitor, each from a loopback address of its own (127.0.x.y), so
// that the per-address rate limit (1,200 a minute) sees 50 visitors, not one.
const visitors = Array.from({ length: CONNECTIONS }, (_, i) => ({
  agent: new http.Agent({ keepAlive: true, maxSockets: 1 }),
  address: `127.0.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`,
}));

try {
  for (let round = 1; round <= ROUNDS; round++) {
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    let errors = 0;
    const until = Date.now() + SECONDS * 1000;
    let next = 0;
    await Promise.all(
      visitors.map(async ({ agent, address }) => {
        while (Date.now() < until) {
          const path = PATHS[next++ % PATHS.length]!;
          const started = performance.now();
          try {
            const status = await get(agent, new URL(path, server.url), address);
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            latencies.push(performance.now() - started);
          } catch {
            errors++;
          }
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]?.toFixed(0);
    console.log(
      `round ${round}: ${latencies.length} requests in ${SECONDS} s (${(latencies.length / SECONDS).toFixed(0)}/s), ` +
        `p50 ${pct(50)} ms, p95 ${pct(95)} ms, p99 ${pct(99)} ms, statuses ${JSON.stringify(Object.fromEntries(statuses))}, errors ${errors}, ` +
        `server RSS ${rssMb(pid)} MB`,
    );
  }
  const problems = server.takeUnexpectedLogs();
  console.log(problems.length === 0 ? "the server logged no warning or error" : `the server logged:\n${problems.join("\n")}`);
} finally {
  for (const { agent } of visitors) agent.destroy();
  await server.stop();
}
