import { closedLabel, type ListingStatus } from "~/services/wholesalers/special-hours";
import { cn } from "~/utils/cn";

/** "Temporarily closed · reopens Mon, Mar 1" or "Permanently closed", as a small badge for cards and the header. */
export function ClosedBadge({ status, closedUntil, className }: { status: ListingStatus; closedUntil: string | null; className?: string }) {
  const label = closedLabel(status, closedUntil);
  if (!label) return null;
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset",
        status === "permanently-closed" ? "bg-red-50 text-red-800 ring-red-200" : "bg-amber-50 text-amber-900 ring-amber-200",
        className,
      )}
      data-testid="closed-status"
    >
      {label}
    </span>
  );
}
