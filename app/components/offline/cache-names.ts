/**
 * The saved listings' pages: never expired, kept until their listing is unsaved (docs/decisions/046). Named here,
 * apart from utils/offline.ts, so that the code loaded after a page is interactive needs no file of its own for it.
 * sw/worker.ts reads it too.
 */
export const SAVED_PAGES_CACHE = "wff-saved-pages";
