import { createReadStream, type Dirent } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import SqliteDatabase from "better-sqlite3";
import { sql, type Kysely } from "kysely";
import * as tar from "tar";
import { SQLITE_FILE_NAME, type DatabaseHandle, type DialectName } from "~/db/client.server";
import type { Database } from "~/db/schema";
import { STORED_FILE_NAME } from "~/services/images/storage.server";
import { uploadsDir } from "~/services/images/usage.server";
import { todayIsoDate } from "~/utils/dates";

export const BACKUP_FILE_PREFIX = "wholesale-flower-finder";
export const JSON_BACKUP_FORMAT = "wholesale-flower-finder-backup";

/** What a backup archive (`.tar.gz`) holds, and what the restore expects of one. */
export const ARCHIVE_FORMAT = "wholesale-flower-finder-archive";
export const MANIFEST_ENTRY = "manifest.json";
/** The PostgreSQL export's entry; a SQLite backup holds the database file under its usual name. */
export const JSON_EXPORT_ENTRY = "database.json";
export const UPLOADS_ENTRY = "uploads";
export { SQLITE_FILE_NAME };

/** Backups are prepared in a folder of the data directory (next to the uploads, so photos are hard-linked, not copied). */
export const BACKUP_STAGING_PREFIX = ".backup-";
/** A staging folder older than this is left over from a crash, and the next backup removes it. */
const STALE_STAGING_MS = 24 * 60 * 60 * 1000;

export interface BackupManifest {
  format: typeof ARCHIVE_FORMAT;
  version: 1;
  createdAt: string;
  database: DialectName;
  /** The archive entry holding the database: the SQLite file, or the PostgreSQL JSON export. */
  databaseEntry: typeof SQLITE_FILE_NAME | typeof JSON_EXPORT_ENTRY;
  /** Every uploaded file (under uploads/), by name, with its size in bytes. */
  uploads: Record<string, number>;
  /**
   * Where the site kept them (UPLOADS_STORAGE); the archive holds them as files either way, and a restore puts
   * them where the restoring site keeps them. Absent in backups made before the setting existed (disk).
   */
  uploadsStorage?: "disk" | "database";
}

export interface Backup {
  filename: string;
  contentType: string;
  size: number;
  manifest: BackupManifest;
  body: ReadableStream<Uint8Array>;
}

/** The download's name: the site's date, so that a day's backups sort together. */
export const backupFileName = (now: Date = new Date()) => `${BACKUP_FILE_PREFIX}-${todayIsoDate(now)}.tar.gz`;

export interface JsonBackup {
  format: typeof JSON_BACKUP_FORMAT;
  version: 1;
  createdAt: string;
  database: "postgres";
  /** Every table of the schema, each as its rows. */
  tables: Record<string, Record<string, unknown>[]>;
}

/** The table of images stored in the database: in an archive they are files under uploads/, never rows. */
const IMAGE_BLOBS_TABLE = "image_blobs";

/** Writes every image stored in the database as a file into `dir`, one row at a time. */
async function writeImageBlobs(db: Kysely<Database>, dir: string) {
  const names = await db.selectFrom("image_blobs").select("name").orderBy("name").execute();
  for (const { name } of names) {
    if (!STORED_FILE_NAME.test(name)) continue;
    const row = await db.selectFrom("image_blobs").select("bytes").where("name", "=", name).executeTakeFirst();
    if (row) await fs.writeFile(path.join(dir, name), row.bytes);
  }
}

/**
 * Every table of the PostgreSQL schema, read in one repeatable-read transaction: one consistent snapshot.
 * The images table's rows are left out (an empty list); with `imagesInto`, its images are written there as
 * files from the same snapshot.
 */
export async function exportPostgresTables(handle: DatabaseHandle, now: Date = new Date(), imagesInto?: string): Promise<JsonBackup> {
  const tables = await handle.db
    .transaction()
    .setIsolationLevel("repeatable read")
    .setAccessMode("read only")
    .execute(async (trx) => {
      const names = await sql<{ table_name: string }>`
        select table_name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE'
        order by table_name`.execute(trx);
      const result: Record<string, Record<string, unknown>[]> = {};
      for (const { table_name: name } of names.rows) {
        if (name === IMAGE_BLOBS_TABLE) {
          result[name] = [];
          if (imagesInto) await writeImageBlobs(trx, imagesInto);
          continue;
        }
        const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)} order by 1`.execute(trx);
        result[name] = rows.rows;
      }
      return result;
    });
  return { format: JSON_BACKUP_FORMAT, version: 1, createdAt: now.toISOString(), database: "postgres", tables };
}

/**
 * The database into `dir`: SQLite's online backup copies the live database page by page into a file of its
 * own (a consistent snapshot even while the site keeps writing); PostgreSQL's tables are exported as JSON.
 * With `imagesInto` (UPLOADS_STORAGE=database), the images stored in the database are written there as files
 * from the same snapshot, and the database entry keeps none of their bytes.
 */
async function snapshotDatabase(
  handle: DatabaseHandle,
  dir: string,
  now: Date,
  imagesInto: string | undefined,
): Promise<BackupManifest["databaseEntry"]> {
  if (handle.dialect === "sqlite") {
    if (!handle.sqlite) throw new Error("The SQLite connection is not available");
    const file = path.join(dir, SQLITE_FILE_NAME);
    await handle.sqlite.backup(file);
    if (imagesInto) await moveImagesOutOfSqliteCopy(file, imagesInto);
    return SQLITE_FILE_NAME;
  }
  await fs.writeFile(path.join(dir, JSON_EXPORT_ENTRY), JSON.stringify(await exportPostgresTables(handle, now, imagesInto)));
  return JSON_EXPORT_ENTRY;
}

/** The images of a SQLite snapshot, as files into `dir`; the snapshot then keeps none (and is compacted). */
async function moveImagesOutOfSqliteCopy(file: string, dir: string) {
  const copy = new SqliteDatabase(file);
  try {
    const names = copy.prepare("select name from image_blobs order by name").pluck().all() as string[];
    const read = copy.prepare("select bytes from image_blobs where name = ?").pluck();
    for (const name of names) {
      if (STORED_FILE_NAME.test(name)) await fs.writeFile(path.join(dir, name), read.get(name) as Buffer);
    }
    copy.exec("delete from image_blobs");
    copy.exec("vacuum");
  } finally {
    copy.close();
  }
}

/**
 * Hard-links every uploaded file not yet in `target` (a copy where the file system cannot link). A link
 * keeps the file as it is now even if the site replaces or removes it while the archive is written.
 * Files being written (`*.tmp`) and anything that is not a plain file are left out.
 */
async function linkUploads(source: string, target: string) {
  let entries: Dirent[];
  try {
    entries = await fs.readdir(source, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  const present = new Set(await fs.readdir(target));
  for (const entry of entries) {
    if (!entry.isFile() || entry.name.endsWith(".tmp") || present.has(entry.name)) continue;
    const from = path.join(source, entry.name);
    const to = path.join(target, entry.name);
    try {
      await fs.link(from, to).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code === "EXDEV" || error.code === "EPERM" || error.code === "ENOTSUP") await fs.copyFile(from, to);
        else throw error;
      });
    } catch (error) {
      // Removed since the listing: the site no longer uses it.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
}

/** Staging folders left behind by a process that stopped mid-backup. */
async function removeStaleStaging(dataDir: string, now: Date) {
  const names = (await fs.readdir(dataDir).catch(() => [] as string[])).filter((name) => name.startsWith(BACKUP_STAGING_PREFIX));
  for (const name of names) {
    const dir = path.join(dataDir, name);
    const stat = await fs.stat(dir).catch(() => undefined);
    if (stat && now.getTime() - stat.mtimeMs > STALE_STAGING_MS) await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * The whole site as one `.tar.gz`: `manifest.json`, the database (the SQLite file, or `database.json` on
 * PostgreSQL) and `uploads/` with every uploaded photo. The archive is written to a temporary file in
 * the data directory (memory use stays flat however large the uploads are), then streamed; the temporary
 * folder is removed when the download ends, finished or abandoned.
 *
 * On disk, the uploads are linked before and again after the database snapshot, so every photo the snapshot
 * refers to is in the archive (plus, at most, one the site removed in the meantime). Stored in the database
 * (`uploadsStorage` "database"), they come from the snapshot itself: exactly the photos it refers to.
 */
export async function createBackup(
  handle: DatabaseHandle,
  dataDir: string,
  now: Date = new Date(),
  uploadsStorage: "disk" | "database" = "disk",
): Promise<Backup> {
  await removeStaleStaging(dataDir, now);
  const staging = await fs.mkdtemp(path.join(dataDir, BACKUP_STAGING_PREFIX));
  const removeStaging = () => fs.rm(staging, { recursive: true, force: true });
  try {
    const source = uploadsDir(dataDir);
    const uploads = path.join(staging, UPLOADS_ENTRY);
    await fs.mkdir(uploads);
    const inDatabase = uploadsStorage === "database";
    if (!inDatabase) await linkUploads(source, uploads);
    const databaseEntry = await snapshotDatabase(handle, staging, now, inDatabase ? uploads : undefined);
    if (!inDatabase) await linkUploads(source, uploads);

    const sizes: Record<string, number> = {};
    for (const name of (await fs.readdir(uploads)).sort()) sizes[name] = (await fs.stat(path.join(uploads, name))).size;
    const manifest: BackupManifest = {
      format: ARCHIVE_FORMAT,
      version: 1,
      createdAt: now.toISOString(),
      database: handle.dialect,
      databaseEntry,
      uploads: sizes,
      uploadsStorage,
    };
    await fs.writeFile(path.join(staging, MANIFEST_ENTRY), `${JSON.stringify(manifest, null, 2)}\n`);

    const archive = path.join(staging, "archive.tar.gz");
    // Photos are WebP already: a light compression level spends little time on them and still halves the database.
    await tar.c({ file: archive, cwd: staging, gzip: { level: 4 }, portable: true }, [MANIFEST_ENTRY, databaseEntry, UPLOADS_ENTRY]);
    // Only the archive is needed from here on.
    await Promise.all([fs.rm(path.join(staging, databaseEntry)), fs.rm(uploads, { recursive: true })]);

    const { size } = await fs.stat(archive);
    const stream = createReadStream(archive);
    // Ends with the download, finished or abandoned.
    stream.once("close", () => void removeStaging());
    return {
      filename: backupFileName(now),
      contentType: "application/gzip",
      size,
      manifest,
      body: Readable.toWeb(stream) as ReadableStream<Uint8Array>,
    };
  } catch (error) {
    await removeStaging();
    throw error;
  }
}
