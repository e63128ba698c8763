import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { tightenToOwner } from "~/utils/owner-only.server";
import { countQuery } from "./query-count.server";
import { statementCache } from "./statement-cache.server";
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

/** How long a SQLite write waits for another process's lock before it fails (SQLITE_BUSY, a 503). */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;

/** SQLite's answers to a file whose bytes cannot be read as a database: replaced, overwritten, failing. */
const SQLITE_UNREADABLE = /^SQLITE_(NOTADB|CORRUPT|IOERR)(_|$)/;

/**
 * After a query failed because the file could not be read, drops the pages SQLite keeps in memory: a page it read
 * while the file was broken stays in its cache (nothing in the WAL tells it the file changed), so without this the
 * connection would answer "file is not a database" until a restart, even once the file is restored. Says whether
 * it did.
 */
export function forgetUnreadablePages(sqlite: SqliteDatabase.Database, error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code !== "string" || !SQLITE_UNREADABLE.test(code)) return false;
  sqlite.pragma("shrink_memory");
  return true;
}

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
  // Its owner's only, like the data directory (utils/env.server.ts): a file made before with 0644 is tightened.
  for (const part of [file, `${file}-wal`, `${file}-shm`]) tightenToOwner(part, 0o600);
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  const statements = statementCache(sqlite);
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: statements }),
    log: (event) => {
      countQuery(event);
      if (event.level === "error" && forgetUnreadablePages(sqlite, event.error)) statements.clear();
    },
  });
  return { db, dialect: "sqlite", location: file, sqlite, close: () => db.destroy() };
}
