/**
 * Axis ticks for counts: 0 up to a round number at or above `max`, in steps of 1, 2 or 5 times a power
 * of ten, about `target` steps in all.
 */
export function countTicks(max: number, target = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / target;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? 10 * magnitude);
  const top = Math.ceil(max / step) * step;
  return Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
}

const shortDate = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const longDate = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

/** "Mar 2" for the calendar date 2026-03-02, whatever the viewer's time zone. */
export const formatShortDate = (isoDate: string) => shortDate.format(new Date(`${isoDate}T00:00:00Z`));
/** "Mar 2, 2026". */
export const formatLongDate = (isoDate: string) => longDate.format(new Date(`${isoDate}T00:00:00Z`));
