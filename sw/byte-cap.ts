/**
 * A cap in bytes on a cache of the service worker (docs/decisions/046-offline-service-worker.md): Workbox's
 * ExpirationPlugin counts entries, and a page's size varies tenfold (a listing's data against a state page's HTML).
 * Each answer kept records its body's size and the time it was written in two headers of its own; after each write
 * the entries written longest ago go until the rest hold at most the cap. A page seen online is written again at each
 * visit (network first), so the entry written longest ago is the page seen online longest ago.
 */
import type { WorkboxPlugin } from "workbox-core";

export const SIZE_HEADER = "x-wff-bytes";
export const WRITTEN_HEADER = "x-wff-written";

/** The answer to keep, its body read once to record its size, and the time it is written. */
async function measured(response: Response, now: number): Promise<Response> {
  const body = await response.blob();
  const headers = new Headers(response.headers);
  headers.set(SIZE_HEADER, String(body.size));
  headers.set(WRITTEN_HEADER, String(now));
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/** Deletes the entries written longest ago until the cache holds at most `maxBytes` of bodies; the bytes left. */
export async function trimToBytes(cache: Cache, maxBytes: number): Promise<number> {
  const entries = await Promise.all(
    (await cache.keys()).map(async (request) => {
      const headers = (await cache.match(request, { ignoreVary: true }))?.headers;
      return { request, bytes: Number(headers?.get(SIZE_HEADER) ?? 0), written: Number(headers?.get(WRITTEN_HEADER) ?? 0) };
    }),
  );
  entries.sort((a, b) => a.written - b.written);
  let total = entries.reduce((sum, entry) => sum + entry.bytes, 0);
  for (const entry of entries) {
    if (total <= maxBytes) break;
    await cache.delete(entry.request, { ignoreVary: true });
    total -= entry.bytes;
  }
  return total;
}

/** The plugin: put it after the ones that decide whether an answer may be kept. */
export function byteCap(maxBytes: number, now = () => Date.now()): WorkboxPlugin {
  return {
    cacheWillUpdate: async ({ response }) => measured(response, now()),
    cacheDidUpdate: async ({ cacheName }) => {
      await trimToBytes(await caches.open(cacheName), maxBytes);
    },
  };
}
