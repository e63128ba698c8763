import { describe, expect, it } from "vitest";
import { formatLongDate, formatShortDate } from "./chart-scale";

describe("date labels", () => {
  it("formats calendar dates without a time-zone shift", () => {
    expect(formatShortDate("2026-03-02")).toBe("Mar 2");
    expect(formatLongDate("2026-12-28")).toBe("Dec 28, 2026");
  });
});
