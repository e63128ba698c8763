/** Texts both the blog post route's `meta` and its content show. */
export const BLOG_POST_NOT_FOUND_TITLE = "Blog Post Not Found";
