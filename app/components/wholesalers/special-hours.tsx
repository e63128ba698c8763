import { CalendarHeart, CheckCircle2, CircleAlert, TriangleAlert } from "~/components/icons";
import type { HolidayNotice } from "~/services/wholesalers/flower-holidays";
import { WEEKDAY_SHORT_NAMES, type WeeklyHours } from "~/services/wholesalers/opening-hours";
import {
  formatLongDate,
  formatMonthDay,
  formatSpecialDates,
  formatSpecialRanges,
  specialHoursOn,
  upcomingSpecialHours,
  weekAhead,
  type ListingStatus,
  type SpecialHours,
} from "~/services/wholesalers/special-hours";
import { clsx } from "clsx";
import { withCallerClasses } from "~/utils/cn";

/**
 * The listing's special hours and closed status as the public pages show them. Each takes the listing's local
 * date `today` (YYYY-MM-DD), worked out by the page's loader on the listing's clock, so nothing here needs Intl.
 */

/** The banner at the top of a closed listing's page: what happened, and where to go instead. */
export function ClosedBanner({
  status,
  closedUntil,
  className,
}: {
  status: ListingStatus;
  closedUntil: string | null;
  className?: string;
}) {
  if (status === "open") return null;
  const permanent = status === "permanently-closed";
  return (
    <div
      role="status"
      className={withCallerClasses(
        clsx(
          "flex gap-3 rounded-2xl border px-4 py-3.5 sm:px-5",
          permanent ? "border-red-200 bg-red-50 text-red-900" : "border-amber-200 bg-amber-50 text-amber-950",
        ),
        className,
      )}
      data-testid="closed-banner"
    >
      <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-semibold">
          {permanent
            ? "This business has closed permanently."
            : closedUntil
              ? `This business is temporarily closed. It reopens on ${formatLongDate(closedUntil)}.`
              : "This business is temporarily closed. No reopening date is known yet."}
        </p>
        <p className="mt-0.5 text-sm">
          {permanent ? (
            <>
              The page stays so that links to it keep working.{" "}
              <a href="#nearby-listings" className="font-medium underline underline-offset-4">
                See the nearest open suppliers
              </a>
              .
            </>
          ) : (
            "Call ahead before you go."
          )}
        </p>
      </div>
    </div>
  );
}

/** "Special hours today: Closed · Inventory day", under the open status, on a day an exception holds. */
export function TodaysSpecialHours({ special, today, className }: { special: readonly SpecialHours[]; today: string; className?: string }) {
  const entry = specialHoursOn(special, today);
  if (!entry) return null;
  return (
    <p className={withCallerClasses("flex items-start gap-1.5 text-sm text-ink", className)} data-testid="special-hours-today">
      <CircleAlert className="mt-0.5 size-4 shrink-0 text-rose-brand" aria-hidden="true" />
      <span>
        <span className="font-semibold">Special hours today: </span>
        {formatSpecialRanges(entry.ranges)}
        {entry.note ? <span className="text-muted"> · {entry.note}</span> : null}
      </span>
    </p>
  );
}

/**
 * The next seven days by date, from `today`, for when special hours change one of them: each day's hours, the
 * exception's marked. When none does, the weekly table says it all.
 */
export function WeekAheadTable({
  hours,
  special,
  today,
  className,
}: {
  hours: WeeklyHours;
  special: readonly SpecialHours[];
  today: string;
  className?: string;
}) {
  const days = weekAhead(hours, special, today);
  return (
    <table className={withCallerClasses("w-full max-w-sm text-sm", className)} data-testid="week-ahead">
      <caption className="sr-only">Opening hours for the next seven days, with special hours</caption>
      <tbody>
        {days.map((day) => {
          const isToday = day.date === today;
          return (
            <tr key={day.date} className={clsx("border-b border-stone-100 last:border-0", isToday && "font-semibold text-ink")}>
              <th scope="row" className={clsx("py-1.5 pr-4 text-left align-top", isToday ? "font-semibold" : "font-medium text-muted")}>
                {WEEKDAY_SHORT_NAMES[day.weekday]} {formatMonthDay(day.date)}
                {isToday ? (
                  <span className="ml-1.5 rounded-full bg-blush px-1.5 py-0.5 text-[0.7rem] font-semibold text-rose-brand">Today</span>
                ) : null}
              </th>
              <td className="py-1.5 text-right tabular-nums">
                <span className={clsx(day.special && "font-semibold text-rose-brand")}>{formatSpecialRanges(day.ranges)}</span>
                {day.special ? <span className="block text-xs font-normal text-muted">Special hours</span> : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The exceptions to come (and the one today), each with its dates, hours and note. */
export function UpcomingSpecialHours({
  special,
  today,
  className,
}: {
  special: readonly SpecialHours[];
  today: string;
  className?: string;
}) {
  const upcoming = upcomingSpecialHours(special, today).slice(0, 6);
  if (upcoming.length === 0) return null;
  return (
    <div className={withCallerClasses("max-w-sm", className)} data-testid="special-hours">
      <p className="text-sm font-semibold text-ink">Special hours</p>
      <ul className="mt-1 grid gap-1.5 text-sm">
        {upcoming.map((entry) => (
          <li key={entry.from}>
            <span className="font-medium text-ink">{formatSpecialDates(entry)}</span>
            <span className="text-ink/85">: {formatSpecialRanges(entry.ranges)}</span>
            {entry.note ? <span className="block text-xs text-muted">{entry.note}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** "Hours for Mother's Day week confirmed" or "Hours not yet confirmed for Mother's Day week", near that week. */
export function HolidayHoursNote({ notice, className }: { notice: HolidayNotice | null; className?: string }) {
  if (!notice) return null;
  const week = `${notice.holiday.name} week`;
  return (
    <p
      className={withCallerClasses(clsx("flex items-start gap-1.5 text-sm", notice.confirmed ? "text-leaf" : "text-muted"), className)}
      data-testid="holiday-hours"
    >
      {notice.confirmed ? (
        <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      ) : (
        <CalendarHeart className="mt-0.5 size-4 shrink-0 text-rose-brand" aria-hidden="true" />
      )}
      <span>
        {notice.confirmed ? `Hours for ${week} confirmed.` : `Hours not yet confirmed for ${week}: call ahead.`}
        <span className="sr-only">
          {" "}
          {notice.holiday.name} is on {formatLongDate(notice.holiday.date)}.
        </span>
      </span>
    </p>
  );
}
