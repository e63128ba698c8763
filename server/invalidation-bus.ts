import crypto from "node:crypto";
import type SqliteDatabase from "better-sqlite3";
import type { NextFunction, Request, Response } from "express";
import { Redis } from "ioredis";
import pg from "pg";
import type { Logger } from "pino";
import { forgetUnreadablePages } from "~/db/client.server";
import { isDatabaseUnavailable } from "~/db/unavailable.server";
import { carriesSessionCookie } from "~/http/auth.server";
import {
  clearCaches,
  invalidateEverywhere,
  setCachesUsable,
  setExternalChangeCheck,
  setInvalidationBus,
} from "~/services/tools/cache.server";

/** This process, in its own messages, so that it does not clear its caches twice. */
const SERVER_ID = crypto.randomUUID();

/** The PostgreSQL channel (LISTEN/NOTIFY is per database, so two sites on one server never hear each other). */
export const POSTGRES_CHANNEL = "wff_cache_invalidation";

/** The Redis channel: pub/sub ignores database numbers, so the number is part of the name. */
export function redisChannel(url: string): string {
  const database = /^\/(\d+)$/.exec(new URL(url).pathname)?.[1] ?? "0";
  return `wff:cache-invalidation:${database}`;
}

/** How often the PostgreSQL listener checks its connection, and how soon it reconnects after losing it. */
const LISTENER_CHECK_MS = 2_000;
const RECONNECT_MS = 1_000;
/** How long the server waits at most at start for the bus to be ready (it starts with its caches bypassed otherwise). */
const FIRST_CONNECT_MS = 10_000;

interface Message {
  from: string;
  reason: string;
}

/**
 * Whether this server hears the others' invalidations. While it does not, its caches are bypassed; when it
 * does again they are emptied and used. Said once per change: a warning, then a line when it is back.
 */
class BusHealth {
  private state: "starting" | "up" | "down" = "starting";
  /** Something this server could not publish while the bus was down: sent once it is back. */
  pendingReason: string | undefined;

  constructor(
    private readonly logger: Logger,
    private readonly transport: "Redis" | "PostgreSQL",
    private readonly onUp: () => void,
  ) {}

  get isUp() {
    return this.state === "up";
  }

  /** Whether the first connection has either succeeded or failed. */
  get settled() {
    return this.state !== "starting";
  }

  down(error: unknown) {
    if (this.state === "down") return;
    const wasStarting = this.state === "starting";
    this.state = "down";
    setCachesUsable(false);
    this.logger.warn(
      { err: error },
      `cache invalidation degraded: ${this.transport} does not answer, so this server cannot hear the others' changes and serves without its caches until it does${wasStarting ? " (since start)" : ""}`,
    );
  }

  up() {
    if (this.state === "up") return;
    if (this.state === "down") this.logger.info(`cache invalidation recovered: ${this.transport} answers; the caches start again empty`);
    this.state = "up";
    setCachesUsable(true);
    this.onUp();
  }
}

export interface RunningBus {
  transport: "Redis" | "PostgreSQL" | "this process";
  close(): Promise<void>;
}

export interface BusOptions {
  logger: Logger;
  redisUrl?: string;
  /** The client the rate limits use, for publishing (a subscribed connection cannot publish). */
  redisClient?: Redis;
  databaseUrl?: string;
  pool?: pg.Pool;
  /** The SQLite connection, when the database is SQLite. */
  sqlite?: SqliteDatabase.Database;
}

function receive(logger: Logger, payload: string | undefined) {
  let message: Message;
  try {
    message = JSON.parse(payload ?? "") as Message;
  } catch {
    return logger.warn({ payload }, "cache invalidation: a message that is not ours was ignored");
  }
  if (message.from === SERVER_ID) return;
  const cleared = clearCaches();
  logger.debug({ reason: message.reason, cleared }, "caches cleared by another server");
}

/**
 * Waits until the first connection succeeded (the bus is up) or failed (degraded, logged), FIRST_CONNECT_MS at
 * most: a slow first connection on a busy machine would otherwise leave the server without its caches and
 * without a word about why.
 */
function firstConnection(health: BusHealth): Promise<void> {
  return new Promise((resolve) => {
    const started = Date.now();
    const check = () => {
      if (health.settled || Date.now() - started >= FIRST_CONNECT_MS) return resolve();
      setTimeout(check, 25);
    };
    check();
  });
}

/**
 * The invalidation bus of issue #15: every server hears, within milliseconds, that another one cleared its
 * caches. Redis pub/sub on a subscriber connection of its own when REDIS_URL is set; else PostgreSQL
 * LISTEN/NOTIFY on a dedicated connection that reconnects; on SQLite (one server) nothing beyond this process.
 */
export async function startInvalidationBus(options: BusOptions): Promise<RunningBus> {
  const { logger } = options;
  /**
   * Sends an invalidation. One that cannot be sent (the bus is down for this server) is sent again every
   * second until it goes through: the others may be up and still holding what it invalidates. Warned once.
   */
  const publisher = (health: BusHealth, send: (payload: string) => Promise<unknown>) => {
    let retry: NodeJS.Timeout | undefined;
    let warned = false;
    const publish = async (reason: string): Promise<void> => {
      try {
        await send(JSON.stringify({ from: SERVER_ID, reason } satisfies Message));
        warned = false;
      } catch (error) {
        health.pendingReason = reason;
        if (!warned) {
          warned = true;
          logger.warn(
            { err: error, reason },
            "cache invalidation could not be sent to the other servers yet; it is sent again every second",
          );
        }
        retry ??= setTimeout(() => {
          retry = undefined;
          sendPending();
        }, RECONNECT_MS);
      }
    };
    const sendPending = () => {
      const reason = health.pendingReason;
      health.pendingReason = undefined;
      if (reason) void publish(reason);
    };
    return { publish, sendPending, stop: () => clearTimeout(retry) };
  };

  if (options.redisUrl && options.redisClient) {
    const channel = redisChannel(options.redisUrl);
    const health = new BusHealth(logger, "Redis", () => sending.sendPending());
    const sending = publisher(health, (payload) => options.redisClient!.publish(channel, payload));
    let closing = false;
    const subscriber = new Redis(options.redisUrl, {
      lazyConnect: true,
      // Subscribed again by hand on every connection, and only then is the bus up.
      autoResubscribe: false,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 2_000,
      retryStrategy: (attempt) => Math.min(attempt * 100, RECONNECT_MS),
    });
    subscriber.on("error", (error: Error) => health.down(error));
    subscriber.on("close", () => {
      if (!closing) health.down(new Error("the subscriber connection to Redis closed"));
    });
    subscriber.on("ready", () => {
      subscriber.subscribe(channel).then(
        () => health.up(),
        (error: unknown) => health.down(error),
      );
    });
    subscriber.on("message", (_channel: string, payload: string) => receive(logger, payload));
    setCachesUsable(false);
    subscriber.connect().catch(() => undefined);
    await firstConnection(health);
    setInvalidationBus({ publish: sending.publish });
    logger.info({ channel }, "caches are invalidated across servers through Redis");
    return {
      transport: "Redis",
      async close() {
        closing = true;
        setInvalidationBus(undefined);
        sending.stop();
        subscriber.disconnect();
      },
    };
  }

  if (options.databaseUrl && options.pool) {
    const pool = options.pool;
    const health = new BusHealth(logger, "PostgreSQL", () => sending.sendPending());
    const sending = publisher(health, (payload) => pool.query("select pg_notify($1, $2)", [POSTGRES_CHANNEL, payload]));
    let closing = false;
    let listener: pg.Client | undefined;
    let reconnect: NodeJS.Timeout | undefined;

    const lost = (client: pg.Client, error: unknown) => {
      if (listener !== client) return;
      listener = undefined;
      client.removeAllListeners("notification");
      client.end().catch(() => undefined);
      if (closing) return;
      health.down(error);
      reconnect ??= setTimeout(() => {
        reconnect = undefined;
        void connect();
      }, RECONNECT_MS);
    };
    const connect = async () => {
      const client = new pg.Client({
        connectionString: options.databaseUrl,
        keepAlive: true,
        connectionTimeoutMillis: 2_000,
        // The check below fails a connection only after 5 s without an answer: a busy machine can take a second.
        query_timeout: 5_000,
        application_name: "wff cache invalidation",
      });
      listener = client;
      client.on("error", (error: Error) => lost(client, error));
      client.on("end", () => lost(client, new Error("the listening connection to PostgreSQL ended")));
      client.on("notification", (notification) => receive(logger, notification.payload));
      try {
        await client.connect();
        await client.query(`LISTEN ${POSTGRES_CHANNEL}`);
        if (listener === client) health.up();
      } catch (error) {
        lost(client, error);
      }
    };
    // A connection can die without a word (a restarted server, a dropped route): it is asked a question now and then.
    let checking = false;
    const check = setInterval(() => {
      const client = listener;
      if (!client || !health.isUp || checking) return;
      checking = true;
      client
        .query("select 1")
        .catch((error: unknown) => lost(client, error))
        .finally(() => {
          checking = false;
        });
    }, LISTENER_CHECK_MS);
    check.unref();

    setCachesUsable(false);
    void connect();
    await firstConnection(health);
    setInvalidationBus({ publish: sending.publish });
    logger.info({ channel: POSTGRES_CHANNEL }, "caches are invalidated across servers through PostgreSQL LISTEN/NOTIFY");
    return {
      transport: "PostgreSQL",
      async close() {
        closing = true;
        setInvalidationBus(undefined);
        sending.stop();
        clearInterval(check);
        clearTimeout(reconnect);
        const client = listener;
        listener = undefined;
        await client?.end().catch(() => undefined);
      },
    };
  }

  // One server on SQLite: its own writes clear its caches. A write by another program (the sqlite3 shell, a
  // script) is seen by SQLite's data_version, which changes when another connection commits. It is asked at the
  // first use of a cache in each turn of the event loop, and the other uses in that turn go by its answer: a commit
  // is seen from the next turn on, and a request handled in the same turn as the question may still get what was
  // there a moment before, as if it had come a moment earlier. Asked before every use, it cost about 34 µs of each
  // answer from the page cache; asked once per turn, about 6 µs (CPU profiles of the cached zipcode search).
  // A file that cannot be read is asked about again at every use.
  const sqlite = options.sqlite;
  if (sqlite) {
    const dataVersion = sqlite.prepare("PRAGMA data_version").pluck();
    let seen = dataVersion.get();
    let askedThisTurn = false;
    const nextTurn = () => {
      askedThisTurn = false;
    };
    setExternalChangeCheck(() => {
      if (askedThisTurn) return false;
      let now: unknown;
      try {
        now = dataVersion.get();
        askedThisTurn = true;
        setImmediate(nextTurn);
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        // The file cannot be read (SQLITE_NOTADB, SQLITE_IOERR...): nothing cached may be served for it, and the
        // request goes on to its own queries, which fail the same way and answer the site's 503 page or JSON.
        forgetUnreadablePages(sqlite, error);
        return true;
      }
      if (now === seen) return false;
      seen = now;
      return true;
    });
  }
  setCachesUsable(true);
  return {
    transport: "this process",
    async close() {
      setExternalChangeCheck(undefined);
    },
  };
}

/** Addresses of the admin area whose writes change nothing a visitor sees: signing in and out. */
const ADMIN_SESSION_ADDRESS = /^\/admin\/(login|logout)(\.data)?$/;
const ADMIN_ADDRESS = /^\/admin(\/|\.data$|$)/;
const UPLOAD_ADDRESS = /^\/api\/upload\//;

/**
 * Every successful write by a signed-in admin or to an admin address (the admin area and its `.data` posts,
 * the upload API) clears the caches on every server, before its answer leaves: whatever the action changed,
 * the next page anyone sees is rendered afresh. Public forms (newsletter, suggestions, listing requests,
 * reports) change no public page until an admin acts on them, so they do not.
 */
export function invalidateAfterAdminWrites(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS" || ADMIN_SESSION_ADDRESS.test(req.path)) return next();
    const signedIn = carriesSessionCookie(req.headers.cookie);
    const adminAddress = ADMIN_ADDRESS.test(req.path) || UPLOAD_ADDRESS.test(req.path);
    if (!signedIn && !adminAddress) return next();
    const writeHead = res.writeHead;
    let done = false;
    res.writeHead = function (this: Response, ...args: unknown[]) {
      const status = typeof args[0] === "number" ? args[0] : this.statusCode;
      if (!done && status < 400) {
        done = true;
        invalidateEverywhere(`${req.method} ${req.path}`).catch((error: unknown) =>
          logger.error({ err: error }, "could not invalidate the caches after an admin write"),
        );
      }
      return writeHead.apply(this, args as Parameters<typeof writeHead>);
    } as typeof writeHead;
    next();
  };
}
