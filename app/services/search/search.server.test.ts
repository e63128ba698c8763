import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import type { Database } from "~/db/schema";
import { normalizeSearchQuery, SEARCH_QUERY_MAX_LENGTH, searchTerms } from "./query";
import { SEARCH_RESULTS_PER_KIND, searchSite } from "./search.server";
import { TEST_DATABASES, openTestDatabase } from "../../../tests/support/test-databases";

const now = "2026-04-01T00:00:00.000Z";
const everything = { blog: true, festivals: true };

describe("normalizeSearchQuery and searchTerms", () => {
  it("trims, collapses spaces and removes control characters", () => {
    expect(normalizeSearchQuery("  Rose \t\n  Market\u0000 ")).toBe("Rose Market");
    expect(normalizeSearchQuery(null)).toBe("");
    expect(normalizeSearchQuery("   ")).toBe("");
  });

  it("cuts long input to 100 characters without splitting a character", () => {
    expect(normalizeSearchQuery("a".repeat(500))).toHaveLength(SEARCH_QUERY_MAX_LENGTH);
    const flowers = normalizeSearchQuery("🌷".repeat(150));
    expect(Array.from(flowers)).toHaveLength(SEARCH_QUERY_MAX_LENGTH);
  });

  it("searches each distinct word once, in lower case", () => {
    expect(searchTerms("Rose rose MARKET")).toEqual(["rose", "market"]);
    expect(searchTerms("a b c d e f g h i j")).toHaveLength(8);
  });
});

for (const database of TEST_DATABASES) {
  describe.runIf(database.enabled)(`searchSite on ${database.name}`, () => {
    let handle: DatabaseHandle;
    let db: Kysely<Database>;
    let cleanup: () => Promise<void>;

    beforeAll(async () => {
      const opened = await openTestDatabase(database.name, "search");
      handle = opened.handle;
      db = handle.db;
      cleanup = opened.cleanup;
      const state = (id: string, name: string, code: string) => ({ id, name, code, region: "West", created_at: now, updated_at: now });
      await db
        .insertInto("states")
        .values([state("oregon", "Oregon", "OR"), state("california", "California", "CA"), state("rhodeisland", "Rhode Island", "RI")])
        .execute();
      const wholesaler = (name: string, city: string, stateId: string) => ({
        name,
        address: "1 Main St",
        city,
        state_id: stateId,
        zipcode: "97201",
        type: "Wholesale",
        hours: "",
        description: "Roses by the bunch",
        featured: 0,
        latitude: 45.5,
        longitude: -122.6,
        created_at: now,
        updated_at: now,
      });
      await db
        .insertInto("wholesalers")
        .values([
          wholesaler("Portland Flower Market", "Portland", "oregon"),
          wholesaler("Rose City Wholesale", "Portland", "oregon"),
          wholesaler("Los Angeles Flower Mart", "Los Angeles", "california"),
          wholesaler("100% Blooms_Direct", "Eugene", "oregon"),
          ...Array.from({ length: SEARCH_RESULTS_PER_KIND + 5 }, (_, i) =>
            wholesaler(`Valley Stems ${String(i).padStart(2, "0")}`, "Fresno", "california"),
          ),
        ])
        .execute();
      const post = (title: string, excerpt: string, status: string, date: string) => ({
        title,
        excerpt,
        content: "Portland and roses everywhere in the body.",
        category: "Tips",
        date,
        status,
        created_at: now,
        updated_at: now,
      });
      await db
        .insertInto("blog_posts")
        .values([
          post("Rose Care Basics", "Make roses last a week.", "published", "2026-03-01"),
          post("Buying at the Market", "Bring cash and a bucket for your ROSES.", "published", "2026-03-10"),
          post("Draft about roses", "Not out yet.", "draft", "2026-03-20"),
        ])
        .execute();
      const festival = (name: string, city: string, stateName: string, description: string, start: string) => ({
        name,
        description,
        start_date: start,
        end_date: start,
        location: "Park",
        city,
        state: stateName,
        featured: 0,
        created_at: now,
        updated_at: now,
      });
      await db
        .insertInto("festivals")
        .values([
          festival("Portland Rose Festival", "Portland", "Oregon", "Parades and roses.", "2026-06-01"),
          festival("Tulip Days", "Woodburn", "Oregon", "Fields of tulips near Portland.", "2026-04-01"),
          festival("Lilac Weekend", "Rochester", "New York", "Hundreds of lilacs.", "2026-05-10"),
        ])
        .execute();
    });

    afterAll(async () => {
      await cleanup();
    });

    it("finds wholesalers by name, city and state name, case-insensitively", async () => {
      const byName = await searchSite(db, "FLOWER market", everything);
      expect(byName.wholesalers.items.map((w) => w.name)).toEqual(["Portland Flower Market"]);
      const byCity = await searchSite(db, "portland", everything);
      expect(byCity.wholesalers.items.map((w) => w.name)).toEqual(["Portland Flower Market", "Rose City Wholesale"]);
      expect(byCity.wholesalers.items[0]).toMatchObject({ city: "Portland", state: "Oregon", stateId: "oregon", type: "Wholesale" });
      const byState = await searchSite(db, "oregon", everything);
      expect(byState.wholesalers.count).toBe(3);
      expect(byState.states.items).toEqual([{ id: "oregon", name: "Oregon", region: "West" }]);
    });

    it("needs every word to match somewhere", async () => {
      const results = await searchSite(db, "rose portland", everything);
      expect(results.wholesalers.items.map((w) => w.name)).toEqual(["Rose City Wholesale"]);
      expect(results.festivals?.items.map((f) => f.name)).toEqual(["Portland Rose Festival"]);
    });

    it("finds states by name", async () => {
      expect((await searchSite(db, "island", everything)).states.items.map((s) => s.id)).toEqual(["rhodeisland"]);
    });

    it("finds published posts by title or excerpt, newest first, never drafts or by body text", async () => {
      const results = await searchSite(db, "roses", everything);
      expect(results.posts?.items.map((p) => p.title)).toEqual(["Buying at the Market", "Rose Care Basics"]);
      expect((await searchSite(db, "everywhere", everything)).posts?.count).toBe(0);
    });

    it("finds festivals by name, city, state and description, soonest first", async () => {
      const results = await searchSite(db, "portland", everything);
      expect(results.festivals?.items.map((f) => f.name)).toEqual(["Tulip Days", "Portland Rose Festival"]);
      expect((await searchSite(db, "new york", everything)).festivals?.items.map((f) => f.name)).toEqual(["Lilac Weekend"]);
      expect(results.festivals?.items[0]).toEqual({
        id: expect.any(Number) as number,
        name: "Tulip Days",
        city: "Woodburn",
        state: "Oregon",
        startDate: "2026-04-01",
        endDate: "2026-04-01",
      });
    });

    it("counts every match but returns at most 20 per kind", async () => {
      const results = await searchSite(db, "valley stems", everything);
      expect(results.wholesalers.count).toBe(SEARCH_RESULTS_PER_KIND + 5);
      expect(results.wholesalers.items).toHaveLength(SEARCH_RESULTS_PER_KIND);
      expect(results.total).toBe(SEARCH_RESULTS_PER_KIND + 5);
    });

    it("treats % and _ as the characters they are", async () => {
      expect((await searchSite(db, "100%", everything)).wholesalers.items.map((w) => w.name)).toEqual(["100% Blooms_Direct"]);
      expect((await searchSite(db, "s_d", everything)).wholesalers.count).toBe(1);
      expect((await searchSite(db, "y_s", everything)).wholesalers.count).toBe(0);
      expect((await searchSite(db, "%", everything)).wholesalers.count).toBe(1);
      expect((await searchSite(db, "\\", everything)).total).toBe(0);
    });

    it("leaves out the blog and festivals when they are switched off", async () => {
      const results = await searchSite(db, "portland", { blog: false, festivals: false });
      expect(results).not.toHaveProperty("posts");
      expect(results).not.toHaveProperty("festivals");
      expect(results.total).toBe(results.wholesalers.count + results.states.count);
    });

    it("finds nothing for a blank query", async () => {
      const results = await searchSite(db, "", everything);
      expect(results.total).toBe(0);
      expect(results.posts).toEqual({ count: 0, items: [] });
    });
  });
}
