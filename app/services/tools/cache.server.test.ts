import { describe, expect, it } from "vitest";
import { clearCaches, describeClearedCaches, registerCache } from "./cache.server";

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
