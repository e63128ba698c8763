import type { DatabaseHandle } from "./client.server";

/**
 * The PostgreSQL advisory lock every server of one database takes around migrating and seeding. The number
 * is arbitrary and fixed: it only has to be the same in every copy of the site and used for nothing else.
 */
export const STARTUP_LOCK_KEY = 7_215_302_611;

/**
 * Runs `work` (migrate, then seed an empty database) while holding the start-up lock, so that servers started
 * at once on one empty PostgreSQL database take turns: the first migrates and seeds, the others wait and then
 * find the schema current and the tables full. Kysely's migrator has a lock of its own, but seeding does not.
 * The lock is held by a connection of its own and ends with it, so a server that dies while holding it
 * releases it. SQLite has one process per file and needs no lock.
 */
export async function withStartupLock<T>(handle: DatabaseHandle, work: () => Promise<T>): Promise<T> {
  if (!handle.pool) return work();
  const client = await handle.pool.connect();
  // A connection whose lock or unlock failed is closed rather than reused: that ends its session, and the lock with it.
  let broken: Error | undefined;
  const remember = (error: Error) => {
    broken = error;
  };
  try {
    await client.query("select pg_advisory_lock($1::bigint)", [STARTUP_LOCK_KEY]).catch((error: Error) => {
      remember(error);
      throw error;
    });
    try {
      return await work();
    } finally {
      await client.query("select pg_advisory_unlock($1::bigint)", [STARTUP_LOCK_KEY]).catch(remember);
    }
  } finally {
    client.release(broken);
  }
}
