import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import type { Database } from "~/db/schema";
import { searchSite } from "../search/search.server";
import { createGroceryStore, updateGroceryStore } from "./admin.server";
import { findGroceryGuide, listGroceryLinks, listGroceryStores, listGroceryStoresForApi } from "./grocery.server";
import { TEST_DATABASES, createTestAdmin, openTestDatabase } from "../../../tests/support/test-databases";

const everything = { blog: true, festivals: true };

for (const database of TEST_DATABASES) {
  describe.runIf(database.enabled)(`grocery chains' own pages on ${database.name} (issue #37 point 9)`, () => {
    let handle: DatabaseHandle;
    let db: Kysely<Database>;
    let cleanup: () => Promise<void>;
    let actor: { adminId: number; email: string; ip: string };
    let traderJoes: number;

    beforeAll(async () => {
      const opened = await openTestDatabase(database.name, "grocery-pages");
      handle = opened.handle;
      db = handle.db;
      cleanup = opened.cleanup;
      actor = await createTestAdmin(db, { email: "gus@example.com", name: "Gus", ip: "203.0.113.7" });
      traderJoes = await createGroceryStore(
        db,
        {
          name: "Trader Joe's",
          description: "Trader Joe's sells mixed bouquets, tulip bunches and potted orchids at low prices.",
          priceRange: "$4-$15",
          bestFor: "Cheap weekly bouquets",
          tips: "Shop early in the day: deliveries sell out.",
        },
        actor,
      );
      await createGroceryStore(
        db,
        {
          name: "Costco",
          description: "Costco warehouses sell two-dozen rose bunches and bulk wedding boxes.",
          priceRange: "$15-$30",
          bestFor: "Bulk roses",
        },
        actor,
      );
    });
    afterAll(() => cleanup());

    it("finds a chain by the slug made from its name, with what it sells, its tips and its price range", async () => {
      expect(await findGroceryGuide(db, "trader-joes")).toMatchObject({
        id: traderJoes,
        name: "Trader Joe's",
        slug: "trader-joes",
        priceRange: "$4-$15",
        bestFor: "Cheap weekly bouquets",
        tips: "Shop early in the day: deliveries sell out.",
      });
      expect(await findGroceryGuide(db, "costco")).toMatchObject({ name: "Costco", tips: "" });
      expect(await findGroceryGuide(db, "no-such-chain")).toBeUndefined();
      expect(await findGroceryGuide(db, "Trader-Joes")).toBeUndefined();
    });

    it("keeps the page's address when the chain is renamed", async () => {
      const { updatedAt } = (await findGroceryGuide(db, "costco"))!;
      const id = (await findGroceryGuide(db, "costco"))!.id;
      await updateGroceryStore(
        db,
        id,
        updatedAt,
        {
          name: "Costco Wholesale",
          description: "Costco warehouses sell two-dozen rose bunches and bulk wedding boxes.",
          priceRange: "$15-$30",
          bestFor: "Bulk roses",
        },
        actor,
      );
      expect(await findGroceryGuide(db, "costco")).toMatchObject({ name: "Costco Wholesale" });
      expect(await findGroceryGuide(db, "costco-wholesale")).toBeUndefined();
    });

    it("gives the home block and the sitemaps each page's address; the API answers only the fields PRODUCT.md names", async () => {
      expect((await listGroceryStores(db)).map((store) => store.slug)).toEqual(["trader-joes", "costco"]);
      expect((await listGroceryLinks(db)).map((link) => link.path)).toEqual(["/grocery/trader-joes", "/grocery/costco"]);
      expect((await listGroceryLinks(db))[0]!.updatedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      for (const store of await listGroceryStoresForApi(db)) {
        expect(Object.keys(store).sort()).toEqual(["bestFor", "description", "id", "name", "priceRange"]);
      }
    });

    it("is found by site search: 'Trader Joe' finds Trader Joe's, as do the apostrophe, a prefix and what it sells", async () => {
      const found = async (query: string) => (await searchSite(db, query, everything)).groceryStores.items.map((hit) => hit.name);
      for (const query of ["Trader Joe", "trader joe's", "Trader Joe’s", "trad", "joe", "orchids", "deliveries"]) {
        expect(await found(query), query).toEqual(["Trader Joe's"]);
      }
      expect(await found("bulk roses")).toEqual(["Costco Wholesale"]);
      expect(await found("zzzz")).toEqual([]);
      const results = await searchSite(db, "Trader Joe", everything);
      expect(results.groceryStores).toMatchObject({
        count: 1,
        items: [{ slug: "trader-joes", priceRange: "$4-$15", bestFor: "Cheap weekly bouquets" }],
      });
      expect(results.total).toBeGreaterThanOrEqual(1);
      // An edit is searchable at once (a trigger on SQLite, the expression index on PostgreSQL).
      const guide = (await findGroceryGuide(db, "trader-joes"))!;
      await updateGroceryStore(
        db,
        guide.id,
        guide.updatedAt,
        {
          name: guide.name,
          description: "Sunflower bunches all summer.",
          priceRange: guide.priceRange,
          bestFor: guide.bestFor,
          tips: guide.tips,
        },
        actor,
      );
      expect(await found("sunflower")).toEqual(["Trader Joe's"]);
      expect(await found("orchids")).toEqual([]);
    });
  });
}
