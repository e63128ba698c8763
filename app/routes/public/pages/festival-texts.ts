/** Texts both the festival route's `meta` and its content show. */
export const NOT_FOUND_TITLE = "Festival Not Found";
