import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";

export interface GroceryStore {
  id: number;
  name: string;
  description: string;
  priceRange: string;
  bestFor: string;
}

export async function listGroceryStores(db: Kysely<Database>): Promise<GroceryStore[]> {
  return db
    .selectFrom("grocery_stores")
    .select(["id", "name", "description", "price_range as priceRange", "best_for as bestFor"])
    .orderBy("position")
    .orderBy("name")
    .execute();
}
