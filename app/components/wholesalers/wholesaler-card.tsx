import { Clock, Globe, MapPin, Navigation, Phone, Store } from "lucide-react";
import { Link } from "react-router";
import { listingPath } from "~/services/wholesalers/slug";
import type { Wholesaler } from "~/services/wholesalers/types";
import { cn } from "~/utils/cn";
import { Tooltip } from "../ui/tooltip";
import { buttonVariants } from "../ui/button";
import { directionsUrl } from "./format";
import { AccessBadge, ListingOpenStatus, VerifiedNote } from "./listing-facts";
import { ReportProblem } from "./report-problem";
import { WholesalerImage } from "./wholesaler-image";

export type WholesalerCardData = Pick<
  Wholesaler,
  | "id"
  | "name"
  | "address"
  | "city"
  | "state"
  | "zipcode"
  | "type"
  | "hours"
  | "description"
  | "image"
  | "phone"
  | "website"
  | "access"
  | "accessNote"
  | "openingHours"
  | "timeZone"
  | "verifiedAt"
  | "locationApproximate"
>;

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
    <Tooltip content={TYPE_HINT[type]}>
      <span
        // Focusable so that keyboard users get the tooltip too.
        tabIndex={0}
        className={cn(
          "inline-flex cursor-help items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset",
          TYPE_BADGE[type],
          className,
        )}
      >
        {TYPE_LABEL[type]}
      </span>
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
      className={cn(buttonVariants({ variant: "leaf", size: "sm" }), className)}
    >
      <Navigation aria-hidden="true" />
      Get Directions
      <span className="sr-only"> to {wholesaler.name} (opens in a new tab)</span>
    </a>
  );
}

function websiteLabel(url: string) {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return url;
  }
}

export function WholesalerCard({
  wholesaler,
  headingLevel = 3,
  lazyImage = true,
  distance,
}: {
  wholesaler: WholesalerCardData;
  headingLevel?: 2 | 3;
  lazyImage?: boolean;
  /** How far the listing is from the searched place, already worded ("3.2 miles away", "In 90014"). */
  distance?: string;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article
      className="group flex h-full flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm transition-shadow hover:shadow-md"
      data-testid="wholesaler-card"
    >
      <div className="relative">
        <WholesalerImage src={wholesaler.image} alt={`${wholesaler.name} in ${wholesaler.city}`} lazy={lazyImage} />
        <TypeBadge type={wholesaler.type} className="absolute left-3 top-3 bg-white/95 shadow-sm" />
      </div>
      <div className="flex flex-1 flex-col p-5">
        <Heading className="font-serif text-xl font-semibold leading-snug text-ink">
          <Link to={listingPath(wholesaler)} prefetch="intent" className="hover:text-rose-brand hover:underline">
            {wholesaler.name}
          </Link>
        </Heading>
        {distance ? (
          <p className="mt-1 inline-flex items-center gap-1.5 text-sm font-semibold text-rose-brand" data-testid="listing-distance">
            <MapPin className="size-4" aria-hidden="true" />
            {distance}
          </p>
        ) : null}
        <ul className="mt-3 grid gap-2 text-sm text-ink/80">
          <li className="flex gap-2">
            <MapPin className="mt-0.5 size-4 shrink-0 text-rose-brand" aria-hidden="true" />
            <span>
              <span className="sr-only">Address: </span>
              {wholesaler.address}, {wholesaler.city}, {wholesaler.state} {wholesaler.zipcode}
              {wholesaler.locationApproximate ? (
                <span className="block text-xs text-muted" data-testid="approximate-location">
                  Approximate location: the zipcode is the city's center, not confirmed for this address.
                </span>
              ) : null}
            </span>
          </li>
          {wholesaler.access ? (
            <li className="flex gap-2">
              <Store className="mt-0.5 size-4 shrink-0 text-rose-brand" aria-hidden="true" />
              <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="sr-only">Who may buy: </span>
                <AccessBadge access={wholesaler.access} />
                {wholesaler.accessNote ? <span>{wholesaler.accessNote}</span> : null}
              </span>
            </li>
          ) : null}
          {wholesaler.openingHours && wholesaler.timeZone ? (
            <li className="flex gap-2">
              <Clock className="mt-0.5 size-4 shrink-0 text-rose-brand" aria-hidden="true" />
              <span className="grid gap-0.5">
                <span className="sr-only">Opening hours: </span>
                <ListingOpenStatus hours={wholesaler.openingHours} timeZone={wholesaler.timeZone} />
                {wholesaler.hours ? <span className="text-xs text-muted">{wholesaler.hours}</span> : null}
              </span>
            </li>
          ) : wholesaler.hours ? (
            <li className="flex gap-2">
              <Clock className="mt-0.5 size-4 shrink-0 text-rose-brand" aria-hidden="true" />
              <span>
                <span className="sr-only">Hours: </span>
                {wholesaler.hours}
              </span>
            </li>
          ) : null}
          {wholesaler.phone ? (
            <li className="flex gap-2">
              <Phone className="mt-0.5 size-4 shrink-0 text-rose-brand" aria-hidden="true" />
              <a href={`tel:${wholesaler.phone.replace(/[^\d+]/g, "")}`} className="hover:text-rose-brand hover:underline">
                <span className="sr-only">Phone: </span>
                {wholesaler.phone}
              </a>
            </li>
          ) : null}
          {wholesaler.website ? (
            <li className="flex min-w-0 gap-2">
              <Globe className="mt-0.5 size-4 shrink-0 text-rose-brand" aria-hidden="true" />
              <a
                href={wholesaler.website}
                target="_blank"
                rel="noopener noreferrer"
                className="truncate hover:text-rose-brand hover:underline"
              >
                {websiteLabel(wholesaler.website)}
                <span className="sr-only"> (website, opens in a new tab)</span>
              </a>
            </li>
          ) : null}
        </ul>
        <p className="mt-4 flex-1 text-sm leading-relaxed text-muted">{wholesaler.description}</p>
        {wholesaler.verifiedAt ? <VerifiedNote verifiedAt={wholesaler.verifiedAt} className="mt-4" /> : null}
        <div className="mt-5 flex flex-wrap items-center gap-2">
          <DirectionsLink wholesaler={wholesaler} />
          <ReportProblem wholesaler={wholesaler} />
        </div>
      </div>
    </article>
  );
}
