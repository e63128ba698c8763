import { getDb } from "~/db/db.server";
import { island, withIslands, type Island } from "~/components/ui/island";
import { usMap } from "~/services/maps/maps.server";
import { listStates, REGIONS } from "~/services/states/states.server";
import { listingCountsByState } from "~/services/wholesalers/wholesalers.server";
import { pageMeta } from "~/http/meta";
import type { Route } from "./+types/all-states";

/** The page's content loads after the page's own code (components/ui/island.tsx, docs/decisions/033). */
const loadPage = () => import("./pages/all-states");
const Page: Island<Route.ComponentProps> = island(loadPage, (module) => module.AllStatesPage, import.meta.env.SSR ? await loadPage() : undefined);

export async function loader() {
  const db = getDb();
  const [states, counts] = await Promise.all([listStates(db), listingCountsByState(db)]);
  const regions = REGIONS.map((region) => ({
    region,
    states: states
      .filter((state) => state.region === region)
      .map(({ id, name }) => ({ id, name }))
      .sort((a, b) => a.name.localeCompare(b.name, "en-US")),
  }));
  return { regions, map: usMap(counts) };
}

export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) => withIslands(request, serverLoader(), Page);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "All 50 States: Wholesale Flower Markets by Region",
    description:
      "Every US state grouped by region (Northeast, Southeast, Midwest, Southwest and West), each with its wholesale flower markets and suppliers.",
    keywords: "wholesale flowers all 50 states, flower markets by region, flower wholesalers United States",
    path: "/all-states",
  });

export default function AllStates(props: Route.ComponentProps) {
  return <Page {...props} />;
}
