/**
 * Cache invalidation within this process alone (server/invalidation-bus.ts), for one server on SQLite: its own
 * writes clear its caches, and a write by another program is seen here.
 */
import type SqliteDatabase from "better-sqlite3";
import { forgetUnreadablePages } from "~/db/client.server";
import { isDatabaseUnavailable } from "~/db/unavailable.server";
import { setExternalChangeCheck } from "~/services/tools/cache.server";

/**
 * A write by another program (the sqlite3 shell, a script) is seen by SQLite's data_version, which changes when
 * another connection commits. It is asked at the first use of a cache in each turn of the event loop, and the other
 * uses in that turn go by its answer: a commit is seen from the next turn on, and a request handled in the same turn
 * as the question may still get what was there a moment before, as if it had come a moment earlier. Asked before
 * every use, it cost about 34 µs of each answer from the page cache; asked once per turn, about 6 µs (CPU profiles of
 * the cached zipcode search). A file that cannot be read is asked about again at every use.
 * Without a SQLite connection nothing is asked. The function it returns stops asking.
 */
export function watchExternalChanges(sqlite: SqliteDatabase.Database | undefined): () => void {
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
  return () => setExternalChangeCheck(undefined);
}
