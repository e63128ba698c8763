import { describe, expect, it } from "vitest";
import { festivals as seedFestivals } from "~/db/seed/data/festivals";
import { nextOccurrence, startDateInYear } from "~/db/seed/festival-dates";
import { currentOccurrence, occurrencesBetween } from "./occurrences.server";
import { describeRecurrence, describeRule, parseRRule, ruleFromFields, ruleMatchesDate, toRRule, type YearlyRule } from "./recurrence";

const secondSaturdayOfMay: YearlyRule = { kind: "weekday", month: 5, ordinal: 2, weekday: 6, daysBefore: 0 };

describe("the picker's yearly rules as RRULEs", () => {
  it("writes and reads back every kind the picker offers", () => {
    const rules: [YearlyRule, string, string][] = [
      [secondSaturdayOfMay, "FREQ=YEARLY;BYMONTH=5;BYDAY=2SA", "second Saturday of May"],
      [{ kind: "weekday", month: 5, ordinal: -1, weekday: 1, daysBefore: 0 }, "FREQ=YEARLY;BYMONTH=5;BYDAY=-1MO", "last Monday of May"],
      [{ kind: "date", month: 5, day: 1 }, "FREQ=YEARLY;BYMONTH=5;BYMONTHDAY=1", "May 1"],
      [
        { kind: "weekday", month: 4, ordinal: 2, weekday: 6, daysBefore: 1 },
        "FREQ=YEARLY;BYMONTH=4;BYDAY=FR;BYMONTHDAY=7,8,9,10,11,12,13",
        "Friday before the second Saturday of April",
      ],
      [
        { kind: "weekday", month: 4, ordinal: -1, weekday: 0, daysBefore: 3 },
        "FREQ=YEARLY;BYMONTH=4;BYDAY=TH;BYMONTHDAY=21,22,23,24,25,26,27",
        "Thursday, 3 days before the last Sunday of April",
      ],
    ];
    for (const [rule, rrule, words] of rules) {
      expect(toRRule(rule)).toBe(rrule);
      expect(parseRRule(rrule)).toEqual(rule);
      expect(describeRule(rule)).toBe(words);
    }
    expect(describeRecurrence(secondSaturdayOfMay, "2026-05-09", "2026-05-10")).toBe("second Saturday of May, 2 days");
  });

  it("refuses what the picker cannot say", () => {
    for (const text of [
      "FREQ=MONTHLY;BYDAY=2SA",
      "FREQ=YEARLY;BYMONTH=5;BYDAY=5SA",
      "FREQ=YEARLY;BYMONTH=5;BYDAY=2SA;COUNT=3",
      "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29",
      "FREQ=YEARLY;BYMONTH=13;BYMONTHDAY=1",
      "FREQ=YEARLY;BYMONTH=4;BYMONTHDAY=31",
      "FREQ=YEARLY;BYMONTH=4;BYDAY=FR;BYMONTHDAY=3,4,5,6,7,8,9",
      "not a rule",
    ]) {
      expect(parseRRule(text), text).toBeUndefined();
    }
  });

  it("reads the plain form fields a browser without JavaScript sends, with a message for each mistake", () => {
    expect(ruleFromFields({ repeat: "none" })).toEqual({ rule: null });
    expect(ruleFromFields({ repeat: "weekday", repeatOrdinal: "2", repeatWeekday: "6", repeatMonth: "5", repeatDaysBefore: "0" })).toEqual({
      rule: secondSaturdayOfMay,
    });
    expect(ruleFromFields({ repeat: "date", repeatMonth: "4", repeatDay: "31" })).toEqual({ problem: "April has 30 days." });
    expect(
      ruleFromFields({ repeat: "weekday", repeatOrdinal: "1", repeatWeekday: "6", repeatMonth: "5", repeatDaysBefore: "1" }),
    ).toHaveProperty("problem");
    expect(ruleFromFields({ repeat: "sometimes" })).toEqual({ problem: "Choose how the festival repeats." });
  });

  it("knows the days a rule names", () => {
    expect(ruleMatchesDate(secondSaturdayOfMay, "2026-05-09")).toBe(true);
    expect(ruleMatchesDate(secondSaturdayOfMay, "2026-05-02")).toBe(false);
    const lastSundayMinus3: YearlyRule = { kind: "weekday", month: 4, ordinal: -1, weekday: 0, daysBefore: 3 };
    expect(ruleMatchesDate(lastSundayMinus3, "2026-04-23")).toBe(true);
    expect(ruleMatchesDate(lastSundayMinus3, "2026-04-16")).toBe(false);
  });
});

describe("currentOccurrence", () => {
  const festival = { startDate: "2026-05-09", endDate: "2026-05-10", recurrence: "FREQ=YEARLY;BYMONTH=5;BYDAY=2SA" };

  it("keeps the stored dates until their last day is over, then shows the next year's", () => {
    expect(currentOccurrence(festival, "2026-01-01")).toEqual({ startDate: "2026-05-09", endDate: "2026-05-10", ended: false });
    expect(currentOccurrence(festival, "2026-05-10")).toEqual({ startDate: "2026-05-09", endDate: "2026-05-10", ended: false });
    expect(currentOccurrence(festival, "2026-05-11")).toEqual({ startDate: "2027-05-08", endDate: "2027-05-09", ended: false });
  });

  it("rolls dates stored years ago to the occurrence that has not ended: a site left running keeps a full calendar", () => {
    const old = { ...festival, startDate: "2020-05-09", endDate: "2020-05-10" };
    expect(currentOccurrence(old, "2028-06-01")).toEqual({ startDate: "2029-05-12", endDate: "2029-05-13", ended: false });
  });

  it("leaves a one-off on its own dates, ended", () => {
    const oneOff = { ...festival, recurrence: null };
    expect(currentOccurrence(oneOff, "2026-05-11")).toEqual({ startDate: "2026-05-09", endDate: "2026-05-10", ended: true });
  });

  it("treats a stored value that is no picker rule (changed by hand) as none, instead of failing the page", () => {
    for (const recurrence of ["FREQ=DAILY", "garbage", "FREQ=YEARLY;BYMONTH=5;BYDAY=2SA\r\nX-INJECTED:1"]) {
      expect(currentOccurrence({ ...festival, recurrence }, "2026-05-11"), recurrence).toEqual({
        startDate: "2026-05-09",
        endDate: "2026-05-10",
        ended: true,
      });
    }
  });

  it("lists the occurrences that touch a window, for the calendar", () => {
    expect(occurrencesBetween(festival, "2026-06-01", "2028-05-31")).toEqual([
      { startDate: "2027-05-08", endDate: "2027-05-09" },
      { startDate: "2028-05-13", endDate: "2028-05-14" },
    ]);
  });
});

describe("the seed's yearly rules", () => {
  it("are rules the picker can show, naming each year the day the seed's schedule names", () => {
    const withRules = seedFestivals.filter((festival) => festival.recurrence);
    expect(withRules.length).toBeGreaterThan(0);
    for (const festival of withRules) {
      const rule = parseRRule(festival.recurrence ?? "");
      expect(rule, festival.name).toBeDefined();
      const { startDate, endDate } = nextOccurrence(festival.schedule, "2026-11-21");
      // ical.js, expanding the RRULE, lands on the schedule's start for each of the next ten years.
      const starts = occurrencesBetween({ startDate, endDate, recurrence: festival.recurrence ?? null }, startDate, "2037-12-31").map(
        (occurrence) => occurrence.startDate,
      );
      const year = Number(startDate.slice(0, 4));
      expect(starts.slice(0, 10), festival.name).toEqual(
        Array.from({ length: 10 }, (_, index) => startDateInYear(festival.schedule, year + index)),
      );
    }
  });
});
