import { sql } from "kysely";
import { SQLITE_BUSY_TIMEOUT_MS, type DatabaseHandle } from "./client.server";

/** How long the check waits for SQLite's write lock: another process's write holds it for milliseconds. */
const WRITE_LOCK_WAIT_MS = 1000;

/**
 * Whether the database answers (GET /healthz and /readyz); throws when it does not. On PostgreSQL, a query. On
 * SQLite a `select 1` reads nothing from the file, so it answered while the file could not be read: the check reads
 * the file's schema, and takes the write lock and gives it back, since in WAL mode readers do not wait for a writer
 * and a file another process holds locked serves pages but fails every write.
 */
export async function checkDatabase(handle: DatabaseHandle): Promise<void> {
  if (!handle.sqlite) {
    await sql`select 1`.execute(handle.db);
    return;
  }
  const sqlite = handle.sqlite;
  // The connection's own queue: no request's transaction is open on it meanwhile.
  await handle.db.connection().execute(async (connection) => {
    await sql`select count(*) from sqlite_schema`.execute(connection);
    sqlite.pragma(`busy_timeout = ${WRITE_LOCK_WAIT_MS}`);
    try {
      await sql`begin immediate`.execute(connection);
    } finally {
      if (sqlite.inTransaction) sqlite.exec("rollback");
      sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
    }
  });
}
