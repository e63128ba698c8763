/** Texts both the festivals route's `meta` and its content show. */
export const PAGE_TITLE = "Flower Festival Calendar";
