import { ArrowRight, MapPin } from "~/components/icons/site";
import { Link } from "react-router";
import { BackLink } from "~/components/wholesalers/back-link";
import type { Route } from "../+types/states";

/** The list of states: the content of routes/public/states.tsx, an island (docs/decisions/033). */
export function StatesPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-12 lg:px-8">
      <BackLink to="/">Back to Home</BackLink>
      <header className="mt-6 max-w-3xl">
        <p className="text-sm font-semibold uppercase tracking-[0.14em] text-rose-brand">All states</p>
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
              className="group flex h-full items-center justify-between gap-3 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-rose-brand/40 hover:shadow-md"
              data-testid="state-card"
            >
              <span>
                <span className="block font-serif text-lg font-semibold text-ink group-hover:text-rose-brand">{state.name}</span>
                <span className="mt-1 flex items-center gap-1.5 text-sm text-muted">
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
              <ArrowRight
                className="size-5 shrink-0 text-stone-400 transition group-hover:translate-x-0.5 group-hover:text-rose-brand"
                aria-hidden="true"
              />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
