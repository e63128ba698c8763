import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldErrorsOf } from "../form-fields";
import { formatWeeklyHours, offsetAt, openStatus, type TimeRange, type WeeklyHours, weekdayAt } from "./opening-hours";
import {
  closeFromTimeInput,
  closeToTimeInput,
  copyMondayToWeekdays,
  dayOfMessage,
  emptyWeeklyHours,
  NO_HOURS_MESSAGE,
  plainDayText,
} from "./opening-hours-editing";
import {
  formatHoursText,
  HOURS_TEXT_ALL_CLOSED,
  HOURS_TEXT_EXAMPLE,
  hoursFromPlainFields,
  parseHoursText,
  parseWeeklyHours,
  weeklyHoursFieldSchema,
  weeklyHoursSchema,
} from "./opening-hours-schema";

const range = (open: string, close: string): TimeRange => ({ open, close });
const week = (days: Partial<WeeklyHours>): WeeklyHours => ({ ...emptyWeeklyHours(), ...days });
const weekdays = (...ranges: TimeRange[]) => ({ mon: ranges, tue: ranges, wed: ranges, thu: ranges, fri: ranges });

/** A typical flower market: early weekday mornings, a short Saturday, closed on Sunday. */
const market = week({ ...weekdays(range("06:00", "14:00")), sat: [range("07:00", "12:00")] });

const statusAt = (hours: WeeklyHours, timeZone: string, iso: string) => {
  const status = openStatus(hours, timeZone, new Date(iso));
  return { open: status.open, label: status.label, changesAt: status.changesAt?.toISOString() ?? null };
};

const messagesOf = (value: unknown) => {
  const result = weeklyHoursSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe("openStatus", () => {
  it("says when an open listing closes and a closed one opens later today", () => {
    // Wednesday 10:00 and 5:00 in New York (EDT).
    expect(statusAt(market, "America/New_York", "2026-03-11T14:00:00Z")).toEqual({
      open: true,
      label: "Open now · closes 2 PM",
      changesAt: "2026-03-11T18:00:00.000Z",
    });
    expect(statusAt(market, "America/New_York", "2026-03-11T09:00:00Z")).toEqual({
      open: false,
      label: "Closed · opens 6 AM",
      changesAt: "2026-03-11T10:00:00.000Z",
    });
  });

  it("names the day of an opening that is not today, through a closed day", () => {
    // Sunday 10:00 EDT.
    expect(statusAt(market, "America/New_York", "2026-03-15T14:00:00Z")).toEqual({
      open: false,
      label: "Closed · opens Mon 6 AM",
      changesAt: "2026-03-16T10:00:00.000Z",
    });
  });

  it("finds the next opening across the spring-forward change", () => {
    // Saturday 7 March 2026, 1 PM EST; the clocks go forward early on Sunday, so Monday 6 AM is EDT.
    expect(statusAt(market, "America/New_York", "2026-03-07T18:00:00Z")).toEqual({
      open: false,
      label: "Closed · opens Mon 6 AM",
      changesAt: "2026-03-09T10:00:00.000Z",
    });
  });

  it("finds the next opening across the fall-back change", () => {
    // Saturday 31 October 2026, 1 PM EDT; Monday 6 AM is EST.
    expect(statusAt(market, "America/New_York", "2026-10-31T17:00:00Z")).toEqual({
      open: false,
      label: "Closed · opens Mon 6 AM",
      changesAt: "2026-11-02T11:00:00.000Z",
    });
  });

  it("closes a night market at the right instant in the night the clocks spring forward", () => {
    const nightMarket = week({ sun: [range("00:00", "05:00")] });
    // 1:30 AM EST, half an hour before the clocks jump from 2 AM to 3 AM; 5 AM is then EDT.
    expect(statusAt(nightMarket, "America/New_York", "2026-03-08T06:30:00Z")).toEqual({
      open: true,
      label: "Open now · closes 5 AM",
      changesAt: "2026-03-08T09:00:00.000Z",
    });
  });

  it("stays open through the repeated hour of the night the clocks fall back", () => {
    const nightMarket = week({ sun: [range("00:00", "03:00")] });
    for (const iso of ["2026-11-01T05:30:00Z", "2026-11-01T06:30:00Z"]) {
      // 1:30 AM EDT and, an hour later, 1:30 AM EST: open both times until 3 AM EST.
      expect(statusAt(nightMarket, "America/New_York", iso)).toEqual({
        open: true,
        label: "Open now · closes 3 AM",
        changesAt: "2026-11-01T08:00:00.000Z",
      });
    }
  });

  it("opens a time the clocks skip an hour later, as the clocks then read", () => {
    const hours = week({ sun: [range("02:30", "06:00")] });
    // Saturday 11 PM EST; 2:30 AM does not exist on 8 March 2026.
    expect(statusAt(hours, "America/New_York", "2026-03-08T04:00:00Z")).toEqual({
      open: false,
      label: "Closed · opens Sun 3:30 AM",
      changesAt: "2026-03-08T07:30:00.000Z",
    });
  });

  it("keeps a Friday range that runs past midnight open early on Saturday", () => {
    const lateFriday = week({ fri: [range("22:00", "02:00")] });
    // Saturday 1 AM EDT.
    expect(statusAt(lateFriday, "America/New_York", "2026-06-13T05:00:00Z")).toEqual({
      open: true,
      label: "Open now · closes 2 AM",
      changesAt: "2026-06-13T06:00:00.000Z",
    });
    // Friday 11 PM: 2 AM is tonight, so the label needs no day.
    expect(statusAt(lateFriday, "America/New_York", "2026-06-13T03:00:00Z").label).toBe("Open now · closes 2 AM");
    expect(statusAt(lateFriday, "America/New_York", "2026-06-13T01:00:00Z").label).toBe("Closed · opens 10 PM");
  });

  it("keeps a Sunday night range open on Monday morning, across the end of the week", () => {
    const lateSunday = week({ sun: [range("22:00", "02:00")] });
    // Monday 1 AM EDT.
    expect(statusAt(lateSunday, "America/New_York", "2026-06-15T05:00:00Z")).toEqual({
      open: true,
      label: "Open now · closes 2 AM",
      changesAt: "2026-06-15T06:00:00.000Z",
    });
  });

  it("reads the listing's clock, whatever the time zone of the machine", () => {
    const original = process.env.TZ;
    try {
      const results = ["Pacific/Kiritimati", "America/Adak", "UTC"].map((zone) => {
        process.env.TZ = zone;
        // 9 AM in Los Angeles (PDT) is noon in New York (EDT).
        return [
          statusAt(market, "America/Los_Angeles", "2026-06-10T16:00:00Z"),
          statusAt(market, "America/New_York", "2026-06-10T16:00:00Z"),
        ];
      });
      for (const result of results) {
        expect(result).toEqual([
          { open: true, label: "Open now · closes 2 PM", changesAt: "2026-06-10T21:00:00.000Z" },
          { open: true, label: "Open now · closes 2 PM", changesAt: "2026-06-10T18:00:00.000Z" },
        ]);
      }
    } finally {
      if (original === undefined) delete process.env.TZ;
      else process.env.TZ = original;
    }
  });

  it("keeps Arizona on the same UTC times all year", () => {
    // 1 PM MST in January and in July.
    for (const day of ["2026-01-07", "2026-07-01"]) {
      expect(statusAt(market, "America/Phoenix", `${day}T20:00:00Z`)).toEqual({
        open: true,
        label: "Open now · closes 2 PM",
        changesAt: `${day}T21:00:00.000Z`,
      });
    }
    // The weekend the rest of the country springs forward, Monday 6 AM is still 13:00 UTC.
    expect(statusAt(market, "America/Phoenix", "2026-03-07T20:00:00Z")).toEqual({
      open: false,
      label: "Closed · opens Mon 6 AM",
      changesAt: "2026-03-09T13:00:00.000Z",
    });
  });

  it("reads Hawaii's clock", () => {
    const hours = week(weekdays(range("07:00", "15:30")));
    // Monday 8 AM HST; it closes at 3:30 PM, which is 01:30 UTC on Tuesday.
    expect(statusAt(hours, "Pacific/Honolulu", "2026-03-09T18:00:00Z")).toEqual({
      open: true,
      label: "Open now · closes 3:30 PM",
      changesAt: "2026-03-10T01:30:00.000Z",
    });
  });

  it("says when a split day opens again, and closes at the exact minute", () => {
    const split = week({ mon: [range("06:00", "10:00"), range("16:00", "19:00")] });
    // Monday 10:00 EDT sharp.
    expect(statusAt(split, "America/New_York", "2026-06-15T14:00:00Z")).toEqual({
      open: false,
      label: "Closed · opens 4 PM",
      changesAt: "2026-06-15T20:00:00.000Z",
    });
    expect(statusAt(split, "America/New_York", "2026-06-15T13:59:59Z").open).toBe(true);
  });

  it("labels noon and midnight closings", () => {
    expect(statusAt(week({ mon: [range("08:00", "12:00")] }), "America/Chicago", "2026-06-15T14:00:00Z").label).toBe(
      "Open now · closes 12 PM",
    );
    expect(statusAt(week({ mon: [range("18:00", "24:00")] }), "America/Chicago", "2026-06-16T00:00:00Z").label).toBe(
      "Open now · closes 12 AM",
    );
  });

  it("joins ranges that meet, and names the closing day when it is not the next one", () => {
    const hours = week({ mon: [range("00:00", "24:00")], tue: [range("00:00", "12:00")] });
    // Monday 10 AM EDT: open without a break until Tuesday noon.
    expect(statusAt(hours, "America/New_York", "2026-06-15T14:00:00Z")).toEqual({
      open: true,
      label: "Open now · closes Tue 12 PM",
      changesAt: "2026-06-16T16:00:00.000Z",
    });
  });

  it("says “Open 24 hours” for a listing that never closes", () => {
    const always = week({ ...weekdays(range("00:00", "24:00")), sat: [range("00:00", "24:00")], sun: [range("00:00", "24:00")] });
    expect(statusAt(always, "America/New_York", "2026-11-01T06:30:00Z")).toEqual({ open: true, label: "Open 24 hours", changesAt: null });
  });

  it("says “Closed” for a week without any hours", () => {
    expect(statusAt(emptyWeeklyHours(), "America/New_York", "2026-06-15T14:00:00Z")).toEqual({
      open: false,
      label: "Closed",
      changesAt: null,
    });
  });

  it("changes status exactly at changesAt", () => {
    let now = new Date("2026-03-05T12:00:00Z");
    const seen: string[] = [];
    for (let step = 0; step < 6; step++) {
      const status = openStatus(market, "America/New_York", now);
      seen.push(status.label);
      expect(openStatus(market, "America/New_York", new Date(now.getTime() + 1000)).open).toBe(status.open);
      const changesAt = status.changesAt as Date;
      expect(openStatus(market, "America/New_York", changesAt).open).toBe(!status.open);
      now = changesAt;
    }
    // Thursday 7 AM EST, through the weekend the clocks spring forward.
    expect(seen).toEqual([
      "Open now · closes 2 PM",
      "Closed · opens Fri 6 AM",
      "Open now · closes 2 PM",
      "Closed · opens Sat 7 AM",
      "Open now · closes 12 PM",
      "Closed · opens Mon 6 AM",
    ]);
  });
});

describe("offsetAt", () => {
  /** The offset as Intl names it ("GMT-04:00", "GMT+10:30", "GMT+12:45"), in milliseconds: worked out apart from offsetAt. */
  function namedOffset(instant: number, timeZone: string): number {
    const name = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" })
      .formatToParts(instant)
      .find((part) => part.type === "timeZoneName")!.value;
    const match = /GMT(?:([+-])(\d\d):(\d\d))?/.exec(name)!;
    const sign = match[1] === "-" ? -1 : 1;
    return match[1] ? sign * (Number(match[2]) * 60 + Number(match[3])) * 60_000 : 0;
  }

  it("gives the zone's offset at every minute around changes of the clocks, the first time and when remembered", () => {
    const changes: [string, string][] = [
      ["America/New_York", "2026-03-08T07:00:00Z"],
      ["America/New_York", "2026-11-01T06:00:00Z"],
      ["America/Phoenix", "2026-03-08T09:00:00Z"],
      // Half an hour forward or back, and a zone whose offset is not whole hours.
      ["Australia/Lord_Howe", "2026-04-04T15:00:00Z"],
      ["Pacific/Chatham", "2026-09-26T14:00:00Z"],
    ];
    for (const [zone, at] of changes) {
      const change = Date.parse(at);
      const offsets = new Set<number>();
      for (let round = 0; round < 2; round++) {
        for (let minute = -90; minute <= 90; minute++) {
          const instant = change + minute * 60_000 + 17_123;
          expect(offsetAt(instant, zone), `${zone} ${new Date(instant).toISOString()}`).toBe(namedOffset(instant, zone));
          offsets.add(offsetAt(instant, zone));
        }
      }
      expect(offsets.size, zone).toBe(zone === "America/Phoenix" ? 1 : 2);
    }
  });
});

describe("weeklyHoursSchema", () => {
  it("accepts a week of market hours, a midnight close and a night past midnight", () => {
    expect(messagesOf(market)).toEqual([]);
    expect(messagesOf(week({ fri: [range("18:00", "24:00")], sat: [range("00:00", "24:00")], sun: [range("22:00", "03:00")] }))).toEqual(
      [],
    );
  });

  it("refuses overlapping ranges on one day, naming the day", () => {
    expect(messagesOf(week({ tue: [range("09:00", "17:00"), range("16:00", "18:00")] }))).toEqual([
      "Tuesday: 9 AM–5 PM overlaps 4 PM–6 PM.",
    ]);
    expect(messagesOf(week({ tue: [range("16:00", "18:30"), range("09:00", "17:00")] }))).toEqual([
      "Tuesday: 9 AM–5 PM overlaps 4 PM–6:30 PM.",
    ]);
  });

  it("refuses a range past midnight that runs into the next day's first range", () => {
    expect(messagesOf(week({ fri: [range("22:00", "02:00")], sat: [range("01:00", "05:00")] }))).toEqual([
      "Friday: 10 PM–2 AM runs past midnight into Saturday’s 1 AM–5 AM.",
    ]);
    expect(messagesOf(week({ mon: [range("00:00", "06:00")], sun: [range("23:00", "01:00")] }))).toEqual([
      "Sunday: 11 PM–1 AM runs past midnight into Monday’s 12 AM–6 AM.",
    ]);
  });

  it("accepts a range that ends when the next one starts", () => {
    expect(messagesOf(week({ fri: [range("22:00", "02:00")], sat: [range("02:00", "05:00")] }))).toEqual([]);
  });

  it("refuses a range that opens and closes at the same time", () => {
    expect(messagesOf(week({ mon: [range("09:00", "09:00")] }))).toEqual(["Monday: 9 AM opens and closes at the same time."]);
  });

  it("refuses times that are not HH:MM and missing times", () => {
    expect(messagesOf(week({ mon: [range("25:00", "10:00")], tue: [range("9:00", "10:00")], wed: [range("06:00", "24:30")] }))).toEqual([
      "Monday: “25:00” is not an opening time (use HH:MM, 24-hour).",
      "Tuesday: “9:00” is not an opening time (use HH:MM, 24-hour).",
      "Wednesday: “24:30” is not a closing time (use HH:MM, 24-hour).",
    ]);
    expect(messagesOf(week({ mon: [range("24:00", "02:00")] }))).toEqual(["Monday: “24:00” is not an opening time (use HH:MM, 24-hour)."]);
    expect(messagesOf(week({ thu: [range("08:00", "")] }))).toEqual(["Thursday: enter both an opening and a closing time."]);
  });

  it("refuses more than four ranges a day", () => {
    const ranges = ["01", "03", "05", "07", "09"].map((hour) => range(`${hour}:00`, `${hour}:30`));
    expect(messagesOf(week({ wed: ranges }))).toEqual(["Wednesday: at most 4 time ranges a day."]);
  });

  it("refuses a week without any hours", () => {
    expect(messagesOf(emptyWeeklyHours())).toEqual([NO_HOURS_MESSAGE]);
    expect(NO_HOURS_MESSAGE).toBe("Add hours for at least one day, or uncheck “This listing has set weekly hours”.");
  });

  it("refuses a week with a day missing or an unknown key", () => {
    const { sun: _sun, ...withoutSunday } = market;
    expect(messagesOf(withoutSunday)).toEqual(["Sunday: the time ranges could not be read."]);
    expect(messagesOf({ ...market, holidays: [] })).not.toEqual([]);
    expect(messagesOf("Mon–Fri 6–2")).not.toEqual([]);
  });

  it("reports its message under the form field that holds the hours", () => {
    const form = z.object({ openingHours: weeklyHoursFieldSchema });
    const result = form.safeParse({ openingHours: JSON.stringify(week({ tue: [range("09:00", "17:00"), range("16:00", "18:00")] })) });
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrorsOf(result.error)).toEqual({ openingHours: "Tuesday: 9 AM–5 PM overlaps 4 PM–6 PM." });
  });
});

describe("weeklyHoursFieldSchema", () => {
  it("reads an empty field as no set hours and JSON as the week", () => {
    expect(weeklyHoursFieldSchema.parse("")).toBeNull();
    expect(weeklyHoursFieldSchema.parse(JSON.stringify(market))).toEqual(market);
  });

  it("refuses text that is not JSON", () => {
    const result = weeklyHoursFieldSchema.safeParse("{mon:");
    expect(result.success ? [] : result.error.issues.map((issue) => issue.message)).toEqual([
      "The opening hours could not be read. Reload the page and enter them again.",
    ]);
  });
});

describe("parseWeeklyHours", () => {
  it("reads stored hours and gives null for none or unreadable ones", () => {
    expect(parseWeeklyHours(JSON.stringify(market))).toEqual(market);
    expect(parseWeeklyHours(null)).toBeNull();
    expect(parseWeeklyHours("")).toBeNull();
    expect(parseWeeklyHours("Mon–Fri 6 AM–2 PM")).toBeNull();
    expect(parseWeeklyHours(JSON.stringify(week({ mon: [range("09:00", "17:00"), range("10:00", "11:00")] })))).toBeNull();
  });
});

describe("formatWeeklyHours", () => {
  it("puts consecutive days with the same hours on one row", () => {
    expect(formatWeeklyHours(market)).toEqual([
      { days: "Mon–Fri", text: "6 AM–2 PM", weekdays: ["mon", "tue", "wed", "thu", "fri"] },
      { days: "Sat", text: "7 AM–12 PM", weekdays: ["sat"] },
      { days: "Sun", text: "Closed", weekdays: ["sun"] },
    ]);
  });

  it("keeps days apart when a different day lies between them", () => {
    const hours = week({ mon: [range("06:00", "14:00")], tue: [range("06:00", "12:00")], wed: [range("06:00", "14:00")] });
    expect(formatWeeklyHours(hours).map(({ days, text }) => `${days}: ${text}`)).toEqual([
      "Mon: 6 AM–2 PM",
      "Tue: 6 AM–12 PM",
      "Wed: 6 AM–2 PM",
      "Thu–Sun: Closed",
    ]);
  });

  it("lists split days in time order, whole days and nights past midnight", () => {
    const hours = week({
      mon: [range("16:00", "19:30"), range("06:00", "10:00")],
      tue: [range("00:00", "24:00")],
      wed: [range("22:00", "02:00")],
    });
    expect(formatWeeklyHours(hours).map(({ days, text }) => `${days}: ${text}`)).toEqual([
      "Mon: 6 AM–10 AM, 4 PM–7:30 PM",
      "Tue: Open 24 hours",
      "Wed: 10 PM–2 AM",
      "Thu–Sun: Closed",
    ]);
  });
});

describe("editor helpers", () => {
  it("copies Monday to Tuesday through Friday and leaves the weekend", () => {
    const hours = week({
      mon: [range("05:00", "11:00"), range("13:00", "15:00")],
      tue: [range("08:00", "09:00")],
      sat: [range("07:00", "12:00")],
    });
    const copied = copyMondayToWeekdays(hours);
    expect(copied).toEqual(week({ ...weekdays(range("05:00", "11:00"), range("13:00", "15:00")), sat: [range("07:00", "12:00")] }));
    expect(copied.tue).not.toBe(copied.mon);
    expect(copied.tue[0]).not.toBe(copied.mon[0]);
    expect(hours.tue).toEqual([range("08:00", "09:00")]);
  });

  it("finds the day a message is about", () => {
    expect(dayOfMessage("Tuesday: 9 AM–5 PM overlaps 4 PM–6 PM.")).toBe("tue");
    expect(dayOfMessage(NO_HOURS_MESSAGE)).toBeNull();
  });

  it("shows a midnight close as 00:00 in a time input and reads it back as 24:00", () => {
    expect(closeToTimeInput("24:00")).toBe("00:00");
    expect(closeToTimeInput("17:30")).toBe("17:30");
    expect(closeFromTimeInput("00:00")).toBe("24:00");
    expect(closeFromTimeInput("17:30")).toBe("17:30");
    expect(messagesOf(week({ sat: [range("00:00", closeFromTimeInput("00:00"))] }))).toEqual([]);
  });

  it("starts a week with every day closed", () => {
    expect(emptyWeeklyHours()).toEqual({ mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] });
    expect(emptyWeeklyHours()).not.toBe(emptyWeeklyHours());
  });
});

describe("hours as text (a spreadsheet cell)", () => {
  const read = (text: string) => {
    const result = parseHoursText(text);
    return result.ok ? result.hours : result.message;
  };

  it("writes consecutive days with the same hours as one group, split days with commas and closed days as closed", () => {
    expect(formatHoursText(market)).toBe("Mon-Fri 06:00-14:00; Sat 07:00-12:00; Sun closed");
    expect(formatHoursText(week({ ...weekdays(range("06:00", "14:00")), sat: [range("07:00", "12:00"), range("13:00", "15:00")] }))).toBe(
      HOURS_TEXT_EXAMPLE,
    );
    expect(formatHoursText(week({ mon: [range("04:30", "16:30")], wed: [range("04:30", "16:30")] }))).toBe(
      "Mon 04:30-16:30; Tue closed; Wed 04:30-16:30; Thu-Sun closed",
    );
    const allWeek = Object.fromEntries(["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((day) => [day, [range("00:00", "24:00")]]));
    expect(formatHoursText(allWeek as WeeklyHours)).toBe("Mon-Sun 00:00-24:00");
  });

  it("reads back exactly the week it wrote, ranges in their order, nights past midnight and midnight closes included", () => {
    const weeks: WeeklyHours[] = [
      market,
      week({ ...weekdays(range("06:00", "14:00")), sat: [range("13:00", "15:00"), range("07:00", "12:00")] }),
      week({ fri: [range("22:00", "02:00")], sat: [range("22:00", "24:00")], sun: [range("00:00", "24:00")] }),
      week({ tue: [range("01:00", "02:00"), range("03:00", "04:00"), range("05:00", "06:00"), range("07:00", "08:00")] }),
    ];
    for (const hours of weeks) expect(read(formatHoursText(hours))).toEqual(hours);
  });

  it("reads the example form: days not named are closed", () => {
    expect(read(HOURS_TEXT_EXAMPLE)).toEqual(
      week({ ...weekdays(range("06:00", "14:00")), sat: [range("07:00", "12:00"), range("13:00", "15:00")] }),
    );
    expect(read("Sat 07:00-12:00")).toEqual(week({ sat: [range("07:00", "12:00")] }));
  });

  it("reads what people write by hand: full and short day names, lists, dashes, one-digit hours, line breaks, 24 hours", () => {
    expect(read("monday to friday: 6:00 – 14:00\nSat & Sun 7:00 to 12:00;")).toEqual(
      week({ ...weekdays(range("06:00", "14:00")), sat: [range("07:00", "12:00")], sun: [range("07:00", "12:00")] }),
    );
    expect(read("Tues, Thurs 09:00-17:00; Th. closed")).toBe(
      "Thursday: named twice. Give all of a day’s time ranges in one place, separated by commas.",
    );
    expect(read("Mon, 06:00-14:00")).toEqual(week({ mon: [range("06:00", "14:00")] }));
    expect(read("Tu, Th 09:00-17:00")).toEqual(week({ tue: [range("09:00", "17:00")], thu: [range("09:00", "17:00")] }));
    expect(read("Fri-Mon 10:00-16:00")).toEqual(
      week({
        fri: [range("10:00", "16:00")],
        sat: [range("10:00", "16:00")],
        sun: [range("10:00", "16:00")],
        mon: [range("10:00", "16:00")],
      }),
    );
    const allDay = [range("00:00", "24:00")];
    expect(read("Daily 24 hours")).toEqual(week({ ...weekdays(...allDay), sat: allDay, sun: allDay }));
    expect(read("Sun open 24 hours")).toEqual(week({ sun: allDay }));
  });

  it("reads an empty cell as no set hours", () => {
    expect(read("")).toBeNull();
    expect(read("  ; ")).toBeNull();
  });

  it("says what it cannot read", () => {
    expect(read("Mon-Fri 6am-2pm")).toBe("Monday: “6am-2pm” is not a time range. Write it as HH:MM-HH:MM, 24-hour, such as 06:00-14:00.");
    expect(read("Mnday 06:00-14:00")).toBe(
      "Opening hours: “Mnday” is not a day. Write days as Mon, Tue, Wed, Thu, Fri, Sat and Sun, or a range such as Mon-Fri.",
    );
    expect(read("06:00-14:00")).toBe(
      `Opening hours: “06:00-14:00” does not say which days. Start each part with its days, as in ${HOURS_TEXT_EXAMPLE}.`,
    );
    expect(read("Weekdays early")).toBe(
      `Opening hours: “Weekdays early” could not be read. Write the days, then 24-hour time ranges or “closed”, as in ${HOURS_TEXT_EXAMPLE}.`,
    );
    expect(read("Mon-Sun closed")).toBe(HOURS_TEXT_ALL_CLOSED);
  });

  it("refuses a week the schema refuses, with the schema's message for the day", () => {
    expect(read("Mon 25:00-10:00")).toBe("Monday: “25:00” is not an opening time (use HH:MM, 24-hour).");
    expect(read("Tue 09:00-17:00, 16:00-18:00")).toBe("Tuesday: 9 AM–5 PM overlaps 4 PM–6 PM.");
    expect(read("Fri 22:00-02:00; Sat 01:00-05:00")).toBe("Friday: 10 PM–2 AM runs past midnight into Saturday’s 1 AM–5 AM.");
    expect(read("Wed 01:00-01:30, 03:00-03:30, 05:00-05:30, 07:00-07:30, 09:00-09:30")).toBe("Wednesday: at most 4 time ranges a day.");
  });
});

describe("weekdayAt", () => {
  it("is the day on the zone's own clock, not the server's", () => {
    // Friday 03:30 UTC is still Thursday evening in Los Angeles and in New York; 05:30 UTC is Friday in New York.
    const instant = new Date("2026-11-27T03:30:00Z");
    expect(weekdayAt(instant, "America/Los_Angeles")).toBe("thu");
    expect(weekdayAt(instant, "America/New_York")).toBe("thu");
    expect(weekdayAt(new Date("2026-11-27T05:30:00Z"), "America/New_York")).toBe("fri");
    expect(weekdayAt(new Date("2026-11-29T09:59:00Z"), "Pacific/Honolulu")).toBe("sat");
    expect(weekdayAt(new Date("2026-11-29T10:00:00Z"), "Pacific/Honolulu")).toBe("sun");
  });
});

describe("hoursFromPlainFields (the editor without JavaScript)", () => {
  const read = (fields: Record<string, string>) => (field: string) => fields[field];

  it("reads each day's text as ranges, an empty day as closed, and every day empty as no set hours", () => {
    expect(
      hoursFromPlainFields(
        read({ "openingHours.mon": "06:00-12:00, 13:00-15:00", "openingHours.tue": "", "openingHours.sat": " 7:00-11:30 " }),
        "openingHours",
      ),
    ).toEqual({ ok: true, hours: week({ mon: [range("06:00", "12:00"), range("13:00", "15:00")], sat: [range("07:00", "11:30")] }) });
    expect(hoursFromPlainFields(read({ "openingHours.mon": "", "openingHours.sun": "  " }), "openingHours")).toEqual({
      ok: true,
      hours: null,
    });
    expect(hoursFromPlainFields(read({ "openingHours.fri": "24 hours" }), "openingHours")).toEqual({
      ok: true,
      hours: week({ fri: [range("00:00", "24:00")] }),
    });
  });

  it("says which day cannot be read, and refuses a week of closed days", () => {
    expect(hoursFromPlainFields(read({ "openingHours.tue": "9am-5pm" }), "openingHours")).toEqual({
      ok: false,
      message: "Tuesday: “9am-5pm” is not a time range. Write it as HH:MM-HH:MM, 24-hour, such as 06:00-14:00.",
    });
    expect(hoursFromPlainFields(read({ "openingHours.mon": "closed" }), "openingHours")).toEqual({
      ok: false,
      message: HOURS_TEXT_ALL_CLOSED,
    });
    // A semicolon or a line break cannot start another day's group.
    expect(hoursFromPlainFields(read({ "openingHours.wed": "06:00-10:00; 11:00-12:00" }), "openingHours")).toEqual({
      ok: true,
      hours: week({ wed: [range("06:00", "10:00"), range("11:00", "12:00")] }),
    });
  });

  it("shows a stored day as its field's text", () => {
    expect(plainDayText([range("06:00", "12:00"), range("13:00", "24:00")])).toBe("06:00-12:00, 13:00-24:00");
    expect(plainDayText([])).toBe("");
  });
});
