/** Types of this domain that the browser also uses (the *.server modules re-export them). */

export interface GroceryStore {
  id: number;
  name: string;
  description: string;
  priceRange: string;
  bestFor: string;
}
