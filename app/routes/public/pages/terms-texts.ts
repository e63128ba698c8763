/** Texts both the terms route's `meta` and its content show. */
export const TERMS_TITLE = "Terms of Service";
