import { createRequestHandler } from "@react-router/express";
import express from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { Logger } from "pino";
import { getDatabase, startDatabase, stopDatabase } from "~/db/db.server";
import { checkDatabase } from "~/db/health.server";
import { countQueries, currentRequest, setQueryListener, type QueryCount } from "~/db/query-count.server";
import { ensureFirstAdmin } from "~/services/auth/admins.server";
import { startJobQueue } from "~/services/jobs/queue.server";
import { startMailSender } from "~/services/mail/sender.server";
import { startPendingCleanup } from "~/services/newsletter/housekeeping.server";
import { startOwnerFreshness } from "~/services/owners/freshness.server";
import { startAdminDigest } from "~/services/mail/digest.server";
import { registerCalendarRoutes } from "~/http/calendar-routes.server";
import {
  clientIpContext,
  cspNonceContext,
  rateLimitRefusalContext,
  renderedAtContext,
  requestIdContext,
} from "~/http/request-context.server";
import { RENDER_DEADLINE_MS } from "~/http/render-deadline.server";
import { setEnv, type Env } from "~/utils/env.server";
import { WORKER_STATUS_PATH } from "~/utils/offline";
import { originCheck } from "./origin-check";
import { limiterFor, LimitStoreHealth, type LimitStore } from "./limit-store";
import { rateLimit, refusalOf, type RateLimitOptions, type RateLimitRule } from "./rate-limit";
import { invalidateAfterAdminWrites, startInvalidationBus } from "./invalidation-bus";
import { compressResponses } from "./compress";
import { DEFAULT_PAGE_CACHE_OPTIONS, pageCache } from "./page-cache";
import { pageEtags } from "./page-etag";
import { series } from "./series";
import { takingTurns } from "./render-turns";
import { readiness } from "./readiness";
import { connectRedis } from "./redis";
import { uploadsFromDatabase } from "./uploads-from-database";
import type { Metrics } from "./metrics";
import { routeIds } from "./route-ids";

export interface AppOptions {
  env: Env;
  logger: Logger;
  development: boolean;
  /** The Prometheus metrics (server/metrics.ts), when METRICS_PORT is set. */
  metrics?: Metrics | undefined;
}

export interface RunningApp {
  handler: express.Router;
  /** The id of the request the code running now works for, if any (the log lines' `requestId`). */
  currentRequestId(): string | undefined;
  close(): Promise<void>;
}

const MINUTE = 60_000;

/**
 * Pages React Router answers at once; the others wait their turn (server/render-turns.ts). Four, measured: one or
 * two collected the old generation as seldom, but leave a page's database waits (PostgreSQL) with nothing to
 * overlap; ten or more (no limit) collected it four to six times as often (docs/decisions/036).
 */
const PAGES_AT_ONCE = 4;

/**
 * The longest a request holds its render turn: the render deadline stops its render at 6 s; two seconds more are
 * for sending it. Past it the turn goes to the next in line (a client reading that slowly keeps its connection).
 */
const TURN_HOLD_LIMIT_MS = RENDER_DEADLINE_MS + 2_000;

/** /readyz fails once every render turn has been held this long with none taken or given back. */
const RENDERS_STUCK_MS = 5_000;

/** Everything between the HTTP listener and the React Router pages and API: database, Redis, limits, headers. */
export async function startApp({ env, logger, development, metrics }: AppOptions): Promise<RunningApp> {
  setEnv(env);
  // A query over SLOW_QUERY_MS is logged at warn, and at debug level each query is: with its SQL (never its
  // values), its duration and its request's id (what a slow page runs).
  const debugQueries = logger.isLevelEnabled("debug");
  setQueryListener((sql, durationMs, request) => {
    if (durationMs >= env.SLOW_QUERY_MS) logger.warn({ sql, durationMs, requestId: request?.requestId }, "slow query");
    else if (debugQueries) logger.debug({ sql, durationMs, requestId: request?.requestId }, "query");
  });
  // The first admin is created under the database's start-up lock too: servers starting at once create one.
  const database = await startDatabase(env, logger, (db) => ensureFirstAdmin(db, env, logger));
  const build: ServerBuild = await import("virtual:react-router/server-build");
  // With metrics, each request's route is named: React Router's route id, or the name of what Express answers.
  const routes = metrics ? routeIds(build.routes) : undefined;
  // Redis, when configured, carries what the servers share (the rate limits); the server starts even while it is down.
  const redis = env.REDIS_URL ? await connectRedis(env.REDIS_URL, new LimitStoreHealth(logger, "Redis")) : undefined;
  // The admin's long tools run in the background: through pg-boss on PostgreSQL (any server), in this process on SQLite.
  const jobs = await startJobQueue(database, {
    dataDir: env.DATA_DIR,
    logger,
    databaseUrl: env.DATABASE_URL,
    stepPauseMs: env.JOB_STEP_PAUSE_MS,
  });
  // Mail goes through the outbox: sent through SMTP_URL by the job queue's workers (pg-boss on PostgreSQL, this
  // process on SQLite), or kept for the admin to read.
  const mail = await startMailSender({
    jobs,
    db: database.db,
    postgres: database.dialect === "postgres",
    logger,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    siteUrl: env.SITE_URL,
    leaseMs: env.MAIL_LEASE_SECONDS * 1000,
  });
  const pendingCleanup = startPendingCleanup(database.db, logger);
  // "Is your listing still right?": every server checks every hour (OWNER_CHECK_INTERVAL_SECONDS); each owner is claimed by one of them (decision 045).
  const ownerFreshness = startOwnerFreshness(database.db, logger, env.SITE_URL, env.OWNER_CHECK_INTERVAL_SECONDS * 1000);
  // The admins' daily digest: every server checks every 10 minutes; the one that claims it queues it.
  const digest = await startAdminDigest({ db: database.db, logger, siteUrl: env.SITE_URL });
  // Every server hears every other's cache invalidations: through Redis, else PostgreSQL, else (SQLite) no one else.
  const bus = await startInvalidationBus({
    logger,
    redisUrl: env.REDIS_URL,
    redisClient: redis?.client,
    databaseUrl: env.DATABASE_URL,
    pool: database.pool,
    sqlite: database.sqlite,
  });

  // A router, not an application of its own: a mounted application swaps the prototypes of every request and
  // response on the way in and out, which cost more garbage than any other step of an answer from the page cache.
  // server/main.ts's application holds the settings (trust proxy).
  const app = express.Router();
  // Every request passes these, as one layer of the router (server/series.ts).
  app.use(
    series(
      originCheck({ siteUrl: env.SITE_URL }),
      // The request's database queries are counted; the request log line says how many (dbQueries). What runs
      // for the request knows its id (the log lines' requestId); the metrics name its route.
      (req, res, next) => {
        const count: QueryCount = { queries: 0, durationMs: 0, requestId: res.locals.requestId as string | undefined };
        res.locals.dbQueries = count;
        if (routes) res.locals.routeId = routes.of(req.path);
        countQueries(count, next);
      },
      invalidateAfterAdminWrites(logger),
    ),
  );

  // Images stored in the database (UPLOADS_STORAGE=database; disk mode serves them in server/main.ts). Like the
  // files of disk mode, outside the rate limits: a page shows many, and a 304 reads no bytes.
  if (env.UPLOADS_STORAGE === "database")
    app.use(
      "/uploads",
      uploadsFromDatabase(() => getDatabase().db),
    );

  // Liveness: the process answers and so does its database (on SQLite: its file reads, and its write lock is free).
  app.get("/healthz", async (_req, res) => {
    const handle = getDatabase();
    try {
      await checkDatabase(handle);
      res.set("Cache-Control", "no-store").json({ status: "ok", database: handle.dialect });
    } catch (error) {
      logger.error({ err: error }, "health check failed");
      res.status(503).set("Cache-Control", "no-store").json({ status: "error", database: handle.dialect });
    }
  });

  // The service worker's kill switch (docs/decisions/046-offline-service-worker.md): with SERVICE_WORKER=off, a
  // worker that asks empties its caches and unregisters, and a page that asks registers none.
  app.get(WORKER_STATUS_PATH, (_req, res) => {
    res.set("Cache-Control", "no-store").json({ serviceWorker: env.SERVICE_WORKER });
  });

  // React Router answers the pages and the API, a few at a time (server/render-turns.ts).
  const renderPage = createRequestHandler({
    // In production the build is handed over once: given a function, React Router derives its route tables and
    // static handler again on every request (a few ms of CPU each), which only development's reloads need.
    build: development ? () => import("virtual:react-router/server-build") : build,
    mode: development ? "development" : "production",
    // With route middleware on, React Router takes a RouterContextProvider; the admin routes add the signed-in admin to it.
    getLoadContext: (req, res) => {
      // Kept for pageEtags, which leaves it out of the page's ETag.
      const renderedAt = new Date().toISOString();
      res.locals.renderedAt = renderedAt;
      return new RouterContextProvider(
        new Map([
          [clientIpContext, req.ip ?? "unknown"],
          [cspNonceContext, String(res.locals.cspNonce ?? "")],
          [renderedAtContext, renderedAt],
          [rateLimitRefusalContext, refusalOf(res) ?? null],
          [requestIdContext, String(res.locals.requestId ?? "")],
        ]),
      );
    },
  });
  const pages = takingTurns(
    // With metrics, a page's render time counts from its turn (server/metrics.ts).
    metrics
      ? (req, res, next) => {
          res.locals.renderStartedAt = performance.now();
          return renderPage(req, res, next);
        }
      : renderPage,
    {
      limit: PAGES_AT_ONCE,
      holdLimitMs: TURN_HOLD_LIMIT_MS,
      // The admin's downloads (app/routes.ts): sent at the admin's speed, without a turn.
      downloads: /^\/admin\/(wholesalers\.csv|subscribers\.csv|tools\/backup)$/,
      onOverdue: (req, heldMs) =>
        logger.warn({ req: { method: req.method, url: req.originalUrl }, heldMs }, "render turn held past its limit: given to the next"),
    },
  );

  // Readiness: whether this server should get traffic (its database and, when configured, Redis answer).
  app.get(
    "/readyz",
    readiness([
      { name: "database", label: "the database", check: () => checkDatabase(getDatabase()) },
      ...(redis ? [{ name: "redis", label: "Redis", check: () => redis.ping() }] : []),
      // Every render turn held with none moving: no page could start now.
      {
        name: "renders",
        label: "the page renderer",
        check: async () => {
          if (pages.turns.stuckForMs() > RENDERS_STUCK_MS) throw new Error("every render turn is held");
        },
      },
    ]),
  );

  // With several servers the limits count in Redis, or else in PostgreSQL; SQLite has one server, counting in memory.
  const store: LimitStore = redis
    ? { kind: "redis", client: redis.client }
    : database.pool
      ? { kind: "postgres", pool: database.pool, health: new LimitStoreHealth(logger, "PostgreSQL") }
      : { kind: "memory" };
  logger.info(
    { store: store.kind },
    `rate limits count in ${{ memory: "this server's memory", redis: "Redis", postgres: "PostgreSQL" }[store.kind]}`,
  );
  const limit = (name: string, rule: RateLimitRule, options?: RateLimitOptions) =>
    rateLimit(rule, limiterFor(store, name, rule), metrics ? { ...options, onRefused: () => metrics.rateLimitRefused(name) } : options);
  const tooMany = "Too many requests. Please wait a few minutes and try again.";
  // One count for the JSON API and the form's own address (/newsletter, used before the page's script runs).
  app.post(["/api/newsletter/subscribe", "/newsletter"], limit("newsletter", { limit: 10, windowMs: 10 * MINUTE, message: tooMany }));
  // Sign-in attempts are throttled per account and address in the auth service; this bounds the rest, on the
  // form's own address and on its data address (where the page's script posts it), in one count.
  // The code step after the password (decision 048) shares the form's count.
  app.post(
    ["/admin/login", "/admin/login.data", "/admin/login/code", "/admin/login/code.data"],
    limit("admin-login", { limit: 30, windowMs: 10 * MINUTE, message: tooMany }, { handToPage: true }),
  );
  // "Forgot password": each request may send a message (the service also sends at most 3 links an hour per admin),
  // and each new password costs a hash. Counted like the sign-in form, on the page's address and its data address.
  app.post(
    ["/admin/forgot-password", "/admin/forgot-password.data"],
    limit("admin-forgot-password", { limit: 5, windowMs: 10 * MINUTE, message: tooMany }, { handToPage: true }),
  );
  app.post(
    ["/admin/reset-password", "/admin/reset-password.data"],
    limit("admin-reset-password", { limit: 20, windowMs: 10 * MINUTE, message: tooMany }, { handToPage: true }),
  );
  // The owners' sign-in link requests (each may send a message) and the posts of their links' pages (decision 045).
  app.post(
    ["/owner/sign-in", "/owner/sign-in.data"],
    limit("owner-sign-in", { limit: 5, windowMs: 10 * MINUTE, message: tooMany }, { handToPage: true }),
  );
  app.post(
    ["/owner/link", "/owner/link.data", "/owner/still-right", "/owner/still-right.data"],
    limit("owner-link", { limit: 20, windowMs: 10 * MINUTE, message: tooMany }, { handToPage: true }),
  );
  // Public forms also count their saved requests per hour in their services; this bounds the refused ones too.
  // With JavaScript a form posts to its page's data address (`.data`), counted with the page's own.
  for (const [name, form] of [
    ["suggestion", "/about"],
    ["business-listing", "/list-your-business"],
    ["listing-report", "/wholesalers/:id/report"],
    ["demand-request", "/notify-me"],
    ["owner-claim", "/wholesalers/:id/claim"],
  ] as const) {
    app.post([form, `${form}.data`], limit(name, { limit: 60, windowMs: 10 * MINUTE, message: tooMany }, { handToPage: true }));
  }
  app.post(["/api/upload/{*kind}", "/owner/listings/:id/photo"], limit("upload", { limit: 120, windowMs: 10 * MINUTE, message: tooMany }));
  // A search costs more than a page read from the cache; people do not search once a second for a minute.
  app.get(["/search", "/search.data"], limit("search", { limit: 60, windowMs: MINUTE, message: tooMany }, { handToPage: true }));
  app.use(limit("requests", { limit: 1200, windowMs: MINUTE, message: tooMany }));
  // A cached page is answered here, right after the limits have counted it: nothing below runs for it. Not in
  // development, where an edited component must show on the next reload.
  // Past it, what is rendered is compressed as it is sent; the cache's answers were compressed when kept.
  const compress = compressResponses();
  if (env.PAGE_CACHE === "on" && !development) app.use(pageCache({ ...DEFAULT_PAGE_CACHE_OPTIONS, logger, compress }));
  else app.use(compress);

  // No address of the site holds a NUL (%00), and PostgreSQL cannot compare text with one ("invalid byte sequence
  // for encoding UTF8: 0x00"): such an address is a 400 (server/error-answer.ts) before any route runs.
  app.use((req, _res, next) => {
    if (req.originalUrl.includes("%00")) return next(Object.assign(new Error("a NUL in the address"), { status: 400 }));
    next();
  });

  registerCalendarRoutes(app);

  // React Router's splat route does not match a line break, so an /api address holding one (%0A, %0D,
  // %E2%80%A8) would fall through to the HTML 404 page: it gets the API's own JSON 404 (routes/api/not-found.ts).
  app.use("/api", (req, res, next) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    if (!/[\n\r\u2028\u2029]/.test(decoded)) return next();
    res.status(404).set("Cache-Control", "no-store").json({ message: "No such API endpoint." });
  });
  app.use(pageEtags());

  // React Router renders a HEAD request in full and then drops its body, so the page's ETag (server/page-etag.ts)
  // would be the hash of nothing and differ from the GET's: it is handed the request as a GET, and Node leaves the
  // body out of the answer to a HEAD (it knew the method when it made the response).
  app.all(
    "/{*path}",
    (req, _res, next) => {
      if (req.method === "HEAD") req.method = "GET";
      next();
    },
    pages,
  );

  // The gauges read the render turns and the database when scraped, never per request.
  metrics?.setSources({
    turns: () => pages.turns.load,
    jobsByState: async () => {
      const rows = await getDatabase()
        .db.selectFrom("jobs")
        .select((eb) => ["state", eb.fn.countAll<number | string>().as("count")])
        .groupBy("state")
        .execute();
      return Object.fromEntries(rows.map((row) => [row.state, Number(row.count)]));
    },
    outboxByStatus: async () => {
      const rows = await getDatabase()
        .db.selectFrom("mail_outbox")
        .select((eb) => ["status", eb.fn.countAll<number | string>().as("count")])
        .groupBy("status")
        .execute();
      return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
    },
  });

  return {
    handler: app,
    currentRequestId: () => currentRequest()?.requestId,
    async close() {
      await digest.close();
      pendingCleanup.stop();
      ownerFreshness.stop();
      await mail.close();
      await jobs.close();
      await bus.close();
      await redis?.close();
      await stopDatabase();
    },
  };
}
