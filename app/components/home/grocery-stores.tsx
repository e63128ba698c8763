import { ChevronDown, ShoppingBasket, Sparkles } from "~/components/icons";
import { useId, useState } from "react";
import { Link } from "react-router";
import { groceryPath, type GroceryStoreCard } from "~/services/grocery/types";
import { clsx } from "clsx";
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
    <article className="grocery-card" data-testid="grocery-store">
      <div className="grocery-top">
        <span className="grocery-icon">
          <ShoppingBasket aria-hidden="true" />
        </span>
        <span className="grocery-price">
          <span className="sr-only">Price range: </span>
          {store.priceRange}
        </span>
      </div>
      <h3 className="grocery-title">
        <Link to={groceryPath(store)} className="grocery-link">
          {store.name}
        </Link>
      </h3>
      <p className="grocery-best-for">
        <Sparkles className="fact-icon" aria-hidden="true" />
        <span>
          <span className="font-semibold">Best for:</span> {store.bestFor}
        </span>
      </p>
      <p id={descriptionId} className={clsx("grocery-description", expanded && "line-clamp-none")}>
        {store.description}
      </p>
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={descriptionId}
        onClick={() => setExpanded((value) => !value)}
        className="grocery-more"
      >
        {expanded ? "Show less" : "Read more"}
        <span className="sr-only">{` about ${store.name}`}</span>
        <ChevronDown className={expanded ? "rotate-180" : undefined} aria-hidden="true" />
      </button>
    </article>
  );
}
