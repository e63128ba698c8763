import { BadgeCheck } from "lucide-react";
import { useRouteLoaderData } from "react-router";
import type { SiteContext } from "~/http/site-context";
import { ACCESS_LABELS, type WholesalerAccess } from "~/services/wholesalers/constants";
import type { WeeklyHours } from "~/services/wholesalers/opening-hours";
import { cn } from "~/utils/cn";
import { Tooltip } from "../ui/tooltip";
import { OpenStatus } from "./open-status";

const ACCESS_BADGE: Record<WholesalerAccess, string> = {
  "public-welcome": "bg-leaf/10 text-leaf ring-leaf/25",
  "public-hours": "bg-plum/10 text-plum ring-plum/20",
  "trade-only": "bg-stone-100 text-stone-700 ring-stone-300",
};

/** What each kind of access means for a shopper, in the badge's tooltip. */
export const ACCESS_HINT: Record<WholesalerAccess, string> = {
  "public-welcome": "Anyone may buy here, no business license needed.",
  "public-hours": "The public may buy at set hours; the trade shops first.",
  "trade-only": "Sells only to florists and other businesses, usually with a resale certificate.",
};

/** "Public welcome", "Trade only" or "Public at set hours": who may buy, as a plain badge. */
export function AccessBadge({ access, className }: { access: WholesalerAccess; className?: string }) {
  return (
    <Tooltip content={ACCESS_HINT[access]}>
      <span
        tabIndex={0}
        className={cn(
          "inline-flex cursor-help items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset",
          ACCESS_BADGE[access],
          className,
        )}
        data-testid="access-badge"
      >
        {ACCESS_LABELS[access]}
      </span>
    </Tooltip>
  );
}

const monthYear = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" });

/** "Nov 2026" from a YYYY-MM-DD date. */
export const verifiedMonth = (verifiedAt: string) => monthYear.format(new Date(`${verifiedAt}T00:00:00Z`));

/** "Verified Nov 2026". */
export const verifiedLabel = (verifiedAt: string) => `Verified ${verifiedMonth(verifiedAt)}`;

export function VerifiedNote({ verifiedAt, className }: { verifiedAt: string; className?: string }) {
  return (
    <p className={cn("flex items-center gap-1.5 text-xs text-muted", className)} data-testid="verified">
      <BadgeCheck className="size-3.5 shrink-0 text-leaf" aria-hidden="true" />
      <span>
        {verifiedLabel(verifiedAt)}
        <span className="sr-only">: the listing's facts were last confirmed then</span>
      </span>
    </p>
  );
}

/**
 * "Open now · closes 12 PM" on the listing's own clock. It renders with the server's clock of this page
 * (the root loader's `renderedAt`), so hydration matches, and then follows the browser's clock.
 */
export function ListingOpenStatus({ hours, timeZone, className }: { hours: WeeklyHours; timeZone: string; className?: string }) {
  const root = useRouteLoaderData<SiteContext>("root");
  if (!root) return null;
  return <OpenStatus hours={hours} timeZone={timeZone} now={root.renderedAt} className={className} />;
}
