import { PostgresAdapter, type Kysely } from "kysely";

/** True on PostgreSQL, false on SQLite: for the few queries that differ (advisory locks, full-text search). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema: only the executor is read
export const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;
