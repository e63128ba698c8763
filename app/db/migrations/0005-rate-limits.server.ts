import type { Kysely } from "kysely";

/**
 * The counters of the rate limits when several servers share one PostgreSQL database and no Redis
 * (server/limit-store.ts, rate-limiter-flexible's RateLimiterPostgres): one row per rule and client address,
 * `key` as "<rule>:<address>", the points used in the window and when the window ends (`expire`, epoch
 * milliseconds). The columns are in the order the library inserts them. SQLite has the same table so that
 * both databases keep one schema (docs/decisions/002); a single SQLite server counts in memory and leaves
 * it empty.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (col) => col.primaryKey().notNull())
    .addColumn("points", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("expire", "bigint")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("rate_limits").execute();
}
