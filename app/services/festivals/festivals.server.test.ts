import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import type { Database } from "~/db/schema";
import { toDbBool } from "~/db/schema";
import { searchSite } from "../search/search.server";
import { getFestival, listFestivals, listUpcomingFestivals } from "./festivals.server";
import { TEST_DATABASES, openTestDatabase } from "../../../tests/support/test-databases";

const now = "2026-04-01T00:00:00.000Z";
const row = (name: string, start: string, end: string, recurrence: string | null) => ({
  name,
  description: `${name}, a festival of flowers.`,
  start_date: start,
  end_date: end,
  location: "Park",
  city: "Albany",
  state: "New York",
  featured: toDbBool(false),
  recurrence,
  created_at: now,
  updated_at: now,
});

for (const database of TEST_DATABASES) {
  describe.runIf(database.enabled)(`festivals that roll forward on ${database.name}`, () => {
    let handle: DatabaseHandle;
    let db: Kysely<Database>;
    let cleanup: () => Promise<void>;
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      const opened = await openTestDatabase(database.name, "festival-rules");
      handle = opened.handle;
      db = handle.db;
      cleanup = opened.cleanup;
      // Stored years ago, as a site left running would hold them.
      for (const values of [
        row("Tulip Weekend", "2024-05-11", "2024-05-12", "FREQ=YEARLY;BYMONTH=5;BYDAY=SA;BYMONTHDAY=7,8,9,10,11,12,13"),
        row("Lei Day", "2025-05-01", "2025-05-01", "FREQ=YEARLY;BYMONTH=5;BYMONTHDAY=1"),
        row("Centennial Bloom", "2025-06-01", "2025-06-03", null),
        row("Late Show", "2026-09-01", "2026-09-02", null),
      ]) {
        const inserted = await db.insertInto("festivals").values(values).returning("id").executeTakeFirstOrThrow();
        ids[values.name] = inserted.id;
      }
    });

    afterAll(() => cleanup());

    it("lists a yearly festival on its next occurrence and leaves an ended one-off out of the upcoming list", async () => {
      const upcoming = await listUpcomingFestivals(db, undefined, "2026-05-05");
      expect(upcoming.map((f) => [f.name, f.startDate, f.endDate])).toEqual([
        ["Tulip Weekend", "2026-05-09", "2026-05-10"],
        ["Late Show", "2026-09-01", "2026-09-02"],
        ["Lei Day", "2027-05-01", "2027-05-01"],
      ]);
      // Two years on, with nobody touching the data, the yearly ones are still there.
      const later = await listUpcomingFestivals(db, undefined, "2028-06-01");
      expect(later.map((f) => [f.name, f.startDate])).toEqual([
        ["Lei Day", "2029-05-01"],
        ["Tulip Weekend", "2029-05-12"],
      ]);
    });

    it("keeps an ended one-off in the full list on its own dates, and on its page", async () => {
      const all = await listFestivals(db, {}, "2026-05-05");
      expect(all.map((f) => [f.name, f.startDate])).toEqual([
        ["Centennial Bloom", "2025-06-01"],
        ["Tulip Weekend", "2026-05-09"],
        ["Late Show", "2026-09-01"],
        ["Lei Day", "2027-05-01"],
      ]);
      expect(await getFestival(db, ids["Centennial Bloom"]!, "2026-05-05")).toMatchObject({ startDate: "2025-06-01", recurrence: null });
      expect(await getFestival(db, ids["Tulip Weekend"]!, "2026-05-05")).toMatchObject({
        startDate: "2026-05-09",
        endDate: "2026-05-10",
        recurrence: "FREQ=YEARLY;BYMONTH=5;BYDAY=SA;BYMONTHDAY=7,8,9,10,11,12,13",
      });
    });

    it("filters by the month of the current occurrence", async () => {
      expect((await listFestivals(db, { month: 5 }, "2026-05-05")).map((f) => f.name)).toEqual(["Tulip Weekend", "Lei Day"]);
      expect((await listFestivals(db, { month: 6 }, "2026-05-05")).map((f) => f.name)).toEqual(["Centennial Bloom"]);
    });

    it("shows the current occurrence in the site search, and still finds the one-off that is over", async () => {
      const found = await searchSite(db, "festival flowers", { blog: false, festivals: true });
      const byName = new Map(found.festivals?.items.map((f) => [f.name, f.startDate]));
      expect(byName.get("Centennial Bloom")).toBe("2025-06-01");
      // Today's date (the site's clock): the stored 2024 weekend is long over, so it is never shown.
      expect(byName.get("Tulip Weekend")! > "2026-01-01").toBe(true);
    });
  });
}
