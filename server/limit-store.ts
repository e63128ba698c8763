import type pg from "pg";
import type { Logger } from "pino";
import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { RateLimitRule } from "./rate-limit";

/** The table of migration 0005 that holds the counters when PostgreSQL carries the limits. */
export const RATE_LIMIT_TABLE = "rate_limits";

/**
 * Whether the shared store answers, told once per change: a warning when the limits fall back to each
 * server's own memory, and a line when they are shared again.
 */
export class LimitStoreHealth {
  private degraded = false;

  constructor(
    private readonly logger: Logger,
    private readonly store: "Redis" | "PostgreSQL",
  ) {}

  get isDegraded() {
    return this.degraded;
  }

  down(error: unknown) {
    if (this.degraded) return;
    this.degraded = true;
    this.logger.warn(
      { err: error },
      `rate limits degraded: ${this.store} does not answer, so each server counts only its own requests until it does`,
    );
  }

  up() {
    if (!this.degraded) return;
    this.degraded = false;
    this.logger.info(`rate limits shared again: ${this.store} answers`);
  }
}

/** Where the limits count: this process's memory (SQLite, one server), Redis, or a table of PostgreSQL. */
export type LimitStore =
  { kind: "memory" } | { kind: "redis"; client: Redis } | { kind: "postgres"; pool: pg.Pool; health: LimitStoreHealth };

/**
 * The limiter of one named rule on the store. A shared store's limiter has an insurance limiter in this
 * process's memory: while the store does not answer, each server still limits, on its own counts, and
 * nothing fails for want of a counter. Every rule has keys of its own (a Redis key prefix, or a key prefix
 * in the PostgreSQL table), so the same address counts separately against each rule.
 */
export function limiterFor(store: LimitStore, name: string, rule: RateLimitRule): RateLimiterAbstract {
  const points = rule.limit;
  const duration = Math.ceil(rule.windowMs / 1000);
  if (store.kind === "memory") return new RateLimiterMemory({ points, duration });
  const insuranceLimiter = new RateLimiterMemory({ points, duration });
  if (store.kind === "redis") {
    return new RateLimiterRedis({
      storeClient: store.client,
      keyPrefix: `wff:rate-limit:${name}`,
      points,
      duration,
      // While the connection is down, go straight to the insurance limiter rather than queue the count.
      rejectIfRedisNotReady: true,
      insuranceLimiter,
    });
  }
  const { pool, health } = store;
  // Every count goes through here, so the first failure and the first success after it are seen.
  const client = {
    query: (query: pg.QueryConfig) =>
      pool.query(query).then(
        (result) => {
          health.up();
          return result;
        },
        (error: unknown) => {
          health.down(error);
          throw error;
        },
      ),
  };
  return new RateLimiterPostgres({
    storeClient: client,
    storeType: "client",
    tableName: RATE_LIMIT_TABLE,
    // The table is made by the migrations (app/db/migrations/0005-rate-limits.server.ts), not by the library.
    tableCreated: true,
    keyPrefix: name,
    points,
    duration,
    insuranceLimiter,
  });
}
