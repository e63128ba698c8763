import { ArrowRight, MapIcon } from "~/components/icons";
import { Link } from "react-router";
import { buttonVariants } from "../ui/button";
import { citiesPhrase } from "../wholesalers/format";
import { WholesalerCard, type WholesalerCardData } from "../wholesalers/wholesaler-card";
import { SectionHeading } from "./section-heading";
import { HydrateLater } from "~/components/ui/hydrate-later";

export interface FeaturedStateData {
  id: string;
  name: string;
  cities: { name: string }[];
}

/** A showcase of one state: its cities and, while the admin lets it, a few of its wholesalers. */
export function FeaturedState({ state, wholesalers }: { state: FeaturedStateData; wholesalers: WholesalerCardData[] }) {
  return (
    <section aria-labelledby="featured-state-heading" className="border-y border-stone-200/70 bg-white py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="flex flex-col gap-6 lg:flex-row lg:items-end lg:justify-between">
          <SectionHeading id="featured-state-heading" eyebrow="Featured state" title={`Flower markets in ${state.name}`}>
            Wholesale flower markets, flower marts and growers serving {citiesPhrase(state.cities)}.
          </SectionHeading>
          <div className="flex flex-wrap gap-3">
            <Link to={`/state/${state.id}`} prefetch="intent" className={buttonVariants()}>
              All {state.name} wholesalers
              <ArrowRight aria-hidden="true" />
            </Link>
            <Link to="/all-states" prefetch="intent" className={buttonVariants({ variant: "secondary" })}>
              <MapIcon aria-hidden="true" />
              View all 50 states
            </Link>
          </div>
        </div>

        {wholesalers.length > 0 ? (
          <HydrateLater>
            <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label={`Featured wholesalers in ${state.name}`}>
              {wholesalers.map((wholesaler) => (
                <li key={wholesaler.id}>
                  <WholesalerCard wholesaler={wholesaler} />
                </li>
              ))}
            </ul>
          </HydrateLater>
        ) : null}
      </div>
    </section>
  );
}
