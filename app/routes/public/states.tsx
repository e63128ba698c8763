import { redirect, Link } from "react-router";
import { getDb } from "~/db/db.server";
import { listStates } from "~/services/states/states.server";
import { byListingsFirst, listingCountsByState } from "~/services/wholesalers/wholesalers.server";
import { pageMeta } from "~/http/meta";
import type { Route } from "./+types/states";
import { ArrowRight, MapPin } from "~/components/icons";
import { BackLink } from "~/components/wholesalers/back-link";

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

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta(matches, {
    title: "Flower Wholesalers by State",
    description: data
      ? `${data.coverage.listings} wholesale flower markets and suppliers listed in ${data.coverage.states} US states, with addresses and directions. Pick a state to see them.`
      : "Wholesale flower markets and suppliers by US state, with addresses and directions.",
    keywords: "wholesale flowers by state, flower markets, flower wholesalers near me",
    path: "/states",
  });

/** The list of states. */
export default function States({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-12 lg:px-8">
      <BackLink to="/">Back to Home</BackLink>
      <header className="mt-6 max-w-3xl">
        <p className="eyebrow">All states</p>
        <h1 className="mt-2 font-serif text-4xl font-semibold tracking-tight text-ink sm:text-5xl">Find Flower Wholesalers by State</h1>
        <p className="mt-4 text-lg leading-relaxed text-muted">
          {loaderData.coverage.listings} wholesale flower markets, flower marts and suppliers in {loaderData.coverage.states} states so far,
          listed first. Pick a state to see them with addresses and directions.
        </p>
      </header>
      <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {loaderData.states.map((state) => (
          <li key={state.id}>
            <Link
              to={`/state/${state.id}`}
              prefetch="intent"
              className="group state-card"
              data-testid="state-card"
            >
              <span>
                <span className="state-card-name">{state.name}</span>
                <span className="state-card-region">
                  <MapPin className="size-3.5 text-rose-brand" aria-hidden="true" />
                  {state.region}
                </span>
                <span
                  className={`mt-1 block text-sm ${state.listings > 0 ? "font-semibold text-leaf" : "text-muted"}`}
                  data-testid="state-listings"
                >
                  {state.listings > 0 ? `${state.listings} ${state.listings === 1 ? "listing" : "listings"}` : "No listings yet"}
                </span>
              </span>
              <ArrowRight className="state-card-arrow" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
