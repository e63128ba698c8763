import { describe, expect, it } from "vitest";
import {
  defaultFlowerHolidays,
  formatFlowerHolidays,
  holidayDueForReminder,
  holidayNotice,
  holidayWeek,
  parseFlowerHolidays,
} from "./flower-holidays";

const HOLIDAYS = defaultFlowerHolidays(2027);

describe("flower holidays", () => {
  it("knows Valentine's Day and Mother's Day (the second Sunday of May) of a year and the next", () => {
    expect(HOLIDAYS).toEqual([
      { name: "Valentine's Day", date: "2027-02-14" },
      { name: "Mother's Day", date: "2027-05-09" },
      { name: "Valentine's Day", date: "2028-02-14" },
      { name: "Mother's Day", date: "2028-05-14" },
    ]);
    // May 1 on a Sunday: the second Sunday is the 8th.
    expect(defaultFlowerHolidays(2022)[1]).toEqual({ name: "Mother's Day", date: "2022-05-08" });
    expect(holidayWeek({ name: "Valentine's Day", date: "2027-02-14" })).toEqual({ from: "2027-02-08", to: "2027-02-14" });
  });

  it("reads the setting's text back from its own form, and names a line it cannot read", () => {
    expect(parseFlowerHolidays(formatFlowerHolidays(HOLIDAYS))).toEqual({ ok: true, holidays: HOLIDAYS });
    expect(parseFlowerHolidays("Mother's Day: 2027-05-09\n\nValentine's Day: 2027-02-14\n")).toEqual({
      ok: true,
      holidays: [
        { name: "Valentine's Day", date: "2027-02-14" },
        { name: "Mother's Day", date: "2027-05-09" },
      ],
    });
    expect(parseFlowerHolidays("Mother's Day 2027-05-09")).toMatchObject({
      ok: false,
      message: expect.stringContaining("“Mother's Day 2027-05-09”"),
    });
    expect(parseFlowerHolidays("Mother's Day: 2027-02-30")).toMatchObject({ ok: false });
  });

  it("says which holiday's owners' reminder is due on a date: from three weeks before it until its week begins", () => {
    const valentines = { name: "Valentine's Day", date: "2027-02-14" };
    expect(holidayDueForReminder(HOLIDAYS, "2027-01-24")).toEqual(valentines);
    expect(holidayDueForReminder(HOLIDAYS, "2027-01-23")).toBeNull();
    // A run that missed the first day still asks; once the week (Feb 8-14) has begun it is too late.
    expect(holidayDueForReminder(HOLIDAYS, "2027-02-07")).toEqual(valentines);
    expect(holidayDueForReminder(HOLIDAYS, "2027-02-08")).toBeNull();
    // Across a month end and a year end.
    expect(holidayDueForReminder(HOLIDAYS, "2027-04-18")).toEqual({ name: "Mother's Day", date: "2027-05-09" });
    expect(holidayDueForReminder(HOLIDAYS, "2027-04-17")).toBeNull();
    expect(holidayDueForReminder(HOLIDAYS, "2028-01-24")).toEqual({ name: "Valentine's Day", date: "2028-02-14" });
    expect(holidayDueForReminder([], "2027-01-24")).toBeNull();
    expect(holidayDueForReminder(HOLIDAYS, "2027-02-07", 7)).toEqual(valentines);
    expect(holidayDueForReminder(HOLIDAYS, "2027-02-06", 7)).toBeNull();
  });

  it("says whether the coming holiday week's hours are confirmed, from four weeks before that week to the holiday", () => {
    const mothers = { name: "Mother's Day", date: "2027-05-09" };
    // Its week is May 3-9; the notice starts 28 days before, on April 5.
    expect(holidayNotice(HOLIDAYS, [], "2027-04-04")).toBeNull();
    expect(holidayNotice(HOLIDAYS, [], "2027-04-05")).toEqual({ holiday: mothers, confirmed: false });
    expect(holidayNotice(HOLIDAYS, [], "2027-05-09")).toEqual({ holiday: mothers, confirmed: false });
    expect(holidayNotice(HOLIDAYS, [], "2027-05-10")).toBeNull();
    const special = [{ from: "2027-05-08", to: "2027-05-09", ranges: [], note: "Closed for Mother's Day weekend" }];
    expect(holidayNotice(HOLIDAYS, special, "2027-04-20")).toEqual({ holiday: mothers, confirmed: true });
    // Special hours outside the week do not confirm it.
    const before = [{ from: "2027-05-01", to: "2027-05-02", ranges: [], note: "" }];
    expect(holidayNotice(HOLIDAYS, before, "2027-04-20")).toEqual({ holiday: mothers, confirmed: false });
    expect(holidayNotice(HOLIDAYS, [], "2027-01-20")).toEqual({ holiday: HOLIDAYS[0], confirmed: false });
  });
});
