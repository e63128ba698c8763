import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import SqliteDatabase from "better-sqlite3";
import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresDriver,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteDialect,
  sql,
  type DatabaseConnection,
  type Dialect,
  type Driver,
} from "kysely";
import pg from "pg";
import * as tar from "tar";
import { z } from "zod";
import type { DialectName } from "~/db/client.server";
import { MIGRATION_NAMES, migrateThrough, migrateToLatest } from "~/db/migrate.server";
import type { Database } from "~/db/schema";
import { etagOf, STORED_IMAGE_TYPE } from "~/services/images/storage.server";
import { uploadsDir } from "~/services/images/usage.server";
import {
  ARCHIVE_FORMAT,
  JSON_BACKUP_FORMAT,
  JSON_EXPORT_ENTRY,
  MANIFEST_ENTRY,
  SQLITE_FILE_NAME,
  UPLOADS_ENTRY,
  type BackupManifest,
} from "./backup.server";

/** A restore that cannot go ahead; its message says why and what to do, and nothing was changed. */
export class RestoreError extends Error {
  override name = "RestoreError";
}

export interface RestoreOptions {
  /** The `.tar.gz` the Backup tool downloaded. */
  archive: string;
  /** Where the uploads go (and, without databaseUrl, the SQLite database). */
  dataDir: string;
  /** Restore into this PostgreSQL database instead of DATA_DIR's SQLite file. */
  databaseUrl?: string | undefined;
  /** Replace a database that holds data and uploads that are there. */
  force?: boolean;
  /**
   * Where the restored site keeps its images (UPLOADS_STORAGE): files in DATA_DIR/uploads (the default), or
   * rows of the database, whatever the backup's site did.
   */
  uploadsStorage?: "disk" | "database";
  /** Lower limits than RESTORE_LIMITS (for tests). */
  limits?: Partial<typeof RESTORE_LIMITS>;
}

export interface RestoreReport {
  database: DialectName;
  /** The SQLite file, or the PostgreSQL database's name. */
  location: string;
  /** When the backup was taken. */
  createdAt: string;
  /** Rows restored, by table. */
  rows: Record<string, number>;
  uploads: number;
  /** Whether data that was there before was replaced (--force). */
  replaced: boolean;
  /** The admin accounts the restored database holds: whoever they are can sign in to the site. */
  admins: string[];
  /** What the backup's SQLite schema has that this version's does not (restored only with --force). */
  schemaDifferences: string[];
}

/** Names the uploads pipeline writes: no folders, nothing hidden. */
const UPLOAD_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const MIGRATION_TABLES = new Set(["kysely_migration", "kysely_migration_lock"]);
/**
 * Tables that hold no content, so that rows in them neither make a database count as holding data nor are
 * reported as restored: the migrator's bookkeeping and the shared rate limits' short-lived counters.
 */
const NOT_CONTENT_TABLES = new Set([...MIGRATION_TABLES, "rate_limits"]);
const RESTORE_STAGING_PREFIX = ".restore-";

/**
 * The most a backup's entries may hold, unpacked: its manifest, each photo, its database, and all of it. Each is
 * checked against the size its tar header declares, before a byte of it is written, and the archive stops being
 * read at once (a 4.8 MB archive held a 3 GB entry; a 300 MB manifest took 1.35 GB of memory to parse). The
 * database limits are far above what a directory of this kind holds (the seeded site's SQLite file is about 30 MB);
 * a PostgreSQL export is parsed whole, as one JSON text, so it stays well within what V8 can hold as a string.
 */
export const RESTORE_LIMITS = {
  manifestBytes: 4 * 1024 * 1024,
  photoBytes: 16 * 1024 * 1024,
  databaseBytes: 4 * 1024 * 1024 * 1024,
  jsonExportBytes: 256 * 1024 * 1024,
  totalBytes: 16 * 1024 * 1024 * 1024,
} as const;

const mib = (bytes: number) =>
  bytes < 1024 * 1024 ? `${bytes.toLocaleString("en-US")} bytes` : `${Math.round(bytes / (1024 * 1024)).toLocaleString("en-US")} MB`;

const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.literal(1),
  createdAt: z.string(),
  database: z.enum(["sqlite", "postgres"]),
  databaseEntry: z.enum([SQLITE_FILE_NAME, JSON_EXPORT_ENTRY]),
  uploads: z.record(z.string().regex(UPLOAD_NAME), z.number().int().nonnegative()),
  uploadsStorage: z.enum(["disk", "database"]).optional(),
});

const jsonExportSchema = z.object({
  format: z.literal(JSON_BACKUP_FORMAT),
  version: z.literal(1),
  database: z.literal("postgres"),
  tables: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});

const DATABASE_LABEL: Record<DialectName, string> = { sqlite: "SQLite", postgres: "PostgreSQL" };

interface Unpacked {
  manifest: BackupManifest;
  databaseFile: string;
  uploads: string;
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code;

/** What a failed extraction means, in words. */
function describeArchiveError(error: unknown): string {
  switch (errorCode(error)) {
    case "Z_BUF_ERROR":
      return "it ends too early: the file is incomplete (an interrupted download?)";
    case "Z_DATA_ERROR":
      return "its compressed data is damaged";
    case "TAR_BAD_ARCHIVE":
    case "TAR_ENTRY_INVALID":
      return "it is not a .tar.gz archive";
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

/** Extracts the archive into `staging` and checks it against its manifest; throws a RestoreError for anything amiss. */
async function unpack(archive: string, staging: string, limits: typeof RESTORE_LIMITS): Promise<Unpacked> {
  const unexpected: string[] = [];
  const allowed = (entryPath: string, type: string) => {
    const name = entryPath.replace(/\/+$/, "");
    if (type === "File" && (name === MANIFEST_ENTRY || name === SQLITE_FILE_NAME || name === JSON_EXPORT_ENTRY)) return true;
    if (type === "Directory" && name === UPLOADS_ENTRY) return true;
    const [folder, file, ...rest] = name.split("/");
    return type === "File" && folder === UPLOADS_ENTRY && file !== undefined && UPLOAD_NAME.test(file) && rest.length === 0;
  };
  let total = 0;
  let tooLarge: RestoreError | undefined;
  const source = createReadStream(archive);
  /** Whether an entry's declared size is within its limit and the total's; the first that is not stops the read. */
  const withinLimits = (entryPath: string, size: number) => {
    const name = entryPath.replace(/\/+$/, "");
    const limit =
      name === MANIFEST_ENTRY
        ? limits.manifestBytes
        : name === JSON_EXPORT_ENTRY
          ? limits.jsonExportBytes
          : name.startsWith(`${UPLOADS_ENTRY}/`)
            ? limits.photoBytes
            : limits.databaseBytes;
    total += size;
    if (size <= limit && total <= limits.totalBytes) return true;
    tooLarge ??= new RestoreError(
      size > limit
        ? `${archive}: its entry ${name} would unpack to ${mib(size)}, more than a backup's ${mib(limit)}; it was not restored.`
        : `${archive} would unpack to more than ${mib(limits.totalBytes)}; it was not restored.`,
    );
    source.destroy(tooLarge);
    return false;
  };
  try {
    await pipeline(
      source,
      tar.x({
        cwd: staging,
        strict: true,
        preserveOwner: false,
        filter: (entryPath, entry) => {
          const ok = "type" in entry && allowed(entryPath, entry.type);
          if (!ok) unexpected.push(entryPath);
          return ok && withinLimits(entryPath, "size" in entry ? Number(entry.size ?? 0) : 0);
        },
      }),
    );
  } catch (error) {
    if (tooLarge) throw tooLarge;
    throw new RestoreError(`${archive} cannot be read as a backup: ${describeArchiveError(error)}.`);
  }
  if (unexpected.length > 0) {
    throw new RestoreError(
      `${archive} holds entries a backup never has (${unexpected.slice(0, 5).join(", ")}${unexpected.length > 5 ? ", ..." : ""}); it was not restored.`,
    );
  }

  let manifestText: string;
  try {
    manifestText = await fs.readFile(path.join(staging, MANIFEST_ENTRY), "utf8");
  } catch {
    throw new RestoreError(
      `${archive} has no ${MANIFEST_ENTRY}: it is not a Wholesale Flower Finder backup (made by Quick Tools > Backup).`,
    );
  }
  let parsed: ReturnType<typeof manifestSchema.safeParse>;
  try {
    parsed = manifestSchema.safeParse(JSON.parse(manifestText));
  } catch {
    throw new RestoreError(`${archive}: ${MANIFEST_ENTRY} is not valid JSON.`);
  }
  if (!parsed.success)
    throw new RestoreError(
      `${archive}: ${MANIFEST_ENTRY} is not a backup manifest this version understands (${parsed.error.issues[0]?.path.join(".") || "format"}).`,
    );
  const manifest = parsed.data as BackupManifest;
  const expectedEntry = manifest.database === "sqlite" ? SQLITE_FILE_NAME : JSON_EXPORT_ENTRY;
  const databaseFile = path.join(staging, manifest.databaseEntry);
  if (manifest.databaseEntry !== expectedEntry || !(await isFile(databaseFile))) {
    throw new RestoreError(`${archive} lacks its database (${expectedEntry}): the backup is incomplete.`);
  }

  const uploads = path.join(staging, UPLOADS_ENTRY);
  await fs.mkdir(uploads, { recursive: true });
  const present = new Map<string, number>();
  for (const name of await fs.readdir(uploads)) present.set(name, (await fs.stat(path.join(uploads, name))).size);
  // A Map, not the object: a file named `constructor` or `__proto__` is not "in" every manifest.
  const listed = new Map(Object.entries(manifest.uploads));
  const wrong = [...listed].filter(([name, size]) => present.get(name) !== size).map(([name]) => name);
  const extra = [...present.keys()].filter((name) => !listed.has(name));
  if (wrong.length > 0 || extra.length > 0) {
    throw new RestoreError(
      `${archive}: the uploaded photos do not match the manifest (${[...wrong, ...extra].slice(0, 5).join(", ")}): the backup is incomplete or was altered.`,
    );
  }
  return { manifest, databaseFile, uploads };
}

const isFile = (file: string) =>
  fs.stat(file).then(
    (stat) => stat.isFile(),
    () => false,
  );

/** The uploads folder's entries, or none when it does not exist. */
const uploadsPresent = async (dataDir: string) => (await fs.readdir(uploadsDir(dataDir)).catch(() => [] as string[])).length;

/**
 * Puts the restored uploads in place of DATA_DIR/uploads by renaming (the staging folder is on the same
 * file system); the uploads that were there wait in the staging folder until the restore is committed.
 * Returns how to put things back as they were.
 */
async function swapUploads(dataDir: string, restored: string, staging: string): Promise<() => Promise<void>> {
  const live = uploadsDir(dataDir);
  const previous = path.join(staging, "previous-uploads");
  const hadUploads = await fs.rename(live, previous).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return false;
      throw error;
    },
  );
  try {
    await fs.rename(restored, live);
  } catch (error) {
    if (hadUploads) await fs.rename(previous, live);
    throw error;
  }
  return async () => {
    await fs.rename(live, restored);
    if (hadUploads) await fs.rename(previous, live);
  };
}

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

function refuseNonEmpty(where: string, rows: number, uploads: number) {
  const held = [
    rows > 0 ? `a database with data (${rows.toLocaleString("en-US")} rows)` : "",
    uploads > 0 ? `${uploads.toLocaleString("en-US")} uploaded ${uploads === 1 ? "file" : "files"}` : "",
  ]
    .filter(Boolean)
    .join(" and ");
  throw new RestoreError(
    `${where} already holds ${held}. Restore into an empty database and data folder, or add --force to replace them with the backup.`,
  );
}

async function restoreSqlite(unpacked: Unpacked, options: RestoreOptions, dataDir: string, staging: string): Promise<RestoreReport> {
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

/** Every file of the backup's uploads/ as a row of image_blobs, replacing what the table held. */
async function loadImages(db: Kysely<Database>, uploads: string) {
  await db.deleteFrom("image_blobs").execute();
  const now = new Date().toISOString();
  for (const name of (await fs.readdir(uploads)).sort()) {
    const bytes = await fs.readFile(path.join(uploads, name));
    await db
      .insertInto("image_blobs")
      .values({ name, content_type: STORED_IMAGE_TYPE, bytes, size: bytes.length, etag: etagOf(bytes), created_at: now })
      .execute();
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

/**
 * A Kysely dialect on one connection that is already inside a transaction: the transactions Kysely
 * opens on it (the migrator's) become savepoints, so that migrating and loading the rows commit or
 * roll back together.
 */
function pinnedPostgresDialect(connection: DatabaseConnection): Dialect {
  let savepoint = 0;
  const driver: Driver = {
    init: async () => undefined,
    acquireConnection: async () => connection,
    beginTransaction: async (conn) => void (await conn.executeQuery(CompiledQuery.raw(`savepoint restore_${++savepoint}`))),
    commitTransaction: async (conn) => void (await conn.executeQuery(CompiledQuery.raw(`release savepoint restore_${savepoint--}`))),
    rollbackTransaction: async (conn) => void (await conn.executeQuery(CompiledQuery.raw(`rollback to savepoint restore_${savepoint--}`))),
    releaseConnection: async () => undefined,
    destroy: async () => undefined,
  };
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => driver,
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}

/** Tables in an order where each comes after every table its foreign keys point at. */
function foreignKeyOrder(tables: string[], references: { child: string; parent: string }[]): string[] {
  const ordered: string[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (table: string) => {
    if (state.get(table) === "done") return;
    if (state.get(table) === "visiting")
      throw new RestoreError(`The tables' foreign keys form a cycle through ${table}; this restore cannot order them.`);
    state.set(table, "visiting");
    for (const { child, parent } of references) if (child === table && parent !== table && tables.includes(parent)) visit(parent);
    state.set(table, "done");
    ordered.push(table);
  };
  for (const table of [...tables].sort()) visit(table);
  return ordered;
}

async function restorePostgres(
  unpacked: Unpacked,
  options: RestoreOptions & { databaseUrl: string },
  dataDir: string,
  staging: string,
): Promise<RestoreReport> {
  let exported: z.infer<typeof jsonExportSchema>;
  try {
    const parsed = jsonExportSchema.safeParse(JSON.parse(await fs.readFile(unpacked.databaseFile, "utf8")));
    if (!parsed.success) throw new Error(`unexpected ${parsed.error.issues[0]?.path.join(".") || "format"}`);
    exported = parsed.data;
  } catch (error) {
    throw new RestoreError(
      `The backup's ${JSON_EXPORT_ENTRY} is damaged or not an export of this site (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
  const inDatabase = options.uploadsStorage === "database";
  const existingUploads = inDatabase ? 0 : await uploadsPresent(dataDir);
  const name = new URL(options.databaseUrl).pathname.replace(/^\//, "") || "postgres";

  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 1, connectionTimeoutMillis: 10_000 });
  pool.on("error", () => undefined);
  const driver = new PostgresDriver({ pool });
  // The pool's client, as the driver hands it out (and takes it back).
  let connection: Parameters<PostgresDriver["releaseConnection"]>[0];
  try {
    await driver.init();
    connection = (await driver.acquireConnection()) as typeof connection;
  } catch (error) {
    await driver.destroy().catch(() => undefined);
    throw new RestoreError(
      `Could not connect to the PostgreSQL database ${name}: ${error instanceof Error ? error.message : String(error)}.`,
    );
  }

  let undoUploads: (() => Promise<void>) | undefined;
  try {
    await connection.executeQuery(CompiledQuery.raw("begin"));
    const db = new Kysely<Database>({ dialect: pinnedPostgresDialect(connection) });
    const report = await loadPostgres(db, exported, options.force === true, existingUploads, name);
    if (inDatabase) await loadImages(db, unpacked.uploads);
    else undoUploads = await swapUploads(dataDir, unpacked.uploads, staging);
    await connection.executeQuery(CompiledQuery.raw("commit"));
    return {
      database: "postgres",
      location: name,
      createdAt: unpacked.manifest.createdAt,
      rows: report.rows,
      uploads: Object.keys(unpacked.manifest.uploads).length,
      replaced: report.existingRows > 0 || existingUploads > 0,
      admins: (exported.tables.admin_users ?? []).map((row) => String(row.email)),
      // The export holds rows, not schema: its tables and columns are checked against the migrated schema above.
      schemaDifferences: [],
    };
  } catch (error) {
    await connection.executeQuery(CompiledQuery.raw("rollback")).catch(() => undefined);
    if (undoUploads) await undoUploads();
    if (error instanceof RestoreError) throw error;
    throw new RestoreError(
      `Restoring into PostgreSQL database ${name} failed, and nothing was changed: ${error instanceof Error ? error.message : String(error)}.`,
    );
  } finally {
    await driver.releaseConnection(connection);
    await driver.destroy();
  }
}

/** Inside the open transaction: migrate, check, empty and fill every table, and move the id sequences past the restored ids. */
async function loadPostgres(
  db: Kysely<Database>,
  exported: z.infer<typeof jsonExportSchema>,
  force: boolean,
  existingUploads: number,
  name: string,
) {
  await migrateToLatest(db);
  const current = (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)).rows.map((row) => row.name);
  const backedUp = (exported.tables.kysely_migration ?? []).map((row) => String(row.name)).sort();
  if (current.join("\n") !== backedUp.join("\n")) {
    throw new RestoreError(
      `The backup's schema (migrations: ${backedUp.join(", ") || "none"}) is not this version's (${current.join(", ")}): restore it with the version of the site that made it, then update.`,
    );
  }

  const tables = (
    await sql<{ table_name: string }>`
      select table_name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'
      order by table_name`.execute(db)
  ).rows.map((row) => row.table_name);
  const missing = tables.filter((table) => !(table in exported.tables));
  const unknown = Object.keys(exported.tables).filter((table) => !tables.includes(table));
  if (missing.length > 0 || unknown.length > 0) {
    throw new RestoreError(
      `The backup's tables do not match the schema (${[...missing.map((t) => `missing ${t}`), ...unknown.map((t) => `unknown ${t}`)].join(", ")}).`,
    );
  }

  let existingRows = 0;
  for (const table of tables) {
    if (NOT_CONTENT_TABLES.has(table)) continue;
    const { rows } = await sql<{ n: string | number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    existingRows += Number(rows[0]?.n ?? 0);
  }
  if ((existingRows > 0 || existingUploads > 0) && !force)
    refuseNonEmpty(`The PostgreSQL database ${name} (with its data folder)`, existingRows, existingUploads);

  const columns = new Map<string, Set<string>>();
  for (const row of (
    await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns where table_schema = current_schema()`.execute(db)
  ).rows) {
    columns.set(row.table_name, (columns.get(row.table_name) ?? new Set()).add(row.column_name));
  }
  const references = (
    await sql<{ child: string; parent: string }>`
      select child.relname as child, parent.relname as parent
      from pg_constraint c
      join pg_class child on child.oid = c.conrelid
      join pg_class parent on parent.oid = c.confrelid
      where c.contype = 'f' and c.connamespace = current_schema()::regnamespace`.execute(db)
  ).rows;

  // Emptied in one statement (the migrator's own bookkeeping too: it comes back from the backup as it was).
  await sql`truncate table ${sql.join(tables.map((table) => sql.table(table)))} restart identity`.execute(db);

  const counts: Record<string, number> = {};
  const anyDb = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  for (const table of foreignKeyOrder(tables, references)) {
    const rows = exported.tables[table] ?? [];
    const known = columns.get(table) ?? new Set<string>();
    const strange = new Set(rows.flatMap((row) => Object.keys(row).filter((column) => !known.has(column))));
    if (strange.size > 0)
      throw new RestoreError(`The backup's ${table} rows have columns the schema does not (${[...strange].join(", ")}).`);
    const width = Math.max(1, known.size);
    // PostgreSQL takes at most 65,535 parameters per statement.
    const batch = Math.max(1, Math.floor(30_000 / width));
    for (let start = 0; start < rows.length; start += batch) {
      await anyDb
        .insertInto(table)
        .values(rows.slice(start, start + batch))
        .execute();
    }
    if (!NOT_CONTENT_TABLES.has(table)) counts[table] = rows.length;
  }

  const serials = (
    await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = current_schema() and column_default like 'nextval(%'`.execute(db)
  ).rows;
  for (const { table_name: table, column_name: column } of serials) {
    await sql`select setval(pg_get_serial_sequence(quote_ident(${table}), ${column}), coalesce(max(${sql.ref(column)}), 0) + 1, false) from ${sql.table(table)}`.execute(
      db,
    );
  }
  return { rows: counts, existingRows };
}

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
