import { Navigation } from "~/components/icons";
import type { ListingStatus } from "~/services/wholesalers/listing-status";
import type { Wholesaler } from "~/services/wholesalers/types";
import { clsx } from "clsx";
import { withCallerClasses } from "~/utils/cn";
import { buttonVariants } from "../ui/button";
import { Tooltip } from "../ui/tooltip";
import { directionsUrl } from "./format";

const TYPE_BADGE: Record<Wholesaler["type"], string> = {
  Wholesale: "bg-leaf/10 text-leaf ring-leaf/20",
  Retail: "bg-plum/10 text-plum ring-plum/20",
  Both: "bg-rose-brand/10 text-rose-brand ring-rose-brand/20",
};

/** "Both" alone says little on a badge. */
const TYPE_LABEL: Record<Wholesaler["type"], string> = { Wholesale: "Wholesale", Retail: "Retail", Both: "Wholesale & Retail" };

/** What each type means for a shopper, shown in the badge's tooltip. */
export const TYPE_HINT: Record<Wholesaler["type"], string> = {
  Wholesale: "Sells mainly to florists and the trade: call ahead to ask whether the public can buy.",
  Retail: "Open to the public, often with bulk bunches at market prices.",
  Both: "Sells wholesale to the trade and to the public.",
};

export function TypeBadge({ type, className }: { type: Wholesaler["type"]; className?: string }) {
  return (
    <Tooltip content={TYPE_HINT[type]} className={withCallerClasses(`badge ${TYPE_BADGE[type]}`, className)}>
      {TYPE_LABEL[type]}
    </Tooltip>
  );
}

/** Opens the maps search in a new tab; the accessible name says where to and that a tab opens. */
export function DirectionsLink({ wholesaler, className }: { wholesaler: Parameters<typeof directionsUrl>[0]; className?: string }) {
  return (
    <a
      href={directionsUrl(wholesaler)}
      target="_blank"
      rel="noopener noreferrer"
      className={clsx(buttonVariants({ variant: "leaf", size: "sm" }), className)}
    >
      <Navigation aria-hidden="true" />
      Get Directions
      <span className="sr-only">{` to ${wholesaler.name} (opens in a new tab)`}</span>
    </a>
  );
}

/**
 * The place of "Save" on a listing's card and page (docs/decisions/046-offline-service-worker.md): empty as React
 * renders it, the button's size (app.css) so that nothing moves when components/offline/saved-buttons.ts, loaded
 * after the page is interactive, puts the button in. Here, beside Directions, rather than in a module of its own,
 * which would be one more script for every page with a card.
 *
 * Its content is declared as inner HTML so that React leaves what is inside to that script: React hydrates no
 * children of such an element, so a button put in before a card's list has hydrated (the lists hydrate later,
 * decision 026) is no mismatch. With plain children a button put in while React was part-way through hydrating a
 * list made it throw the list away and render it again (React error 418, 1 state page load in 20 in a test). The
 * object is one for every render: React writes inner HTML again only when that object changes, which would remove
 * the button.
 */
const LEFT_TO_THE_SCRIPT = { __html: "" } as const;

export function SaveSlot() {
  return <span data-testid="save" dangerouslySetInnerHTML={LEFT_TO_THE_SCRIPT} />;
}

/**
 * "Temporarily closed" or "Permanently closed", as a small badge for cards and the listing's header; nothing for an
 * open listing. The reopening date is on the listing's page (its banner): a card loads no date wording for it.
 */
export function ClosedBadge({ status, className }: { status: ListingStatus; className?: string }) {
  if (status === "open") return null;
  return (
    <span
      className={withCallerClasses(
        clsx(
          "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset",
          status === "permanently-closed" ? "bg-red-50 text-red-800 ring-red-200" : "bg-amber-50 text-amber-900 ring-amber-200",
        ),
        className,
      )}
      data-testid="closed-status"
    >
      {status === "permanently-closed" ? "Permanently closed" : "Temporarily closed"}
    </span>
  );
}
