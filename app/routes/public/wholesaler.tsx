import { data, redirect, Link } from "react-router";
import { pageMeta, siteIdentity } from "~/http/meta";
import { renderedAtContext } from "~/http/request-context.server";
import { parseId } from "~/services/ids";
import { listingJsonLd } from "~/services/seo/json-ld";
import { listingPage, flowerHolidaysOn } from "~/services/wholesalers/listing-page.server";
import { localDateAt, weekdayAt } from "~/services/wholesalers/opening-hours";
import { holidayNotice } from "~/services/wholesalers/flower-holidays";
import { closedLabel, weekAhead } from "~/services/wholesalers/special-hours";
import { SITE_TIME_ZONE } from "~/utils/dates";
import { listingPath, slugify } from "~/services/wholesalers/slug";
import type { Route } from "./+types/wholesaler";
import { BadgeCheck, Globe, Phone, SearchX, Clock, MapPin, Store } from "~/components/icons";
import type { ReactNode } from "react";
import { LocatorMap } from "~/components/maps/locator-map";
import { buttonVariants } from "~/components/ui/button";
import { BackLink } from "~/components/wholesalers/back-link";
import { AccessBadge, ACCESS_HINT, ApproximateLocationNote, ListingOpenStatus, OwnerVerifiedBadge, telHref, VerifiedNote, websiteLabel } from "~/components/wholesalers/listing-facts";
import { LocationPrecisionNote, nearbyDistanceText, WeeklyHoursTable } from "~/components/wholesalers/listing-page-facts";
import { claimPath } from "~/services/owners/owner-form";
import { ReportProblem } from "~/components/wholesalers/report-problem";
import { ClosedBadge, DirectionsLink, SaveSlot, TYPE_HINT, TypeBadge } from "~/components/wholesalers/listing-badges";
import { WholesalerImage } from "~/components/wholesalers/wholesaler-image";
import { ClosedBanner, HolidayHoursNote, TodaysSpecialHours, UpcomingSpecialHours, WeekAheadTable } from "~/components/wholesalers/special-hours";
import type { NearbyListing } from "~/services/wholesalers/types";

export const NOT_FOUND_TITLE = "Wholesaler Not Found";

const DESCRIPTION_LENGTH = 160;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const page = id === undefined ? undefined : await listingPage(String(id));
  if (!page) return data({ listing: null, nearby: [], map: null, today: null, todayDate: null, holiday: null }, { status: 404 });
  const { listing } = page;
  // The slug only makes the address readable: any other spelling of it goes to the one canonical address.
  if (params.slug !== slugify(listing.name)) throw redirect(`${listingPath(listing)}${new URL(request.url).search}`, 301);
  const now = new Date(context.get(renderedAtContext) || Date.now());
  // The listing's own date: its special hours and the flower holidays are dated on its clock.
  const todayDate = localDateAt(now, listing.timeZone ?? SITE_TIME_ZONE);
  return {
    listing: page.json,
    nearby: page.nearby,
    map: page.map,
    // The weekly hours' "Today", on the listing's clock when the page is rendered: worked out here, so that the
    // browser needs no Intl to hydrate it (docs/decisions/024-no-intl-while-loading.md).
    today: listing.timeZone ? weekdayAt(now, listing.timeZone) : null,
    todayDate,
    holiday:
      listing.status === "permanently-closed" ? null : holidayNotice(await flowerHolidaysOn(todayDate), listing.specialHours, todayDate),
  };
}

export const meta: Route.MetaFunction = ({ matches, data: page, params }) => {
  const listing = page?.listing;
  if (!listing) return pageMeta(matches, { title: NOT_FOUND_TITLE, path: `/wholesalers/${params.id}`, noindex: true });
  const path = listingPath(listing);
  const summary = `${listing.name} at ${listing.address}, ${listing.city}, ${listing.stateCode} ${listing.zipcode}. ${listing.description}`;
  return pageMeta(matches, {
    title: `${listing.name}, ${listing.city}, ${listing.stateCode}`,
    description: summary.length > DESCRIPTION_LENGTH ? `${summary.slice(0, DESCRIPTION_LENGTH - 3).trimEnd()}...` : summary,
    keywords: `${listing.name}, wholesale flowers ${listing.city}, flower market ${listing.city}, ${listing.state} flower wholesaler`,
    path,
    image: listing.image,
    // Closed for good, the page stays for the links to it but leaves the search engines' results.
    noindex: listing.status === "permanently-closed",
    jsonLd: import.meta.env.SSR
      ? listingJsonLd(listing, `${siteIdentity(matches).url}${path}`, siteIdentity(matches).url, page.todayDate ?? undefined)
      : undefined,
  });
};

/** One fact of the listing: an icon and what it is (the term), and the fact; side by side from a small tablet up. */
function Fact({ icon: Icon, term, children }: { icon: typeof MapPin; term: string; children: ReactNode }) {
  return (
    <div className="py-3.5 first:pt-0 last:pb-0 sm:grid sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-x-3">
      <dt className="flex items-center gap-3 text-sm font-semibold text-ink sm:h-6">
        <Icon className="size-5 shrink-0 text-rose-brand" aria-hidden="true" />
        {term}
      </dt>
      <dd className="mt-1 min-w-0 pl-8 text-ink/85 sm:mt-0 sm:pl-0">{children}</dd>
    </div>
  );
}

/** A wholesaler's page. */
export default function Wholesaler({ loaderData }: Route.ComponentProps) {
  const { listing, nearby, map, today, todayDate, holiday } = loaderData;
  if (!listing || !map || !todayDate) return <WholesalerNotFound />;
  const structuredHours = listing.openingHours && listing.timeZone ? listing.openingHours : null;
  const open = listing.status === "open";

  return (
    <article className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-10 lg:px-8">
      <BackLink to={`/state/${listing.stateId}`}>{`${listing.state} wholesalers`}</BackLink>
      <ClosedBanner status={listing.status} closedUntil={listing.closedUntil} className="mt-5" />

      <div className="mt-5 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-10">
        <div className="min-w-0">
          <header>
            <div className="flex flex-wrap items-center gap-1.5">
              <TypeBadge type={listing.type} />
              {listing.access ? <AccessBadge access={listing.access} /> : null}
              <ClosedBadge status={listing.status} />
              <OwnerVerifiedBadge ownerConfirmedAt={listing.ownerConfirmedAt} />
            </div>
            <h1 className="mt-3 font-serif text-3xl font-semibold leading-tight tracking-tight text-ink sm:text-4xl">{listing.name}</h1>
            <p className="mt-1 text-muted">
              {listing.city}, {listing.state}
            </p>
            {structuredHours && listing.timeZone && open ? (
              <ListingOpenStatus hours={structuredHours} special={listing.specialHours} timeZone={listing.timeZone} className="mt-3 text-base" />
            ) : null}
            {open ? <TodaysSpecialHours special={listing.specialHours} today={todayDate} className="mt-1.5" /> : null}
            <HolidayHoursNote notice={holiday} className="mt-1.5" />
            {/* Closed for good, there is nowhere to go and no one to call. */}
            {listing.status === "permanently-closed" ? null : (
              <div className="mt-5 flex flex-wrap gap-2">
                <DirectionsLink wholesaler={listing} className="h-11 px-5 text-sm" />
                {listing.phone ? (
                  <a href={telHref(listing.phone)} className={buttonVariants({ variant: "secondary" })}>
                    <Phone aria-hidden="true" />
                    Call
                    <span className="sr-only"> {listing.phone}</span>
                  </a>
                ) : null}
                <SaveSlot />
              </div>
            )}
          </header>

          <section aria-labelledby="listing-details" className="mt-8 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6">
            <h2 id="listing-details" className="sr-only">
              Details
            </h2>
            <dl className="divide-y divide-stone-100">
              {listing.access ? (
                <Fact icon={Store} term="Who may buy">
                  <span className="font-medium text-ink">{ACCESS_HINT[listing.access]}</span>
                  {listing.accessNote ? <span className="mt-0.5 block text-sm text-muted">{listing.accessNote}</span> : null}
                </Fact>
              ) : (
                <Fact icon={Store} term="Who may buy">
                  <span className="font-medium text-ink">No source says yet: ask when you call.</span>
                  <span className="mt-0.5 block text-sm text-muted">{TYPE_HINT[listing.type]}</span>
                </Fact>
              )}
              <Fact icon={MapPin} term="Address">
                <span className="block">{listing.address}</span>
                <span className="block">
                  {listing.city}, {listing.stateCode} {listing.zipcode}
                </span>
                {listing.locationApproximate ? <ApproximateLocationNote className="mt-1" /> : null}
                <LocationPrecisionNote exact={listing.locationExact} zipcode={listing.zipcode} className="mt-1" />
              </Fact>
              {listing.phone ? (
                <Fact icon={Phone} term="Phone">
                  <a href={telHref(listing.phone)} className="font-medium text-rose-brand underline-offset-4 hover:underline">
                    {listing.phone}
                  </a>
                </Fact>
              ) : null}
              {listing.website ? (
                <Fact icon={Globe} term="Website">
                  <a
                    href={listing.website}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="break-all font-medium text-rose-brand underline-offset-4 hover:underline"
                  >
                    {websiteLabel(listing.website)}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </Fact>
              ) : null}
              <Fact icon={Clock} term="Hours">
                {structuredHours && open && weekAhead(structuredHours, listing.specialHours, todayDate).some((day) => day.special) ? (
                  <WeekAheadTable hours={structuredHours} special={listing.specialHours} today={todayDate} />
                ) : structuredHours ? (
                  <WeeklyHoursTable hours={structuredHours} today={today} />
                ) : null}
                {open ? <UpcomingSpecialHours special={listing.specialHours} today={todayDate} className="mt-3" /> : null}
                {listing.hours ? (
                  <p className={structuredHours ? "mt-2 text-sm text-muted" : undefined}>{listing.hours}</p>
                ) : structuredHours ? null : (
                  <p className="text-muted">Not known yet: call ahead before you go.</p>
                )}
              </Fact>
              <Fact icon={BadgeCheck} term="Last checked">
                {listing.verifiedAt ? (
                  <VerifiedNote verifiedAt={listing.verifiedAt} ownerConfirmedAt={listing.ownerConfirmedAt} textSize="sm" />
                ) : (
                  <span className="text-sm text-muted">Not yet confirmed with the business.</span>
                )}
              </Fact>
            </dl>
            <div className="mt-5 flex flex-wrap items-center justify-between gap-3 border-t border-stone-100 pt-4">
              <p className="text-sm text-muted">Wrong, moved or closed?</p>
              <ReportProblem wholesaler={listing} />
            </div>
            <div className="mt-3 flex flex-wrap items-center justify-between gap-3 border-t border-stone-100 pt-4" data-testid="claim-listing">
              <p className="text-sm text-muted">Is this your business?</p>
              <a href={claimPath(listing.id)} className="text-sm font-medium text-rose-brand underline underline-offset-4 hover:text-rose-brand/80">
                Claim it
              </a>
            </div>
          </section>

          {listing.description ? (
            <section aria-labelledby="listing-about" className="mt-8">
              <h2 id="listing-about" className="font-serif text-2xl font-semibold text-ink">
                About {listing.name}
              </h2>
              <p className="mt-3 max-w-prose leading-relaxed text-ink/85">{listing.description}</p>
            </section>
          ) : null}
        </div>

        <aside className="grid content-start gap-6" aria-label={`Photo and nearby listings for ${listing.name}`}>
          <WholesalerImage
            src={listing.image}
            alt={`${listing.name} in ${listing.city}`}
            lazy={false}
            sizes="(min-width: 1024px) 352px, calc(100vw - 2rem)"
            className="rounded-2xl ring-1 ring-black/5"
          />
          <figure className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
            <LocatorMap map={map} className="mx-auto block h-auto w-full max-w-64" />
            <figcaption className="mt-2 text-center text-sm text-muted">
              {listing.locationExact
                ? `${listing.city}, ${listing.state}`
                : `${listing.city}, ${listing.state}: the center of zipcode ${listing.zipcode}`}
            </figcaption>
          </figure>
          {nearby.length > 0 ? <NearbyListings nearby={nearby} openOnly={listing.status === "permanently-closed"} /> : null}
        </aside>
      </div>
    </article>
  );
}

function NearbyListings({ nearby, openOnly }: { nearby: NearbyListing[]; openOnly: boolean }) {
  return (
    <section aria-labelledby="nearby-listings" className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
      <h2 id="nearby-listings" className="font-serif text-xl font-semibold text-ink">
        {openOnly ? "Nearest open suppliers" : "Nearest other suppliers"}
      </h2>
      <ol className="mt-3 divide-y divide-stone-100">
        {nearby.map((other) => (
          <li key={other.id} className="py-3 last:pb-0" data-testid="nearby-listing">
            <Link to={listingPath(other)} prefetch="intent" className="font-semibold text-ink hover:text-rose-brand hover:underline">
              {other.name}
            </Link>
            <p className="mt-0.5 text-sm text-muted">
              {other.city}, {other.state}
            </p>
            <p className="mt-0.5 text-sm font-medium text-rose-brand">{nearbyDistanceText(other)}</p>
            {other.status === "open" ? null : <p className="mt-0.5 text-xs text-muted">{closedLabel(other.status, null)}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}

function WholesalerNotFound() {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-6 py-24 text-center">
      <SearchX className="size-12 text-rose-brand" aria-hidden="true" />
      <h1 className="mt-6 font-serif text-4xl font-semibold text-ink sm:text-5xl">{NOT_FOUND_TITLE}</h1>
      <p className="mt-4 text-lg text-muted">We could not find that listing. It may have closed or been removed, or the link may be mistyped.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonVariants()}>
          Go Home
        </Link>
        <Link to="/states" className={buttonVariants({ variant: "secondary" })}>
          Browse wholesalers by state
        </Link>
      </div>
    </div>
  );
}
