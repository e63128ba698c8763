import { describe, expect, it } from "vitest";
import { countTicks, formatLongDate, formatShortDate } from "./chart-scale";

describe("countTicks", () => {
  it("steps by 1, 2 or 5 times a power of ten up to a round top at or above the maximum", () => {
    expect(countTicks(4)).toEqual([0, 1, 2, 3, 4]);
    expect(countTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(countTicks(13)).toEqual([0, 5, 10, 15]);
    expect(countTicks(100)).toEqual([0, 50, 100]);
    expect(countTicks(230)).toEqual([0, 100, 200, 300]);
  });

  it("never steps by less than one, since the values are counts", () => {
    expect(countTicks(1)).toEqual([0, 1]);
    expect(countTicks(2)).toEqual([0, 1, 2]);
  });

  it("draws an axis from 0 to 1 when there is nothing to count", () => {
    expect(countTicks(0)).toEqual([0, 1]);
  });
});

describe("date labels", () => {
  it("formats calendar dates without a time-zone shift", () => {
    expect(formatShortDate("2026-03-02")).toBe("Mar 2");
    expect(formatLongDate("2026-12-28")).toBe("Dec 28, 2026");
  });
});
