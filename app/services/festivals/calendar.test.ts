import { describe, expect, it } from "vitest";
import {
  escapeICalText,
  exclusiveEndDate,
  festivalsToICalendar,
  foldICalLine,
  googleCalendarUrl,
  icsFileName,
  type CalendarFestival,
} from "./calendar.server";

const siteUrl = "https://www.example.org";
const now = new Date("2026-02-03T04:05:06.789Z");

const festival: CalendarFestival = {
  id: 7,
  name: "Rose Show; Roses, Peonies & More",
  description: "Line one\nLine two, with a comma; and a \\ backslash",
  startDate: "2026-01-30",
  endDate: "2026-01-31",
  location: "Rose Bowl",
  city: "Pasadena",
  state: "California",
};

const octets = (text: string) => new TextEncoder().encode(text).length;

/** Undoes RFC 5545 folding: a CRLF followed by one space joins the lines. */
const unfold = (text: string) => text.replace(/\r\n /g, "");

describe("escapeICalText", () => {
  it("escapes backslash, semicolon, comma and every kind of line break", () => {
    expect(escapeICalText("a\\b;c,d\ne\r\nf\rg")).toBe("a\\\\b\\;c\\,d\\ne\\nf\\ng");
  });

  it("escapes the backslash first, so escapes are not doubled", () => {
    expect(escapeICalText(";")).toBe("\\;");
    expect(escapeICalText("\\;")).toBe("\\\\\\;");
  });
});

describe("foldICalLine", () => {
  it("leaves a line of 75 octets alone", () => {
    const line = "X".repeat(75);
    expect(foldICalLine(line)).toBe(line);
  });

  it("folds a long multibyte line at 75 octets without splitting a character", () => {
    const line = `DESCRIPTION:${"Blüten 🌸 fleurs é ".repeat(12)}`;
    const folded = foldICalLine(line);
    const parts = folded.split("\r\n");
    expect(parts.length).toBeGreaterThan(3);
    for (const part of parts) expect(octets(part)).toBeLessThanOrEqual(75);
    for (const part of parts.slice(1)) expect(part.startsWith(" ")).toBe(true);
    expect(parts.join("")).not.toContain("\uFFFD");
    expect(unfold(folded)).toBe(line);
  });

  it("keeps an escape sequence on one line", () => {
    const line = `DESCRIPTION:${"a".repeat(62)}\\,b`;
    expect(octets(line.slice(0, 75))).toBe(75);
    expect(foldICalLine(line).split("\r\n")).toEqual([`DESCRIPTION:${"a".repeat(62)}`, " \\,b"]);
  });

  it("fills each line as far as the character boundaries allow", () => {
    const parts = foldICalLine("é".repeat(100)).split("\r\n");
    // 2-octet characters: 37 fit the first line (74 octets); a space plus 37 fill the next (75).
    expect(parts[0]).toBe("é".repeat(37));
    expect(parts[1]).toBe(` ${"é".repeat(37)}`);
  });
});

describe("exclusiveEndDate", () => {
  it("is the day after the last day, across month and year ends and leap days", () => {
    expect(exclusiveEndDate("2026-01-31")).toBe("20260201");
    expect(exclusiveEndDate("2026-12-31")).toBe("20270101");
    expect(exclusiveEndDate("2028-02-28")).toBe("20280229");
    expect(exclusiveEndDate("2026-02-28")).toBe("20260301");
  });
});

describe("festivalsToICalendar", () => {
  const ics = festivalsToICalendar([festival], { siteUrl, now });

  it("uses CRLF for every line ending, including the last", () => {
    expect(ics.endsWith("\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  });

  it("describes the calendar", () => {
    const lines = unfold(ics).split("\r\n");
    expect(lines.slice(0, 6)).toEqual([
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Wholesale Flower Finder//Festival Calendar//EN",
      "CALSCALE:GREGORIAN",
      "METHOD:PUBLISH",
      "X-WR-CALNAME:Flower Festivals",
    ]);
    expect(lines.at(-2)).toBe("END:VCALENDAR");
  });

  it("writes the festival as an all-day event ending the day after its last day", () => {
    const lines = unfold(ics).split("\r\n");
    expect(lines).toEqual(
      expect.arrayContaining([
        "BEGIN:VEVENT",
        "UID:festival-7@www.example.org",
        "DTSTAMP:20260203T040506Z",
        "DTSTART;VALUE=DATE:20260130",
        "DTEND;VALUE=DATE:20260201",
        "SUMMARY:Rose Show\\; Roses\\, Peonies & More",
        "LOCATION:Rose Bowl\\, Pasadena\\, California",
        "DESCRIPTION:Line one\\nLine two\\, with a comma\\; and a \\\\ backslash",
        "URL:https://www.example.org/festivals/7",
        "END:VEVENT",
      ]),
    );
  });

  it("keeps every physical line within 75 octets", () => {
    const long = { ...festival, id: 8, description: "Ein Fest der Blüten und Düfte — 花祭り. ".repeat(20) };
    const text = festivalsToICalendar([festival, long], { siteUrl, now, calendarName: "Mine" });
    for (const line of text.split("\r\n")) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(unfold(text)).toContain(`DESCRIPTION:${long.description}`);
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(unfold(text)).toContain("X-WR-CALNAME:Mine\r\n");
  });

  it("escapes the product's and the calendar's names like every text: a line break in them starts no line of its own (#40.7)", () => {
    const hostile = "Evil\r\nBEGIN:VEVENT\r\nSUMMARY:Injected\nEND:VEVENT;\u0007";
    const text = festivalsToICalendar([], { siteUrl, now, productName: hostile, calendarName: `${hostile} Festivals` });
    const lines = unfold(text).split("\r\n");
    expect(lines.filter((line) => line.startsWith("BEGIN:VEVENT") || line.startsWith("SUMMARY:"))).toEqual([]);
    expect(lines).toContain("PRODID:-//Evil\\nBEGIN:VEVENT\\nSUMMARY:Injected\\nEND:VEVENT\\;//Festival Calendar//EN");
    expect(lines).toContain("X-WR-CALNAME:Evil\\nBEGIN:VEVENT\\nSUMMARY:Injected\\nEND:VEVENT\\; Festivals");
  });

  it("is an empty calendar for no festivals", () => {
    expect(festivalsToICalendar([], { siteUrl, now })).not.toContain("VEVENT");
  });
});

describe("googleCalendarUrl", () => {
  it("links to an all-day event with an exclusive end date and encoded fields", () => {
    const url = new URL(googleCalendarUrl(festival, siteUrl));
    expect(url.origin + url.pathname).toBe("https://calendar.google.com/calendar/render");
    expect(url.searchParams.get("action")).toBe("TEMPLATE");
    expect(url.searchParams.get("text")).toBe(festival.name);
    expect(url.searchParams.get("dates")).toBe("20260130/20260201");
    expect(url.searchParams.get("location")).toBe("Rose Bowl, Pasadena, California");
    expect(url.searchParams.get("details")).toBe(`${festival.description}\n\nhttps://www.example.org/festivals/7`);
    expect(url.search).not.toMatch(/[ ;,&]{2}|[ ,;]/);
  });
});

describe("icsFileName", () => {
  it("is a lowercase ASCII slug of the name", () => {
    expect(icsFileName("Crème de la Crème: Tulip Fest 2026!")).toBe("creme-de-la-creme-tulip-fest-2026.ics");
    expect(icsFileName("花祭り")).toBe("festival.ics");
  });
});

describe("a yearly festival in a calendar", () => {
  const yearly: CalendarFestival = {
    ...festival,
    startDate: "2026-05-09",
    endDate: "2026-05-10",
    recurrence: "FREQ=YEARLY;BYMONTH=5;BYDAY=2SA",
  };

  it("carries its RRULE, so a calendar shows every year's occurrence; a one-off carries none", async () => {
    const text = festivalsToICalendar([yearly, { ...festival, id: 8 }], { siteUrl, now, refreshInterval: "PT12H" });
    const lines = unfold(text).split("\r\n");
    expect(lines.filter((line) => line.startsWith("RRULE:"))).toEqual(["RRULE:FREQ=YEARLY;BYMONTH=5;BYDAY=2SA"]);
    expect(lines).toContain("REFRESH-INTERVAL;VALUE=DURATION:PT12H");
    expect(lines).toContain("X-PUBLISHED-TTL:PT12H");
    // A calendar program (ical.js here) expands it to the next years' second Saturdays of May.
    const { default: ICAL } = await import("ical.js");
    const vevent = new ICAL.Component(ICAL.parse(text) as unknown[]).getAllSubcomponents("vevent")[0]!;
    const iterator = new ICAL.Event(vevent).iterator();
    const starts = [iterator.next(), iterator.next(), iterator.next()].map((time) => time?.toString());
    expect(starts).toEqual(["2026-05-09", "2027-05-08", "2028-05-13"]);
  });

  it("writes no rule that is not a picker's, so a value changed by hand cannot add lines", () => {
    const text = festivalsToICalendar([{ ...yearly, recurrence: "FREQ=YEARLY;BYMONTH=5;BYDAY=2SA\r\nX-INJECTED:1" }], { siteUrl, now });
    expect(text).not.toContain("X-INJECTED");
    expect(text).not.toContain("RRULE");
  });

  it("passes the rule to Google Calendar", () => {
    const url = new URL(googleCalendarUrl(yearly, siteUrl));
    expect(url.searchParams.get("recur")).toBe("RRULE:FREQ=YEARLY;BYMONTH=5;BYDAY=2SA");
    expect(new URL(googleCalendarUrl(festival, siteUrl)).searchParams.has("recur")).toBe(false);
  });
});
