import { BookOpen, MapPin } from "~/components/icons";
import type { DirectoryCoverage } from "~/services/wholesalers/types";
import { SAVINGS_CLAIM, SAVINGS_CLAIM_CAPITALIZED } from "~/utils/claims";
import { formatNumber } from "~/utils/en-us";
import { HashLink } from "../layout/hash-link";
import { buttonVariants } from "../ui/button";
import { HERO_IMAGE } from "./hero-image";

export const HERO_HEADLINE = "Find Affordable Wholesale Flowers";

const count = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/** The site's one savings claim, and the directory's real size and how much of it a source has dated: figures from the data. */
function highlights({ listings, states, verified }: DirectoryCoverage) {
  return [
    { value: SAVINGS_CLAIM_CAPITALIZED, label: "less than retail florists" },
    { value: count(listings, "listing", "listings"), label: `of markets and wholesalers in ${count(states, "state", "states")}` },
    { value: `${formatNumber(verified)} of ${formatNumber(listings)}`, label: "with a verification date" },
  ];
}

/** The home page's opening: the promise, over a photo of a flower stall, and the two ways in. */
export function Hero({ showBlog, coverage }: { showBlog: boolean; coverage: DirectoryCoverage }) {
  return (
    <section aria-labelledby="hero-heading" className="relative isolate overflow-hidden bg-plum">
      <picture>
        <source media={HERO_IMAGE.portraitMedia} srcSet={HERO_IMAGE.portrait} width={640} height={900} />
        <img
          src={HERO_IMAGE.wide}
          alt=""
          width={1600}
          height={900}
          fetchPriority="high"
          className="absolute inset-0 -z-10 size-full object-cover object-center"
        />
      </picture>
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-gradient-to-r from-[#2a1420]/90 via-[#2a1420]/70 to-[#2a1420]/30" />
      <div aria-hidden="true" className="absolute inset-x-0 bottom-0 -z-10 h-32 bg-gradient-to-t from-[#2a1420]/60 to-transparent" />

      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 sm:py-28 lg:px-8 lg:py-32">
        <div className="max-w-2xl text-white">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/15 px-3.5 py-1.5 text-sm font-medium ring-1 ring-white/25 backdrop-blur-sm">
            <span className="size-1.5 rounded-full bg-rose-300" aria-hidden="true" />
            Free to use, no sign-up
          </p>
          <h1 id="hero-heading" className="mt-6 font-serif text-4xl font-semibold leading-[1.1] tracking-tight sm:text-6xl">
            {HERO_HEADLINE}
          </h1>
          <p className="mt-6 text-lg leading-relaxed text-white/90 sm:text-xl">
            Buy straight from flower markets and wholesalers near you and save {SAVINGS_CLAIM} compared with retail florists: for weddings,
            events or a fresh bunch on the kitchen table.
          </p>
          <div className="mt-9 flex flex-col gap-3 sm:flex-row">
            <HashLink to="/#states" className={buttonVariants({ size: "lg" })}>
              <MapPin aria-hidden="true" />
              Find by Location
            </HashLink>
            {showBlog ? (
              <HashLink to="/#blog" className={buttonVariants({ variant: "outline", size: "lg" })}>
                <BookOpen aria-hidden="true" />
                DIY Flower Tips
              </HashLink>
            ) : null}
          </div>
        </div>

        <dl className="mt-14 grid max-w-3xl grid-cols-3 gap-3 text-white sm:mt-20 sm:gap-6">
          {highlights(coverage).map((item) => (
            <div key={item.value} className="hero-figure">
              <dt className="hero-figure-label">{item.label}</dt>
              <dd className="hero-figure-value">{item.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
