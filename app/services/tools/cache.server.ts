import type { ClearedCache } from "./types";

export type { ClearedCache };
/**
 * Every in-process cache of the server registers here, so that the admin's Clear cache tool can drop
 * them all without knowing each one.
 */
export interface RegisteredCache {
  /** What the cache holds, in words an admin understands ("Site settings"). */
  name: string;
  /** Drops every entry; answers how many there were. */
  clear(): number;
}

// Kept on globalThis so that the dev server's module reloads do not register a cache twice.
const store = globalThis as typeof globalThis & { __wffCaches?: Map<string, RegisteredCache> };
const caches = (store.__wffCaches ??= new Map<string, RegisteredCache>());

export function registerCache(cache: RegisteredCache): void {
  caches.set(cache.name, cache);
}

/** Empties every registered cache, in registration order. */
export function clearCaches(): ClearedCache[] {
  return [...caches.values()].map((cache) => ({ name: cache.name, entries: cache.clear() }));
}

/** "Cleared 2 caches: Site settings (1 entry), States (0 entries)." */
export function describeClearedCaches(cleared: ClearedCache[]): string {
  if (cleared.length === 0) return "There are no server-side caches to clear.";
  const list = cleared.map((c) => `${c.name} (${c.entries} ${c.entries === 1 ? "entry" : "entries"})`).join(", ");
  return `Cleared ${cleared.length} ${cleared.length === 1 ? "cache" : "caches"}: ${list}.`;
}
