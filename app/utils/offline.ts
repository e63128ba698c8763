/**
 * What the page and the service worker both name (docs/decisions/046-offline-service-worker.md). Browser-safe and
 * free of imports: app/components/offline/ and sw/worker.ts read it.
 */

/** What the worker posts a page whose data it answered from a saved copy (a client navigation while offline). */
export const SAVED_COPY_MESSAGE = "wff-saved-copy";

/** The server's answer to whether the service worker should run (SERVICE_WORKER=off: it removes itself). */
export const WORKER_STATUS_PATH = "/sw-status";

/**
 * What a page the worker does not yet control posts it once the worker is active (the first page of a first visit),
 * with the page's address: the worker fetches and keeps it (and its data) by the rules of the pages it answers.
 */
export const KEEP_PAGE_MESSAGE = "wff-keep-page";
