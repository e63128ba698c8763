import { Flower2, Megaphone, SearchX, ShoppingBasket, Store } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { WholesalerWithDistance } from "~/services/wholesalers/types";
import { ListingNumber } from "../maps/listing-number";
import { farAwayMessage, listingDistance } from "./format";
import { WholesalerCard, type WholesalerCardData } from "./wholesaler-card";

export const ZIPCODE_ERROR_MESSAGE = "Error finding wholesalers. Please try again.";
export const ZIPCODE_EMPTY_MESSAGE = "No wholesalers found near this zipcode. Try another zipcode or browse by state below.";

/** Past this distance the nearest listing is no day trip: the results say so and offer other ways to get flowers. */
export const FAR_AWAY_MILES = 100;

export type NearListing = WholesalerCardData & Pick<WholesalerWithDistance, "distanceMiles" | "locationExact" | "id">;

/** The result cards, each with its distance worded as precisely as the listing's point allows. */
export function DistanceCards({
  listings,
  searchedZipcode,
  numberOf,
}: {
  listings: readonly NearListing[];
  searchedZipcode?: string;
  /** Each listing's number on the results map beside the cards. */
  numberOf?: ReadonlyMap<number, number>;
}) {
  return (
    <ul className={numberOf ? "mt-4 grid gap-6 sm:grid-cols-2" : "mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3"}>
      {listings.map((listing, index) => (
        <li key={listing.id} className="relative">
          {numberOf?.has(listing.id) ? <ListingNumber number={numberOf.get(listing.id) ?? index + 1} /> : null}
          <WholesalerCard
            wholesaler={listing}
            lazyImage={index >= 3}
            distance={listingDistance(listing, listing.distanceMiles, searchedZipcode)}
          />
        </li>
      ))}
    </ul>
  );
}

/** The panel every result (zipcode or position) sits in. */
export function ResultsPanel({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section aria-label={label} className="mt-6 rounded-2xl border border-stone-200 bg-cream/60 p-4 sm:p-5" data-testid="zipcode-results">
      {children}
    </section>
  );
}

export function ResultsNotice({ children, tone = "plain" }: { children: ReactNode; tone?: "plain" | "error" }) {
  return (
    <p
      role={tone === "error" ? "alert" : undefined}
      className={
        tone === "error" ? "flex items-start gap-2 text-sm font-medium text-red-700" : "flex items-start gap-2 text-sm font-medium text-ink"
      }
    >
      <SearchX className={tone === "error" ? "mt-0.5 size-4 shrink-0" : "mt-0.5 size-4 shrink-0 text-rose-brand"} aria-hidden="true" />
      {children}
    </p>
  );
}

/**
 * When nobody is within the radius: the nearest listings, and when even those are far, a plain statement of
 * how far and what helps instead. `festivalsHref` is null when the site shows no festivals.
 */
export function NearestBeyond({
  nearest,
  radiusMiles,
  place,
  searchedZipcode,
  festivalsHref,
  numberOf,
}: {
  nearest: readonly NearListing[];
  radiusMiles: number;
  place: string;
  searchedZipcode?: string;
  festivalsHref: string | null;
  numberOf?: ReadonlyMap<number, number>;
}) {
  const closest = nearest[0];
  if (!closest) return null;
  return (
    <>
      {closest.distanceMiles > FAR_AWAY_MILES ? <FarAwayHelp miles={closest.distanceMiles} festivalsHref={festivalsHref} /> : null}
      <h2 className="mt-5 font-serif text-lg font-semibold text-ink">Nearest wholesalers</h2>
      <p className="text-sm text-muted">
        Nobody is listed within {radiusMiles} miles of {place}; these are the closest.
      </p>
      <DistanceCards listings={nearest} searchedZipcode={searchedZipcode} numberOf={numberOf} />
    </>
  );
}

const helpLink =
  "flex items-center gap-2 rounded-xl bg-white px-4 py-3 text-sm font-semibold text-ink ring-1 ring-stone-200 hover:text-rose-brand hover:ring-rose-brand/40";

function FarAwayHelp({ miles, festivalsHref }: { miles: number; festivalsHref: string | null }) {
  return (
    <div className="mt-5 rounded-xl border border-rose-brand/20 bg-blush/60 p-4" data-testid="far-away">
      <p className="font-serif text-lg font-semibold text-ink">{farAwayMessage(miles)}</p>
      <p className="mt-1 text-sm text-muted">That is a long way for fresh flowers. These may help closer to home:</p>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2">
        <li>
          <Link to="/#grocery-stores" className={helpLink}>
            <ShoppingBasket className="size-4 text-rose-brand" aria-hidden="true" />
            Grocery chains that sell flowers
          </Link>
        </li>
        {festivalsHref ? (
          <li>
            <Link to={festivalsHref} className={helpLink}>
              <Flower2 className="size-4 text-rose-brand" aria-hidden="true" />
              Flower festivals near you
            </Link>
          </li>
        ) : null}
        <li>
          <Link to="/about" className={helpLink}>
            <Megaphone className="size-4 text-rose-brand" aria-hidden="true" />
            Suggest a location
          </Link>
        </li>
        <li>
          <Link to="/list-your-business" className={helpLink}>
            <Store className="size-4 text-rose-brand" aria-hidden="true" />
            List your business
          </Link>
        </li>
      </ul>
    </div>
  );
}
