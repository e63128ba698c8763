/**
 * What the page and the service worker both name (docs/decisions/046-offline-service-worker.md). Browser-safe and
 * free of imports: app/components/offline/ and sw/worker.ts read it.
 */

/** What the worker posts a page whose data it answered from a saved copy (a client navigation while offline). */
export const SAVED_COPY_MESSAGE = "wff-saved-copy";

/** The server's answer to whether the service worker should run (SERVICE_WORKER=off: it removes itself). */
export const WORKER_STATUS_PATH = "/sw-status";
