import type { Stream } from "node:stream";

/** How long React Router waits for a page's deferred data (entry.server.tsx exports it as `streamTimeout`). */
export const STREAM_TIMEOUT_MS = 5_000;

/** When a page's render is stopped (React's `abort`): a second after the deferred data's own timeout. */
export const RENDER_DEADLINE_MS = STREAM_TIMEOUT_MS + 1_000;

/**
 * Stops a render that has not finished within `ms` (React's `abort`), and forgets the deadline once the
 * page's stream closes. A deadline left waiting after the page is sent keeps its render (the React tree, the
 * loaders' data, the request) alive until it fires: at 100 pages a second, six seconds of pages copied from
 * one collection to the next for nothing.
 */
export function renderDeadline(abort: () => void, ms: number) {
  const timeout = setTimeout(abort, ms);
  return {
    /** The deadline is forgotten when `stream` closes (sent, or cut off by the client). */
    until(stream: Stream) {
      stream.on("close", () => clearTimeout(timeout));
    },
    cancel() {
      clearTimeout(timeout);
    },
  };
}
