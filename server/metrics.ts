import http from "node:http";
import type { Response } from "express";
import type { Logger } from "pino";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/** What the app hands the metrics to read at scrape time (server/app.ts), never per request. */
export interface MetricsSources {
  /** The render turns (server/render-turns.ts): how many pages render now, how many wait. */
  turns(): { running: number; waiting: number };
  /** The background jobs (the `jobs` table) by state. */
  jobsByState(): Promise<Record<string, number>>;
  /** The mail outbox (the `mail_outbox` table) by status. */
  outboxByStatus(): Promise<Record<string, number>>;
}

/** The states a job or an outbox row may be in: each is reported, at 0 when none is, so that a rate of change never starts from nothing. */
const JOB_STATES = ["queued", "running", "done", "failed"];
const OUTBOX_STATUSES = ["kept", "queued", "sending", "sent", "failed"];

/** From a millisecond to ten seconds: a page from the cache takes well under one, the render deadline is six. */
const SECONDS_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A route label: React Router's route id for pages and the API, a fixed name for what Express answers itself. */
export type RouteLabel = string;

export interface Metrics {
  readonly registry: Registry;
  /**
   * Called once a request is answered (server/request-log.ts): its duration by route and status, its render time,
   * how the page cache answered it (its X-Cache header) and its database queries (res.locals.dbQueries).
   */
  observeRequest(res: Response, durationMs: number): void;
  /** A per-address limit refused a request (server/rate-limit.ts). */
  rateLimitRefused(limit: string): void;
  /** What the gauges read when scraped (server/app.ts, once started). */
  setSources(sources: MetricsSources): void;
}

/** Filled in by setSources; until then the gauges report nothing. */
interface Readers {
  sources?: MetricsSources;
}

/**
 * The server's Prometheus metrics (issue #39, docs/decisions/047), in a registry of their own, served on
 * METRICS_PORT by startMetricsServer. Kept only when METRICS_PORT is set: otherwise nothing is counted at all.
 * Every label has few values: a route id or a fixed name (never the address), a status, a cache state, a limit's name.
 */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const readers: Readers = {};

  const requestDuration = new Histogram({
    name: "wff_http_request_duration_seconds",
    help: "Time from a request's arrival to its answer's end, by route (React Router's route id, or a fixed name) and status",
    labelNames: ["route", "status"] as const,
    buckets: SECONDS_BUCKETS,
    registers: [registry],
  });
  const renderDuration = new Histogram({
    name: "wff_page_render_duration_seconds",
    help: "Time a page or API answer rendered by React Router took, from its render turn to its last byte, by route",
    labelNames: ["route"] as const,
    buckets: SECONDS_BUCKETS,
    registers: [registry],
  });
  const pageCache = new Counter({
    name: "wff_page_cache_requests_total",
    help: "Pages and API answers by how the page cache answered them (X-Cache): hit, miss or bypass",
    labelNames: ["state"] as const,
    registers: [registry],
  });
  const queriesPerRequest = new Histogram({
    name: "wff_db_queries_per_request",
    help: "Database queries one request made, by route",
    labelNames: ["route"] as const,
    buckets: [0, 1, 2, 5, 10, 20, 50, 100],
    registers: [registry],
  });
  const queryTimePerRequest = new Histogram({
    name: "wff_db_query_duration_seconds_per_request",
    help: "Time one request spent in database queries, by route",
    labelNames: ["route"] as const,
    buckets: SECONDS_BUCKETS,
    registers: [registry],
  });
  const refusals = new Counter({
    name: "wff_rate_limit_refusals_total",
    help: "Requests a per-address limit refused, by limit",
    labelNames: ["limit"] as const,
    registers: [registry],
  });
  new Gauge({
    name: "wff_render_turns_waiting",
    help: "Pages waiting for a render turn (server/render-turns.ts)",
    registers: [registry],
    collect() {
      if (readers.sources) this.set(readers.sources.turns().waiting);
    },
  });
  new Gauge({
    name: "wff_render_turns_running",
    help: "Pages holding a render turn",
    registers: [registry],
    collect() {
      if (readers.sources) this.set(readers.sources.turns().running);
    },
  });
  // The tables are read when scraped; a database that does not answer leaves the gauge empty (the readiness alert says why).
  const byState = (gauge: Gauge<string>, label: string, known: string[], read: () => Promise<Record<string, number>>) =>
    read().then(
      (counts) => {
        gauge.reset();
        for (const state of new Set([...known, ...Object.keys(counts)])) gauge.set({ [label]: state }, counts[state] ?? 0);
      },
      () => gauge.reset(),
    );
  new Gauge({
    name: "wff_jobs",
    help: "Background jobs of the admin's tools by state (queued, running, done, failed), read from the database when scraped",
    labelNames: ["state"] as const,
    registers: [registry],
    async collect() {
      if (readers.sources) await byState(this, "state", JOB_STATES, readers.sources.jobsByState);
    },
  });
  new Gauge({
    name: "wff_mail_outbox_messages",
    help: "Messages in the mail outbox by status (kept, queued, sending, sent, failed), read from the database when scraped",
    labelNames: ["status"] as const,
    registers: [registry],
    async collect() {
      if (readers.sources) await byState(this, "status", OUTBOX_STATUSES, readers.sources.outboxByStatus);
    },
  });

  return {
    registry,
    observeRequest(res, durationMs) {
      const locals = res.locals;
      const route = (locals.routeId as string | undefined) ?? "unmatched";
      requestDuration.observe({ route, status: res.statusCode }, durationMs / 1000);
      const renderStartedAt = locals.renderStartedAt as number | undefined;
      if (renderStartedAt !== undefined) renderDuration.observe({ route }, (performance.now() - renderStartedAt) / 1000);
      const cache = res.getHeader("X-Cache");
      if (typeof cache === "string") pageCache.inc({ state: cache });
      const count = locals.dbQueries as { queries: number; durationMs: number } | undefined;
      // Requests that reached the app (server/app.ts counts their queries); an answer from the page cache made none.
      if (count && cache !== "hit") {
        queriesPerRequest.observe({ route }, count.queries);
        queryTimePerRequest.observe({ route }, count.durationMs / 1000);
      }
    },
    rateLimitRefused(limit) {
      refusals.inc({ limit });
    },
    setSources(sources) {
      readers.sources = sources;
    },
  };
}

/**
 * The metrics' own HTTP server: GET /metrics in Prometheus's text format, everything else 404. It listens on
 * METRICS_PORT of HOST, apart from the site's port; it must not be reachable from outside (docs/deploy.md).
 */
export function startMetricsServer(metrics: Metrics, { port, host, logger }: { port: number; host: string; logger: Logger }) {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    if (path !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" }).end("Not found.");
      return;
    }
    metrics.registry.metrics().then(
      (text) => {
        res.writeHead(200, { "Content-Type": metrics.registry.contentType, "Cache-Control": "no-store" });
        res.end(req.method === "HEAD" ? undefined : text);
      },
      (error: unknown) => {
        logger.error({ err: error }, "could not collect the metrics");
        res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" }).end("The metrics could not be collected.");
      },
    );
  });
  return new Promise<http.Server>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      server.on("error", (error) => logger.error({ err: error }, "metrics listener error"));
      logger.info({ metricsPort: port, host }, `metrics on http://${host}:${port}/metrics`);
      resolve(server);
    });
  });
}
