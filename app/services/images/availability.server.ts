import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { storedFileExists, type ImageStorage } from "./storage.server";

/** A path on this site the way records store it (the admin forms' rule): no `..`, no empty segment. */
const SITE_IMAGE_PATH = /^\/(images|uploads)((?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)+)$/;

let publicRoot: string | undefined;

/**
 * Where the files under /images are served from: the production build's client folder (beside the
 * server bundle, as server/main.ts serves it) or, in development, public/.
 */
function staticRoot(): string {
  if (publicRoot) return publicRoot;
  const candidates = [path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../client"), path.resolve("public")];
  publicRoot = candidates.find((dir) => fs.existsSync(path.join(dir, "images"))) ?? candidates[1]!;
  return publicRoot;
}

/**
 * Whether the file behind a record's image path exists, so an editor can say that a typed path leads
 * nowhere (the public pages then show the default photo) instead of showing a broken picture.
 */
export async function siteImageExists(db: Kysely<Database>, url: string, storage: ImageStorage): Promise<boolean> {
  const match = SITE_IMAGE_PATH.exec(url);
  if (!match) return false;
  const [, area, rest] = match as unknown as [string, "images" | "uploads", string];
  // Uploads are stored flat: a path with a folder under /uploads names nothing.
  if (area === "uploads") return rest.lastIndexOf("/") === 0 && storedFileExists(db, storage, rest.slice(1));
  const file = path.join(staticRoot(), "images", rest);
  try {
    return (await fs.promises.stat(file)).isFile();
  } catch {
    return false;
  }
}

/** Rows for an editor, each with `imageMissing`: it names an image whose file is not there. */
export function withImageAvailability<T extends { image: string | null }>(
  db: Kysely<Database>,
  rows: T[],
  storage: ImageStorage,
): Promise<(T & { imageMissing: boolean })[]> {
  return Promise.all(
    rows.map(async (row) => ({ ...row, imageMissing: row.image ? !(await siteImageExists(db, row.image, storage)) : false })),
  );
}
