import { describe, expect, it } from "vitest";
import { nextOccurrence, startDateInYear } from "./festival-dates";

describe("startDateInYear", () => {
  it("places a fixed date", () => {
    expect(startDateInYear({ kind: "fixed", month: 1, day: 1, durationDays: 1 }, 2027)).toBe("2027-01-01");
  });

  it("finds the nth weekday of a month", () => {
    // Mother's Day: second Sunday of May.
    expect(startDateInYear({ kind: "nthWeekday", month: 5, weekday: 0, nth: 2, durationDays: 1 }, 2026)).toBe("2026-05-10");
    expect(startDateInYear({ kind: "nthWeekday", month: 5, weekday: 0, nth: 2, durationDays: 1 }, 2027)).toBe("2027-05-09");
    // Thanksgiving: fourth Thursday of November.
    expect(startDateInYear({ kind: "nthWeekday", month: 11, weekday: 4, nth: 4, durationDays: 1 }, 2026)).toBe("2026-11-26");
  });

  it("finds the last weekday of a month and applies an offset", () => {
    // Memorial Day: last Monday of May; the Friday before it is 3 days earlier.
    expect(startDateInYear({ kind: "nthWeekday", month: 5, weekday: 1, nth: -1, durationDays: 1 }, 2026)).toBe("2026-05-25");
    expect(startDateInYear({ kind: "nthWeekday", month: 5, weekday: 1, nth: -1, offsetDays: -3, durationDays: 4 }, 2026)).toBe(
      "2026-05-22",
    );
  });
});

describe("nextOccurrence", () => {
  const aprilMonth = { kind: "fixed", month: 4, day: 1, durationDays: 30 } as const;

  it("keeps this year's festival while it runs", () => {
    expect(nextOccurrence(aprilMonth, "2026-04-30")).toEqual({ startDate: "2026-04-01", endDate: "2026-04-30" });
  });

  it("moves to next year once it has ended", () => {
    expect(nextOccurrence(aprilMonth, "2026-05-01")).toEqual({ startDate: "2027-04-01", endDate: "2027-04-30" });
  });

  it("keeps a festival that spans New Year while it runs", () => {
    const winter = { kind: "fixed", month: 12, day: 20, durationDays: 20 } as const;
    expect(nextOccurrence(winter, "2027-01-05")).toEqual({ startDate: "2026-12-20", endDate: "2027-01-08" });
  });
});
