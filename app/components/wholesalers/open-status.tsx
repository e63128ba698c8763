import { useCallback, useSyncExternalStore } from "react";
import { openStatus, type WeeklyHours } from "~/services/wholesalers/opening-hours";
import { cn } from "~/utils/cn";

/** setTimeout fires at once for delays past 2^31 - 1 ms. */
const MAX_DELAY = 2 ** 31 - 1;
/** Wakes a moment after the change, so the clock has certainly passed it. */
const AFTER_CHANGE_MS = 250;

/** The widest labels there are, laid invisibly under the real one so that a new label never moves the layout. */
const WIDEST_LABELS = ["Open now · closes Wed 12:30 PM", "Closed · opens Wed 12:30 PM"];

const snapshotOf = (hours: WeeklyHours, timeZone: string, now: Date) => {
  const status = openStatus(hours, timeZone, now);
  return `${status.open ? "open" : "closed"}|${status.label}`;
};

/**
 * "Open now · closes 2 PM" for a listing, on the listing's own clock. The server passes the `now` it
 * rendered with (ISO), so the page hydrates with the same text; then the browser's clock takes over and
 * the label changes exactly when the status does, and again when the tab comes back into view.
 */
export function OpenStatus({ hours, timeZone, now, className }: { hours: WeeklyHours; timeZone: string; now: string; className?: string }) {
  const subscribe = useCallback(
    (onChange: () => void) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const schedule = () => {
        clearTimeout(timer);
        const { changesAt } = openStatus(hours, timeZone, new Date());
        if (!changesAt) return;
        const delay = Math.min(Math.max(changesAt.getTime() - Date.now() + AFTER_CHANGE_MS, 0), MAX_DELAY);
        timer = setTimeout(() => {
          onChange();
          schedule();
        }, delay);
      };
      // Timers in a hidden tab or a sleeping laptop run late or not at all.
      const onVisibilityChange = () => {
        if (document.visibilityState !== "visible") return;
        onChange();
        schedule();
      };
      schedule();
      document.addEventListener("visibilitychange", onVisibilityChange);
      return () => {
        clearTimeout(timer);
        document.removeEventListener("visibilitychange", onVisibilityChange);
      };
    },
    [hours, timeZone],
  );
  const snapshot = useSyncExternalStore(
    subscribe,
    () => snapshotOf(hours, timeZone, new Date()),
    () => snapshotOf(hours, timeZone, new Date(now)),
  );
  const separator = snapshot.indexOf("|");
  const open = snapshot.slice(0, separator) === "open";
  const label = snapshot.slice(separator + 1);

  return (
    <span className={cn("inline-grid whitespace-nowrap text-sm tabular-nums", className)} data-testid="open-status">
      {WIDEST_LABELS.map((widest) => (
        <span key={widest} aria-hidden="true" className="invisible col-start-1 row-start-1 flex items-center gap-2 font-medium">
          <span className="size-2" />
          {widest}
        </span>
      ))}
      <span className={cn("col-start-1 row-start-1 flex items-center gap-2", open ? "font-medium text-leaf" : "text-muted")}>
        <span
          aria-hidden="true"
          className={cn(
            "size-2 shrink-0 rounded-full",
            open ? "bg-leaf ring-2 ring-leaf/20" : "bg-transparent ring-1 ring-inset ring-stone-400",
          )}
        />
        {label}
      </span>
    </span>
  );
}
