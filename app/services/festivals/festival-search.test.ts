import { describe, expect, it } from "vitest";
import { festivalRunsOn, festivalsRunningOn, hasActiveFilters, readFestivalSearch } from "./festival-search.server";

const read = (query: string) => readFestivalSearch(new URLSearchParams(query));

describe("readFestivalSearch", () => {
  it("reads every filter", () => {
    expect(read("q=%20tulip%20&month=04&state=Oregon&date=2026-04-12")).toEqual({
      q: "tulip",
      month: 4,
      state: "Oregon",
      date: "2026-04-12",
    });
  });

  it("treats empty values as no filter", () => {
    expect(read("q=&month=&state=&date=")).toEqual({});
  });

  it("ignores a value it cannot use and keeps the rest", () => {
    expect(read("month=13&q=rose")).toEqual({ q: "rose" });
    expect(read("month=abc&state=Texas")).toEqual({ state: "Texas" });
    expect(read("date=2026-02-30&month=2")).toEqual({ month: 2 });
    expect(read("date=tomorrow")).toEqual({});
    expect(read(`q=${"a".repeat(101)}`)).toEqual({});
  });
});

describe("hasActiveFilters", () => {
  it("is true when any filter is set", () => {
    expect(hasActiveFilters({})).toBe(false);
    expect(hasActiveFilters({ q: "rose" })).toBe(true);
    expect(hasActiveFilters({ month: 5 })).toBe(true);
    expect(hasActiveFilters({ state: "Texas" })).toBe(true);
    expect(hasActiveFilters({ date: "2026-05-01" })).toBe(true);
  });
});

describe("festivalsRunningOn", () => {
  const oneDay = { name: "one day", startDate: "2026-05-01", endDate: "2026-05-01" };
  const acrossMonths = { name: "across months", startDate: "2026-04-28", endDate: "2026-05-03" };
  const later = { name: "later", startDate: "2026-06-01", endDate: "2026-06-10" };
  const festivals = [acrossMonths, oneDay, later];

  it("includes the first day, the last day and the days between", () => {
    expect(festivalRunsOn(acrossMonths, "2026-04-28")).toBe(true);
    expect(festivalRunsOn(acrossMonths, "2026-04-30")).toBe(true);
    expect(festivalRunsOn(acrossMonths, "2026-05-03")).toBe(true);
    expect(festivalRunsOn(acrossMonths, "2026-04-27")).toBe(false);
    expect(festivalRunsOn(acrossMonths, "2026-05-04")).toBe(false);
  });

  it("keeps the festivals running that day in their order", () => {
    expect(festivalsRunningOn(festivals, "2026-05-01").map((f) => f.name)).toEqual(["across months", "one day"]);
    expect(festivalsRunningOn(festivals, "2026-05-20")).toEqual([]);
  });

  it("finds a yearly festival on a day of a later year, with that year's dates", () => {
    const yearly = { name: "yearly", startDate: "2026-05-09", endDate: "2026-05-10", recurrence: "FREQ=YEARLY;BYMONTH=5;BYDAY=2SA" };
    expect(festivalsRunningOn([yearly, oneDay], "2027-05-09")).toEqual([{ ...yearly, startDate: "2027-05-08", endDate: "2027-05-09" }]);
    expect(festivalsRunningOn([{ ...yearly, recurrence: null }], "2027-05-09")).toEqual([]);
  });

  it("keeps every festival when no day is picked", () => {
    expect(festivalsRunningOn(festivals, undefined)).toEqual(festivals);
  });
});
