import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { sql, type Kysely, type Transaction } from "kysely";
import { isPostgres } from "~/db/dialect.server";
import type { Database } from "~/db/schema";
import { AppError } from "../errors";
import { IMAGE_WIDTHS } from "./constants";
import { removeImageFiles, writeImageFiles, type EncodedImage } from "./pipeline.server";
import { imagesInUse, uploadsDir } from "./usage.server";

/**
 * Where uploaded image files live (UPLOADS_STORAGE): files in DATA_DIR/uploads, or rows of the image_blobs
 * table of the configured database, so that every server on one database serves every image. Either way a
 * file is named "<hash>-<width>.webp" and served at /uploads/<name>.
 */
export type ImageStorage = { kind: "disk"; dir: string } | { kind: "database" };

export function imageStorage(env: { UPLOADS_STORAGE: "disk" | "database"; DATA_DIR: string }): ImageStorage {
  return env.UPLOADS_STORAGE === "database" ? { kind: "database" } : { kind: "disk", dir: uploadsDir(env.DATA_DIR) };
}

/** The one content type the pipeline writes. */
export const STORED_IMAGE_TYPE = "image/webp";

const UPLOAD_URL = /^\/uploads\/([a-f0-9]{16,64})-1200\.webp$/;
/** A name the pipeline could have written: no folders, nothing hidden. */
export const STORED_FILE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** The files behind an uploaded image's URL ("/uploads/<hash>-1200.webp"): one per width; none for any other URL. */
export function storedFileNames(url: string): string[] {
  const hash = UPLOAD_URL.exec(url)?.[1];
  return hash ? IMAGE_WIDTHS.map((width) => `${hash}-${width}.webp`) : [];
}

/** The ETag a stored file is served with: a hash of its bytes. */
export const etagOf = (bytes: Buffer) => `"${crypto.createHash("sha256").update(bytes).digest("base64url").slice(0, 27)}"`;

/** One file's bytes, or undefined when it is not stored. */
export async function readStoredFile(db: Kysely<Database>, storage: ImageStorage, name: string): Promise<Buffer | undefined> {
  if (!STORED_FILE_NAME.test(name)) return undefined;
  if (storage.kind === "disk") {
    try {
      return await fs.readFile(path.join(storage.dir, name));
    } catch {
      return undefined;
    }
  }
  const row = await db.selectFrom("image_blobs").select("bytes").where("name", "=", name).executeTakeFirst();
  return row ? Buffer.from(row.bytes) : undefined;
}

/** Whether a file is stored (without reading it). */
export async function storedFileExists(db: Kysely<Database>, storage: ImageStorage, name: string): Promise<boolean> {
  if (!STORED_FILE_NAME.test(name)) return false;
  if (storage.kind === "disk") {
    try {
      return (await fs.stat(path.join(storage.dir, name))).isFile();
    } catch {
      return false;
    }
  }
  return (await db.selectFrom("image_blobs").select("name").where("name", "=", name).executeTakeFirst()) !== undefined;
}

export interface StoredFileInfo {
  name: string;
  size: number;
  /** When it was written, in epoch milliseconds. */
  writtenAt: number;
}

/** Every stored file, and on disk also the leftovers of interrupted writes (`*.tmp`). */
export async function listStoredFiles(db: Kysely<Database>, storage: ImageStorage): Promise<StoredFileInfo[]> {
  if (storage.kind === "database") {
    const rows = await db.selectFrom("image_blobs").select(["name", "size", "created_at"]).orderBy("name").execute();
    return rows.map((row) => ({ name: row.name, size: Number(row.size), writtenAt: Date.parse(row.created_at) }));
  }
  let names: string[];
  try {
    names = await fs.readdir(storage.dir);
  } catch {
    return [];
  }
  const files: StoredFileInfo[] = [];
  for (const name of names.sort()) {
    const stat = await fs.stat(path.join(storage.dir, name)).catch(() => undefined);
    if (stat?.isFile()) files.push({ name, size: stat.size, writtenAt: stat.mtimeMs });
  }
  return files;
}

/**
 * Writes of image rows take turns on PostgreSQL (a transaction-scoped advisory lock), so that one transaction
 * cannot remove the bytes of an image it found unused while another points a record at them. SQLite has one
 * writer at a time already.
 */
const IMAGE_WRITE_LOCK = 150_015_006;
async function takeImageWriteTurn(trx: Transaction<Database>) {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${IMAGE_WRITE_LOCK})`.execute(trx);
}

/** A database that is out of room says so (507) like a full disk, instead of an unexplained error. */
function databaseStorageFailure(error: unknown): unknown {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (code === "53100" || code === "SQLITE_FULL") {
    return new AppError(
      "insufficient_storage",
      "The database is out of room, so the photo was not saved. The current photo is kept; please try again later.",
    );
  }
  return error;
}

async function insertBlobs(trx: Transaction<Database>, image: EncodedImage, now: string) {
  for (const { name, bytes } of image.variants) {
    await trx
      .insertInto("image_blobs")
      .values({ name, content_type: STORED_IMAGE_TYPE, bytes, size: bytes.length, etag: etagOf(bytes), created_at: now })
      .onConflict((oc) => oc.column("name").doNothing())
      .execute();
  }
}

async function deleteBlobsOfUnused(trx: Transaction<Database>, urls: (string | null)[], keep?: string) {
  const candidates = urls.filter((url): url is string => !!url && url !== keep);
  if (candidates.length === 0) return;
  const used = await imagesInUse(trx);
  const names = candidates.filter((url) => !used.has(url)).flatMap(storedFileNames);
  if (names.length > 0) await trx.deleteFrom("image_blobs").where("name", "in", names).execute();
}

export interface ImageChange<T> {
  value: T;
  /** Image URLs records pointed at before the change: their files go once no record uses them. */
  released: (string | null)[];
}

/**
 * Stores `image` (when given) and runs `change`, which points records at it in a transaction and says which
 * images they let go of. No record ever points at files that are not there:
 * - database: the new bytes, the records and the removal of the released images' bytes are one transaction;
 *   a failure anywhere leaves everything as it was;
 * - disk: the files are written first, then the records change; the new files are removed again if the change
 *   fails, and the released ones only after it has committed.
 */
export async function storeImageFor<T>(
  db: Kysely<Database>,
  storage: ImageStorage,
  image: EncodedImage | undefined,
  change: (trx: Transaction<Database>) => Promise<ImageChange<T>>,
  now: () => Date = () => new Date(),
): Promise<T> {
  if (storage.kind === "database") {
    try {
      return await db.transaction().execute(async (trx) => {
        await takeImageWriteTurn(trx);
        if (image) await insertBlobs(trx, image, now().toISOString());
        const { value, released } = await change(trx);
        await deleteBlobsOfUnused(trx, released, image?.url);
        return value;
      });
    } catch (error) {
      throw databaseStorageFailure(error);
    }
  }
  if (image) await writeImageFiles(image, storage.dir);
  let outcome: ImageChange<T>;
  try {
    outcome = await db.transaction().execute(change);
  } catch (error) {
    if (image && !(await imagesInUse(db)).has(image.url)) await removeImageFiles(image.url, storage.dir);
    throw error;
  }
  const released = outcome.released.filter((url): url is string => !!url && url !== image?.url);
  if (released.length > 0) {
    const used = await imagesInUse(db);
    for (const url of released) if (!used.has(url)) await removeImageFiles(url, storage.dir);
  }
  return outcome.value;
}

/**
 * Removes stored files that no record uses (named by `isUnused`, checked again against the records at the
 * time of removal in database mode, under the write turn). Returns how many went.
 */
export async function removeStoredFiles(
  db: Kysely<Database>,
  storage: ImageStorage,
  names: string[],
  isUnused: (name: string, used: Set<string>) => boolean,
): Promise<number> {
  if (names.length === 0) return 0;
  if (storage.kind === "disk") {
    const used = await imagesInUse(db);
    let removed = 0;
    for (const name of names) {
      if (!STORED_FILE_NAME.test(name) || !isUnused(name, used)) continue;
      try {
        await fs.rm(path.join(storage.dir, name));
        removed += 1;
      } catch {
        // Gone meanwhile.
      }
    }
    return removed;
  }
  return db.transaction().execute(async (trx) => {
    await takeImageWriteTurn(trx);
    const used = await imagesInUse(trx);
    const unused = names.filter((name) => isUnused(name, used));
    if (unused.length === 0) return 0;
    const result = await trx.deleteFrom("image_blobs").where("name", "in", unused).executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}

/** A stored file as /uploads serves it; `bytes` only when asked for. */
export interface ServedFile {
  contentType: string;
  size: number;
  etag: string;
  createdAt: string;
  bytes?: Buffer;
}

/** One file of the image_blobs table for /uploads (database mode); undefined when there is none. */
export async function findStoredBlob(db: Kysely<Database>, name: string, withBytes: boolean): Promise<ServedFile | undefined> {
  if (!STORED_FILE_NAME.test(name)) return undefined;
  const base = db.selectFrom("image_blobs").select(["content_type", "size", "etag", "created_at"]).where("name", "=", name);
  if (!withBytes) {
    const row = await base.executeTakeFirst();
    return row && { contentType: row.content_type, size: Number(row.size), etag: row.etag, createdAt: row.created_at };
  }
  const row = await base.select("bytes").executeTakeFirst();
  return (
    row && {
      contentType: row.content_type,
      size: Number(row.size),
      etag: row.etag,
      createdAt: row.created_at,
      bytes: Buffer.from(row.bytes),
    }
  );
}
