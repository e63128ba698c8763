import { type Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "~/db/schema";
import { type Actor, type Page } from "../admin/list";
import { loadPage } from "../admin/page.server";
import { containsText } from "../admin/search.server";
import { createVersioned, deleteVersioned, updateVersioned, type VersionedRecord } from "../admin/versioned.server";
import { badRequest } from "../errors";
import { fieldErrorsOf } from "../form-fields";
import { uniqueSlug } from "~/utils/slug";
import type { GroceryStore } from "./grocery.server";

export const GROCERY_STORE_ENTITY = "grocery store";
/** The entity as the audit log names it (`grocery_store.create`). */
const AUDIT_ENTITY = "grocery_store";

export const MAX_POSITION = 999;

export interface AdminGroceryStore extends GroceryStore {
  /** The page's address, /grocery/{slug}: made when the store is added, kept when it is renamed. */
  slug: string;
  tips: string;
  position: number;
  updatedAt: string;
}

export interface GroceryListQuery {
  q?: string;
  page: number;
}

export const groceryStoreInputSchema = z.object({
  name: z.string().trim().min(2, "Enter the store's name (at least 2 characters).").max(80, "The name is at most 80 characters."),
  description: z
    .string()
    .trim()
    .min(20, "Describe what the store offers (at least 20 characters).")
    .max(1500, "The description is at most 1500 characters."),
  priceRange: z
    .string()
    .trim()
    .min(1, "Enter a price range such as $4-$15.")
    .max(30, "The price range is at most 30 characters.")
    .regex(/\d/, "Enter a price range such as $4-$15."),
  bestFor: z
    .string()
    .trim()
    .min(3, "Say what the store is best for (at least 3 characters).")
    .max(120, "Best for is at most 120 characters."),
  tips: z.string().trim().max(1500, "The tips are at most 1500 characters.").optional().default(""),
  position: z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      if (!/^\d{1,3}$/.test(value)) {
        ctx.addIssue({ code: "custom", message: `The position is a whole number from 0 to ${MAX_POSITION}.` });
        return z.NEVER;
      }
      return Number(value);
    }),
});

export type GroceryStoreInput = z.output<typeof groceryStoreInputSchema>;

export function parseGroceryStoreInput(raw: unknown): GroceryStoreInput {
  const result = groceryStoreInputSchema.safeParse(raw);
  if (!result.success) throw badRequest("Please correct the highlighted fields.", fieldErrorsOf(result.error));
  return result.data;
}

/** One page of stores matching the search (name, description, best for, tips), in the home page's order. */
export async function listGroceryStoresForAdmin(db: Kysely<Database>, query: GroceryListQuery): Promise<Page<AdminGroceryStore>> {
  let base = db.selectFrom("grocery_stores");
  if (query.q) {
    const matches = containsText(query.q, ["name", "description", "best_for", "tips"]);
    base = base.where((eb) => eb.or(matches));
  }
  return loadPage(base, query.page, async (window) => {
    const rows = await base
      .selectAll()
      .orderBy("position")
      .orderBy("name")
      .orderBy("id")
      .limit(window.limit)
      .offset(window.offset)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      slug: row.slug,
      description: row.description,
      tips: row.tips,
      priceRange: row.price_range,
      bestFor: row.best_for,
      position: row.position,
      updatedAt: row.updated_at,
    }));
  });
}

const GROCERY_STORES: VersionedRecord<"grocery_stores"> = {
  table: "grocery_stores",
  entity: GROCERY_STORE_ENTITY,
  auditEntity: AUDIT_ENTITY,
  labelColumn: "name",
};

const columnsFrom = (input: GroceryStoreInput) => ({
  name: input.name,
  description: input.description,
  price_range: input.priceRange,
  best_for: input.bestFor,
  tips: input.tips,
});

/** Adds a store with a slug of its own (the name's, numbered if another store has it); without a position it goes after the others. */
export async function createGroceryStore(db: Kysely<Database>, raw: unknown, actor: Actor): Promise<number> {
  const input = parseGroceryStoreInput(raw);
  return db.transaction().execute(async (trx) => {
    let position = input.position;
    if (position === undefined) {
      const { last } = await trx
        .selectFrom("grocery_stores")
        .select((eb) => eb.fn.max("position").as("last"))
        .executeTakeFirstOrThrow();
      position = Math.min(MAX_POSITION, last === null ? 0 : Number(last) + 1);
    }
    const taken = new Set((await trx.selectFrom("grocery_stores").select("slug").execute()).map((row) => row.slug));
    const slug = uniqueSlug(input.name, taken);
    return createVersioned(
      trx,
      GROCERY_STORES,
      { values: { ...columnsFrom(input), slug, position }, details: { label: input.name } },
      actor,
    );
  });
}

/** Saves an edit made from the version `expectedUpdatedAt`; without a position the store keeps its place, and it always keeps its slug. */
export async function updateGroceryStore(db: Kysely<Database>, id: number, expectedUpdatedAt: string, raw: unknown, actor: Actor) {
  const input = parseGroceryStoreInput(raw);
  const values = { ...columnsFrom(input), ...(input.position === undefined ? {} : { position: input.position }) };
  await updateVersioned(db, GROCERY_STORES, { id, expectedUpdatedAt, values, details: { label: input.name } }, actor);
}

export const deleteGroceryStore = (db: Kysely<Database>, id: number, expectedUpdatedAt: string, actor: Actor) =>
  deleteVersioned(db, GROCERY_STORES, id, expectedUpdatedAt, actor);
