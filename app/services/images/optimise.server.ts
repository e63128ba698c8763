import type { Kysely, Transaction } from "kysely";
import sharp from "sharp";
import type { Database } from "~/db/schema";
import { recordAudit } from "../audit/audit.server";
import { AppError } from "../errors";
import { nextVersion, type Actor } from "../admin/list";
import { IMAGE_ASPECT, IMAGE_WIDTHS } from "./constants";
import { encodeImage, MAX_INPUT_PIXELS } from "./pipeline.server";
import { listStoredFiles, readStoredFile, removeStoredFiles, storeImageFor, type ImageStorage } from "./storage.server";
import { IMAGE_TABLES, imagesInUse } from "./usage.server";
import type { MissingImage, OptimiseReport } from "./types";

export type { MissingImage, OptimiseReport };

/**
 * A re-encoded image replaces the stored one only when it saves at least this share of the bytes, so that
 * running the tool again does not wear an image down by encoding it over and over for nothing.
 */
export const MIN_SAVING = 0.1;
/**
 * Files no record points at are removed once they are this old: an upload writes its files before it
 * points its record at them, and must not lose them to a run of the tool in between.
 */
export const ORPHAN_GRACE_MS = 10 * 60 * 1000;

const UPLOAD_URL = /^\/uploads\/([a-f0-9]{16,64})-1200\.webp$/;
const hashOf = (url: string) => UPLOAD_URL.exec(url)?.[1];
const UPLOAD_FILE = /^([a-f0-9]{16,64})-(\d+)\.webp$/;

interface VariantState {
  /** Size in bytes of each width present and well formed. */
  sizes: Map<number, number>;
  /** The bytes of the largest width present and well formed. */
  largest?: Buffer;
  complete: boolean;
}

/** Which of an image's widths are stored as 3:2 WebP files of the right size. */
async function inspectVariants(db: Kysely<Database>, storage: ImageStorage, hash: string): Promise<VariantState> {
  const sizes = new Map<number, number>();
  let largest: Buffer | undefined;
  for (const width of IMAGE_WIDTHS) {
    const bytes = await readStoredFile(db, storage, `${hash}-${width}.webp`);
    if (!bytes) continue;
    try {
      const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
      if (meta.format === "webp" && meta.width === width && meta.height === Math.round(width / IMAGE_ASPECT)) {
        sizes.set(width, bytes.length);
        largest = bytes;
      }
    } catch {
      // Unreadable: not counted.
    }
  }
  return { sizes, largest, complete: sizes.size === IMAGE_WIDTHS.length };
}

const total = (sizes: Map<number, number>) => [...sizes.values()].reduce((sum, size) => sum + size, 0);

async function recordsUsing(db: Kysely<Database>, url: string): Promise<MissingImage[]> {
  const found: MissingImage[] = [];
  for (const table of IMAGE_TABLES) {
    const rows =
      table === "blog_posts"
        ? await db.selectFrom(table).select(["id", "title as label"]).where("image", "=", url).execute()
        : await db.selectFrom(table).select(["id", "name as label"]).where("image", "=", url).execute();
    for (const row of rows) found.push({ table, id: Number(row.id), label: row.label, url });
  }
  return found;
}

/**
 * Points every record that uses `from` at `to`, each with a new version, so that an editor opened before
 * the change cannot save the old path back over it (its save is refused as a conflict).
 */
async function repoint(trx: Transaction<Database>, from: string, to: string) {
  for (const table of IMAGE_TABLES) {
    const rows = await trx.selectFrom(table).select(["id", "updated_at"]).where("image", "=", from).execute();
    for (const row of rows) {
      await trx
        .updateTable(table)
        .set({ image: to, updated_at: nextVersion(row.updated_at) })
        .where("id", "=", row.id)
        .where("image", "=", from)
        .execute();
    }
  }
}

/** Removes stored files no record uses (and leftovers of interrupted writes), once past the grace period. */
async function removeOrphans(db: Kysely<Database>, storage: ImageStorage, now: number): Promise<number> {
  const old = (await listStoredFiles(db, storage)).filter((file) => now - file.writtenAt >= ORPHAN_GRACE_MS).map((file) => file.name);
  let usedHashes = new Set<string | undefined>();
  let hashesOf: Set<string> | undefined;
  return removeStoredFiles(db, storage, old, (name, used) => {
    if (name.endsWith(".tmp")) return true;
    if (hashesOf !== used) {
      hashesOf = used;
      usedHashes = new Set([...used].map(hashOf));
    }
    const match = UPLOAD_FILE.exec(name);
    return match !== null && !usedHashes.has(match[1]);
  });
}

const plural = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;
const kilobytes = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString("en-US")} KB`;

export function describeOptimiseReport(report: Omit<OptimiseReport, "message">): string {
  if (report.checked === 0 && report.orphansRemoved === 0) {
    return report.bundled > 0
      ? `No uploaded images to optimize; the ${plural(report.bundled, "image")} that ship with the site are already generated in every size.`
      : "No uploaded images to optimize.";
  }
  const parts = [
    `Checked ${plural(report.checked, "uploaded image")}`,
    `${report.reencoded} re-encoded smaller`,
    `${report.repaired} repaired`,
    `${report.unchanged} already optimal`,
  ];
  let message = `${parts.join(", ")}.`;
  if (report.bytesBefore !== report.bytesAfter)
    message += ` ${kilobytes(report.bytesBefore)} before, ${kilobytes(report.bytesAfter)} after.`;
  if (report.orphansRemoved > 0) message += ` Removed ${plural(report.orphansRemoved, "unused file")}.`;
  if (report.missing.length > 0) {
    const count = report.missing.length;
    message += ` ${plural(count, "record")} ${count === 1 ? "points" : "point"} at an image whose files are gone: upload ${count === 1 ? "a new one" : "new ones"}.`;
  }
  return message;
}

/** Told how many of the images in use have been handled (`done` of `total`), before each and at the end. */
export type OptimiseProgress = (done: number, total: number) => Promise<void> | void;

/**
 * Sends every uploaded image that a record uses through the upload pipeline again (decode, orient, crop to
 * 3:2, WebP in every width) from the largest good size stored. The new files replace the old ones when a
 * size was missing or malformed, or when they are at least MIN_SAVING smaller; otherwise the old files stay
 * and the new ones are dropped. Afterwards, files no record uses are removed.
 */
export async function optimiseStoredImages(
  db: Kysely<Database>,
  storage: ImageStorage,
  actor: Actor,
  now: () => number = Date.now,
  onProgress?: OptimiseProgress,
): Promise<OptimiseReport> {
  if (running) throw new AppError("conflict", "Image optimization is already running. Try again when it has finished.");
  running = true;
  try {
    return await optimise(db, storage, actor, now, onProgress);
  } finally {
    running = false;
  }
}

/** One run at a time: two runs would re-encode the same images and point records back and forth. */
let running = false;

async function optimise(
  db: Kysely<Database>,
  storage: ImageStorage,
  actor: Actor,
  now: () => number,
  onProgress?: OptimiseProgress,
): Promise<OptimiseReport> {
  const counts = { checked: 0, reencoded: 0, repaired: 0, unchanged: 0, bundled: 0, bytesBefore: 0, bytesAfter: 0 };
  const missing: MissingImage[] = [];

  const urls = [...(await imagesInUse(db))].sort();
  for (const [index, url] of urls.entries()) {
    await onProgress?.(index, urls.length);
    const hash = hashOf(url);
    if (!hash) {
      counts.bundled += 1;
      continue;
    }
    counts.checked += 1;
    const before = await inspectVariants(db, storage, hash);
    if (!before.largest) {
      missing.push(...(await recordsUsing(db, url)));
      continue;
    }
    const encoded = await encodeImage(before.largest);
    const bytesBefore = total(before.sizes);
    const bytesAfter = encoded.variants.reduce((sum, variant) => sum + variant.bytes.length, 0);
    const worthIt = !before.complete || bytesAfter <= bytesBefore * (1 - MIN_SAVING);

    if (encoded.url === url || !worthIt) {
      counts.unchanged += 1;
      counts.bytesBefore += bytesBefore;
      counts.bytesAfter += bytesBefore;
      continue;
    }
    await storeImageFor(db, storage, encoded, async (trx) => {
      await repoint(trx, url, encoded.url);
      return { value: undefined, released: [url] };
    });
    if (before.complete) counts.reencoded += 1;
    else counts.repaired += 1;
    counts.bytesBefore += bytesBefore;
    counts.bytesAfter += bytesAfter;
  }

  await onProgress?.(urls.length, urls.length);
  const orphansRemoved = await removeOrphans(db, storage, now());
  const report = { ...counts, missing, orphansRemoved };
  const message = describeOptimiseReport(report);
  await recordAudit(db, {
    action: "tools.optimise_images",
    adminId: actor.adminId,
    actor: actor.email,
    details: { label: message, ...counts, missing: missing.length, orphansRemoved },
    ip: actor.ip,
  });
  return { ...report, message };
}
