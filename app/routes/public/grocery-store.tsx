import { data } from "react-router";
import { GroceryGuidePage } from "~/components/grocery/grocery-guide";
import { getDb } from "~/db/db.server";
import { pageMeta, siteIdentity } from "~/http/meta";
import { findGroceryGuide, listGroceryStores } from "~/services/grocery/grocery.server";
import { groceryPath } from "~/services/grocery/types";
import { groceryGuideJsonLd } from "~/services/seo/grocery-json-ld";
import type { Route } from "./+types/grocery-store";

const DESCRIPTION_LENGTH = 160;

/** A grocery chain's own page, /grocery/{slug}; an unknown slug is the site's 404 page. */
export async function loader({ params }: Route.LoaderArgs) {
  const db = getDb();
  const store = await findGroceryGuide(db, params.slug);
  if (!store) throw data(null, { status: 404 });
  const others = (await listGroceryStores(db)).filter((other) => other.id !== store.id);
  return { store, others };
}

export const meta: Route.MetaFunction = ({ matches, data: page }) => {
  if (!page) return [{ title: `404 Page Not Found | ${siteIdentity(matches).name}` }];
  const { store } = page;
  const summary = `${store.name} flowers: ${store.priceRange}, best for ${store.bestFor.charAt(0).toLowerCase()}${store.bestFor.slice(1)}. ${store.description}`;
  return pageMeta(matches, {
    title: `${store.name} Flowers: Prices, Best Buys and Tips`,
    description: summary.length > DESCRIPTION_LENGTH ? `${summary.slice(0, DESCRIPTION_LENGTH - 3).trimEnd()}...` : summary,
    keywords: `${store.name} flowers, ${store.name} bouquets, grocery store flowers, cheap flowers, budget flowers`,
    path: groceryPath(store),
    jsonLd: import.meta.env.SSR ? groceryGuideJsonLd(store, siteIdentity(matches)) : undefined,
  });
};

export default function GroceryStorePage({ loaderData }: Route.ComponentProps) {
  return <GroceryGuidePage store={loaderData.store} others={loaderData.others} />;
}
