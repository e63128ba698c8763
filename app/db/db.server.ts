import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { openDatabase, type DatabaseConfig, type DatabaseHandle } from "./client.server";
import { migrateToLatest } from "./migrate.server";
import type { Database } from "./schema";
import { seedDatabase } from "./seed/seed.server";

// Kept on globalThis so that the dev server's module reloads reuse one connection.
const store = globalThis as typeof globalThis & { __wffDatabase?: DatabaseHandle };

export interface StartOptions extends DatabaseConfig {
  SEED: boolean;
}

/** Opens the database, applies migrations, and seeds it when it is new (no states yet) and SEED is on. */
export async function startDatabase(options: StartOptions, logger?: Logger): Promise<DatabaseHandle> {
  if (store.__wffDatabase) return store.__wffDatabase;
  const handle = openDatabase(options);
  try {
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
