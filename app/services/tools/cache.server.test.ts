import { describe, expect, it } from "vitest";
import {
  cacheGeneration,
  cachesUsable,
  clearCaches,
  describeClearedCaches,
  invalidateEverywhere,
  registerCache,
  setCachesUsable,
  setInvalidationBus,
} from "./cache.server";

describe("the cache registry", () => {
  it("clears every registered cache and says what it dropped", () => {
    let entries = 3;
    registerCache({
      name: "Test cache",
      clear: () => {
        const dropped = entries;
        entries = 0;
        return dropped;
      },
    });
    const cleared = clearCaches();
    expect(cleared).toContainEqual({ name: "Test cache", entries: 3 });
    expect(entries).toBe(0);
    expect(clearCaches()).toContainEqual({ name: "Test cache", entries: 0 });
  });

  it("invalidates everywhere: clears this server's caches at once and tells the other servers why", async () => {
    let entries = 2;
    registerCache({
      name: "Counted",
      clear: () => {
        const dropped = entries;
        entries = 0;
        return dropped;
      },
    });
    const published: string[] = [];
    setInvalidationBus({ publish: async (reason) => void published.push(reason) });
    try {
      const generation = cacheGeneration();
      const cleared = await invalidateEverywhere("wholesaler 3 saved");
      expect(cleared).toContainEqual({ name: "Counted", entries: 2 });
      expect(entries).toBe(0);
      expect(cacheGeneration()).toBeGreaterThan(generation);
      expect(published).toEqual(["wholesaler 3 saved"]);
    } finally {
      setInvalidationBus(undefined);
    }
  });

  it("stops the caches while the bus is down, and empties them when it is back", () => {
    let entries = 0;
    registerCache({
      name: "Refilled",
      clear: () => {
        const dropped = entries;
        entries = 0;
        return dropped;
      },
    });
    setCachesUsable(false);
    expect(cachesUsable()).toBe(false);
    entries = 4;
    setCachesUsable(true);
    expect(cachesUsable()).toBe(true);
    expect(entries).toBe(0);
  });

  it("describes the result in words", () => {
    expect(describeClearedCaches([])).toBe("There are no server-side caches to clear.");
    expect(describeClearedCaches([{ name: "Site settings", entries: 1 }])).toBe("Cleared 1 cache: Site settings (1 entry).");
    expect(
      describeClearedCaches([
        { name: "Site settings", entries: 0 },
        { name: "States", entries: 2 },
      ]),
    ).toBe("Cleared 2 caches: Site settings (0 entries), States (2 entries).");
  });
});
