import path from "node:path";
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { nowIso } from "~/utils/dates";
import { recordAudit } from "../audit/audit.server";
import { notFound } from "../errors";
import { removeImageFiles, storeImage } from "../images/pipeline.server";
import { WHOLESALER_ENTITY } from "./constants";
import type { Actor } from "../admin/list";

export const uploadsDir = (dataDir: string) => path.join(dataDir, "uploads");

/** Every image URL some record still points at. */
async function imagesInUse(db: Kysely<Database>): Promise<Set<string>> {
  const [wholesalers, posts, festivals] = await Promise.all([
    db.selectFrom("wholesalers").select("image").where("image", "is not", null).execute(),
    db.selectFrom("blog_posts").select("image").where("image", "is not", null).execute(),
    db.selectFrom("festivals").select("image").where("image", "is not", null).execute(),
  ]);
  return new Set([...wholesalers, ...posts, ...festivals].map((row) => row.image as string));
}

/**
 * Stores an uploaded photo for a wholesaler. The record changes only after every variant is written;
 * the previous photo's files are removed once no record uses them.
 */
export async function setWholesalerImage(db: Kysely<Database>, id: number, file: Buffer, dataDir: string, actor: Actor) {
  const existing = await db.selectFrom("wholesalers").select(["name", "image"]).where("id", "=", id).executeTakeFirst();
  if (!existing) throw notFound("Wholesaler not found.");
  const dir = uploadsDir(dataDir);
  const stored = await storeImage(file, dir);
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("wholesalers")
      .set({ image: stored.url, image_updated_at: now, updated_at: now })
      .where("id", "=", id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw notFound("Wholesaler not found.");
    await recordAudit(trx, {
      action: `${WHOLESALER_ENTITY}.image`,
      adminId: actor.adminId,
      actor: actor.email,
      entityType: WHOLESALER_ENTITY,
      entityId: id,
      details: { label: existing.name, image: stored.url },
      ip: actor.ip,
    });
  });
  if (existing.image && existing.image !== stored.url && !(await imagesInUse(db)).has(existing.image)) {
    await removeImageFiles(existing.image, dir);
  }
  return { imageUrl: stored.url, updatedAt: now };
}
