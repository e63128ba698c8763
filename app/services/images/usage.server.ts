import path from "node:path";
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";

/** Where uploaded images live: DATA_DIR/uploads, served at /uploads. */
export const uploadsDir = (dataDir: string) => path.join(dataDir, "uploads");

/** The tables whose rows carry an `image` URL. */
export const IMAGE_TABLES = ["wholesalers", "blog_posts", "festivals"] as const;
export type ImageTable = (typeof IMAGE_TABLES)[number];

/** Every image URL some record still points at. */
export async function imagesInUse(db: Kysely<Database>): Promise<Set<string>> {
  const rows = await Promise.all(
    IMAGE_TABLES.map((table) => db.selectFrom(table).select("image").where("image", "is not", null).execute()),
  );
  return new Set(rows.flat().map((row) => row.image as string));
}
