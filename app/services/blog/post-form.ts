/** What the admin post form and its server-side validation share (this module is safe in the browser). */

/** The entity in words, as messages and the delete confirmation name it. */
export const BLOG_POST_ENTITY = "blog post";

export const EXCERPT_MAX = 300;
export const CONTENT_MAX = 50_000;

/** Category choices offered when none exist yet. */
export const DEFAULT_BLOG_CATEGORIES = ["DIY", "Seasonal", "Wedding", "Tips", "Guides"] as const;
export const BLOG_STATUSES = ["draft", "published"] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];
