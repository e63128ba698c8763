import { sql, type Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "~/db/schema";
import { isValidIsoDate, nowIso } from "~/utils/dates";
import { assertOneRowChanged, fieldErrorsOf, likePattern, nextVersion, optionalImagePath, pageWindow, type Actor, type Page } from "../admin/list";
import { recordAudit } from "../audit/audit.server";
import { badRequest } from "../errors";
import { BLOG_STATUSES, DEFAULT_BLOG_CATEGORIES, toBlogPost, type BlogPost, type BlogStatus } from "./blog.server";
import { BLOG_POST_ENTITY, CONTENT_MAX, EXCERPT_MAX } from "./post-form";

/** The entity in the audit log (`blog_post.create`, ...). */
const BLOG_POST_AUDIT_ENTITY = "blog_post";

export interface BlogListQuery {
  q?: string;
  category?: string;
  status?: string;
  page: number;
}

const isBlogStatus = (value: string | null | undefined): value is BlogStatus => (BLOG_STATUSES as readonly string[]).includes(value ?? "");

export const blogPostInputSchema = z.object({
  title: z.string().trim().min(3, "Enter a title (at least 3 characters).").max(150, "The title is at most 150 characters."),
  excerpt: z
    .string()
    .trim()
    .min(10, "Write a short excerpt (at least 10 characters).")
    .max(EXCERPT_MAX, `The excerpt is at most ${EXCERPT_MAX} characters.`),
  content: z
    .string()
    .trim()
    .min(20, "Write the article (at least 20 characters).")
    .max(CONTENT_MAX, `The article is at most ${CONTENT_MAX.toLocaleString("en-US")} characters.`),
  category: z.string().trim().min(1, "Choose a category."),
  date: z.string().trim().refine(isValidIsoDate, "Enter the publication date."),
  image: optionalImagePath,
  status: z.enum(BLOG_STATUSES, { message: "Choose Draft or Published." }),
});

export type BlogPostInput = z.output<typeof blogPostInputSchema>;

/** The categories a post may have: the defaults first, then any other category posts already use. */
export async function listBlogCategories(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom("blog_posts").select("category").distinct().execute();
  const defaults: readonly string[] = DEFAULT_BLOG_CATEGORIES;
  const others = rows.map((row) => row.category).filter((category) => !defaults.includes(category));
  return [...defaults, ...others.sort((a, b) => a.localeCompare(b))];
}

const INVALID = "Please correct the highlighted fields.";

async function parseBlogPostInput(db: Kysely<Database>, raw: unknown): Promise<BlogPostInput> {
  const result = blogPostInputSchema.safeParse(raw);
  if (!result.success) throw badRequest(INVALID, fieldErrorsOf(result.error));
  if (!(await listBlogCategories(db)).includes(result.data.category)) {
    throw badRequest(INVALID, { category: "Choose a category from the list." });
  }
  return result.data;
}

const columnsFrom = (input: BlogPostInput) => ({
  title: input.title,
  excerpt: input.excerpt,
  content: input.content,
  category: input.category,
  date: input.date,
  image: input.image ?? null,
  status: input.status,
});

/** One page of posts (drafts too) matching the search (title, excerpt, content) and filters, newest first. */
export async function listBlogPostsForAdmin(db: Kysely<Database>, query: BlogListQuery): Promise<Page<BlogPost>> {
  let base = db.selectFrom("blog_posts");
  if (query.q) {
    const pattern = likePattern(query.q);
    base = base.where((eb) =>
      eb.or(
        (["title", "excerpt", "content"] as const).map((column) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`),
      ),
    );
  }
  if (query.category) base = base.where("category", "=", query.category);
  if (isBlogStatus(query.status)) base = base.where("status", "=", query.status);

  const { n } = await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const total = Number(n);
  const window = pageWindow(total, query.page);
  const rows = await base.selectAll().orderBy("date", "desc").orderBy("id", "desc").limit(window.limit).offset(window.offset).execute();
  return { total, page: window.page, pageCount: window.pageCount, rows: rows.map(toBlogPost) };
}

const audit = (db: Kysely<Database>, actor: Actor, verb: string, id: number, label: string) =>
  recordAudit(db, {
    action: `${BLOG_POST_AUDIT_ENTITY}.${verb}`,
    adminId: actor.adminId,
    actor: actor.email,
    entityType: BLOG_POST_AUDIT_ENTITY,
    entityId: id,
    details: { label },
    ip: actor.ip,
  });

export async function createBlogPost(db: Kysely<Database>, raw: unknown, actor: Actor): Promise<number> {
  const input = await parseBlogPostInput(db, raw);
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto("blog_posts")
      .values({ ...columnsFrom(input), created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await audit(trx, actor, "create", id, input.title);
    return id;
  });
}

/** Saves an edit made from the version `expectedUpdatedAt`; refuses if someone saved in between. */
export async function updateBlogPost(db: Kysely<Database>, id: number, expectedUpdatedAt: string, raw: unknown, actor: Actor) {
  const input = await parseBlogPostInput(db, raw);
  await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("blog_posts")
      .set({ ...columnsFrom(input), updated_at: nextVersion(expectedUpdatedAt) })
      .where("id", "=", id)
      .where("updated_at", "=", expectedUpdatedAt)
      .executeTakeFirst();
    assertOneRowChanged(result.numUpdatedRows, BLOG_POST_ENTITY);
    await audit(trx, actor, "update", id, input.title);
  });
}

export async function deleteBlogPost(db: Kysely<Database>, id: number, expectedUpdatedAt: string, actor: Actor) {
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("blog_posts").select("title").where("id", "=", id).executeTakeFirst();
    const result = await trx.deleteFrom("blog_posts").where("id", "=", id).where("updated_at", "=", expectedUpdatedAt).executeTakeFirst();
    assertOneRowChanged(result.numDeletedRows, BLOG_POST_ENTITY);
    await audit(trx, actor, "delete", id, row?.title ?? `#${id}`);
  });
}
