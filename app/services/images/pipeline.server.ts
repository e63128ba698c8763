import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { AppError } from "../errors";
import { IMAGE_ASPECT, IMAGE_WIDTHS, UNSUPPORTED_TYPE_MESSAGE } from "./constants";

/** Decoding stops past this many pixels (about 40 megapixels), against decompression bombs. */
export const MAX_INPUT_PIXELS = 40_000_000;

export type ImageKind = "jpeg" | "png" | "webp";

/** The image type from the file's first bytes; the name and declared type are never trusted. */
export function sniffImageType(bytes: Uint8Array): ImageKind | undefined {
  if (looksLikeMarkup(bytes)) return undefined;
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((byte, i) => bytes[i] === byte)) return "png";
  const ascii = (start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  return undefined;
}

/**
 * A file that is an image and a web page at once (a polyglot) could be served as the page by a careless
 * proxy; markup anywhere in an upload is refused, whatever its first bytes say.
 */
function looksLikeMarkup(bytes: Uint8Array): boolean {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1").toLowerCase();
  return ["<script", "<html", "<svg", "<!doctype", "<iframe", "<body"].some((tag) => text.includes(tag));
}

export interface StoredImage {
  /** URL of the largest variant, e.g. "/uploads/<hash>-1200.webp". */
  url: string;
  files: string[];
}

/** An image through the pipeline, not stored yet: its URL and the bytes of each width. */
export interface EncodedImage {
  /** URL of the largest variant, e.g. "/uploads/<hash>-1200.webp". */
  url: string;
  /** One file per width, named "<hash>-<width>.webp". */
  variants: { name: string; width: number; bytes: Buffer }[];
}

/**
 * Decodes, auto-rotates by EXIF, crops to 3:2 around the centre and re-encodes as WebP in widths 400, 800
 * and 1200 (metadata such as EXIF and GPS is dropped by re-encoding). The names hash the content, so the
 * same photo always gets the same URL.
 */
export async function encodeImage(input: Buffer): Promise<EncodedImage> {
  const kind = sniffImageType(input);
  if (!kind) throw new AppError("unsupported_media_type", UNSUPPORTED_TYPE_MESSAGE);
  let oriented: Buffer;
  try {
    const decoder = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "truncated" });
    const metadata = await decoder.metadata();
    if (metadata.format !== kind && !(kind === "jpeg" && metadata.format === "jpeg")) {
      throw new AppError("unsupported_media_type", UNSUPPORTED_TYPE_MESSAGE);
    }
    oriented = await decoder.rotate().toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const message = error instanceof Error ? error.message : "";
    if (/pixel limit/i.test(message)) {
      throw new AppError("payload_too_large", "The image has too many pixels. Please upload an image under 40 megapixels.");
    }
    throw new AppError("unsupported_media_type", `The file is not a readable image. ${UNSUPPORTED_TYPE_MESSAGE}`);
  }
  const hash = crypto.createHash("sha256").update(oriented).digest("hex").slice(0, 32);
  const variants: EncodedImage["variants"] = [];
  for (const width of IMAGE_WIDTHS) {
    const bytes = await sharp(oriented, { limitInputPixels: MAX_INPUT_PIXELS })
      .resize({ width, height: Math.round(width / IMAGE_ASPECT), fit: "cover", position: "centre" })
      .webp({ quality: 80, effort: 4 })
      .toBuffer();
    variants.push({ name: `${hash}-${width}.webp`, width, bytes });
  }
  return { url: `/uploads/${hash}-1200.webp`, variants };
}

/**
 * Writes an encoded image's files into `uploadsDir`, each to a temporary name first, so no reader ever sees a
 * partial file. If one cannot be written, the ones this call added are taken away again.
 */
export async function writeImageFiles(image: EncodedImage, uploadsDir: string): Promise<StoredImage> {
  const files: string[] = [];
  // The variants this call added: taken away again if a later one cannot be written (one already there, of the
  // same content, may be another record's photo and stays).
  const added: string[] = [];
  try {
    await fs.mkdir(uploadsDir, { recursive: true });
    for (const { name, bytes } of image.variants) {
      const target = path.join(uploadsDir, name);
      const existed = await fs.stat(target).then(
        () => true,
        () => false,
      );
      const temporary = `${target}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
      try {
        await fs.writeFile(temporary, bytes);
        await fs.rename(temporary, target);
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw error;
      }
      if (!existed) added.push(target);
      files.push(name);
    }
  } catch (error) {
    await Promise.all(added.map((file) => fs.rm(file, { force: true })));
    throw storageFailure(error);
  }
  return { url: image.url, files };
}

/** The pipeline (encodeImage) and the files on disk (writeImageFiles) in one step. */
export async function storeImage(input: Buffer, uploadsDir: string): Promise<StoredImage> {
  return writeImageFiles(await encodeImage(input), uploadsDir);
}

/** A disk that is full or a folder that cannot be written is told as such (507, 503); anything else is a bug. */
function storageFailure(error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOSPC" || code === "EDQUOT") {
    return new AppError(
      "insufficient_storage",
      "The server's disk is full, so the photo was not saved. The current photo is kept; please try again later.",
    );
  }
  if (code === "EROFS" || code === "EACCES" || code === "EPERM") {
    return new AppError(
      "storage_unavailable",
      "The photo folder cannot be written to right now, so the photo was not saved. The current photo is kept; please try again later.",
    );
  }
  return error;
}

/** Removes the variants of an image URL that no record uses any more. */
export async function removeImageFiles(url: string, uploadsDir: string) {
  const match = /^\/uploads\/([a-f0-9]{16,64})-1200\.webp$/.exec(url);
  if (!match) return;
  await Promise.all(IMAGE_WIDTHS.map((width) => fs.rm(path.join(uploadsDir, `${match[1]}-${width}.webp`), { force: true })));
}
