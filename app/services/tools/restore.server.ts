/**
 * `npm run db:restore`: a backup archive back into the configured database. The archive is read and checked by
 * restore-archive.server.ts, then restored by restore-sqlite.server.ts or restore-postgres.server.ts.
 */
import fs from "node:fs/promises";
import path from "node:path";
import type { DialectName } from "~/db/client.server";
import { isFile, RestoreError, unpack, RESTORE_LIMITS, type RestoreOptions, type RestoreReport } from "./restore-archive.server";
import { restorePostgres } from "./restore-postgres.server";
import { restoreSqlite } from "./restore-sqlite.server";

export { RestoreError, RESTORE_LIMITS, type RestoreOptions, type RestoreReport };

const RESTORE_STAGING_PREFIX = ".restore-";

const DATABASE_LABEL: Record<DialectName, string> = { sqlite: "SQLite", postgres: "PostgreSQL" };

/**
 * Restores a backup archive into the configured database (DATABASE_URL, or DATA_DIR's SQLite file) and
 * DATA_DIR/uploads. A target that already holds data is refused unless `force`. Everything is checked
 * and staged first; the database and the uploads then replace what was there together (PostgreSQL in
 * one transaction, files by renaming), so a failure leaves the target as it was.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreReport> {
  const archive = path.resolve(options.archive);
  if (!(await isFile(archive))) throw new RestoreError(`No backup file at ${archive}.`);
  const dataDir = path.resolve(options.dataDir);
  await fs.mkdir(dataDir, { recursive: true });
  const staging = await fs.mkdtemp(path.join(dataDir, RESTORE_STAGING_PREFIX));
  try {
    const unpacked = await unpack(archive, staging, { ...RESTORE_LIMITS, ...options.limits });
    const target: DialectName = options.databaseUrl ? "postgres" : "sqlite";
    if (unpacked.manifest.database !== target) {
      throw new RestoreError(
        `This is a backup of a ${DATABASE_LABEL[unpacked.manifest.database]} database, and the configured database is ${DATABASE_LABEL[target]} (${
          target === "postgres" ? "DATABASE_URL is set" : "DATABASE_URL is not set"
        }). Restore it into the same kind of database it came from.`,
      );
    }
    return options.databaseUrl
      ? await restorePostgres(unpacked, { ...options, databaseUrl: options.databaseUrl }, dataDir, staging)
      : await restoreSqlite(unpacked, options, dataDir, staging);
  } finally {
    // After a failed extraction tar may still be finishing the file it was writing; rm retries until it has.
    await fs.rm(staging, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  }
}
