import type { Kysely, Selectable } from "kysely";
import type { BlogPostsTable, Database } from "~/db/schema";
import { notFound } from "../errors";
import { requireId } from "../ids";
import { BLOG_STATUSES, DEFAULT_BLOG_CATEGORIES, type BlogStatus } from "./post-form";
import type { BlogPost } from "./types";

export { BLOG_STATUSES, DEFAULT_BLOG_CATEGORIES, type BlogPost, type BlogStatus };

export const RELATED_POSTS_LIMIT = 3;
export const BLOG_POST_NOT_FOUND = "Blog post not found";
export const INVALID_POST_ID = "A blog post id is a positive whole number.";

export const toBlogPost = (row: Selectable<BlogPostsTable>): BlogPost => ({
  id: row.id,
  title: row.title,
  excerpt: row.excerpt,
  content: row.content,
  category: row.category,
  date: row.date,
  image: row.image,
  status: row.status as BlogStatus,
  updatedAt: row.updated_at,
});

export const assertPostId = (raw: string | undefined) => requireId(raw, INVALID_POST_ID);

/** What a post's card shows (components/blog/blog-card.tsx): a page sends this, not the article's Markdown. */
export const blogCardOf = ({ id, title, excerpt, category, date, image }: BlogPost) => ({ id, title, excerpt, category, date, image });

/** Published posts, newest first. */
export async function listPublishedPosts(db: Kysely<Database>, limit?: number): Promise<BlogPost[]> {
  let query = db.selectFrom("blog_posts").selectAll().where("status", "=", "published").orderBy("date", "desc").orderBy("id", "desc");
  if (limit !== undefined) query = query.limit(limit);
  return (await query.execute()).map(toBlogPost);
}

export async function getPublishedPost(db: Kysely<Database>, id: number): Promise<BlogPost> {
  const row = await db.selectFrom("blog_posts").selectAll().where("id", "=", id).where("status", "=", "published").executeTakeFirst();
  if (!row) throw notFound(BLOG_POST_NOT_FOUND);
  return toBlogPost(row);
}

/** Up to 3 other published posts of the same category, newest first. */
export async function listRelatedPosts(db: Kysely<Database>, post: Pick<BlogPost, "id" | "category">) {
  const rows = await db
    .selectFrom("blog_posts")
    .selectAll()
    .where("status", "=", "published")
    .where("category", "=", post.category)
    .where("id", "<>", post.id)
    .orderBy("date", "desc")
    .limit(RELATED_POSTS_LIMIT)
    .execute();
  return rows.map(toBlogPost);
}

/** The public JSON shape of a post. */
export const toBlogPostJson = ({ id, title, excerpt, content, category, date, image }: BlogPost) => ({
  id,
  title,
  excerpt,
  content,
  category,
  date,
  image,
});
