/** Types of this domain that the browser also uses (the *.server modules re-export them). */

export interface GroceryStore {
  id: number;
  name: string;
  description: string;
  priceRange: string;
  bestFor: string;
}

/** A chain in the home page's block: its card, and the address of its own page. */
export interface GroceryStoreCard extends GroceryStore {
  slug: string;
}

/** A chain's own page, /grocery/{slug}: what the database holds about it. */
export interface GroceryGuide extends GroceryStoreCard {
  /** How to shop its flowers; "" when not known. */
  tips: string;
  updatedAt: string;
}

/** The address of a chain's own page. */
export const groceryPath = (store: { slug: string }) => `/grocery/${store.slug}`;
