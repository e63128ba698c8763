import { data, type ShouldRevalidateFunction } from "react-router";
import { getDb } from "~/db/db.server";
import { island, withIslands, type Island } from "~/components/ui/island";
import { WholesalerCard } from "~/components/wholesalers/lazy-wholesaler-card";
import { citiesPhrase } from "~/components/wholesalers/format";
import { stateMap } from "~/services/maps/maps.server";
import { findState } from "~/services/states/states.server";
import { listWholesalersByState } from "~/services/wholesalers/wholesalers.server";
import { stateBusinessListJsonLd } from "~/services/seo/json-ld";
import { onlyFiltersChanged } from "~/services/wholesalers/filter-params";
import { pageMeta, siteIdentity } from "~/http/meta";
import type { Route } from "./+types/state";

import { STATE_NOT_FOUND_TITLE } from "./pages/state-texts";

/** The page's content loads after the page's own code (components/ui/island.tsx, docs/decisions/033). */
const loadPage = () => import("./pages/state");
const Page: Island<Route.ComponentProps> = island(loadPage, (module) => module.StatePage, import.meta.env.SSR ? await loadPage() : undefined);

export async function loader({ params }: Route.LoaderArgs) {
  const db = getDb();
  const state = await findState(db, params.stateId);
  if (!state) return data({ state: null, wholesalers: [], map: null }, { status: 404 });
  const wholesalers = await listWholesalersByState(db, state.id);
  // Each listing's number is its place in the full list, so that the map and the cards agree whatever is shown.
  const map =
    wholesalers.length > 0
      ? stateMap(
          state.id,
          wholesalers.map(({ id, name, latitude, longitude }, index) => ({ id, name, latitude, longitude, number: index + 1 })),
        )
      : null;
  return { state: { id: state.id, name: state.name, code: state.code, region: state.region, cities: state.cities }, wholesalers, map };
}

/** A client-side navigation waits for the listings' code with the data, so the page never shows without them. */
export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) => withIslands(request, serverLoader(), Page, WholesalerCard);

/** The filters work on the loaded list: a URL that differs only in them needs no new data. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  onlyFiltersChanged(currentUrl, nextUrl) ? false : defaultShouldRevalidate;

export const meta: Route.MetaFunction = ({ matches, data: page, params }) => {
  const state = page?.state;
  if (!state) return pageMeta(matches, { title: STATE_NOT_FOUND_TITLE, path: `/state/${params.stateId}`, noindex: true });
  const count = page.wholesalers.length;
  return pageMeta(matches, {
    title: `${state.name} Wholesale Flower Markets & Suppliers`,
    // Only what the directory holds: a state without listings says so, and stays out of search results until it has one.
    description:
      count > 0
        ? `${count} wholesale flower ${count === 1 ? "market or supplier" : "markets and suppliers"} in ${state.name}, with addresses and directions, serving ${citiesPhrase(state.cities)}.`
        : `We have not listed a flower wholesaler in ${state.name} yet. Know one? List your business or suggest a location.`,
    noindex: count === 0,
    keywords: `${state.name} wholesale flowers, ${state.name} flower market, wholesale florist ${state.name}, bulk flowers ${state.name}`,
    path: `/state/${state.id}`,
    image: page.wholesalers.find((wholesaler) => wholesaler.image)?.image,
    jsonLd: import.meta.env.SSR && count > 0 ? stateBusinessListJsonLd(state, page.wholesalers, siteIdentity(matches).url) : undefined,
  });
};

export default function State(props: Route.ComponentProps) {
  return <Page {...props} />;
}
