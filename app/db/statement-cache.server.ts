import type SqliteDatabase from "better-sqlite3";
import type { SqliteDatabase as KyselySqliteDatabase, SqliteStatement } from "kysely";

/** How many distinct SQL texts keep their prepared statement; the app's queries are a few hundred at most. */
export const STATEMENT_CACHE_SIZE = 500;

export interface StatementCache extends KyselySqliteDatabase {
  /** Drops every kept statement (after the file could not be read, so that nothing compiled against it stays). */
  clear(): void;
  readonly size: number;
}

/**
 * The SQLite connection as Kysely's dialect sees it, with each query's prepared statement kept for the next time
 * the same SQL runs (issue #13). Kysely's driver prepares the statement on every query: SQLite parses and plans
 * the SQL anew each time, which was about 2% of the server's time on an uncached state page. A statement is
 * reusable once a call returns (better-sqlite3 runs `all` and `run` to the end and resets it); one still being
 * iterated (`busy`) is not handed out again, a fresh one is prepared instead. The least recently used statement
 * goes once the cache is full. SQLite itself prepares a kept statement again if the schema changed.
 */
export function statementCache(sqlite: SqliteDatabase.Database, size = STATEMENT_CACHE_SIZE): StatementCache {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    prepare(sql: string): SqliteStatement {
      const kept = statements.get(sql);
      if (kept && !kept.busy) {
        // Map keeps insertion order: moving the statement to the end makes the first entry the least recently used.
        statements.delete(sql);
        statements.set(sql, kept);
        return kept as unknown as SqliteStatement;
      }
      const statement = sqlite.prepare(sql);
      if (!kept) {
        statements.set(sql, statement);
        if (statements.size > size) statements.delete(statements.keys().next().value as string);
      }
      return statement as unknown as SqliteStatement;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
    clear() {
      statements.clear();
    },
    get size() {
      return statements.size;
    },
  };
}
