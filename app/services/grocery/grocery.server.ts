import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { groceryPath, type GroceryGuide, type GroceryStore, type GroceryStoreCard } from "./types";

export type { GroceryGuide, GroceryStore, GroceryStoreCard };
export { groceryPath };

/** Every chain in the home page's order, with the address of its page. */
export async function listGroceryStores(db: Kysely<Database>): Promise<GroceryStoreCard[]> {
  return db
    .selectFrom("grocery_stores")
    .select(["id", "name", "slug", "description", "price_range as priceRange", "best_for as bestFor"])
    .orderBy("position")
    .orderBy("name")
    .execute();
}

/** The chains as the public API answers them (PRODUCT.md): `{id, name, description, priceRange, bestFor}`, nothing more. */
export async function listGroceryStoresForApi(db: Kysely<Database>): Promise<GroceryStore[]> {
  return (await listGroceryStores(db)).map(({ id, name, description, priceRange, bestFor }) => ({
    id,
    name,
    description,
    priceRange,
    bestFor,
  }));
}

/** The chain whose page is /grocery/{slug}; undefined for an unknown slug. */
export async function findGroceryGuide(db: Kysely<Database>, slug: string): Promise<GroceryGuide | undefined> {
  return db
    .selectFrom("grocery_stores")
    .select(["id", "name", "slug", "description", "tips", "price_range as priceRange", "best_for as bestFor", "updated_at as updatedAt"])
    .where("slug", "=", slug)
    .executeTakeFirst();
}

/** Each chain's page address and the day it last changed, for the sitemaps. */
export async function listGroceryLinks(db: Kysely<Database>): Promise<{ name: string; path: string; updatedOn: string }[]> {
  const rows = await db.selectFrom("grocery_stores").select(["name", "slug", "updated_at"]).orderBy("position").orderBy("name").execute();
  return rows.map((row) => ({ name: row.name, path: groceryPath(row), updatedOn: row.updated_at.slice(0, 10) }));
}
