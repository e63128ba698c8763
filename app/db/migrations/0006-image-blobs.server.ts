import type { Kysely } from "kysely";
import { isPostgres } from "./helpers.server";

/**
 * The bytes of uploaded images when UPLOADS_STORAGE=database (app/services/images/storage.server.ts), so that
 * every server on one database serves every image: one row per file, named as the file would be on disk
 * ("<hash>-<width>.webp"). In disk mode the table stays empty.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("image_blobs")
    .addColumn("name", "text", (col) => col.primaryKey().notNull())
    .addColumn("content_type", "text", (col) => col.notNull())
    .addColumn("bytes", isPostgres(db) ? "bytea" : "blob", (col) => col.notNull())
    .addColumn("size", "integer", (col) => col.notNull())
    .addColumn("etag", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("image_blobs").execute();
}
