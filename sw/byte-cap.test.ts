import { afterEach, describe, expect, it, vi } from "vitest";
import { byteCap, SIZE_HEADER, trimToBytes } from "./byte-cap";

/** A Cache of the Cache Storage API in memory: what the worker's pages cache does with puts, matches and deletes. */
class MemoryCache {
  private readonly entries = new Map<string, Response>();
  put(request: RequestInfo, response: Response) {
    this.entries.set(typeof request === "string" ? request : request.url, response);
    return Promise.resolve();
  }
  match(request: RequestInfo) {
    return Promise.resolve(this.entries.get(typeof request === "string" ? request : request.url)?.clone());
  }
  delete(request: RequestInfo) {
    return Promise.resolve(this.entries.delete(typeof request === "string" ? request : request.url));
  }
  keys() {
    return Promise.resolve([...this.entries.keys()].map((url) => new Request(url)));
  }
  urls() {
    return [...this.entries.keys()].map((url) => new URL(url).pathname);
  }
}

const KB = 1024;
const page = (bytes: number) => new Response("x".repeat(bytes), { headers: { "Content-Type": "text/html" } });

/** Writes pages through the plugin as the worker does (cacheWillUpdate, put, cacheDidUpdate), a second apart. */
async function keepPages(cache: MemoryCache, maxBytes: number, pages: [string, number][], start = 0) {
  let clock = start;
  const plugin = byteCap(maxBytes, () => clock);
  vi.stubGlobal("caches", { open: () => Promise.resolve(cache) });
  for (const [path, bytes] of pages) {
    clock += 1000;
    const request = new Request(`https://flowers.test${path}`);
    const event = new Event("fetch") as ExtendableEvent;
    const kept = await plugin.cacheWillUpdate?.({ request, response: page(bytes), event, state: {} });
    if (!kept) throw new Error("the plugin refused a page");
    await cache.put(request, kept);
    await plugin.cacheDidUpdate?.({ cacheName: "wff-pages", request, newResponse: kept, event, state: {} });
  }
  return clock;
}

afterEach(() => vi.unstubAllGlobals());

describe("the pages cache's cap in bytes", () => {
  it("keeps every page while their bodies fit, each with its size recorded and its body unchanged", async () => {
    const cache = new MemoryCache();
    await keepPages(cache, 300 * KB, [
      ["/", 100 * KB],
      ["/near", 120 * KB],
    ]);
    expect(cache.urls()).toEqual(["/", "/near"]);
    const kept = await cache.match("https://flowers.test/near");
    expect(kept?.headers.get(SIZE_HEADER)).toBe(String(120 * KB));
    expect(kept?.headers.get("content-type")).toBe("text/html");
    expect((await kept?.text())?.length).toBe(120 * KB);
  });

  it("lets the page fetched longest ago go when a new one would pass the cap, and no more", async () => {
    const cache = new MemoryCache();
    const clock = await keepPages(cache, 300 * KB, [
      ["/", 100 * KB],
      ["/near", 120 * KB],
      ["/state/CA", 60 * KB],
    ]);
    // Home seen online again: it is now the most recent.
    await keepPages(cache, 300 * KB, [["/", 100 * KB]], clock);
    await keepPages(cache, 300 * KB, [["/wholesalers/4", 90 * KB]], clock + 1000);
    expect(cache.urls().sort()).toEqual(["/", "/state/CA", "/wholesalers/4"]);
    expect(await trimToBytes(cache as unknown as Cache, 300 * KB)).toBe(250 * KB);
  });

  it("holds at most 50 MB of pages, however many", async () => {
    const cache = new MemoryCache();
    const MB = 1024 * KB;
    await keepPages(
      cache,
      50 * MB,
      Array.from({ length: 120 }, (_, i): [string, number] => [`/state/${i}`, 500 * KB]),
    );
    expect(cache.urls()).toHaveLength(102);
    expect(cache.urls()[0]).toBe("/state/18");
    expect(await trimToBytes(cache as unknown as Cache, 50 * MB)).toBeLessThanOrEqual(50 * MB);
  });
});
