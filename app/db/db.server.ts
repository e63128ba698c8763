import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { openDatabase, type DatabaseConfig, type DatabaseHandle } from "./client.server";
import { migrateToLatest } from "./migrate.server";
import type { Database } from "./schema";
import { seedDatabase } from "./seed/seed.server";
import { withStartupLock } from "./startup-lock.server";

// Kept on globalThis so that the dev server's module reloads reuse one connection.
const store = globalThis as typeof globalThis & { __wffDatabase?: DatabaseHandle };

export interface StartOptions extends DatabaseConfig {
  SEED: boolean;
}

/**
 * Opens the database, applies migrations, seeds it when it is new (no states yet) and SEED is on, and then
 * runs `prepare` (the first admin account); on PostgreSQL all under the start-up lock, so that several
 * servers starting at once on one database do each of these once.
 */
export async function startDatabase(
  options: StartOptions,
  logger?: Logger,
  prepare?: (db: Kysely<Database>) => Promise<void>,
): Promise<DatabaseHandle> {
  if (store.__wffDatabase) return store.__wffDatabase;
  const handle = openDatabase(options);
  try {
    // Servers started at once on one PostgreSQL database take turns here: one migrates and seeds, the rest find it done.
    await withStartupLock(handle, async () => {
      const applied = await migrateToLatest(handle.db);
      if (applied.length > 0) logger?.info({ applied }, "database migrated");
      if (options.SEED) {
        const { n } = await handle.db
          .selectFrom("states")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow();
        if (Number(n) === 0) {
          const started = performance.now();
          const report = await seedDatabase(handle.db);
          logger?.info({ ...report, ms: Math.round(performance.now() - started) }, "database seeded");
        }
      }
      await prepare?.(handle.db);
    });
  } catch (error) {
    await handle.close();
    throw error;
  }
  store.__wffDatabase = handle;
  logger?.info({ dialect: handle.dialect, location: handle.location }, "database ready");
  return handle;
}

export function getDatabase(): DatabaseHandle {
  if (!store.__wffDatabase) throw new Error("The database has not been started");
  return store.__wffDatabase;
}

/** The query builder every service receives. */
export const getDb = (): Kysely<Database> => getDatabase().db;

export async function stopDatabase(): Promise<void> {
  const handle = store.__wffDatabase;
  store.__wffDatabase = undefined;
  await handle?.close();
}
