import type { Kysely, Selectable } from "kysely";
import type { BlogPostsTable, Database } from "~/db/schema";
import { notFound } from "../errors";
import { requireId } from "../ids";

/** Category choices offered when none exist yet. */
export const DEFAULT_BLOG_CATEGORIES = ["DIY", "Seasonal", "Wedding", "Tips", "Guides"] as const;
export const BLOG_STATUSES = ["draft", "published"] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];

export const RELATED_POSTS_LIMIT = 3;
export const BLOG_POST_NOT_FOUND = "Blog post not found";
export const INVALID_POST_ID = "A blog post id is a positive whole number.";

export interface BlogPost {
  id: number;
  title: string;
  excerpt: string;
  /** Markdown. */
  content: string;
  category: string;
  /** Publication date, YYYY-MM-DD. */
  date: string;
  image: string | null;
  status: BlogStatus;
  updatedAt: string;
}

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

/** Published posts, newest first. */
export async function listPublishedPosts(db: Kysely<Database>, limit?: number): Promise<BlogPost[]> {
  let query = db
    .selectFrom("blog_posts")
    .selectAll()
    .where("status", "=", "published")
    .orderBy("date", "desc")
    .orderBy("id", "desc");
  if (limit !== undefined) query = query.limit(limit);
  return (await query.execute()).map(toBlogPost);
}

export async function getPublishedPost(db: Kysely<Database>, id: number): Promise<BlogPost> {
  const row = await db
    .selectFrom("blog_posts")
    .selectAll()
    .where("id", "=", id)
    .where("status", "=", "published")
    .executeTakeFirst();
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
