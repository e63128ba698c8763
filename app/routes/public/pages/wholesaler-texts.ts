/** Texts both the wholesaler route's `meta` and its content show. */
export const NOT_FOUND_TITLE = "Wholesaler Not Found";
