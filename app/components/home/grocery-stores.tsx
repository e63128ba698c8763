import { ChevronDown, ShoppingBasket, Sparkles } from "~/components/icons";
import { useId, useState } from "react";
import { Link } from "react-router";
import { groceryPath, type GroceryStoreCard } from "~/services/grocery/types";
import { cn } from "~/utils/cn";
import { SectionHeading } from "./section-heading";

/** Budget chains that sell flowers, each linking to its own page; reachable as both /#grocery-stores and the header's /#grocery. */
export function GroceryStores({ stores }: { stores: GroceryStoreCard[] }) {
  return (
    <section id="grocery-stores" aria-labelledby="grocery-heading" className="scroll-mt-20 py-16 sm:py-20">
      <div id="grocery" className="mx-auto max-w-7xl scroll-mt-20 px-4 sm:px-6 lg:px-8">
        <SectionHeading id="grocery-heading" eyebrow="Budget picks" title="Grocery Stores That Sell Flowers">
          No market nearby? These chains sell fresh flowers for a fraction of florist prices. Here is what each one does best.
        </SectionHeading>
        <ul className="mt-10 grid items-start gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {stores.map((store) => (
            <li key={store.id}>
              <GroceryCard store={store} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function GroceryCard({ store }: { store: GroceryStoreCard }) {
  const descriptionId = useId();
  const [expanded, setExpanded] = useState(false);
  return (
    <article
      className="flex flex-col rounded-2xl border border-stone-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md"
      data-testid="grocery-store"
    >
      <div className="flex items-start justify-between gap-3">
        <span className="flex size-11 items-center justify-center rounded-xl bg-blush text-rose-brand">
          <ShoppingBasket className="size-5" aria-hidden="true" />
        </span>
        <span className="rounded-full bg-leaf/10 px-3 py-1 text-sm font-semibold text-leaf">
          <span className="sr-only">Price range: </span>
          {store.priceRange}
        </span>
      </div>
      <h3 className="mt-4 font-serif text-xl font-semibold text-ink">
        <Link to={groceryPath(store)} className="underline decoration-rose-brand/40 decoration-2 underline-offset-4 hover:text-rose-brand">
          {store.name}
        </Link>
      </h3>
      <p className="mt-3 flex items-start gap-2 rounded-xl bg-cream px-3.5 py-2.5 text-sm text-ink ring-1 ring-stone-200/70">
        <Sparkles className="mt-0.5 size-4 shrink-0 text-rose-brand" aria-hidden="true" />
        <span>
          <span className="font-semibold">Best for:</span> {store.bestFor}
        </span>
      </p>
      <p id={descriptionId} className={cn("mt-4 text-sm leading-relaxed text-muted", !expanded && "line-clamp-4")}>
        {store.description}
      </p>
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={descriptionId}
        onClick={() => setExpanded((value) => !value)}
        className="mt-3 inline-flex items-center gap-1 self-start rounded-full text-sm font-semibold text-rose-brand hover:underline"
      >
        {expanded ? "Show less" : "Read more"}
        <span className="sr-only"> about {store.name}</span>
        <ChevronDown className={cn("size-4 transition-transform", expanded && "rotate-180")} aria-hidden="true" />
      </button>
    </article>
  );
}
