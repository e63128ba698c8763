import { describe, expect, it } from "vitest";
import { localDateAt, openStatus, type WeeklyHours } from "./opening-hours";
import { emptyWeeklyHours } from "./opening-hours-editing";
import { closedLabel, statusOn, upcomingSpecialHours, weekAhead, type SpecialHours } from "./special-hours";
import {
  formatSpecialHoursText,
  parseSpecialHours,
  parseSpecialHoursText,
  specialHoursFromPlainField,
  specialHoursSchema,
  TOO_LONG_MESSAGE,
} from "./special-hours-schema";

const everyDay = (open: string, close: string): WeeklyHours => {
  const hours = emptyWeeklyHours();
  for (const day of Object.keys(hours) as (keyof WeeklyHours)[]) hours[day] = [{ open, close }];
  return hours;
};
const closed = (from: string, to = from, note = ""): SpecialHours => ({ from, to, ranges: [], note });
const NEW_YORK = "America/New_York";
const LOS_ANGELES = "America/Los_Angeles";
const at = (iso: string) => new Date(iso);

describe("open status with special hours", () => {
  it("is closed on a closed date, says when it opens after it, and reverts by itself the next day", () => {
    const hours = everyDay("06:00", "14:00");
    const special = [closed("2027-06-10", "2027-06-10", "Inventory day")];
    // Thursday June 10, 10 AM in New York (EDT, UTC-4).
    expect(openStatus(hours, NEW_YORK, at("2027-06-10T14:00:00Z"), special)).toEqual({
      open: false,
      label: "Closed · opens Fri 6 AM",
      changesAt: at("2027-06-11T10:00:00Z"),
    });
    expect(openStatus(hours, NEW_YORK, at("2027-06-10T14:00:00Z"))).toMatchObject({ open: true });
    // The day before, it closes as usual and says it opens on Friday.
    expect(openStatus(hours, NEW_YORK, at("2027-06-09T19:00:00Z"), special)).toMatchObject({ label: "Closed · opens Fri 6 AM" });
    expect(openStatus(hours, NEW_YORK, at("2027-06-11T14:00:00Z"), special)).toMatchObject({ open: true, label: "Open now · closes 2 PM" });
  });

  it("uses an exception's own ranges, past midnight too", () => {
    const hours = everyDay("09:00", "17:00");
    const special: SpecialHours[] = [{ from: "2027-06-12", to: "2027-06-12", ranges: [{ open: "03:00", close: "01:00" }], note: "" }];
    expect(openStatus(hours, LOS_ANGELES, at("2027-06-12T10:30:00Z"), special)).toMatchObject({
      open: true,
      label: "Open now · closes 1 AM",
    });
    // 00:30 on June 13, still in the exception's range that began the day before.
    expect(openStatus(hours, LOS_ANGELES, at("2027-06-13T07:30:00Z"), special)).toMatchObject({
      open: true,
      label: "Open now · closes 1 AM",
    });
  });

  it("counts an exception on the day the clocks spring forward (March 14, 2027) in New York and Los Angeles", () => {
    const hours = everyDay("09:00", "17:00");
    const special: SpecialHours[] = [
      { from: "2027-03-14", to: "2027-03-14", ranges: [{ open: "01:00", close: "04:00" }], note: "Early market" },
    ];
    // New York: 1:30 AM EST is 06:30Z; 4 AM that day is EDT, 08:00Z: two real hours.
    expect(openStatus(hours, NEW_YORK, at("2027-03-14T06:30:00Z"), special)).toEqual({
      open: true,
      label: "Open now · closes 4 AM",
      changesAt: at("2027-03-14T08:00:00Z"),
    });
    // 10 AM EDT (14:00Z): closed that day, opens Monday at 9 AM EDT.
    expect(openStatus(hours, NEW_YORK, at("2027-03-14T14:00:00Z"), special)).toEqual({
      open: false,
      label: "Closed · opens Mon 9 AM",
      changesAt: at("2027-03-15T13:00:00Z"),
    });
    // Los Angeles, 1:30 AM PST is 09:30Z; 4 AM PDT is 11:00Z.
    expect(openStatus(hours, LOS_ANGELES, at("2027-03-14T09:30:00Z"), special)).toMatchObject({
      open: true,
      changesAt: at("2027-03-14T11:00:00Z"),
    });
    // The day before, Saturday 6 PM PST (02:00Z on the 14th): opens at 1 AM on the changed day.
    expect(openStatus(hours, LOS_ANGELES, at("2027-03-14T02:00:00Z"), special)).toEqual({
      open: false,
      label: "Closed · opens Sun 1 AM",
      changesAt: at("2027-03-14T09:00:00Z"),
    });
  });

  it("counts an exception on the day the clocks fall back (November 7, 2027): a whole day lasts 25 hours", () => {
    const hours = { ...emptyWeeklyHours(), mon: [{ open: "09:00", close: "17:00" }] };
    const special: SpecialHours[] = [
      { from: "2027-11-07", to: "2027-11-07", ranges: [{ open: "00:00", close: "24:00" }], note: "Open all day" },
    ];
    // Los Angeles: midnight PDT is 07:00Z on the 7th, the next midnight PST is 08:00Z on the 8th.
    expect(openStatus(hours, LOS_ANGELES, at("2027-11-07T20:00:00Z"), special)).toEqual({
      open: true,
      label: "Open now · closes 12 AM",
      changesAt: at("2027-11-08T08:00:00Z"),
    });
    expect(openStatus(hours, LOS_ANGELES, at("2027-11-07T06:59:00Z"), special)).toMatchObject({
      open: false,
      changesAt: at("2027-11-07T07:00:00Z"),
    });
    // New York: closed on the changed day.
    const shut = [closed("2027-11-07")];
    expect(openStatus(everyDay("09:00", "17:00"), NEW_YORK, at("2027-11-07T15:00:00Z"), shut)).toEqual({
      open: false,
      label: "Closed · opens Mon 9 AM",
      changesAt: at("2027-11-08T14:00:00Z"),
    });
    expect(localDateAt(at("2027-11-07T04:30:00Z"), NEW_YORK)).toBe("2027-11-07");
    expect(localDateAt(at("2027-11-07T03:59:00Z"), NEW_YORK)).toBe("2027-11-06");
  });

  it("counts an exception across a month end (January 30 to February 2), then the weekly hours come back", () => {
    const hours = everyDay("09:00", "17:00");
    const special = [closed("2027-01-30", "2027-02-02", "Stocktaking")];
    // Friday January 29, 6 PM in Los Angeles: closed until Wednesday February 3.
    expect(openStatus(hours, LOS_ANGELES, at("2027-01-30T02:00:00Z"), special)).toEqual({
      open: false,
      label: "Closed · opens Wed 9 AM",
      changesAt: at("2027-02-03T17:00:00Z"),
    });
    expect(openStatus(hours, LOS_ANGELES, at("2027-02-01T20:00:00Z"), special)).toMatchObject({
      open: false,
      label: "Closed · opens Wed 9 AM",
    });
    expect(openStatus(hours, LOS_ANGELES, at("2027-02-03T20:00:00Z"), special)).toMatchObject({ open: true });
    expect(weekAhead(hours, special, "2027-01-29").map((day) => [day.date, day.ranges.length, day.special?.note ?? null])).toEqual([
      ["2027-01-29", 1, null],
      ["2027-01-30", 0, "Stocktaking"],
      ["2027-01-31", 0, "Stocktaking"],
      ["2027-02-01", 0, "Stocktaking"],
      ["2027-02-02", 0, "Stocktaking"],
      ["2027-02-03", 1, null],
      ["2027-02-04", 1, null],
    ]);
    expect(upcomingSpecialHours(special, "2027-02-03")).toEqual([]);
    expect(upcomingSpecialHours(special, "2027-02-02")).toEqual(special);
  });

  it("ignores exceptions far from today, and a listing open around the clock stays so", () => {
    const hours = everyDay("00:00", "24:00");
    expect(openStatus(hours, NEW_YORK, at("2027-06-10T14:00:00Z"), [closed("2027-12-24")])).toEqual({
      open: true,
      label: "Open 24 hours",
      changesAt: null,
    });
    expect(openStatus(hours, NEW_YORK, at("2027-06-10T14:00:00Z"), [closed("2027-06-12")])).toMatchObject({
      open: true,
      label: "Open now · closes Sat 12 AM",
    });
    // The day after a closed day, it is open around the clock again.
    expect(openStatus(hours, NEW_YORK, at("2027-06-13T14:00:00Z"), [closed("2027-06-12")])).toEqual({
      open: true,
      label: "Open 24 hours",
      changesAt: null,
    });
  });
});

describe("closed status", () => {
  it("ends a temporary closure by itself on the day it reopens", () => {
    expect(statusOn({ status: "temporarily-closed", closedUntil: "2027-03-01" }, "2027-02-28")).toBe("temporarily-closed");
    expect(statusOn({ status: "temporarily-closed", closedUntil: "2027-03-01" }, "2027-03-01")).toBe("open");
    expect(statusOn({ status: "temporarily-closed", closedUntil: null }, "2030-01-01")).toBe("temporarily-closed");
    expect(statusOn({ status: "permanently-closed", closedUntil: null }, "2027-03-01")).toBe("permanently-closed");
    expect(closedLabel("temporarily-closed", "2027-03-01")).toBe("Temporarily closed · reopens Mon, Mar 1");
    expect(closedLabel("temporarily-closed", null)).toBe("Temporarily closed");
    expect(closedLabel("open", null)).toBeNull();
  });
});

describe("special hours' checks", () => {
  const issue = (value: unknown) => {
    const result = specialHoursSchema.safeParse(value);
    return result.success ? null : result.error.issues[0]?.message;
  };

  it("takes up to six days an exception, sorted by date, and refuses seven with the way to say it", () => {
    const list = [
      { from: "2027-02-14", to: "2027-02-14", ranges: [], note: " Valentine's   Day " },
      { from: "2027-02-08", to: "2027-02-13", ranges: [{ open: "03:00", close: "14:00" }], note: "Valentine's week" },
    ];
    expect(specialHoursSchema.parse(list)).toEqual([list[1], { ...list[0], note: "Valentine's Day" }]);
    expect(issue([closed("2027-02-08", "2027-02-14")])).toBe(`Mon, Feb 8 – Sun, Feb 14: ${TOO_LONG_MESSAGE}`);
  });

  it("names the exception each message is about", () => {
    expect(issue([closed("2027-02-30")])).toBe("2027-02-30: “2027-02-30” is not a date (use YYYY-MM-DD).");
    expect(issue([closed("2027-02-14", "2027-02-10")])).toBe("2027-02-14 to 2027-02-10: the last date is before the first.");
    expect(issue([closed("2027-02-10", "2027-02-12"), closed("2027-02-12")])).toBe(
      "Fri, Feb 12: shares dates with Wed, Feb 10 – Fri, Feb 12. Give each date one exception.",
    );
    expect(
      issue([
        {
          ...closed("2027-02-12"),
          ranges: [
            { open: "08:00", close: "12:00" },
            { open: "11:00", close: "13:00" },
          ],
        },
      ]),
    ).toBe("Fri, Feb 12: 8 AM–12 PM overlaps 11 AM–1 PM.");
    expect(issue([{ ...closed("2027-02-12"), ranges: [{ open: "8:00", close: "12:00" }] }])).toBe(
      "Fri, Feb 12: “8:00” is not an opening time (use HH:MM, 24-hour).",
    );
    expect(issue([{ ...closed("2027-02-12"), note: "x".repeat(121) }])).toBe("Fri, Feb 12: the note is at most 120 characters.");
    expect(issue([{ from: "2027-02-12", to: "2027-02-12", ranges: [], note: "", extra: 1 }])).toMatch(/nothing else/);
    expect(parseSpecialHours("not json")).toEqual([]);
    expect(parseSpecialHours(null)).toEqual([]);
  });

  it("writes and reads the text form, one exception a line, the note after a bar", () => {
    const list: SpecialHours[] = [
      { from: "2027-01-30", to: "2027-02-02", ranges: [], note: "Stocktaking | back Wednesday" },
      {
        from: "2027-02-08",
        to: "2027-02-13",
        ranges: [
          { open: "03:00", close: "14:00" },
          { open: "22:00", close: "01:00" },
        ],
        note: "",
      },
      { from: "2027-02-14", to: "2027-02-14", ranges: [{ open: "00:00", close: "24:00" }], note: "Valentine's Day" },
    ];
    const text = formatSpecialHoursText(list);
    expect(text).toBe(
      "2027-01-30 to 2027-02-02 closed | Stocktaking | back Wednesday\n2027-02-08 to 2027-02-13 03:00-14:00, 22:00-01:00\n2027-02-14 00:00-24:00 | Valentine's Day",
    );
    expect(parseSpecialHoursText(text)).toEqual({ ok: true, special: list });
    expect(parseSpecialHoursText("2027-2-14: 24 hours|Valentine's Day\n2027-02-01 – 2027-02-02 Closed")).toEqual({
      ok: true,
      special: [
        { from: "2027-02-01", to: "2027-02-02", ranges: [], note: "" },
        { from: "2027-02-14", to: "2027-02-14", ranges: [{ open: "00:00", close: "24:00" }], note: "Valentine's Day" },
      ],
    });
    expect(parseSpecialHoursText("")).toEqual({ ok: true, special: [] });
    expect(parseSpecialHoursText("Feb 14 closed")).toMatchObject({
      ok: false,
      message: expect.stringContaining("“Feb 14 closed” could not be read"),
    });
    expect(parseSpecialHoursText("2027-02-14 6-2")).toEqual({
      ok: false,
      message: "Special hours: 2027-02-14: “6-2” is not a time range. Write it as HH:MM-HH:MM, 24-hour, such as 06:00-14:00, or “closed”.",
    });
    expect(parseSpecialHoursText("2027-02-08 to 2027-02-20 closed")).toEqual({
      ok: false,
      message: `Special hours: Mon, Feb 8 – Sat, Feb 20: ${TOO_LONG_MESSAGE}`,
    });
  });

  it("reads the form's plain field only when the JSON field was not sent", () => {
    const form: Record<string, string> = { "specialHours.text": "2027-02-14 closed | Valentine's Day" };
    expect(specialHoursFromPlainField((field) => form[field], "specialHours")).toEqual({
      ok: true,
      special: [closed("2027-02-14", "2027-02-14", "Valentine's Day")],
    });
    expect(specialHoursFromPlainField((field) => ({ ...form, specialHours: "[]" })[field], "specialHours")).toBeUndefined();
    expect(specialHoursFromPlainField(() => undefined, "specialHours")).toBeUndefined();
  });
});
