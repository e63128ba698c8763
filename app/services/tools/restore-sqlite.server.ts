/** Restoring a backup of a SQLite site: its database file, checked, replaces DATA_DIR's. */
import fs from "node:fs/promises";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { MIGRATION_NAMES, migrateThrough, migrateToLatest } from "~/db/migrate.server";
import type { Database } from "~/db/schema";
import { SQLITE_FILE_NAME } from "./backup.server";
import {
  isFile,
  loadImages,
  NOT_CONTENT_TABLES,
  refuseNonEmpty,
  RestoreError,
  swapUploads,
  uploadsPresent,
} from "./restore-archive.server";
import type { RestoreOptions, RestoreReport, Unpacked } from "./restore-archive.server";

interface SchemaObject {
  type: string;
  name: string;
  sql: string | null;
}

const schemaObjects = (db: SqliteDatabase.Database) =>
  db.prepare("select type, name, sql from sqlite_master where name not like 'sqlite_%' order by type, name").all() as SchemaObject[];

/** The schema a database migrated to `last` by this version has: what a backup taken at that point must match. */
async function migratedSchema(last: string | undefined): Promise<SchemaObject[]> {
  const sqlite = new SqliteDatabase(":memory:");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    if (last) await migrateThrough(db, last);
    return schemaObjects(sqlite);
  } finally {
    await db.destroy();
  }
}

/**
 * What the backup's schema holds that a database migrated as far by this version does not, or holds otherwise: an
 * extra table, view, index or trigger (a trigger could rewrite every admin's password on the next sign-in).
 */
function schemaDifferences(backup: SchemaObject[], expected: SchemaObject[]): string[] {
  const normal = (text: string | null) => (text ?? "").replace(/\s+/g, " ").replace(/"/g, "").trim().toLowerCase();
  const wanted = new Map(expected.map((object) => [`${object.type} ${object.name}`, normal(object.sql)]));
  const found = new Map(backup.map((object) => [`${object.type} ${object.name}`, normal(object.sql)]));
  return [
    ...[...found].filter(([key]) => !wanted.has(key)).map(([key]) => `an extra ${key}`),
    ...[...found].filter(([key, text]) => wanted.has(key) && wanted.get(key) !== text).map(([key]) => `a changed ${key}`),
    ...[...wanted.keys()].filter((key) => !found.has(key)).map((key) => `no ${key}`),
  ];
}

export async function restoreSqlite(unpacked: Unpacked, options: RestoreOptions, dataDir: string, staging: string): Promise<RestoreReport> {
  let rows: Record<string, number>;
  let migrations: string[];
  let schema: SchemaObject[];
  let admins: string[];
  try {
    const copy = new SqliteDatabase(unpacked.databaseFile, { readonly: true, fileMustExist: true });
    try {
      if (copy.pragma("integrity_check", { simple: true }) !== "ok") throw new Error("integrity check failed");
      rows = sqliteRowCounts(copy);
      migrations = (copy.prepare("select name from kysely_migration order by name").all() as { name: string }[]).map((row) => row.name);
      schema = schemaObjects(copy);
      admins = (copy.prepare("select email from admin_users order by id").all() as { email: string }[]).map((row) => row.email);
    } finally {
      copy.close();
    }
  } catch (error) {
    throw new RestoreError(
      `The backup's database file is damaged or is not this site's database (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
  const known = new Set(MIGRATION_NAMES);
  const unknown = migrations.filter((name) => !known.has(name));
  if (unknown.length > 0)
    throw new RestoreError(
      `The backup was made by a newer version of the site (migration ${unknown.join(", ")}): update the site, then restore.`,
    );
  const differences = schemaDifferences(schema, await migratedSchema(migrations.at(-1)));
  if (differences.length > 0 && !options.force)
    throw new RestoreError(
      `The backup's database is not as this site makes it (${differences.slice(0, 8).join("; ")}${differences.length > 8 ? "; ..." : ""}): ` +
        "it may have been altered, and was not restored. Restore it with --force only if you know why.",
    );

  const target = path.join(dataDir, SQLITE_FILE_NAME);
  let existingRows = 0;
  if (await isFile(target)) {
    // Opening and closing the live file also folds its write-ahead log into it; a log still there
    // afterwards belongs to another connection: the site is running.
    const live = new SqliteDatabase(target, { fileMustExist: true });
    try {
      existingRows = Object.values(sqliteRowCounts(live)).reduce((sum, n) => sum + n, 0);
    } finally {
      live.close();
    }
    if (await isFile(`${target}-wal`)) throw new RestoreError(`${target} is in use: stop the site before restoring.`);
  }
  const inDatabase = options.uploadsStorage === "database";
  // In database mode the images are rows of the database (counted with its rows); files in DATA_DIR/uploads are not the site's.
  const existingUploads = inDatabase ? 0 : await uploadsPresent(dataDir);
  if ((existingRows > 0 || existingUploads > 0) && !options.force) refuseNonEmpty(dataDir, existingRows, existingUploads);

  if (inDatabase) await loadImagesIntoSqliteCopy(unpacked.databaseFile, unpacked.uploads);
  const undoUploads = inDatabase ? async () => undefined : await swapUploads(dataDir, unpacked.uploads, staging);
  try {
    await fs.rm(`${target}-shm`, { force: true });
    await fs.rename(unpacked.databaseFile, target);
  } catch (error) {
    await undoUploads();
    throw error;
  }
  return {
    database: "sqlite",
    location: target,
    createdAt: unpacked.manifest.createdAt,
    rows,
    uploads: Object.keys(unpacked.manifest.uploads).length,
    replaced: existingRows > 0 || existingUploads > 0,
    admins,
    schemaDifferences: differences,
  };
}

/**
 * Puts the backup's image files into the image_blobs table of the restored SQLite file before it replaces the
 * live one (migrated first: a backup made before the table existed has none).
 */
async function loadImagesIntoSqliteCopy(file: string, uploads: string) {
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SqliteDatabase(file, { fileMustExist: true }) }) });
  try {
    await migrateToLatest(db);
    await db.transaction().execute((trx) => loadImages(trx, uploads));
  } finally {
    await db.destroy();
  }
}

function sqliteRowCounts(db: SqliteDatabase.Database): Record<string, number> {
  // Ordinary tables only: full-text search's virtual tables and their shadow tables (migration 0004) hold
  // rows even in a database that holds no data, and come and go with the ordinary tables' rows.
  const tables = db
    .prepare("select name from pragma_table_list where schema = 'main' and type = 'table' and name not like 'sqlite_%' order by name")
    .all() as {
    name: string;
  }[];
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    if (NOT_CONTENT_TABLES.has(name)) continue;
    counts[name] = (db.prepare(`select count(*) as n from "${name.replaceAll('"', '""')}"`).get() as { n: number }).n;
  }
  return counts;
}
