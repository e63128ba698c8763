import { afterEach, describe, expect, it, vi } from "vitest";
import { clearCaches, setCachesUsable } from "./cache.server";
import { keptUntilWrite } from "./kept.server";

let name = 0;
const kept = <V>(compute: (key: string) => Promise<V>, options?: { ttlMs?: number }) => keptUntilWrite(`test ${name++}`, compute, options);

afterEach(() => {
  setCachesUsable(true);
  vi.useRealTimers();
});

describe("keptUntilWrite", () => {
  it("works a value out once per key until the caches are cleared (an admin's write, the Clear cache tool)", async () => {
    const compute = vi.fn(async (day: string) => `${day}: ${compute.mock.calls.length}`);
    const read = kept(compute);
    expect(await read("2026-12-07")).toBe("2026-12-07: 1");
    expect(await read("2026-12-07")).toBe("2026-12-07: 1");
    expect(await read("2026-12-08")).toBe("2026-12-08: 2");
    clearCaches();
    expect(await read("2026-12-07")).toBe("2026-12-07: 3");
  });

  it("does not keep a value read while a write cleared the caches, nor a failure", async () => {
    let calls = 0;
    const read = kept(async () => {
      calls += 1;
      if (calls === 1) clearCaches();
      if (calls === 2) throw new Error("database down");
      return calls;
    });
    expect(await read("day")).toBe(1);
    await expect(read("day")).rejects.toThrow("database down");
    expect(await read("day")).toBe(3);
    expect(await read("day")).toBe(3);
  });

  it("works it out each time while the caches are not usable, and lasts at most its lifetime", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    let calls = 0;
    const read = kept(async () => ++calls, { ttlMs: 1_000 });
    setCachesUsable(false);
    expect(await read("day")).toBe(1);
    expect(await read("day")).toBe(2);
    setCachesUsable(true);
    expect(await read("day")).toBe(3);
    vi.advanceTimersByTime(999);
    expect(await read("day")).toBe(3);
    vi.advanceTimersByTime(2);
    expect(await read("day")).toBe(4);
  });
});
