import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { countQuery } from "./query-count.server";
import type { Database } from "./schema";

export type DialectName = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Where the data lives: a file path for SQLite, the database name for PostgreSQL. */
  location: string;
  /** For SQLite, the raw connection (used by the online backup); undefined on PostgreSQL. */
  sqlite?: SqliteDatabase.Database;
  /** For PostgreSQL, the connection pool the query builder runs on (the start-up lock and the shared rate limits use it). */
  pool?: pg.Pool;
  close(): Promise<void>;
}

export const SQLITE_FILE_NAME = "wholesale-flower-finder.db";

export interface DatabaseConfig {
  DATABASE_URL?: string | undefined;
  DATA_DIR: string;
}

/** Opens PostgreSQL when DATABASE_URL is set, otherwise the embedded SQLite file in DATA_DIR. */
export function openDatabase(config: DatabaseConfig): DatabaseHandle {
  if (config.DATABASE_URL) {
    // Calendar dates and numeric columns come back as plain strings/numbers, the same as on SQLite.
    pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
    pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number.parseFloat(value));
    // A server that does not answer fails the request after 5 s (a 503) instead of holding it indefinitely.
    const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: 10, connectionTimeoutMillis: 5000 });
    // A client's error event (the server stopping or restarting) must not crash the process. The pool handles an
    // idle client's; one that comes while a client is checked out between two queries (in a transaction) has no
    // listener but this one, and its next query fails instead, which the request answers as a 503.
    pool.on("error", () => undefined);
    pool.on("connect", (client) => client.on("error", () => undefined));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: countQuery });
    return {
      db,
      dialect: "postgres",
      location: new URL(config.DATABASE_URL).pathname.replace(/^\//, "") || "postgres",
      pool,
      close: () => db.destroy(),
    };
  }

  const file = path.join(config.DATA_DIR, SQLITE_FILE_NAME);
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), log: countQuery });
  return { db, dialect: "sqlite", location: file, sqlite, close: () => db.destroy() };
}
