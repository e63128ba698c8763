import { redirect } from "react-router";
import { getDb } from "~/db/db.server";
import { island, withIslands, type Island } from "~/components/ui/island";
import { listStates } from "~/services/states/states.server";
import { byListingsFirst, listingCountsByState } from "~/services/wholesalers/wholesalers.server";
import { pageMeta } from "~/http/meta";
import type { Route } from "./+types/states";

/** The page's content loads after the page's own code (components/ui/island.tsx, docs/decisions/033). */
const loadPage = () => import("./pages/states");
const Page: Island<Route.ComponentProps> = island(loadPage, (module) => module.StatesPage, import.meta.env.SSR ? await loadPage() : undefined);

export async function loader({ request }: Route.LoaderArgs) {
  const db = getDb();
  const [states, counts] = await Promise.all([listStates(db), listingCountsByState(db)]);
  // The home page's state select is a GET form to here: a known state opens its page; anything else lists them all.
  const chosen = new URL(request.url).searchParams.get("state");
  const state = chosen ? states.find(({ id }) => id === chosen) : undefined;
  if (state) throw redirect(`/state/${state.id}`);
  const ordered = byListingsFirst(states, counts);
  return {
    states: ordered.map(({ id, name, region, cities, listings }) => ({ id, name, region, cityCount: cities.length, listings })),
    coverage: { listings: [...counts.values()].reduce((sum, n) => sum + n, 0), states: counts.size },
  };
}

export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) => withIslands(request, serverLoader(), Page);

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta(matches, {
    title: "Flower Wholesalers by State",
    description: data
      ? `${data.coverage.listings} wholesale flower markets and suppliers listed in ${data.coverage.states} US states, with addresses and directions. Pick a state to see them.`
      : "Wholesale flower markets and suppliers by US state, with addresses and directions.",
    keywords: "wholesale flowers by state, flower markets, flower wholesalers near me",
    path: "/states",
  });

export default function States(props: Route.ComponentProps) {
  return <Page {...props} />;
}
