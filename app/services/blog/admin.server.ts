import { type Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "~/db/schema";
import { isValidIsoDate } from "~/utils/dates";
import { optionalImagePath, type Actor, type Page } from "../admin/list";
import { loadPage } from "../admin/page.server";
import { containsText } from "../admin/search.server";
import { createVersioned, deleteVersioned, updateVersioned, type VersionedRecord } from "../admin/versioned.server";
import { badRequest } from "../errors";
import { fieldErrorsOf } from "../form-fields";
import { BLOG_STATUSES, DEFAULT_BLOG_CATEGORIES, toBlogPost, type BlogPost, type BlogStatus } from "./blog.server";
import { BLOG_POST_ENTITY, CONTENT_MAX, EXCERPT_MAX } from "./post-form";
import { markdownNestingProblem } from "../markdown/markdown.server";

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
    .max(CONTENT_MAX, `The article is at most ${CONTENT_MAX.toLocaleString("en-US")} characters.`)
    .superRefine((content, ctx) => {
      const problem = markdownNestingProblem(content);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
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
    const matches = containsText(query.q, ["title", "excerpt", "content"]);
    base = base.where((eb) => eb.or(matches));
  }
  if (query.category) base = base.where("category", "=", query.category);
  if (isBlogStatus(query.status)) base = base.where("status", "=", query.status);

  return loadPage(base, query.page, async (window) => {
    const rows = await base.selectAll().orderBy("date", "desc").orderBy("id", "desc").limit(window.limit).offset(window.offset).execute();
    return rows.map(toBlogPost);
  });
}

const BLOG_POSTS: VersionedRecord<"blog_posts"> = {
  table: "blog_posts",
  entity: BLOG_POST_ENTITY,
  auditEntity: BLOG_POST_AUDIT_ENTITY,
  labelColumn: "title",
};

export async function createBlogPost(db: Kysely<Database>, raw: unknown, actor: Actor): Promise<number> {
  const input = await parseBlogPostInput(db, raw);
  return createVersioned(db, BLOG_POSTS, { values: columnsFrom(input), details: { label: input.title } }, actor);
}

/** Saves an edit made from the version `expectedUpdatedAt`; refuses if someone saved in between. */
export async function updateBlogPost(db: Kysely<Database>, id: number, expectedUpdatedAt: string, raw: unknown, actor: Actor) {
  const input = await parseBlogPostInput(db, raw);
  await updateVersioned(db, BLOG_POSTS, { id, expectedUpdatedAt, values: columnsFrom(input), details: { label: input.title } }, actor);
}

export const deleteBlogPost = (db: Kysely<Database>, id: number, expectedUpdatedAt: string, actor: Actor) =>
  deleteVersioned(db, BLOG_POSTS, id, expectedUpdatedAt, actor);
