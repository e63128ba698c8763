import type { NearbyListing } from "~/services/wholesalers/types";
import { formatWeeklyHours, type Weekday, type WeeklyHours } from "~/services/wholesalers/opening-hours";
import { clsx } from "clsx";
import { withCallerClasses } from "~/utils/cn";
import { aboutMilesAway, formatDistance } from "./format";

/* What only the listing's own page shows (cards draw from listing-facts.tsx, which every results page loads). */

/** Whether the listing's point (its map marker, the start of its distances) is its own or its zipcode's center. */
export function LocationPrecisionNote({ exact, zipcode, className }: { exact: boolean; zipcode: string; className?: string }) {
  return (
    <span className={withCallerClasses("block text-xs text-muted", className)} data-testid="location-precision">
      {exact
        ? "Map point: this address's own location."
        : `Map point: the center of zipcode ${zipcode}, not the street address. Distances from here are approximate.`}
    </span>
  );
}

/**
 * The week as a table, days with the same hours on one row, today's row marked: `today` is the day on the
 * listing's clock when the page was rendered (weekdayAt, worked out by the page's loader on the server).
 */
export function WeeklyHoursTable({ hours, today, className }: { hours: WeeklyHours; today: Weekday | null; className?: string }) {
  return (
    <table className={withCallerClasses("w-full max-w-sm text-sm", className)} data-testid="weekly-hours">
      <caption className="sr-only">Opening hours by day</caption>
      <tbody>
        {formatWeeklyHours(hours).map((row) => {
          const isToday = today !== null && row.weekdays.includes(today);
          return (
            <tr key={row.days} className={clsx("border-b border-stone-100 last:border-0", isToday && "font-semibold text-ink")}>
              <th scope="row" className={clsx("py-1.5 pr-4 text-left align-top", isToday ? "font-semibold" : "font-medium text-muted")}>
                {row.days}
                {isToday ? (
                  <span className="ml-1.5 rounded-full bg-blush px-1.5 py-0.5 text-[0.7rem] font-semibold text-rose-brand">Today</span>
                ) : null}
              </th>
              <td className={clsx("py-1.5 text-right tabular-nums", row.text === "Closed" && !isToday && "text-muted")}>{row.text}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * How far another listing is, no more precise than the two points are: to the tenth of a mile when both
 * are the listings' own, "Also in 90014" when both sit in one zipcode, else rounded to whole miles.
 */
export function nearbyDistanceText(nearby: Pick<NearbyListing, "distanceMiles" | "distanceExact" | "sameZipcode" | "zipcode">): string {
  if (nearby.distanceExact) return formatDistance(nearby.distanceMiles);
  if (nearby.sameZipcode) return `Also in ${nearby.zipcode}`;
  return aboutMilesAway(nearby.distanceMiles);
}
