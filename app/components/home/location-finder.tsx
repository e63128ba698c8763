import { ArrowRight, Compass } from "~/components/icons";
import { Link } from "react-router";
import { StateSelect, type StateOption } from "../wholesalers/state-select";
import { ZipcodeFinder } from "../wholesalers/zipcode-finder";
import { SectionHeading } from "./section-heading";

/** The '#states' section: search near a zipcode, or pick a state. */
export function LocationFinder({ states }: { states: StateOption[] }) {
  return (
    <section id="states" aria-labelledby="states-heading" className="scroll-mt-20 py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="states-heading" eyebrow="Find by location" title="Find Wholesalers Near You" align="center">
          Search by zipcode for flower markets and wholesalers close by, or browse every listing in a state.
        </SectionHeading>

        <div className="mx-auto mt-10 max-w-5xl rounded-3xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">
          <ZipcodeFinder
            aside={
              <>
                <StateSelect states={states} label="Or browse by state" />
                <p className="mt-2 text-sm text-muted">Opens the state&apos;s list of wholesalers.</p>
                <Link
                  to="/states"
                  prefetch="intent"
                  className="mt-5 inline-flex items-center gap-1.5 text-sm font-semibold text-rose-brand hover:underline"
                >
                  <Compass className="size-4" aria-hidden="true" />
                  Browse all states
                  <ArrowRight className="size-4" aria-hidden="true" />
                </Link>
              </>
            }
          />
        </div>
      </div>
    </section>
  );
}
