/** Texts both the report-problem route's `meta` and its content show. */
export const TITLE = "Report a problem";
