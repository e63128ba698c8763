/**
 * Output: which pictures to draw (the seed data's images and the fixed ones), and their WebP files and smaller
 * variants, written only when their bytes change.
 */
import { access, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import sharp, { type OutputInfo } from "sharp";
import type { ImageRole } from "./keywords";
import { assignLooks, type Look } from "./plan";
import { renderSvg } from "./render";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const PUBLIC_DIR = path.join(ROOT, "public");
const WEBP_OPTIONS = { quality: 78, effort: 5 } as const;

interface ImageJob {
  /** Path under public/, e.g. "images/blog/peony-centerpiece.webp". */
  readonly file: string;
  readonly role: ImageRole;
  readonly width: number;
  readonly height: number;
  readonly look?: Look;
  /** Smaller widths written beside the file as "<name>-<width>.webp", for srcset. */
  readonly variants?: readonly number[];
  /** WebP quality when not the default (WEBP_OPTIONS). */
  readonly quality?: number;
  /** A centre crop of the full height, this many pixels wide, written as "<name>-portrait.webp" for phones. */
  readonly portraitWidth?: number;
}

interface JobResult {
  readonly bytes: number;
  readonly written: boolean;
}

const CARD_SIZE = { width: 1200, height: 800 } as const;
/**
 * Card images (1200 px) also come 400 and 800 px wide, the widths uploads are stored in;
 * `imageSrcSet` in app/services/images/constants.ts knows these names. The hero has none: it covers a
 * section taller than a phone is wide, so it is drawn well over 1200 CSS px wide on every screen.
 */
const CARD_VARIANTS = [400, 800] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

/** Reads the `image` fields of an exported array in a seed data file, if that file exists. */
async function imagePathsFrom(relativeFile: string, exportName: string): Promise<string[]> {
  const absolute = path.join(ROOT, relativeFile);
  if (!(await exists(absolute))) {
    console.log(`skip ${relativeFile}: file not found`);
    return [];
  }
  let mod: unknown;
  try {
    mod = await import(pathToFileURL(absolute).href);
  } catch (error: unknown) {
    console.log(`skip ${relativeFile}: could not load it (${error instanceof Error ? error.message.split("\n")[0] : String(error)})`);
    return [];
  }
  const list = isRecord(mod) ? mod[exportName] : undefined;
  if (!Array.isArray(list)) {
    console.log(`skip ${relativeFile}: no "${exportName}" array exported`);
    return [];
  }
  const images = list.flatMap((item: unknown) => (isRecord(item) && typeof item.image === "string" ? [item.image] : []));
  return [...new Set(images)];
}

/** "/images/blog/x.webp" -> "images/blog/x.webp", refusing anything outside public/images. */
function publicPath(imageUrl: string): string | null {
  const relative = path.posix.normalize(imageUrl.replace(/^\/+/, ""));
  const ok = relative.startsWith("images/") && /\.(webp|png|jpe?g)$/i.test(relative) && !relative.includes("..");
  if (!ok) console.log(`skip image path ${JSON.stringify(imageUrl)}: expected /images/<...>.webp`);
  return ok ? relative : null;
}

export async function collectJobs(): Promise<ImageJob[]> {
  const blog = await imagePathsFrom("app/db/seed/data/blog-posts.ts", "blogPosts");
  const festivals = await imagePathsFrom("app/db/seed/data/festivals.ts", "festivals");
  const fromData = (urls: readonly string[], role: ImageRole): ImageJob[] => {
    const files = urls.flatMap((url) => publicPath(url) ?? []);
    const looks = assignLooks(files.map(baseName), role);
    return files.map((file) => {
      const look = looks.get(baseName(file));
      const variants = file.endsWith(".webp") ? CARD_VARIANTS : undefined;
      return look ? { file, role, ...CARD_SIZE, look, variants } : { file, role, ...CARD_SIZE, variants };
    });
  };
  return [
    ...fromData(blog, "blog"),
    ...fromData(festivals, "festival"),
    { file: "images/default-flower.webp", role: "stock", ...CARD_SIZE, variants: CARD_VARIANTS },
    // The hero lies under a dark gradient that hides fine detail, so it is kept under 60 KB with a lower quality.
    // On a phone its section is taller than wide and shows only the middle of the picture: the portrait crop
    // (app/components/home/hero.tsx) has the same pixels there in well under half the bytes.
    { file: "images/hero.webp", role: "hero", width: 1600, height: 900, quality: 58, portraitWidth: 640 },
    { file: "images/og-default.webp", role: "og", width: 1200, height: 630 },
  ];
}

/** The picture's pixels, drawn once and shared by the file and its smaller variants. */
interface Raster {
  readonly data: Buffer;
  readonly info: OutputInfo;
}

const fromRaster = ({ data, info }: Raster) => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });

async function encode(raster: Raster, file: string, quality: number = WEBP_OPTIONS.quality): Promise<Buffer> {
  const image = fromRaster(raster);
  const ext = path.extname(file).toLowerCase();
  if (ext === ".png") return image.png({ compressionLevel: 9, palette: true }).toBuffer();
  if (ext === ".jpg" || ext === ".jpeg") return image.jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  return image.webp({ ...WEBP_OPTIONS, quality }).toBuffer();
}

/** "images/blog/peony-care.webp" -> "peony-care" */
function baseName(file: string): string {
  return path.basename(file).replace(/\.[a-z]+$/i, "");
}

/** "images/blog/peony-care.webp", 400 -> "images/blog/peony-care-400.webp" */
const variantFile = (file: string, width: number) => file.replace(/\.webp$/i, `-${width}.webp`);

/** Writes a file unless it already holds exactly these bytes. */
export async function writeIfChanged(file: string, data: Buffer): Promise<JobResult> {
  const target = path.join(PUBLIC_DIR, file);
  const previous = await readFile(target).catch(() => null);
  if (previous?.equals(data)) return { bytes: data.length, written: false };
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, data);
  return { bytes: data.length, written: true };
}

export async function runJob(job: ImageJob): Promise<JobResult[]> {
  const svg = renderSvg(baseName(job.file), job.role, job.width, job.height, job.look);
  const raster = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
  const results = [await writeIfChanged(job.file, await encode(raster, job.file, job.quality))];
  for (const width of job.variants ?? []) {
    const height = Math.round((width * job.height) / job.width);
    const data = await fromRaster(raster).resize({ width, height }).webp(WEBP_OPTIONS).toBuffer();
    results.push(await writeIfChanged(variantFile(job.file, width), data));
  }
  if (job.portraitWidth) {
    const crop = { left: Math.round((job.width - job.portraitWidth) / 2), top: 0, width: job.portraitWidth, height: job.height };
    const data = await fromRaster(raster)
      .extract(crop)
      .webp({ ...WEBP_OPTIONS, quality: job.quality ?? WEBP_OPTIONS.quality })
      .toBuffer();
    results.push(await writeIfChanged(job.file.replace(/\.webp$/i, "-portrait.webp"), data));
  }
  return results;
}

export async function runAll<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
