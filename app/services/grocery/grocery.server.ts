import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import type { GroceryStore } from "./types";

export type { GroceryStore };

export async function listGroceryStores(db: Kysely<Database>): Promise<GroceryStore[]> {
  return db
    .selectFrom("grocery_stores")
    .select(["id", "name", "description", "price_range as priceRange", "best_for as bestFor"])
    .orderBy("position")
    .orderBy("name")
    .execute();
}
