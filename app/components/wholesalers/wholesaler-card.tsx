import { Clock, MapPin, Globe, Phone } from "~/components/icons";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { listingPath } from "~/services/wholesalers/slug";
import type { WholesalerCardData } from "~/services/wholesalers/card-data";
import {
  AccessBadge,
  ApproximateLocationNote,
  ListingOpenStatus,
  OwnerVerifiedBadge,
  telHref,
  VerifiedNote,
  websiteLabel,
} from "./listing-facts";
import { ReportProblem } from "./report-problem";
import { WholesalerImage } from "./wholesaler-image";
import { ClosedBadge, DirectionsLink, SaveSlot, TypeBadge } from "./listing-badges";

export type { WholesalerCardData };

/** The card's rows: an icon in the site's rose, then the fact. */
function FactRow({ icon: Icon, children }: { icon: typeof MapPin; children: ReactNode }) {
  return (
    <li className="fact-row">
      <Icon className="fact-icon" aria-hidden="true" />
      {children}
    </li>
  );
}

/**
 * One listing, compact: its name (a link to its page), type and who may buy, the distance when the list is
 * about a place, open now and its hours, address, phone and website, then Get Directions and Report a
 * problem. A photo shows as a small 3:2 picture beside the name; without one the card takes no room for it.
 */
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
  // A closed listing says so instead of its open status.
  const structuredHours = wholesaler.openingHours && wholesaler.timeZone && wholesaler.status === "open" ? wholesaler.openingHours : null;
  return (
    <article className="group listing-card" data-testid="wholesaler-card">
      <div className="card-head">
        <div className="card-head-text">
          <Heading className="listing-card-title">
            <Link to={listingPath(wholesaler)} prefetch="intent" className="link-hover">
              {wholesaler.name}
            </Link>
          </Heading>
          <div className="card-badges">
            <TypeBadge type={wholesaler.type} />
            {wholesaler.access ? (
              <>
                <span className="sr-only">Who may buy: </span>
                <AccessBadge access={wholesaler.access} />
              </>
            ) : null}
            <ClosedBadge status={wholesaler.status} />
            <OwnerVerifiedBadge ownerConfirmedAt={wholesaler.ownerConfirmedAt} />
          </div>
          {wholesaler.accessNote ? <p className="mt-1.5 text-xs text-muted">{wholesaler.accessNote}</p> : null}
        </div>
        {wholesaler.image ? (
          <WholesalerImage
            src={wholesaler.image}
            alt={`${wholesaler.name} in ${wholesaler.city}`}
            lazy={lazyImage}
            sizes="112px"
            className="w-24 shrink-0 rounded-lg sm:w-28"
          />
        ) : null}
      </div>
      {distance ? (
        <p className="card-distance" data-testid="listing-distance">
          <MapPin className="size-4" aria-hidden="true" />
          {distance}
        </p>
      ) : null}
      <ul className="card-facts">
        {structuredHours && wholesaler.timeZone ? (
          <FactRow icon={Clock}>
            <span className="grid min-w-0 gap-0.5">
              <span className="sr-only">Opening hours: </span>
              <ListingOpenStatus hours={structuredHours} special={wholesaler.specialHours} timeZone={wholesaler.timeZone} />
              {wholesaler.hours ? <span className="text-xs text-muted">{wholesaler.hours}</span> : null}
            </span>
          </FactRow>
        ) : wholesaler.hours ? (
          <FactRow icon={Clock}>
            <span>
              <span className="sr-only">Hours: </span>
              {wholesaler.hours}
            </span>
          </FactRow>
        ) : null}
        <FactRow icon={MapPin}>
          <span>
            <span className="sr-only">Address: </span>
            {`${wholesaler.address}, ${wholesaler.city}, ${wholesaler.state} ${wholesaler.zipcode}`}
            {wholesaler.locationApproximate ? <ApproximateLocationNote /> : null}
          </span>
        </FactRow>
        {wholesaler.phone ? (
          <FactRow icon={Phone}>
            <a href={telHref(wholesaler.phone)} className="link-hover font-medium text-ink">
              <span className="sr-only">Phone: </span>
              {wholesaler.phone}
            </a>
          </FactRow>
        ) : null}
        {wholesaler.website ? (
          <FactRow icon={Globe}>
            <a href={wholesaler.website} target="_blank" rel="noopener noreferrer" className="link-hover truncate">
              {websiteLabel(wholesaler.website)}
              <span className="sr-only"> (website, opens in a new tab)</span>
            </a>
          </FactRow>
        ) : null}
      </ul>
      {wholesaler.verifiedAt ? (
        <VerifiedNote verifiedAt={wholesaler.verifiedAt} ownerConfirmedAt={wholesaler.ownerConfirmedAt} className="mt-3" />
      ) : null}
      {/* Directions is what a card is for; reporting is the quieter action, small enough to share the row on a phone. */}
      <div className="card-actions">
        <DirectionsLink wholesaler={wholesaler} />
        <SaveSlot />
        <ReportProblem wholesaler={wholesaler} className="card-report" />
      </div>
    </article>
  );
}
