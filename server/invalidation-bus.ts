import crypto from "node:crypto";
import type SqliteDatabase from "better-sqlite3";
import type { NextFunction, Request, Response } from "express";
import type { Redis } from "ioredis";
import type pg from "pg";
import type { Logger } from "pino";
import { carriesSessionCookie } from "~/http/auth.server";
import { clearCaches, invalidateEverywhere, setCachesUsable, setInvalidationBus } from "~/services/tools/cache.server";
import { postgresTransport } from "./invalidation/postgres";
import { redisTransport } from "./invalidation/redis";
import { watchExternalChanges } from "./invalidation/this-process";
import { RECONNECT_MS, type Transport } from "./invalidation/transport";
import { beforeHead } from "./response-lifecycle";

/** This process, in its own messages, so that it does not clear its caches twice. */
const SERVER_ID = crypto.randomUUID();

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
    private readonly transport: Transport["name"],
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
  transport: Transport["name"] | "this process";
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
 * Sends an invalidation. One that cannot be sent (the bus is down for this server) is sent again every
 * second until it goes through: the others may be up and still holding what it invalidates. Warned once.
 */
function publisher(logger: Logger, health: BusHealth, send: (payload: string) => Promise<unknown>) {
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
        logger.warn({ err: error, reason }, "cache invalidation could not be sent to the other servers yet; it is sent again every second");
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
}

/**
 * The invalidation bus of issue #15: every server hears, within milliseconds, that another one cleared its
 * caches. Redis pub/sub on a subscriber connection of its own when REDIS_URL is set (invalidation/redis.ts); else
 * PostgreSQL LISTEN/NOTIFY on a dedicated connection that reconnects (invalidation/postgres.ts); on SQLite (one
 * server) nothing beyond this process (invalidation/this-process.ts).
 */
export async function startInvalidationBus(options: BusOptions): Promise<RunningBus> {
  const { logger } = options;
  if (options.redisUrl && options.redisClient) return startTransport(logger, redisTransport(options.redisUrl, options.redisClient));
  if (options.databaseUrl && options.pool) return startTransport(logger, postgresTransport(options.databaseUrl, options.pool));
  // One server on SQLite: its own writes clear its caches, and another program's writes are seen by SQLite's data_version.
  const stopWatching = watchExternalChanges(options.sqlite);
  setCachesUsable(true);
  return {
    transport: "this process",
    async close() {
      stopWatching();
    },
  };
}

/** Starts a transport between servers, with this server's caches bypassed until it hears the others. */
async function startTransport(logger: Logger, transport: Transport): Promise<RunningBus> {
  const health = new BusHealth(logger, transport.name, () => sending.sendPending());
  const sending = publisher(logger, health, transport.send);
  setCachesUsable(false);
  const stopListening = transport.listen({
    up: () => health.up(),
    down: (error) => health.down(error),
    get isUp() {
      return health.isUp;
    },
    receive: (payload) => receive(logger, payload),
  });
  await firstConnection(health);
  setInvalidationBus({ publish: sending.publish });
  logger.info({ channel: transport.channel }, `caches are invalidated across servers through ${transport.via}`);
  return {
    transport: transport.name,
    async close() {
      setInvalidationBus(undefined);
      sending.stop();
      await stopListening();
    },
  };
}

/** Addresses of the admin area whose writes change nothing a visitor sees: signing in and out. */
const ADMIN_SESSION_ADDRESS = /^\/admin\/(login|logout|forgot-password|reset-password)(\.data)?$/;
const ADMIN_ADDRESS = /^\/admin(\/|\.data$|$)/;
const UPLOAD_ADDRESS = /^\/api\/upload\//;
/** An owner's edit and "Yes, still right" publish at once (decision 045). */
const OWNER_WRITE_ADDRESS = /^\/owner\/(listings\/\d+(\/photo)?|still-right)(\.data)?$/;

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
    const adminAddress = ADMIN_ADDRESS.test(req.path) || UPLOAD_ADDRESS.test(req.path) || OWNER_WRITE_ADDRESS.test(req.path);
    if (!signedIn && !adminAddress) return next();
    beforeHead(res, (_res, args) => {
      const status = typeof args[0] === "number" ? args[0] : res.statusCode;
      if (status < 400)
        invalidateEverywhere(`${req.method} ${req.path}`).catch((error: unknown) =>
          logger.error({ err: error }, "could not invalidate the caches after an admin write"),
        );
    });
    next();
  };
}
