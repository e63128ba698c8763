/**
 * `npm run db:migrate` and `npm run db:seed`: the same migrations and seed the server runs at start.
 * `npm run db:restore -- <backup.tar.gz> [--force]`: restores a Quick Tools backup (database and uploaded
 * photos) into the configured database (DATABASE_URL, or DATA_DIR's SQLite file) and DATA_DIR/uploads.
 */
import { openDatabase } from "../app/db/client.server";
import { migrateToLatest } from "../app/db/migrate.server";
import { seedDatabase } from "../app/db/seed/seed.server";
import { withStartupLock } from "../app/db/startup-lock.server";
import { restoreBackup } from "../app/services/tools/restore.server";
import { EnvError, parseEnv } from "../app/utils/env.server";

const USAGE = `Usage:
  npm run db:migrate
  npm run db:seed
  npm run db:restore -- <backup.tar.gz> [--force]

db:restore puts a backup from Quick Tools > Backup into the configured database (DATABASE_URL, or the
SQLite file in DATA_DIR) and its photos into DATA_DIR/uploads. Stop the site first. A database that holds
data, or uploads that are there, are only replaced with --force.`;

class UsageError extends Error {}

function parseRestoreArgs(args: string[]) {
  let force = false;
  const files: string[] = [];
  for (const arg of args) {
    if (arg === "--force") force = true;
    else if (arg.startsWith("-")) throw new UsageError(`Unknown option ${arg}.`);
    else files.push(arg);
  }
  if (files.length !== 1) throw new UsageError(files.length === 0 ? "Name the backup file to restore." : "Name one backup file.");
  return { archive: files[0] as string, force };
}

async function restore(args: string[]) {
  const { archive, force } = parseRestoreArgs(args);
  const env = parseEnv();
  const started = performance.now();
  const report = await restoreBackup({
    archive,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    force,
    uploadsStorage: env.UPLOADS_STORAGE,
  });
  const rows = Object.values(report.rows).reduce((sum, n) => sum + n, 0);
  console.log(
    `Restored the backup of ${report.createdAt} into ${report.database} (${report.location}) in ${Math.round(performance.now() - started)} ms: ` +
      `${rows.toLocaleString("en-US")} rows in ${Object.keys(report.rows).length} tables and ${report.uploads.toLocaleString("en-US")} uploaded files` +
      `${report.replaced ? ", replacing what was there" : ""}. Start the site with the same DATA_DIR${report.database === "postgres" ? " and DATABASE_URL" : ""}.`,
  );
  // Who can sign in now, said every time: a backup from elsewhere may bring admins of its own.
  console.log(`Admin accounts in the restored database: ${report.admins.length > 0 ? report.admins.join(", ") : "none"}.`);
  if (report.schemaDifferences.length > 0) {
    console.warn(`Warning: restored with --force although the backup's schema differs from this version's:`);
    for (const difference of report.schemaDifferences) console.warn(`  - ${difference}`);
  }
}

async function migrateOrSeed(command: "migrate" | "seed") {
  const env = parseEnv();
  const handle = openDatabase(env);
  try {
    // The servers' start-up lock: a migration run beside starting servers takes its turn with them.
    await withStartupLock(handle, async () => {
      const applied = await migrateToLatest(handle.db);
      console.log(applied.length ? `Applied migrations: ${applied.join(", ")}` : "Schema is up to date.");
      if (command === "seed") {
        const started = performance.now();
        const report = await seedDatabase(handle.db);
        console.log(`Seeded ${handle.dialect} (${handle.location}) in ${Math.round(performance.now() - started)} ms:`, report);
      }
    });
  } finally {
    await handle.close();
  }
}

const [command, ...args] = process.argv.slice(2);
try {
  if (command === "migrate" || command === "seed") await migrateOrSeed(command);
  else if (command === "restore") await restore(args);
  else throw new UsageError(command ? `Unknown command ${command}.` : "Name a command.");
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (error instanceof EnvError) console.error(error.message);
  // A restore reports what went wrong in words (nothing was changed), not as a stack trace.
  else if (command === "restore") console.error(`Not restored: ${error instanceof Error ? error.message : String(error)}`);
  else console.error(error);
  process.exit(1);
}
