import { getDb } from "~/db/db.server";
import { usMap } from "~/services/maps/maps.server";
import { listStates, REGIONS } from "~/services/states/states.server";
import { listingCountsByState } from "~/services/wholesalers/wholesalers.server";
import { pageMeta } from "~/http/meta";
import type { Route } from "./+types/all-states";
import { MapPin, Send } from "~/components/icons";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { BackLink } from "~/components/wholesalers/back-link";
import { UsMap } from "~/components/maps/us-map";
import { SUBMIT_LOCATION_HREF } from "~/components/layout/site-nav";

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
  const { width, height, states: shaded } = usMap(counts);
  return { regions, map: { width, height, states: shaded.map(({ id, name, listings, level }) => ({ id, name, listings, level })) } };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "All 50 States: Wholesale Flower Markets by Region",
    description:
      "Every US state grouped by region (Northeast, Southeast, Midwest, Southwest and West), each with its wholesale flower markets and suppliers.",
    keywords: "wholesale flowers all 50 states, flower markets by region, flower wholesalers United States",
    path: "/all-states",
  });

const slug = (region: string) => region.toLowerCase().replace(/\s+/g, "-");

/** Every state by region, with the map. */
export default function AllStates({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-12 lg:px-8">
      <BackLink to="/">Back to Home</BackLink>
      <header className="mt-6 max-w-3xl">
        <p className="eyebrow">Browse by region</p>
        <h1 className="mt-2 font-serif text-4xl font-semibold tracking-tight text-ink sm:text-5xl">All 50 States</h1>
        <p className="mt-4 text-lg leading-relaxed text-muted">
          Find wholesale flower markets and suppliers in every state: pick one on the map, or from its region below.
        </p>
      </header>
      <div className="mt-8">
        <UsMap map={loaderData.map} />
      </div>
      <div className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {loaderData.regions.map(({ region, states }) => (
          <section
            key={region}
            aria-labelledby={`region-${slug(region)}`}
            className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
            data-testid="region"
          >
            <div className="flex items-baseline justify-between gap-3 border-b border-stone-100 pb-3">
              <h2 id={`region-${slug(region)}`} className="font-serif text-2xl font-semibold text-ink">
                {region}
              </h2>
              <span className="rounded-full bg-blush px-2.5 py-0.5 text-xs font-semibold text-rose-brand">
                {states.length} {states.length === 1 ? "state" : "states"}
              </span>
            </div>
            <ul className="mt-4 grid grid-cols-2 gap-x-4 gap-y-1">
              {states.map((state) => (
                <li key={state.id}>
                  <Link
                    to={`/state/${state.id}`}
                    prefetch="intent"
                    className="state-link"
                  >
                    {state.name}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
        <aside className="flex flex-col justify-between gap-6 rounded-2xl bg-gradient-to-br from-blush to-[#f9ece6] p-6 ring-1 ring-rose-brand/10">
          <div>
            <h2 className="font-serif text-2xl font-semibold text-plum">Looking for somewhere closer?</h2>
            <p className="mt-2 text-sm leading-relaxed text-ink/80">
              Search by zipcode for wholesalers within 25 miles, or tell us about a market we have not listed yet.
            </p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Link to="/#states" className={buttonVariants({ size: "sm" })}>
              <MapPin aria-hidden="true" />
              Search by zipcode
            </Link>
            <Link to={SUBMIT_LOCATION_HREF} className={buttonVariants({ variant: "secondary", size: "sm" })}>
              <Send aria-hidden="true" />
              Submit a location
            </Link>
          </div>
        </aside>
      </div>
    </div>
  );
}
