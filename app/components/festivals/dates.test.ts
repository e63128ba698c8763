import { describe, expect, it } from "vitest";
import { durationInDays, formatDateRange, formatLongDate, fromLocalDate, monthAndDay, toLocalDate } from "./dates";

describe("formatDateRange", () => {
  it("writes one day once", () => {
    expect(formatDateRange("2027-01-01", "2027-01-01")).toBe("Jan 1, 2027");
  });

  it("shares the month and year inside one month", () => {
    expect(formatDateRange("2027-03-06", "2027-03-14")).toBe("Mar 6–14, 2027");
    expect(formatDateRange("2027-03-06", "2027-03-14", "long")).toBe("March 6–14, 2027");
  });

  it("names both months across a month end, and both years across a year end", () => {
    expect(formatDateRange("2027-04-28", "2027-05-03")).toBe("Apr 28 – May 3, 2027");
    expect(formatDateRange("2026-12-30", "2027-01-02")).toBe("Dec 30, 2026 – Jan 2, 2027");
  });
});

describe("formatLongDate", () => {
  it("names the weekday of the calendar date itself", () => {
    expect(formatLongDate("2027-01-01")).toBe("Friday, January 1, 2027");
    expect(formatLongDate("2028-02-29")).toBe("Tuesday, February 29, 2028");
  });
});

describe("monthAndDay", () => {
  it("is the short month and the day number", () => {
    expect(monthAndDay("2027-09-05")).toEqual({ month: "Sep", day: 5 });
  });
});

describe("durationInDays", () => {
  it("counts the first and the last day, across a DST change", () => {
    expect(durationInDays("2027-05-01", "2027-05-01")).toBe(1);
    expect(durationInDays("2027-03-06", "2027-03-14")).toBe(9);
  });
});

describe("toLocalDate and fromLocalDate", () => {
  it("round-trip a calendar date through the calendar widget's local dates", () => {
    for (const day of ["2027-01-01", "2027-03-14", "2027-11-07", "2028-02-29", "2027-12-31"]) {
      const date = toLocalDate(day);
      expect(fromLocalDate(date)).toBe(day);
      expect(date.getHours()).toBe(12);
    }
  });
});
