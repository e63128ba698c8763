import { data, redirect } from "react-router";
import { island, withIslands, type Island } from "~/components/ui/island";
import { getDb } from "~/db/db.server";
import { pageMeta, siteIdentity } from "~/http/meta";
import { renderedAtContext } from "~/http/request-context.server";
import { parseId } from "~/services/ids";
import { locatorMap } from "~/services/maps/maps.server";
import { listingJsonLd } from "~/services/seo/json-ld";
import { findListing, findNearbyListings } from "~/services/wholesalers/listing.server";
import { weekdayAt } from "~/services/wholesalers/opening-hours";
import { listingPath, slugify } from "~/services/wholesalers/slug";
import { toWholesalerJson } from "~/services/wholesalers/wholesalers.server";
import type { Route } from "./+types/wholesaler";
import { NOT_FOUND_TITLE } from "./pages/wholesaler-texts";

/** The page's content loads after the page's own code (components/ui/island.tsx, docs/decisions/033). */
const loadPage = () => import("./pages/wholesaler");
const Page: Island<Route.ComponentProps> = island(loadPage, (module) => module.WholesalerPage, import.meta.env.SSR ? await loadPage() : undefined);

const DESCRIPTION_LENGTH = 160;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const db = getDb();
  const id = parseId(params.id);
  const listing = id === undefined ? undefined : await findListing(db, id);
  if (!listing) return data({ listing: null, nearby: [], map: null, today: null }, { status: 404 });
  // The slug only makes the address readable: any other spelling of it goes to the one canonical address.
  if (params.slug !== slugify(listing.name)) throw redirect(`${listingPath(listing)}${new URL(request.url).search}`, 301);
  return {
    listing: toWholesalerJson(listing),
    nearby: await findNearbyListings(db, listing),
    map: locatorMap(listing.stateId, listing),
    // The weekly hours' "Today", on the listing's clock when the page is rendered: worked out here, so that the
    // browser needs no Intl to hydrate it (docs/decisions/024-no-intl-while-loading.md).
    today: listing.timeZone ? weekdayAt(new Date(context.get(renderedAtContext) || Date.now()), listing.timeZone) : null,
  };
}

/** A client-side navigation waits for the page's code with the data (components/ui/island.tsx). */
export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) => withIslands(request, serverLoader(), Page);

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
    jsonLd: import.meta.env.SSR ? listingJsonLd(listing, `${siteIdentity(matches).url}${path}`, siteIdentity(matches).url) : undefined,
  });
};

export default function Wholesaler(props: Route.ComponentProps) {
  return <Page {...props} />;
}
