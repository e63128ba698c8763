/** Texts both the privacy route's `meta` and its content show. */
export const PRIVACY_TITLE = "Privacy Policy";
