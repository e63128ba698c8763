/** The site's calendar runs on US Pacific time, like its published office hours. */
export const SITE_TIME_ZONE = "America/Los_Angeles";

const isoDateFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: SITE_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** Today's calendar date on the site's clock, as YYYY-MM-DD. */
export function todayIsoDate(now: Date = new Date()): string {
  return isoDateFormat.format(now);
}

export const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** Parses YYYY-MM-DD into a UTC-midnight Date (calendar arithmetic without time-zone shifts). */
export function parseIsoDate(value: string): Date {
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day));
}

export function formatIsoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(value: string, days: number): string {
  const date = parseIsoDate(value);
  date.setUTCDate(date.getUTCDate() + days);
  return formatIsoDate(date);
}

export function isValidIsoDate(value: string): boolean {
  return ISO_DATE.test(value) && formatIsoDate(parseIsoDate(value)) === value;
}

export const nowIso = () => new Date().toISOString();

/** The months' names, January first: month `m` (1-12) is `MONTH_NAMES[m - 1]`. */
export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** The days' names in the order of Date's getUTCDay(): Sunday first. */
export const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
