import type { GroceryGuide } from "~/services/grocery/types";
import { groceryPath } from "~/services/grocery/types";
import { SCHEMA_CONTEXT, type JsonLd, type SiteIdentity } from "~/services/seo/json-ld";

/**
 * A chain's page as schema.org reads it: a WebPage of this site about a GroceryStore with its name, what it
 * sells and its price range. No address, geo or url of the chain: the database holds none, and none is made up.
 */
export function groceryGuideJsonLd(
  store: Pick<GroceryGuide, "name" | "slug" | "description" | "priceRange" | "bestFor" | "updatedAt">,
  site: SiteIdentity,
): JsonLd {
  const url = `${site.url}${groceryPath(store)}`;
  return {
    "@context": SCHEMA_CONTEXT,
    "@type": "WebPage",
    "@id": url,
    url,
    name: `${store.name} flowers: prices, best buys and tips`,
    description: `${store.name} is best for ${store.bestFor.charAt(0).toLowerCase()}${store.bestFor.slice(1)}.`,
    dateModified: store.updatedAt,
    inLanguage: "en-US",
    isPartOf: { "@id": `${site.url}/#website` },
    about: {
      "@type": "GroceryStore",
      name: store.name,
      description: store.description,
      priceRange: store.priceRange,
    },
  };
}
