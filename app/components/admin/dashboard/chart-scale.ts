/** The calendar-date labels of the dashboard charts. The charts' scales and ticks come from d3-scale (charts.tsx). */

const shortDate = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const longDate = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

/** "Mar 2" for the calendar date 2026-03-02, whatever the viewer's time zone. */
export const formatShortDate = (isoDate: string) => shortDate.format(new Date(`${isoDate}T00:00:00Z`));
/** "Mar 2, 2026". */
export const formatLongDate = (isoDate: string) => longDate.format(new Date(`${isoDate}T00:00:00Z`));
