import { BadgeCheck } from "~/components/icons";
import { useRouteLoaderData } from "react-router";
import type { SiteContext } from "~/http/site-context";
import { ACCESS_LABELS, type WholesalerAccess } from "~/services/wholesalers/constants";
import type { DatedRanges, WeeklyHours } from "~/services/wholesalers/opening-hours";
import { clsx } from "clsx";
import { withCallerClasses } from "~/utils/cn";
import { formatMonthYearUtc } from "~/utils/en-us";
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
    <Tooltip
      content={ACCESS_HINT[access]}
      className={withCallerClasses(`badge ${ACCESS_BADGE[access]}`, className)}
      data-testid="access-badge"
    >
      {ACCESS_LABELS[access]}
    </Tooltip>
  );
}

/**
 * "Nov 2026" from a YYYY-MM-DD date, as Intl.DateTimeFormat's en-US short month and year would say it, without
 * Intl: its first use in a page costs a phone 15-60 ms (docs/decisions/024-no-intl-while-loading.md).
 */
export const verifiedMonth = (verifiedAt: string) => formatMonthYearUtc(new Date(`${verifiedAt}T00:00:00Z`));

/** "Verified Nov 2026": only for a verification of the last 12 months (isRecentCheck). */
export const verifiedLabel = (verifiedAt: string) => `Verified ${verifiedMonth(verifiedAt)}`;

/** "Last checked Sep 2008": an older verification, said in neutral words. */
export const lastCheckedLabel = (verifiedAt: string) => `Last checked ${verifiedMonth(verifiedAt)}`;

/**
 * Whether a date (YYYY-MM-DD) lies within the 12 months before `today`: only such a check is shown with a check
 * mark, in green, or as "owner-verified" (issue #36: the listing page never lies about age).
 */
export const isRecentCheck = (date: string | null | undefined, today: string) =>
  !!date && date >= `${Number(today.slice(0, 4)) - 1}${today.slice(4, 10)}`;

/** "Verified Nov 2026" within the last 12 months, else "Last checked Sep 2008". */
export const checkedLabel = (verifiedAt: string, today: string) =>
  isRecentCheck(verifiedAt, today) ? verifiedLabel(verifiedAt) : lastCheckedLabel(verifiedAt);

/** The day the page was rendered (the root loader's clock, so hydration matches), as YYYY-MM-DD. */
export function useRenderedDay(): string {
  const root = useRouteLoaderData<SiteContext>("root");
  return (root?.renderedAt ?? new Date().toISOString()).slice(0, 10);
}

/**
 * When the listing's facts were last confirmed: "Verified Nov 2026" with a green check within the last 12 months
 * ("by the business" when an owner confirmed them then), else "Last checked Sep 2008" in neutral text. Its text is
 * small (`text-xs`), or `text-sm` with `textSize="sm"`; `className` places it (a margin) and is added as it is: a card
 * shows one per listing, and none of them need tailwind-merge.
 */
export function VerifiedNote({
  verifiedAt,
  ownerConfirmedAt,
  textSize = "xs",
  className,
}: {
  verifiedAt: string;
  ownerConfirmedAt?: string | null;
  textSize?: "xs" | "sm";
  className?: string;
}) {
  const today = useRenderedDay();
  if (!isRecentCheck(verifiedAt, today)) {
    return (
      <p className={clsx(textSize === "sm" ? "text-sm" : "text-xs", "text-muted", className)} data-testid="verified" data-recent="false">
        {lastCheckedLabel(verifiedAt)}
        <span className="sr-only">: the listing's facts were last confirmed then, more than a year ago</span>
      </p>
    );
  }
  const byOwner = ownerConfirmedAt === verifiedAt;
  return (
    <p className={clsx("verified-note", textSize === "sm" && "text-sm", className)} data-testid="verified" data-recent="true">
      <BadgeCheck className="size-3.5 shrink-0 text-leaf" aria-hidden="true" />
      <span>
        {verifiedLabel(verifiedAt)}
        {byOwner ? " by the business" : null}
        <span className="sr-only">: the listing's facts were last confirmed then</span>
      </span>
    </p>
  );
}

/** "Owner-verified": the business itself confirmed the listing in the last 12 months (decision 045); nothing otherwise. */
export function OwnerVerifiedBadge({ ownerConfirmedAt, className }: { ownerConfirmedAt: string | null | undefined; className?: string }) {
  const today = useRenderedDay();
  if (!ownerConfirmedAt || !isRecentCheck(ownerConfirmedAt, today)) return null;
  return (
    <Tooltip
      content={`The business confirmed these facts in ${verifiedMonth(ownerConfirmedAt)}.`}
      className={withCallerClasses(
        "inline-flex cursor-help items-center gap-1 rounded-full bg-leaf/10 px-2.5 py-0.5 text-xs font-semibold text-leaf ring-1 ring-inset ring-leaf/25",
        className,
      )}
      data-testid="owner-verified"
    >
      <BadgeCheck className="size-3.5" aria-hidden="true" />
      Owner-verified
    </Tooltip>
  );
}

/**
 * "Open now · closes 12 PM" on the listing's own clock. It renders with the server's clock of this page
 * (the root loader's `renderedAt`), so hydration matches, and then follows the browser's clock.
 */
export function ListingOpenStatus({
  hours,
  special,
  timeZone,
  className,
}: {
  hours: WeeklyHours;
  special?: DatedRanges;
  timeZone: string;
  className?: string;
}) {
  const root = useRouteLoaderData<SiteContext>("root");
  if (!root) return null;
  return <OpenStatus hours={hours} special={special} timeZone={timeZone} now={root.renderedAt} className={className} />;
}

/** A phone number as a `tel:` address: digits and a leading plus only. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

/** "originallaflowermarket.com" from "https://originallaflowermarket.com/": the site's name, as people say it. */
export function websiteLabel(url: string) {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return url;
  }
}

export const APPROXIMATE_LOCATION_TEXT = "Approximate location: the zipcode is the city's center, not confirmed for this address.";

/** Said where a source gave no zipcode and the listing sits at its city's central one. */
export function ApproximateLocationNote({ className }: { className?: string }) {
  return (
    <span className={withCallerClasses("block text-xs text-muted", className)} data-testid="approximate-location">
      {APPROXIMATE_LOCATION_TEXT}
    </span>
  );
}
