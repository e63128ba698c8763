import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import type { Database } from "~/db/schema";
import { ADMIN_PAGE_SIZE, conflictMessage } from "../admin/list";
import {
  createGroceryStore,
  deleteGroceryStore,
  GROCERY_STORE_ENTITY,
  listGroceryStoresForAdmin,
  updateGroceryStore,
} from "./admin.server";
import { listGroceryStores } from "./grocery.server";
import { TEST_DATABASES, createTestAdmin, openTestDatabase, rejection } from "../../../tests/support/test-databases";

const T0 = "2026-01-01T00:00:00.000Z";

for (const database of TEST_DATABASES) {
  describe.runIf(database.enabled)(`grocery store admin on ${database.name}`, () => {
    let handle: DatabaseHandle;
    let db: Kysely<Database>;
    let cleanup: () => Promise<void>;
    let actor: { adminId: number; email: string; ip: string };

    beforeAll(async () => {
      const opened = await openTestDatabase(database.name, "grocery-admin");
      handle = opened.handle;
      db = handle.db;
      cleanup = opened.cleanup;
      actor = await createTestAdmin(db, { email: "ann@example.com", name: "Ann", ip: "203.0.113.9" });
    });
    afterAll(() => cleanup());

    const store = (name: string, position: number, extra: Partial<{ description: string; best_for: string }> = {}) => ({
      name,
      slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
      tips: "",
      description: extra.description ?? `${name} sells bouquets every day of the week.`,
      price_range: "$5-$20",
      best_for: extra.best_for ?? "Everyday bouquets",
      position,
      created_at: T0,
      updated_at: T0,
    });

    beforeEach(async () => {
      await db.deleteFrom("audit_log").execute();
      await db.deleteFrom("grocery_stores").execute();
      await db
        .insertInto("grocery_stores")
        .values([
          store("Costco", 1, { best_for: "Bulk roses" }),
          store("Aldi", 0),
          store("Kroger", 2, { description: "Kroger has a full-service floral department with 100% fresh stems." }),
        ])
        .execute();
    });

    const valid = {
      name: "  Petal Mart ",
      description: "Petal Mart sells tulip bunches and mixed bouquets at low prices.",
      priceRange: "$3-$12",
      bestFor: "Tulips on a budget",
    };
    const auditRows = () => db.selectFrom("audit_log").selectAll().orderBy("id").execute();
    const idOf = async (name: string) =>
      (await db.selectFrom("grocery_stores").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;

    describe("listGroceryStoresForAdmin", () => {
      it("lists stores in the home page's order with their position and version", async () => {
        const page = await listGroceryStoresForAdmin(db, { page: 1 });
        expect(page).toMatchObject({ total: 3, page: 1, pageCount: 1 });
        expect(page.rows.map((s) => [s.name, s.position])).toEqual([
          ["Aldi", 0],
          ["Costco", 1],
          ["Kroger", 2],
        ]);
        expect(page.rows[1]).toMatchObject({ bestFor: "Bulk roses", priceRange: "$5-$20", updatedAt: T0 });
      });

      it("searches name, description and best for; % is a literal", async () => {
        const names = async (q: string) => (await listGroceryStoresForAdmin(db, { q, page: 1 })).rows.map((s) => s.name);
        expect(await names("COST")).toEqual(["Costco"]);
        expect(await names("bulk roses")).toEqual(["Costco"]);
        expect(await names("full-service")).toEqual(["Kroger"]);
        expect(await names("100%")).toEqual(["Kroger"]);
        expect(await names("%")).toEqual(["Kroger"]);
      });

      it("pages by 10 and counts pages from the matching rows", async () => {
        await db
          .insertInto("grocery_stores")
          .values(Array.from({ length: ADMIN_PAGE_SIZE }, (_, i) => store(`Extra ${String(i).padStart(2, "0")}`, 10 + i)))
          .execute();
        expect(await listGroceryStoresForAdmin(db, { page: 2 })).toMatchObject({ total: 13, page: 2, pageCount: 2 });
        expect((await listGroceryStoresForAdmin(db, { page: 2 })).rows).toHaveLength(3);
        expect(await listGroceryStoresForAdmin(db, { q: "extra", page: 5 })).toMatchObject({ total: 10, page: 1, pageCount: 1 });
      });
    });

    describe("createGroceryStore", () => {
      it("adds a store after the others when no position is given, and logs who added it", async () => {
        const id = await createGroceryStore(db, valid, actor);
        const row = await db.selectFrom("grocery_stores").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
        expect(row).toMatchObject({ name: "Petal Mart", price_range: "$3-$12", best_for: "Tulips on a budget", position: 3 });
        expect((await listGroceryStores(db)).at(-1)?.name).toBe("Petal Mart");
        const audit = await auditRows();
        expect(audit).toEqual([
          expect.objectContaining({
            action: "grocery_store.create",
            admin_id: actor.adminId,
            entity_type: "grocery_store",
            entity_id: String(id),
            ip: actor.ip,
          }),
        ]);
        expect(JSON.parse(audit[0]!.details!)).toEqual({ label: "Petal Mart" });
      });

      it("gives the store a page address of its own, numbered when another store has the name's, and saves its tips", async () => {
        const id = await createGroceryStore(db, { ...valid, name: "Trader Joe's", tips: "  Go early.  " }, actor);
        const again = await createGroceryStore(db, { ...valid, name: "Trader Joe’s" }, actor);
        const costco = await createGroceryStore(db, { ...valid, name: "COSTCO" }, actor);
        const slugs = await db
          .selectFrom("grocery_stores")
          .select(["id", "slug", "tips"])
          .where("id", "in", [id, again, costco])
          .orderBy("id")
          .execute();
        expect(slugs).toEqual([
          { id, slug: "trader-joes", tips: "Go early." },
          { id: again, slug: "trader-joes-2", tips: "" },
          { id: costco, slug: "costco-2", tips: "" },
        ]);
      });

      it("takes the position given", async () => {
        const id = await createGroceryStore(db, { ...valid, position: "0" }, actor);
        expect((await db.selectFrom("grocery_stores").select("position").where("id", "=", id).executeTakeFirstOrThrow()).position).toBe(0);
      });

      it.each([
        [{ name: "P" }, "name", "Enter the store's name (at least 2 characters)."],
        [{ description: "Too short" }, "description", "Describe what the store offers (at least 20 characters)."],
        [{ priceRange: "" }, "priceRange", "Enter a price range such as $4-$15."],
        [{ priceRange: "cheap" }, "priceRange", "Enter a price range such as $4-$15."],
        [{ bestFor: "" }, "bestFor", "Say what the store is best for (at least 3 characters)."],
        [{ position: "-1" }, "position", "The position is a whole number from 0 to 999."],
        [{ position: "1.5" }, "position", "The position is a whole number from 0 to 999."],
      ])("refuses %o with a message next to %s and stores nothing", async (change, field, message) => {
        const error = await rejection(createGroceryStore(db, { ...valid, ...change }, actor));
        expect(error.code).toBe("bad_request");
        expect(error.fieldErrors).toEqual({ [field]: message });
        expect(await listGroceryStores(db)).toHaveLength(3);
        expect(await auditRows()).toEqual([]);
      });
    });

    describe("updateGroceryStore and deleteGroceryStore", () => {
      it("saves an edit, keeping the position when none is given, and logs it", async () => {
        const id = await idOf("Costco");
        await updateGroceryStore(db, id, T0, { ...valid, name: "Costco Wholesale", position: "" }, actor);
        const row = await db.selectFrom("grocery_stores").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
        // The page keeps its address when the name changes: links to it never break.
        expect(row).toMatchObject({ name: "Costco Wholesale", slug: "costco", position: 1, best_for: "Tulips on a budget" });
        expect(row.updated_at > T0).toBe(true);
        expect((await auditRows()).map((a) => a.action)).toEqual(["grocery_store.update"]);
      });

      it("refuses a stale edit or delete with the conflict message", async () => {
        const id = await idOf("Aldi");
        await updateGroceryStore(db, id, T0, { ...valid, name: "Aldi" }, actor);
        const stale = await rejection(updateGroceryStore(db, id, T0, { ...valid, name: "Lost update" }, actor));
        expect(stale.code).toBe("conflict");
        expect(stale.message).toBe(conflictMessage(GROCERY_STORE_ENTITY));
        const staleDelete = await rejection(deleteGroceryStore(db, id, T0, actor));
        expect(staleDelete.message).toBe(conflictMessage(GROCERY_STORE_ENTITY));
        expect((await db.selectFrom("grocery_stores").select("name").where("id", "=", id).executeTakeFirstOrThrow()).name).toBe("Aldi");
        expect((await auditRows()).map((a) => a.action)).toEqual(["grocery_store.update"]);
      });

      it("deletes the version the admin saw and logs the store's name", async () => {
        const id = await idOf("Kroger");
        await deleteGroceryStore(db, id, T0, actor);
        expect((await listGroceryStores(db)).map((s) => s.name)).toEqual(["Aldi", "Costco"]);
        const [entry] = await auditRows();
        expect(entry).toMatchObject({ action: "grocery_store.delete", entity_id: String(id) });
        expect(JSON.parse(entry!.details!)).toEqual({ label: "Kroger" });
      });
    });
  });
}
