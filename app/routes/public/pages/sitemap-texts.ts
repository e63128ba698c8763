/** Texts both the sitemap route's `meta` and its content show. */
export const SITEMAP_TITLE = "Sitemap";

/** A link of the sitemap: the loader makes them, the content lists them. */
export interface PageLink {
  label: string;
  to: string;
}
