import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SQLITE_FILE_NAME } from "~/db/client.server";
import { createTestDatabase, runPostgres } from "../support/postgres";
import { startServer, untilLogged, type LogEntry, type RunningServer } from "../support/server";
import { freePort } from "../support/own-redis";

/**
 * What an operator sees of the server (issue #39, docs/decisions/047): the Prometheus metrics on METRICS_PORT,
 * the request id of every answer and of every log line of its request, the slow queries, the 500 page's reference.
 */

const BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The TCP ports a process listens on, from Linux's /proc: its sockets' inodes, found among the listening ones. */
function listeningPorts(pid: number): number[] {
  const inodes = new Set<string>();
  for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
    let link = "";
    try {
      link = fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
    } catch {
      continue;
    }
    const inode = /^socket:\[(\d+)\]$/.exec(link)?.[1];
    if (inode) inodes.add(inode);
  }
  const ports = new Set<number>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    if (!fs.existsSync(table)) continue;
    for (const line of fs.readFileSync(table, "utf8").trim().split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      // Field 3 is the state (0A: listening), field 9 the socket's inode.
      if (fields[3] === "0A" && inodes.has(fields[9] ?? "")) ports.add(parseInt(fields[1]?.split(":")[1] ?? "", 16));
    }
  }
  return [...ports].sort((a, b) => a - b);
}

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus's text format, as samples. */
function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, name = "", value = ""] of (match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[name] = value;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The sum of the samples of `name` whose labels include `labels` (0 when there are none). */
const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples
    .filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value))
    .reduce((sum, sample) => sum + sample.value, 0);

const logLinesOf = (server: RunningServer, requestId: string) => server.logs.filter((entry) => entry.requestId === requestId);
/** The request log's own line (server/request-log.ts), written once the request is answered. */
const isRequestLine = (entry: LogEntry) => typeof entry.responseTime === "number";

for (const database of [
  { name: "SQLite", enabled: true },
  { name: "PostgreSQL", enabled: runPostgres },
] as const) {
  describe.runIf(database.enabled)(`metrics, request ids and slow queries on ${database.name}`, () => {
    let server: RunningServer;
    let metricsPort: number;
    let drop: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      metricsPort = await freePort();
      // Every query is "slow" (SLOW_QUERY_MS=0); the loopback proxy is trusted, so a test can name its client address.
      const env = { METRICS_PORT: String(metricsPort), SLOW_QUERY_MS: "0", TRUST_PROXY: "loopback" };
      if (database.name === "PostgreSQL") {
        const created = await createTestDatabase();
        drop = created.drop;
        server = await startServer({ ...env, DATABASE_URL: created.url });
      } else server = await startServer(env);
      server.expectLog(/^slow query$/);
    }, 120_000);

    afterAll(async () => {
      await server?.stop();
      await drop?.();
    });

    const scrape = async () => {
      const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
      return parseMetrics(await response.text());
    };

    it("serves /metrics on METRICS_PORT with every family, and nowhere else", async () => {
      const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      for (const family of [
        "wff_http_request_duration_seconds",
        "wff_page_render_duration_seconds",
        "wff_page_cache_requests_total",
        "wff_render_turns_waiting",
        "wff_render_turns_running",
        "wff_db_queries_per_request",
        "wff_db_query_duration_seconds_per_request",
        "wff_jobs",
        "wff_mail_outbox_messages",
        "wff_rate_limit_refusals_total",
        // Node's own.
        "process_cpu_seconds_total",
        "process_resident_memory_bytes",
        "nodejs_eventloop_lag_seconds",
        "nodejs_heap_size_used_bytes",
      ])
        expect(text, family).toContain(`# TYPE ${family} `);
      // The jobs and the outbox are read from the database when scraped: each state, none yet.
      const samples = parseMetrics(text);
      for (const state of ["queued", "running", "done", "failed"]) expect(valueOf(samples, "wff_jobs", { state }), state).toBe(0);
      expect(samples.filter((sample) => sample.name === "wff_mail_outbox_messages").map((sample) => sample.labels.status)).toEqual(
        expect.arrayContaining(["kept", "queued", "sending", "sent", "failed"]),
      );
      // The public port has no /metrics; the metrics' port has nothing else.
      const status = async (url: string) => {
        const response = await fetch(url, { headers: { accept: BROWSER_ACCEPT } });
        // Read whole: an answer left unread would end (and be counted) during a later test.
        await response.arrayBuffer();
        return response.status;
      };
      expect(await status(`${server.url}/metrics`)).toBe(404);
      expect(await status(`http://127.0.0.1:${metricsPort}/`)).toBe(404);
      // The process listens on both ports, nothing more.
      expect(listeningPorts(server.process.pid!)).toEqual([Number(new URL(server.url).port), metricsPort].sort((a, b) => a - b));
    });

    it("counts a page under its route id, its render, and its repeat as a page-cache hit", async () => {
      const before = await scrape();
      const home = { route: "routes/public/home", status: "200" };
      const rendered = await fetch(`${server.url}/?metrics`, { headers: { accept: BROWSER_ACCEPT } });
      expect(rendered.headers.get("x-cache")).toBe("miss");
      await rendered.text();
      const cached = await fetch(`${server.url}/?metrics`, { headers: { accept: BROWSER_ACCEPT } });
      expect(cached.headers.get("x-cache")).toBe("hit");
      await cached.text();
      // Counted once each answer has ended: waited for, as the answer may reach the client first.
      await vi.waitFor(
        async () => {
          const after = await scrape();
          const count = (samples: Sample[], name: string, labels: Record<string, string>) => valueOf(samples, `${name}_count`, labels);
          expect(count(after, "wff_http_request_duration_seconds", home) - count(before, "wff_http_request_duration_seconds", home)).toBe(
            2,
          );
          expect(count(after, "wff_page_render_duration_seconds", { route: home.route })).toBe(
            count(before, "wff_page_render_duration_seconds", { route: home.route }) + 1,
          );
          for (const state of ["hit", "miss"])
            expect(
              valueOf(after, "wff_page_cache_requests_total", { state }) - valueOf(before, "wff_page_cache_requests_total", { state }),
              state,
            ).toBe(1);
          // The rendered page's queries were counted; the answer from the cache made none.
          expect(valueOf(after, "wff_db_queries_per_request_sum", { route: home.route })).toBeGreaterThan(
            valueOf(before, "wff_db_queries_per_request_sum", { route: home.route }),
          );
          expect(count(after, "wff_db_queries_per_request", { route: home.route })).toBe(
            count(before, "wff_db_queries_per_request", { route: home.route }) + 1,
          );
        },
        { timeout: 5_000, interval: 20 },
      );
      // Express's own answers have fixed names; a path is never a label.
      await (await fetch(`${server.url}/healthz`)).text();
      await (await fetch(`${server.url}/favicon.svg`)).text();
      await vi.waitFor(
        async () => {
          const after = await scrape();
          expect(valueOf(after, "wff_http_request_duration_seconds_count", { route: "healthz", status: "200" })).toBeGreaterThan(0);
          expect(valueOf(after, "wff_http_request_duration_seconds_count", { route: "static", status: "200" })).toBeGreaterThan(0);
          expect(after.some((sample) => Object.values(sample.labels).some((value) => value.includes("?metrics")))).toBe(false);
        },
        { timeout: 5_000, interval: 20 },
      );
    });

    it("counts a refusal of a per-address limit", async () => {
      const before = valueOf(await scrape(), "wff_rate_limit_refusals_total", { limit: "newsletter" });
      // The newsletter's limit: 10 posts in 10 minutes from one address (these are refused as empty before saving).
      const post = async () => {
        const response = await fetch(`${server.url}/api/newsletter/subscribe`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.77" },
          body: "{}",
        });
        await response.arrayBuffer();
        return response.status;
      };
      for (let i = 0; i < 10; i++) expect(await post()).toBe(400);
      expect(await post()).toBe(429);
      await vi.waitFor(
        async () => expect(valueOf(await scrape(), "wff_rate_limit_refusals_total", { limit: "newsletter" })).toBe(before + 1),
        {
          timeout: 5_000,
          interval: 20,
        },
      );
    });

    it("gives every answer an X-Request-Id: a page, the API, a 404, a static file, and each answer from the page cache its own", async () => {
      const ids: string[] = [];
      for (const [pathname, status] of [
        ["/state/california", 200],
        ["/api/states", 200],
        ["/no-such-page", 404],
        ["/api/no-such-endpoint", 404],
        ["/favicon.svg", 200],
      ] as const) {
        const response = await fetch(`${server.url}${pathname}`, { headers: { accept: BROWSER_ACCEPT } });
        await response.arrayBuffer();
        expect(response.status, pathname).toBe(status);
        const id = response.headers.get("x-request-id") ?? "";
        expect(id, pathname).toMatch(UUID);
        ids.push(id);
      }
      // Twice from the page cache: an id each, in the header only, never in the page kept for everyone.
      const first = await fetch(`${server.url}/state/california`, { headers: { accept: BROWSER_ACCEPT } });
      const second = await fetch(`${server.url}/state/california`, { headers: { accept: BROWSER_ACCEPT } });
      const [firstHtml, secondHtml] = [await first.text(), await second.text()];
      expect([first.headers.get("x-cache"), second.headers.get("x-cache")]).toEqual(["hit", "hit"]);
      const cachedIds = [first.headers.get("x-request-id") ?? "", second.headers.get("x-request-id") ?? ""];
      for (const id of cachedIds) expect(id).toMatch(UUID);
      ids.push(...cachedIds);
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) expect(firstHtml + secondHtml).not.toContain(id);
    });

    it("keeps a trusted proxy's own id when it is sane, and replaces one that is not", async () => {
      const idFor = async (given: string) => {
        const response = await fetch(`${server.url}/api/states`, { headers: { "x-request-id": given } });
        await response.arrayBuffer();
        return response.headers.get("x-request-id");
      };
      expect(await idFor("lb-7f3a.1_Z")).toBe("lb-7f3a.1_Z");
      for (const malformed of ["two words", "a".repeat(129), "<script>", "id\u00e9"]) {
        const id = await idFor(malformed);
        expect(id, malformed).toMatch(UUID);
      }
    });

    it("writes the request's id on each of its log lines: the request line and its queries'", async () => {
      const response = await fetch(`${server.url}/state/texas?log-lines`, { headers: { accept: BROWSER_ACCEPT } });
      await response.text();
      const id = response.headers.get("x-request-id")!;
      await untilLogged(server, () => logLinesOf(server, id).some(isRequestLine));
      const lines = logLinesOf(server, id);
      expect(lines.find(isRequestLine)).toMatchObject({ msg: "request completed", req: { url: "/state/texas?log-lines" } });
      // Its queries, each logged as slow (SLOW_QUERY_MS=0), are the request's.
      expect(lines.filter((line) => line.msg === "slow query").length).toBeGreaterThan(0);
    });

    it("logs a query slower than SLOW_QUERY_MS at warn, with its SQL, its duration and the request's id, never its values", async () => {
      const marker = "Zqxmarker4417";
      const response = await fetch(`${server.url}/search?q=${marker}`, {
        headers: { accept: BROWSER_ACCEPT, "x-forwarded-for": "203.0.113.78" },
      });
      await response.text();
      expect(response.status).toBe(200);
      const id = response.headers.get("x-request-id")!;
      await untilLogged(server, () => logLinesOf(server, id).some(isRequestLine));
      const slow = logLinesOf(server, id).filter((line) => line.msg === "slow query");
      expect(slow.length).toBeGreaterThan(0);
      for (const line of slow) {
        expect(line.level).toBe(40);
        expect(typeof line.sql).toBe("string");
        expect(typeof line.durationMs).toBe("number");
      }
      // The search's queries took the term as a value: bound, and left out of the log.
      expect(slow.some((line) => /\$\d|\?/.test(String(line.sql)))).toBe(true);
      expect(JSON.stringify(slow).toLowerCase()).not.toContain(marker.toLowerCase());
    });

    it("closes the metrics' port with the rest on SIGTERM", async () => {
      expect(await server.stop("SIGTERM")).toBe(0);
      await expect(fetch(`http://127.0.0.1:${metricsPort}/metrics`)).rejects.toThrow();
    });
  });
}

describe("without METRICS_PORT or TRUST_PROXY, and the reference of a 500", () => {
  let server: RunningServer;
  beforeAll(async () => {
    // A server of its own: the last test breaks its database. Images from the database, so that one reaches Express's own error answer.
    server = await startServer({ UPLOADS_STORAGE: "database" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("opens no port for metrics and answers /metrics 404", async () => {
    expect(listeningPorts(server.process.pid!)).toEqual([Number(new URL(server.url).port)]);
    expect(server.logs.some((entry) => String(entry.msg).startsWith("metrics on"))).toBe(false);
    const response = await fetch(`${server.url}/metrics`, { headers: { accept: BROWSER_ACCEPT } });
    await response.arrayBuffer();
    expect(response.status).toBe(404);
  });

  it("replaces an id a client gives when no proxy is trusted", async () => {
    const response = await fetch(`${server.url}/api/states`, { headers: { "x-request-id": "lb-7f3a.1_Z" } });
    await response.arrayBuffer();
    expect(response.headers.get("x-request-id")).toMatch(UUID);
  });

  it("shows the request's id on the 500 page and in Express's own 500 answer, as the logs have it", async () => {
    server.expectLog(/^\/(\?reference|uploads\/photo\.webp)$/);
    server.expectLog(/^request failed$/);
    server.expectLog(/^request [0-9a-f-]{36}: SqliteError: no such table: states$/);
    server.expectLog(/^\s+at /);
    server.expectLog(/^\s+code: 'SQLITE_ERROR'$/);
    server.expectLog(/^}$/);
    server.expectLog(/^footer regions could not be read; pages show none until they can SqliteError: no such table: states$/);
    let stderr = "";
    server.process.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const database = new Database(path.join(server.dataDir, SQLITE_FILE_NAME));
    try {
      // A bug's kind of error (a table gone), not the database unavailable (a 503 of its own).
      database.pragma("foreign_keys = OFF");
      database.exec("DROP TABLE states; DROP TABLE image_blobs;");
    } finally {
      database.close();
    }

    const page = await fetch(`${server.url}/?reference`, { headers: { accept: BROWSER_ACCEPT } });
    expect(page.status).toBe(500);
    const id = page.headers.get("x-request-id")!;
    expect(id).toMatch(UUID);
    const visible = (await page.text()).replace(/<script\b[^]*?<\/script>/g, "");
    expect(visible).toMatch(/<h1[^>]*>Something went wrong<\/h1>/);
    expect(visible).toContain(`>Reference: ${id}</p>`);

    // An error that reaches Express itself: its plain-text 500.
    const image = await fetch(`${server.url}/uploads/photo.webp`);
    expect(image.status).toBe(500);
    const imageId = image.headers.get("x-request-id")!;
    expect(await image.text()).toBe(`Something went wrong on our side. Please try again in a moment.\nReference: ${imageId}`);

    // The operator finds the visitor's reference in the log.
    await untilLogged(server, () => [id, imageId].every((each) => logLinesOf(server, each).some(isRequestLine)));
    expect(logLinesOf(server, id).find(isRequestLine)).toMatchObject({ res: { statusCode: 500 } });
    // React Router's report of the error, on stderr with its stack, names the request too.
    await vi.waitFor(() => expect(stderr).toContain(`request ${id}: SqliteError: no such table: states`), { timeout: 5_000, interval: 10 });
    expect(logLinesOf(server, imageId).map((line) => line.msg)).toEqual(expect.arrayContaining(["request failed", "request errored"]));
  });
});
