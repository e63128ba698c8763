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

/**
 * How this server tells the others that their caches are stale (server/invalidation-bus.ts: Redis pub/sub or
 * PostgreSQL LISTEN/NOTIFY). `publish` never rejects: a message it could not send is sent again once the bus
 * is back.
 */
export interface InvalidationBus {
  publish(reason: string): Promise<void>;
}

interface CacheState {
  caches: Map<string, RegisteredCache>;
  bus: InvalidationBus | undefined;
  /** False while the bus cannot deliver: this server would not hear another server's invalidation. */
  usable: boolean;
  /** Bumped by every clear, so that a value read before a clear is never stored after it. */
  generation: number;
  /** Whether the database was changed by someone else than this server since it last said so (SQLite only). */
  changedElsewhere: (() => boolean) | undefined;
}

// Kept on globalThis so that the dev server's module reloads do not register a cache twice, and so that the
// Express side (server/) and the React Router build share one registry.
const store = globalThis as typeof globalThis & { __wffCacheState?: CacheState };
const state = (store.__wffCacheState ??= { caches: new Map(), bus: undefined, usable: true, generation: 0, changedElsewhere: undefined });

export function registerCache(cache: RegisteredCache): void {
  state.caches.set(cache.name, cache);
}

/** Empties every registered cache of this server, in registration order. */
export function clearCaches(): ClearedCache[] {
  state.generation += 1;
  return [...state.caches.values()].map((cache) => ({ name: cache.name, entries: cache.clear() }));
}

/** Changes with every clear: a cache stores a value only if the generation is the one it started reading in. */
export function cacheGeneration(): number {
  return state.generation;
}

/**
 * Whether a cache may serve and store values; every cache asks before each use. While the invalidation bus
 * cannot deliver, a cache could keep a value another server has changed, so every cache is bypassed; when the
 * bus is back they start empty. A change made to the database by another program (SQLite) empties them first,
 * from the turn of the event loop after its commit (server/invalidation-bus.ts).
 */
export function cachesUsable(): boolean {
  if (state.usable && state.changedElsewhere?.()) clearCaches();
  return state.usable;
}

/** Whether a change made to the database by another program empties the caches (SQLite's data_version, see cachesUsable). */
export function hearsExternalChanges(): boolean {
  return state.changedElsewhere !== undefined;
}

/** Installs the check for changes made to the database by another program (see cachesUsable). */
export function setExternalChangeCheck(check: (() => boolean) | undefined): void {
  state.changedElsewhere = check;
}

/** Called by the bus when it can no longer deliver (false) and when it can again (true: the caches are emptied first). */
export function setCachesUsable(usable: boolean): void {
  if (usable && !state.usable) clearCaches();
  state.usable = usable;
}

/** Installs the bus that carries invalidations to the other servers (none on SQLite: one server). */
export function setInvalidationBus(bus: InvalidationBus | undefined): void {
  state.bus = bus;
}

/**
 * Clears this server's caches at once and tells every other server to clear theirs (they clear without
 * telling anyone again). Call it after any write that public pages or the settings show.
 */
export async function invalidateEverywhere(reason: string): Promise<ClearedCache[]> {
  const cleared = clearCaches();
  await state.bus?.publish(reason);
  return cleared;
}

/** "Cleared 2 caches: Site settings (1 entry), States (0 entries)." */
export function describeClearedCaches(cleared: ClearedCache[]): string {
  if (cleared.length === 0) return "There are no server-side caches to clear.";
  const list = cleared.map((c) => `${c.name} (${c.entries} ${c.entries === 1 ? "entry" : "entries"})`).join(", ");
  return `Cleared ${cleared.length} ${cleared.length === 1 ? "cache" : "caches"}: ${list}.`;
}
