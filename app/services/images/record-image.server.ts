import { sql, type Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { conflictMessage, nextVersion, type Actor } from "../admin/list";
import { recordAdminChange } from "../audit/audit.server";
import { BLOG_POST_ENTITY } from "../blog/post-form";
import { AppError, notFound } from "../errors";
import { FESTIVAL_ENTITY } from "../festivals/festival-form";
import { WHOLESALER_ENTITY } from "../wholesalers/constants";
import type { RecordImageKind } from "./constants";
import { encodeImage } from "./pipeline.server";
import { storeImageFor, type ImageStorage } from "./storage.server";
import type { ImageTable } from "./usage.server";

interface RecordImageSpec {
  table: ImageTable;
  /** The column that names the record in the audit log. */
  label: "name" | "title";
  /** The audit log's entity: actions read `<entity>.image`. */
  auditEntity: string;
  /** The entity in words, for the conflict message. */
  words: string;
  notFound: string;
  /** Only wholesalers keep the time of their last photo apart from updated_at. */
  stampsImageTime: boolean;
}

const SPECS: Record<RecordImageKind, RecordImageSpec> = {
  wholesaler: {
    table: "wholesalers",
    label: "name",
    auditEntity: WHOLESALER_ENTITY,
    words: WHOLESALER_ENTITY,
    notFound: "Wholesaler not found.",
    stampsImageTime: true,
  },
  festival: {
    table: "festivals",
    label: "name",
    auditEntity: FESTIVAL_ENTITY,
    words: FESTIVAL_ENTITY,
    notFound: "Festival not found.",
    stampsImageTime: false,
  },
  // "blog_post" as the blog's create/update/delete entries spell it (services/blog/admin.server.ts).
  blog: {
    table: "blog_posts",
    label: "title",
    auditEntity: "blog_post",
    words: BLOG_POST_ENTITY,
    notFound: "Blog post not found.",
    stampsImageTime: false,
  },
};

export interface RecordImageOptions {
  /**
   * The version (updated_at) the caller's edit form holds. When given, the upload is refused with 409
   * if the record changed since, before a file is written; the answer's updatedAt then replaces it.
   */
  expectedUpdatedAt?: string;
}

export interface RecordImageResult {
  imageUrl: string;
  /** The record's new version (updated_at). */
  updatedAt: string;
}

/**
 * Stores an uploaded photo for a wholesaler, festival or blog post (storeImageFor: the record never points at
 * files that are not stored); the previous photo's files are removed once no record uses them, and the new
 * files too if the record could not take them.
 */
export async function setRecordImage(
  db: Kysely<Database>,
  kind: RecordImageKind,
  id: number,
  file: Buffer,
  storage: ImageStorage,
  // An admin, or a listing's owner (no admin id) changing its photo (decision 045).
  actor: Omit<Actor, "adminId"> & { adminId: number | null },
  { expectedUpdatedAt }: RecordImageOptions = {},
): Promise<RecordImageResult> {
  const spec = SPECS[kind];
  const existing = await db
    .selectFrom(spec.table)
    .select(["image", "updated_at", sql<string>`${sql.ref(spec.label)}`.as("label")])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!existing) throw notFound(spec.notFound);
  const conflict = () => new AppError("conflict", conflictMessage(spec.words));
  if (expectedUpdatedAt !== undefined && existing.updated_at !== expectedUpdatedAt) throw conflict();

  const stored = await encodeImage(file);
  const updatedAt = await storeImageFor(db, storage, stored, async (trx) => {
    // The version is read again now that the photo is encoded, and the update is scoped to it.
    const current = await trx.selectFrom(spec.table).select(["image", "updated_at"]).where("id", "=", id).executeTakeFirst();
    if (!current) throw notFound(spec.notFound);
    if (expectedUpdatedAt !== undefined && current.updated_at !== expectedUpdatedAt) throw conflict();
    const updatedAt = nextVersion(current.updated_at);
    const result = await trx
      .updateTable(spec.table)
      .set(
        spec.stampsImageTime
          ? { image: stored.url, updated_at: updatedAt, image_updated_at: updatedAt }
          : { image: stored.url, updated_at: updatedAt },
      )
      .where("id", "=", id)
      .where("updated_at", "=", current.updated_at)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) {
      throw new AppError("conflict", `The ${spec.words} was saved by someone else during the upload. Please upload the photo again.`);
    }
    await recordAdminChange(trx, actor, {
      entity: spec.auditEntity,
      verb: "image",
      id,
      details: { label: existing.label, image: stored.url },
    });
    return { value: updatedAt, released: [current.image] };
  });
  return { imageUrl: stored.url, updatedAt };
}
