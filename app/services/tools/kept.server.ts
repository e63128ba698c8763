import { cacheGeneration, cachesUsable, hearsExternalChanges, registerCache } from "./cache.server";

/** How long a kept value lasts where an edit made straight in the database is not heard (PostgreSQL). */
const UNHEARD_TTL_MS = 1_000;

/**
 * A value worked out from the database once and kept until a write changes it (issue #39): what only an admin's
 * edit changes (the festivals, their calendar) need not be read and worked out again for every page. Registered
 * with the site's caches, so every admin write, the Clear cache tool and, on SQLite, a commit by another program
 * (data_version) empty it on every server, as they do the page cache; otherwise it lasts `ttlMs`. On PostgreSQL,
 * where an edit made straight in the database is heard by no server, it lasts a second: the pages cached from it
 * then show such an edit at most a second later than the page cache's own minute. Bypassed while the caches are
 * not usable. At most `maxEntries` keys (a key is usually the day: "today" changes what is upcoming).
 */
export function keptUntilWrite<V>(name: string, compute: (key: string) => Promise<V>, { ttlMs = 60_000, maxEntries = 4 } = {}) {
  const entries = new Map<string, { value: Promise<V>; expiresAt: number }>();
  registerCache({
    name,
    clear: () => {
      const count = entries.size;
      entries.clear();
      return count;
    },
  });
  return async function read(key: string): Promise<V> {
    if (!cachesUsable()) return compute(key);
    const kept = entries.get(key);
    if (kept && kept.expiresAt > Date.now()) return kept.value;
    const generation = cacheGeneration();
    const value = compute(key);
    if (entries.size >= maxEntries) entries.clear();
    entries.set(key, { value, expiresAt: Date.now() + (hearsExternalChanges() ? ttlMs : Math.min(ttlMs, UNHEARD_TTL_MS)) });
    try {
      const result = await value;
      // A write while it was read: the value may be the one before it, so it is not kept.
      if (generation !== cacheGeneration() && entries.get(key)?.value === value) entries.delete(key);
      return result;
    } catch (error) {
      if (entries.get(key)?.value === value) entries.delete(key);
      throw error;
    }
  };
}
