/** Texts both the state route's `meta` and its content show. */
export const STATE_NOT_FOUND_TITLE = "State Not Found";
export const NO_WHOLESALERS_TITLE = "No Wholesalers Listed Yet";
