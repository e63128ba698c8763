import { useCallback, useId, useRef, useSyncExternalStore } from "react";
import { openStatus, type DatedRanges, type WeeklyHours } from "~/services/wholesalers/opening-hours";
import { clsx } from "clsx";

/** setTimeout fires at once for delays past 2^31 - 1 ms. */
const MAX_DELAY = 2 ** 31 - 1;
/** Wakes a moment after the change, so the clock has certainly passed it. */
const AFTER_CHANGE_MS = 250;

/** The widest labels there are, laid invisibly under the real one so that a new label never moves the layout. */
const WIDEST_LABELS = ["Open now · closes Wed 12:30 PM", "Closed · opens Wed 12:30 PM"];

/**
 * A status with the span of instants it holds for: from the instant it was worked out until it next changes.
 * Its snapshot, what React compares and renders, is "open|<the change, ISO, or nothing>|<label>".
 */
interface KnownStatus {
  hours: WeeklyHours;
  special: DatedRanges | undefined;
  timeZone: string;
  snapshot: string;
  from: number;
  until: number;
}

function statusAt(hours: WeeklyHours, special: DatedRanges | undefined, timeZone: string, at: number): KnownStatus {
  const status = openStatus(hours, timeZone, new Date(at), special);
  const snapshot = `${status.open ? "open" : "closed"}|${status.changesAt?.toISOString() ?? ""}|${status.label}`;
  return { hours, special, timeZone, snapshot, from: at, until: status.changesAt?.getTime() ?? Number.POSITIVE_INFINITY };
}

/** How far behind the server's a browser's clock may be and still take the status the server worked out. */
const CLOCK_BEHIND_MS = 10 * 60_000;

const holds = (
  known: KnownStatus | null,
  hours: WeeklyHours,
  special: DatedRanges | undefined,
  timeZone: string,
  at: number,
): known is KnownStatus =>
  known !== null &&
  known.hours === hours &&
  known.special === special &&
  known.timeZone === timeZone &&
  known.from - CLOCK_BEHIND_MS <= at &&
  at < known.until;

/**
 * "Open now · closes 2 PM" for a listing, on the listing's own clock. The server renders it at the `now` it
 * passes (ISO) and writes into the markup when that status next changes. The browser hydrates with the status
 * the markup holds and keeps it until that instant; only then does it work the status out itself, on its own
 * clock, and again when the tab comes back into view after it. Working it out needs Intl.DateTimeFormat, whose
 * first use in a page costs 15-60 ms of a phone's main thread (its locale and time zone data): a page that
 * only shows a status never pays that while it loads.
 */
export function OpenStatus({
  hours,
  special,
  timeZone,
  now,
  className,
}: {
  hours: WeeklyHours;
  /** Dated exceptions to the week (special hours), on the listing's local dates. */
  special?: DatedRanges;
  timeZone: string;
  now: string;
  className?: string;
}) {
  const id = useId();
  const known = useRef<KnownStatus | null>(null);
  const current = useCallback(() => {
    const at = Date.now();
    if (!holds(known.current, hours, special, timeZone, at)) known.current = statusAt(hours, special, timeZone, at);
    return known.current.snapshot;
  }, [hours, special, timeZone]);
  const subscribe = useCallback(
    (onChange: () => void) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const schedule = () => {
        clearTimeout(timer);
        current();
        const until = known.current?.until ?? Number.POSITIVE_INFINITY;
        if (until === Number.POSITIVE_INFINITY) return;
        const delay = Math.min(Math.max(until - Date.now() + AFTER_CHANGE_MS, 0), MAX_DELAY);
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
    [current],
  );
  const snapshot = useSyncExternalStore(subscribe, current, () => {
    // On the server, and in the browser while hydrating: the status at the render's `now`. The browser reads it
    // from the server's markup, which holds the same status and the instant it changes.
    const at = Date.parse(now);
    if (holds(known.current, hours, special, timeZone, at)) return known.current.snapshot;
    const snapshot = typeof document === "undefined" ? undefined : document.getElementById(id)?.dataset.status;
    const until = snapshot?.split("|")[1];
    known.current =
      snapshot && until !== undefined
        ? { hours, special, timeZone, snapshot, from: at, until: until === "" ? Number.POSITIVE_INFINITY : Date.parse(until) }
        : statusAt(hours, special, timeZone, at);
    return known.current.snapshot;
  });
  const [state = "", , label = ""] = snapshot.split("|");
  const open = state === "open";

  return (
    <span id={id} className={clsx("open-status", className)} data-testid="open-status" data-status={snapshot}>
      {WIDEST_LABELS.map((widest) => (
        <span key={widest} aria-hidden="true" className="status-cell invisible font-medium">
          <span className="size-2" />
          {widest}
        </span>
      ))}
      <span className={clsx("status-cell", open ? "font-medium text-leaf" : "text-muted")}>
        <span aria-hidden="true" className={open ? "status-dot-open" : "status-dot-closed"} />
        {label}
      </span>
    </span>
  );
}
