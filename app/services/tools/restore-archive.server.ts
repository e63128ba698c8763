/**
 * What every restore shares, whatever the database: reading the backup archive within its limits, checking it
 * against its manifest, and the checks and moves of the target's data folder both dialects make.
 */
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { Kysely } from "kysely";
import * as tar from "tar";
import { z } from "zod";
import type { DialectName } from "~/db/client.server";
import type { Database } from "~/db/schema";
import { etagOf, STORED_IMAGE_TYPE } from "~/services/images/storage.server";
import { uploadsDir } from "~/services/images/usage.server";
import { ARCHIVE_FORMAT, JSON_EXPORT_ENTRY, MANIFEST_ENTRY, SQLITE_FILE_NAME, UPLOADS_ENTRY, type BackupManifest } from "./backup.server";

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
export const NOT_CONTENT_TABLES = new Set([...MIGRATION_TABLES, "rate_limits"]);

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

export interface Unpacked {
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
export async function unpack(archive: string, staging: string, limits: typeof RESTORE_LIMITS): Promise<Unpacked> {
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

export const isFile = (file: string) =>
  fs.stat(file).then(
    (stat) => stat.isFile(),
    () => false,
  );

/** The uploads folder's entries, or none when it does not exist. */
export const uploadsPresent = async (dataDir: string) => (await fs.readdir(uploadsDir(dataDir)).catch(() => [] as string[])).length;

/**
 * Puts the restored uploads in place of DATA_DIR/uploads by renaming (the staging folder is on the same
 * file system); the uploads that were there wait in the staging folder until the restore is committed.
 * Returns how to put things back as they were.
 */
export async function swapUploads(dataDir: string, restored: string, staging: string): Promise<() => Promise<void>> {
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

export function refuseNonEmpty(where: string, rows: number, uploads: number) {
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

/** Every file of the backup's uploads/ as a row of image_blobs, replacing what the table held. */
export async function loadImages(db: Kysely<Database>, uploads: string) {
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
