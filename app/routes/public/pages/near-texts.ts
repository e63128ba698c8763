/** Texts both the near route's `meta` and its content show. */
export const PAGE_TITLE = "Find Wholesalers Near You";
