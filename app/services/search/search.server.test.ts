import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import type { Database } from "~/db/schema";
import { normalizeSearchQuery, SEARCH_QUERY_MAX_LENGTH, searchTerms } from "./query";
import { markdownToText, POSTGRES_SEARCH_DOCUMENTS, SEARCH_RESULTS_PER_KIND, searchSite } from "./search.server";
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

  it("keeps only letters and digits of any script, without accents", () => {
    expect(searchTerms(`"rose*" NEAR(tulip) -- '; drop table x; AND:*`)).toEqual(["rose", "near", "tulip", "drop", "table", "x", "and"]);
    expect(searchTerms("Café Zürich 100%_direct")).toEqual(["cafe", "zurich", "100", "direct"]);
    expect(searchTerms("花市場 🌷")).toEqual(["花市場"]);
    expect(searchTerms("*** -- ()")).toEqual([]);
  });
});

describe("markdownToText", () => {
  it("keeps the words a reader sees", () => {
    expect(markdownToText("## Pick roses\n\n- **Cut** the [stems](https://example.com) _low_\n![a vase](/v.jpg)")).toBe(
      "Pick roses Cut the stems low a vase",
    );
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
          {
            ...post("Peony Guide", "Choosing stems.", "published", "2026-01-05"),
            content: "How to keep them fresh.",
          },
          {
            ...post("Spring Bouquets", "Seasonal ideas.", "published", "2026-02-05"),
            content: `${"Tulips, ranunculus and greenery. ".repeat(12)}Add one peony, or three peonies, at the centre of each bouquet. Peony season is short.`,
          },
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
      // Every listing of the fixture says "Roses by the bunch"; only two are in Portland.
      expect(results.wholesalers.items.map((w) => w.name).sort()).toEqual(["Portland Flower Market", "Rose City Wholesale"]);
      expect(results.festivals?.items.map((f) => f.name)).toEqual(["Portland Rose Festival"]);
    });

    it("finds states by name", async () => {
      expect((await searchSite(db, "island", everything)).states.items.map((s) => s.id)).toEqual(["rhodeisland"]);
    });

    it("finds published posts by title, excerpt or body, never drafts, a title match first", async () => {
      const results = await searchSite(db, "roses", everything);
      expect(results.posts?.items.map((p) => p.title)).toEqual(["Rose Care Basics", "Buying at the Market"]);
      const body = await searchSite(db, "everywhere", everything);
      expect(body.posts?.items.map((p) => p.title).sort()).toEqual(["Buying at the Market", "Rose Care Basics"]);
      expect(body.posts?.items[0]?.snippet).toBe("Portland and roses everywhere in the body.");
    });

    it("ranks a title match above an article that only mentions the word, and excerpts the article around it", async () => {
      const results = await searchSite(db, "peony", everything);
      expect(results.posts?.items.map((p) => p.title)).toEqual(["Peony Guide", "Spring Bouquets"]);
      expect(results.posts?.items[0]?.snippet).toBeNull();
      const snippet = results.posts?.items[1]?.snippet ?? "";
      expect(snippet.startsWith("…")).toBe(true);
      expect(snippet).toContain("Add one peony, or three peonies");
      expect(snippet.length).toBeLessThanOrEqual(152);
    });

    it("matches the last word as a prefix while the visitor is typing", async () => {
      expect((await searchSite(db, "portl", everything)).wholesalers.items.map((w) => w.name)).toEqual([
        "Portland Flower Market",
        "Rose City Wholesale",
      ]);
      expect((await searchSite(db, "valley ste", everything)).wholesalers.count).toBe(SEARCH_RESULTS_PER_KIND + 5);
    });

    it("finds festivals by name, city, state and description, a name match first", async () => {
      const results = await searchSite(db, "portland", everything);
      expect(results.festivals?.items.map((f) => f.name)).toEqual(["Portland Rose Festival", "Tulip Days"]);
      expect((await searchSite(db, "new york", everything)).festivals?.items.map((f) => f.name)).toEqual(["Lilac Weekend"]);
      expect(results.festivals?.items[1]).toEqual({
        id: expect.any(Number) as number,
        name: "Tulip Days",
        city: "Woodburn",
        state: "Oregon",
        startDate: "2026-04-01",
        endDate: "2026-04-01",
        snippet: "Fields of tulips near Portland.",
      });
    });

    it("counts every match but returns at most 20 per kind", async () => {
      const results = await searchSite(db, "valley stems", everything);
      expect(results.wholesalers.count).toBe(SEARCH_RESULTS_PER_KIND + 5);
      expect(results.wholesalers.items).toHaveLength(SEARCH_RESULTS_PER_KIND);
      expect(results.total).toBe(SEARCH_RESULTS_PER_KIND + 5);
    });

    it("answers hostile input normally: quotes, operators, SQL and FTS syntax are only words", async () => {
      const inputs = [
        `"`,
        `"rose`,
        `rose"`,
        "*",
        "rose*",
        "NEAR(",
        "NEAR(rose tulip, 2)",
        "AND OR NOT",
        "rose AND NOT tulip",
        "--",
        "'; drop table wholesalers; --",
        "name:rose",
        "{name}: rose",
        "rose:*",
        "!rose & | <->",
        "^rose",
        "\\",
        "%",
        "_",
        "100%",
        "Café 花 🌷",
        "r".repeat(200),
        normalizeSearchQuery("rose ".repeat(40)),
      ];
      for (const input of inputs) {
        const results = await searchSite(db, input, everything);
        expect(results.total, input).toBeGreaterThanOrEqual(0);
      }
      expect((await searchSite(db, `"rose city`, everything)).wholesalers.items.map((w) => w.name)).toEqual(["Rose City Wholesale"]);
      expect((await searchSite(db, "100%", everything)).wholesalers.items.map((w) => w.name)).toEqual(["100% Blooms_Direct"]);
      expect((await searchSite(db, "blooms_direct", everything)).wholesalers.count).toBe(1);
      expect((await searchSite(db, "'; drop table wholesalers; --", everything)).total).toBe(0);
      expect(
        await db
          .selectFrom("wholesalers")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirst(),
      ).toEqual({
        n: SEARCH_RESULTS_PER_KIND + 9,
      });
    });

    it("keeps the index right as rows are added, changed and removed", async () => {
      const row = await db
        .insertInto("wholesalers")
        .values({
          name: "Zinnia Barn",
          address: "9 Farm Rd",
          city: "Salem",
          state_id: "oregon",
          zipcode: "97301",
          type: "Retail",
          hours: "Saturdays at dawn",
          description: "Cut-your-own dahlias.",
          featured: 0,
          latitude: 44.9,
          longitude: -123,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const names = async (query: string) => (await searchSite(db, query, everything)).wholesalers.items.map((w) => w.name);
      expect(await names("zinnia")).toEqual(["Zinnia Barn"]);
      expect(await names("dawn dahlias")).toEqual(["Zinnia Barn"]);
      expect((await searchSite(db, "dahlias", everything)).wholesalers.items[0]?.snippet).toBe("Cut-your-own dahlias.");

      await db.updateTable("wholesalers").set({ name: "Sunflower Barn", description: "Pumpkins." }).where("id", "=", row.id).execute();
      expect(await names("zinnia")).toEqual([]);
      expect(await names("dahlias")).toEqual([]);
      expect(await names("sunflower pumpkins")).toEqual(["Sunflower Barn"]);

      // A state's new name reaches the entries of its wholesalers.
      await db.updateTable("states").set({ name: "Beaver State" }).where("id", "=", "oregon").execute();
      expect(await names("sunflower beaver")).toEqual(["Sunflower Barn"]);
      expect((await searchSite(db, "beaver", everything)).states.items.map((s) => s.id)).toEqual(["oregon"]);
      await db.updateTable("states").set({ name: "Oregon" }).where("id", "=", "oregon").execute();
      expect(await names("sunflower beaver")).toEqual([]);
      expect(await names("sunflower oregon")).toEqual(["Sunflower Barn"]);

      await db.deleteFrom("wholesalers").where("id", "=", row.id).execute();
      expect(await names("sunflower")).toEqual([]);

      await db.updateTable("blog_posts").set({ status: "draft" }).where("title", "=", "Peony Guide").execute();
      expect((await searchSite(db, "peony", everything)).posts?.items.map((p) => p.title)).toEqual(["Spring Bouquets"]);
      await db.updateTable("blog_posts").set({ status: "published" }).where("title", "=", "Peony Guide").execute();

      await db.updateTable("festivals").set({ description: "Lilacs and marigolds." }).where("name", "=", "Lilac Weekend").execute();
      expect((await searchSite(db, "marigolds", everything)).festivals?.items.map((f) => f.name)).toEqual(["Lilac Weekend"]);
      await db.deleteFrom("festivals").where("name", "=", "Lilac Weekend").execute();
      expect((await searchSite(db, "marigolds", everything)).festivals?.count).toBe(0);
      expect((await searchSite(db, "lilac", everything)).festivals?.count).toBe(0);
    });

    if (database.name === "PostgreSQL")
      it("repeats the GIN indexes' expressions, so that the planner can use them", async () => {
        for (const [table, document] of Object.entries(POSTGRES_SEARCH_DOCUMENTS)) {
          const plan = await db.transaction().execute(async (trx) => {
            await sql`set local enable_seqscan = off`.execute(trx);
            return sql<{
              "QUERY PLAN": string;
            }>`explain select 1 from ${sql.table(table)} where ${document} @@ to_tsquery('english', 'rose')`.execute(trx);
          });
          expect(plan.rows.map((row) => row["QUERY PLAN"]).join("\n"), table).toContain(`${table}_search_idx`);
        }
      });

    it("leaves out the blog and festivals when they are switched off", async () => {
      const results = await searchSite(db, "portland", { blog: false, festivals: false });
      expect(results.wholesalers.count).toBe(2);
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
