import { Link } from "react-router";
import { ArrowRight, Lightbulb, MapPin, PiggyBank, ShoppingBasket, Sparkles } from "~/components/icons";
import { groceryPath, type GroceryGuide, type GroceryStoreCard } from "~/services/grocery/types";
import { BackLink } from "../wholesalers/back-link";

/** What the page says where the database holds no store locations (issue #37 point 9: none are made up). */
export const noLocationsText = (name: string) =>
  `Store locations are not yet known here: this guide lists no ${name} stores or addresses. Look the nearest one up with ${name} itself before you go.`;

/** One fact of the chain: a `<div>` holding its term and definition, as a `<dl>` may. */
function Fact({ icon: Icon, term, children }: { icon: typeof PiggyBank; term: string; children: React.ReactNode }) {
  return (
    <div className="rounded-2xl bg-white p-4 ring-1 ring-stone-200">
      <dt className="flex items-center gap-2 text-sm font-semibold text-muted">
        <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-blush text-rose-brand">
          <Icon className="size-4" aria-hidden="true" />
        </span>
        {term}
      </dt>
      <dd className="mt-2 font-serif text-lg font-semibold text-ink">{children}</dd>
    </div>
  );
}

/** A grocery chain's own page: what it sells, its price range, what it is best for, how to shop it, and where. */
export function GroceryGuidePage({ store, others }: { store: GroceryGuide; others: GroceryStoreCard[] }) {
  return (
    <article className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <BackLink to="/#grocery-stores">All grocery stores</BackLink>
      <p className="mt-6 text-sm font-semibold uppercase tracking-[0.18em] text-rose-brand">Grocery store flowers</p>
      <h1 className="mt-2 font-serif text-4xl font-semibold leading-tight text-ink sm:text-5xl">{store.name}</h1>

      <dl className="mt-8 grid gap-4 sm:grid-cols-2">
        <Fact icon={PiggyBank} term="Price range">
          {store.priceRange}
        </Fact>
        <Fact icon={Sparkles} term="Best for">
          {store.bestFor}
        </Fact>
      </dl>

      <section aria-labelledby="sells" className="mt-10">
        <h2 id="sells" className="flex items-center gap-2 font-serif text-2xl font-semibold text-ink">
          <ShoppingBasket className="size-5 text-rose-brand" aria-hidden="true" />
          What it sells
        </h2>
        <p className="mt-3 text-lg leading-relaxed text-ink/85">{store.description}</p>
      </section>

      {store.tips ? (
        <section aria-labelledby="tips" className="mt-10">
          <h2 id="tips" className="flex items-center gap-2 font-serif text-2xl font-semibold text-ink">
            <Lightbulb className="size-5 text-rose-brand" aria-hidden="true" />
            Tips
          </h2>
          <p className="mt-3 text-lg leading-relaxed text-ink/85">{store.tips}</p>
        </section>
      ) : null}

      <section aria-labelledby="where" className="mt-10 rounded-2xl bg-cream p-5 ring-1 ring-stone-200 sm:p-6">
        <h2 id="where" className="flex items-center gap-2 font-serif text-2xl font-semibold text-ink">
          <MapPin className="size-5 text-rose-brand" aria-hidden="true" />
          Where to find one
        </h2>
        <p className="mt-3 leading-relaxed text-ink/85" data-testid="no-locations">
          {noLocationsText(store.name)}
        </p>
        <p className="mt-3 leading-relaxed text-ink/85">
          Buying for an event?{" "}
          <Link to="/#states" className="font-semibold text-rose-brand underline-offset-4 hover:underline">
            Find a wholesale flower market near you
          </Link>{" "}
          for bigger bunches at market prices.
        </p>
      </section>

      {others.length > 0 ? (
        <section aria-labelledby="other-stores" className="mt-12 border-t border-stone-200 pt-8">
          <h2 id="other-stores" className="font-serif text-2xl font-semibold text-ink">
            Other grocery stores that sell flowers
          </h2>
          <ul className="mt-4 grid gap-x-8 gap-y-2.5 sm:grid-cols-2">
            {others.map((other) => (
              <li key={other.id}>
                <Link
                  to={groceryPath(other)}
                  className="inline-flex items-center gap-1.5 font-medium text-stone-800 underline-offset-4 hover:text-rose-brand hover:underline"
                >
                  {other.name}
                  <span className="text-sm font-normal text-muted">({other.priceRange})</span>
                  <ArrowRight className="size-4 text-rose-brand" aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
