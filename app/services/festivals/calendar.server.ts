import { addDays } from "~/utils/dates";
import { canonicalRecurrence } from "./occurrences.server";
import type { Festival } from "./festivals.server";

/** The festival fields a calendar entry needs. */
export type CalendarFestival = Pick<Festival, "id" | "name" | "description" | "startDate" | "endDate" | "location" | "city" | "state"> &
  Partial<Pick<Festival, "recurrence">>;

export interface ICalendarOptions {
  /** Where the site is published, e.g. "https://www.wholesaleflowerfinder.com": event URLs and UIDs derive from it. */
  siteUrl: string;
  /** The moment the file is generated (DTSTAMP). */
  now: Date;
  /** X-WR-CALNAME: the name calendar apps show for the file. */
  calendarName?: string;
  productName?: string;
  /** For a feed calendars subscribe to: an ISO 8601 duration such as PT12H, how often they should read it again. */
  refreshInterval?: string;
}

export const DEFAULT_CALENDAR_NAME = "Flower Festivals";
const CRLF = "\r\n";
/** RFC 5545 3.1: content lines are folded so that no line is longer than 75 octets. */
const MAX_LINE_OCTETS = 75;

/**
 * RFC 5545 3.3.11 TEXT: backslash, semicolon and comma are escaped, line breaks become \n, and the other control
 * characters (which no TEXT may hold) are dropped. Every text that goes into a line goes through here (`textLine`):
 * a site name such as "Evil\r\nBEGIN:VEVENT" can then never start a line of its own.
 */
export function escapeICalText(text: string): string {
  return (
    text
      .replace(/\\/g, "\\\\")
      .replace(/;/g, "\\;")
      .replace(/,/g, "\\,")
      .replace(/\r\n|\r|\n|\u2028|\u2029/g, "\\n")
      // eslint-disable-next-line no-control-regex -- the control characters are what is removed
      .replace(/[\u0000-\u001f\u007f]/g, "")
  );
}

/** A property whose value is text, escaped: `SUMMARY:Rose Show\; Roses`. */
const textLine = (name: string, text: string) => `${name}:${escapeICalText(text)}`;

const utf8 = new TextEncoder();

/**
 * Folds one content line by UTF-8 octets, never inside a character or an escape such as "\," (valid
 * either way, but naive readers unfold less carefully): the first line holds up to 75 octets, each
 * continuation line a leading space plus up to 74.
 */
export function foldICalLine(line: string): string {
  if (utf8.encode(line).length <= MAX_LINE_OCTETS) return line;
  const lines: string[] = [];
  let current = "";
  let currentOctets = 0;
  for (const char of line.match(/\\.|./gsu) ?? []) {
    const octets = utf8.encode(char).length;
    if (currentOctets + octets > MAX_LINE_OCTETS) {
      lines.push(current);
      current = " ";
      currentOctets = 1;
    }
    current += char;
    currentOctets += octets;
  }
  lines.push(current);
  return lines.join(CRLF);
}

/** YYYY-MM-DD to the DATE value form YYYYMMDD. */
export const toICalDate = (isoDate: string) => isoDate.replace(/-/g, "");

/** A UTC DATE-TIME such as 20260301T093000Z. */
export const toICalDateTime = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** All-day events end on the day after their last day (DTEND is exclusive). */
export const exclusiveEndDate = (endDate: string) => toICalDate(addDays(endDate, 1));

export const festivalPath = (id: number) => `/festivals/${id}`;

export const festivalPlace = (festival: Pick<Festival, "location" | "city" | "state">) =>
  [festival.location, festival.city, festival.state].filter(Boolean).join(", ");

function eventLines(festival: CalendarFestival, { siteUrl, now }: ICalendarOptions): string[] {
  const host = new URL(siteUrl).host;
  return [
    "BEGIN:VEVENT",
    `UID:festival-${festival.id}@${host}`,
    `DTSTAMP:${toICalDateTime(now)}`,
    `DTSTART;VALUE=DATE:${toICalDate(festival.startDate)}`,
    `DTEND;VALUE=DATE:${exclusiveEndDate(festival.endDate)}`,
    // A yearly festival's rule: the calendar shows every year's occurrence from DTSTART (its current one) on.
    ...(canonicalRecurrence(festival.recurrence) ? [`RRULE:${canonicalRecurrence(festival.recurrence)}`] : []),
    textLine("SUMMARY", festival.name),
    textLine("LOCATION", festivalPlace(festival)),
    textLine("DESCRIPTION", festival.description),
    `URL:${new URL(festivalPath(festival.id), siteUrl).href}`,
    // A festival day should not show the visitor as busy.
    "TRANSP:TRANSPARENT",
    "END:VEVENT",
  ];
}

/** An RFC 5545 iCalendar file (CRLF line endings, folded lines) with one all-day event per festival. */
export function festivalsToICalendar(festivals: readonly CalendarFestival[], options: ICalendarOptions): string {
  const productName = options.productName ?? "Wholesale Flower Finder";
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    // PRODID is text too: its three parts are separated by "//", which the product's name may not hold.
    textLine("PRODID", `-//${productName.replace(/\/{2,}/g, "/")}//Festival Calendar//EN`),
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    textLine("X-WR-CALNAME", options.calendarName ?? DEFAULT_CALENDAR_NAME),
    // How often a subscribed calendar should read the feed again (RFC 7986, and Outlook's older name for it).
    ...(options.refreshInterval
      ? [`REFRESH-INTERVAL;VALUE=DURATION:${options.refreshInterval}`, `X-PUBLISHED-TTL:${options.refreshInterval}`]
      : []),
    ...festivals.flatMap((festival) => eventLines(festival, options)),
    "END:VCALENDAR",
  ];
  return lines.map(foldICalLine).join(CRLF) + CRLF;
}

/** A file name made of the festival's name: lowercase ASCII letters, digits and dashes. */
export function icsFileName(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return `${slug || "festival"}.ics`;
}

/** Google Calendar's "add event" link for an all-day festival. */
export function googleCalendarUrl(festival: CalendarFestival, siteUrl: string): string {
  const pageUrl = new URL(festivalPath(festival.id), siteUrl).href;
  const params: [string, string][] = [
    ["action", "TEMPLATE"],
    ["text", festival.name],
    ["dates", `${toICalDate(festival.startDate)}/${exclusiveEndDate(festival.endDate)}`],
    ["details", `${festival.description}\n\n${pageUrl}`],
    ["location", festivalPlace(festival)],
    ...(canonicalRecurrence(festival.recurrence)
      ? ([["recur", `RRULE:${canonicalRecurrence(festival.recurrence)}`]] as [string, string][])
      : []),
  ];
  return `https://calendar.google.com/calendar/render?${params.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join("&")}`;
}
