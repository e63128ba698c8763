import path from "node:path";
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { IMAGE_TABLES, type ImageTable } from "./constants";

export { IMAGE_TABLES, type ImageTable };

/** Where uploaded images live: DATA_DIR/uploads, served at /uploads. */
export const uploadsDir = (dataDir: string) => path.join(dataDir, "uploads");

/** Every image URL some record still points at. */
export async function imagesInUse(db: Kysely<Database>): Promise<Set<string>> {
  const rows = await Promise.all(
    IMAGE_TABLES.map((table) => db.selectFrom(table).select("image").where("image", "is not", null).execute()),
  );
  return new Set(rows.flat().map((row) => row.image as string));
}
