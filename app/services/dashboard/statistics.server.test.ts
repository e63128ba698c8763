import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/schema";
import { openTestDatabase, TEST_DATABASES } from "../../../tests/support/test-databases";
import { countPerWeek, getDashboardStatistics, TOP_STATES, weekStartOf } from "./statistics.server";

const T0 = "2026-01-01T00:00:00.000Z";

describe("weeks", () => {
  it("start on Monday", () => {
    expect(weekStartOf("2026-03-02")).toBe("2026-03-02");
    expect(weekStartOf("2026-03-08")).toBe("2026-03-02");
    expect(weekStartOf("2026-03-09")).toBe("2026-03-09");
    expect(weekStartOf("2026-01-01")).toBe("2025-12-29");
  });

  it("counts timestamps per week on the site's Pacific calendar, oldest week first, the current week last", () => {
    // Wednesday 2026-03-11, 10:00 in Los Angeles.
    const now = new Date("2026-03-11T17:00:00.000Z");
    const weeks = countPerWeek(
      [
        "2026-03-09T08:00:00.000Z", // Monday 01:00 Pacific: this week
        "2026-03-09T06:59:00.000Z", // Sunday 23:59 Pacific: last week, although Monday in UTC
        "2026-03-02T12:00:00.000Z",
        "2025-12-22T12:00:00.000Z", // the first of the 12 weeks
        "2025-12-21T12:00:00.000Z", // before it
        "not a date",
      ],
      now,
      12,
    );
    expect(weeks).toHaveLength(12);
    expect(weeks[0]).toEqual({ weekStart: "2025-12-22", count: 1 });
    expect(weeks[10]).toEqual({ weekStart: "2026-03-02", count: 2 });
    expect(weeks[11]).toEqual({ weekStart: "2026-03-09", count: 1 });
    expect(weeks.reduce((sum, week) => sum + week.count, 0)).toBe(4);
  });
});

for (const database of TEST_DATABASES) {
  describe.runIf(database.enabled)(`dashboard statistics on ${database.name}`, () => {
    let db: Kysely<Database>;
    let cleanup: () => Promise<void>;
    const now = new Date("2026-03-11T17:00:00.000Z");

    beforeAll(async () => {
      const opened = await openTestDatabase(database.name, "statistics");
      db = opened.handle.db;
      cleanup = opened.cleanup;
      const regions = ["West", "Southwest", "Northeast"];
      // 18 states: state n has n wholesalers (1..18), so the top 15 are states 18 down to 4.
      const states = Array.from({ length: 18 }, (_, i) => ({
        id: `state${String(i + 1).padStart(2, "0")}`,
        name: `State ${String(i + 1).padStart(2, "0")}`,
        code: `S${String.fromCharCode(65 + i)}`,
        region: regions[i % 3]!,
        created_at: T0,
        updated_at: T0,
      }));
      await db.insertInto("states").values(states).execute();
      const wholesalers = states.flatMap((state, i) =>
        Array.from({ length: i + 1 }, (_, n) => ({
          name: `${state.name} market ${n}`,
          address: `${n} Main Street`,
          city: "Town",
          state_id: state.id,
          zipcode: "90012",
          type: "Wholesale",
          hours: "",
          description: "",
          featured: 0,
          latitude: 34,
          longitude: -118,
          created_at: T0,
          updated_at: T0,
        })),
      );
      for (let i = 0; i < wholesalers.length; i += 50)
        await db
          .insertInto("wholesalers")
          .values(wholesalers.slice(i, i + 50))
          .execute();
      const subscriber = (email: string, createdAt: string, unsubscribedAt: string | null = null) => ({
        email,
        email_normalized: email,
        unsubscribe_token: `token-${email}`,
        created_at: createdAt,
        unsubscribed_at: unsubscribedAt,
      });
      await db
        .insertInto("newsletter_subscribers")
        .values([
          subscriber("a@example.com", "2026-03-10T12:00:00.000Z"),
          subscriber("b@example.com", "2026-03-03T12:00:00.000Z", "2026-03-05T12:00:00.000Z"),
          subscriber("c@example.com", "2026-03-04T12:00:00.000Z"),
          subscriber("old@example.com", "2025-06-01T12:00:00.000Z"),
        ])
        .execute();
    });
    afterAll(() => cleanup());

    it("counts wholesalers per state (top 15, most first) and per region (every region)", async () => {
      const statistics = await getDashboardStatistics(db, now);
      expect(statistics.totalWholesalers).toBe((18 * 19) / 2);
      expect(statistics.statesWithWholesalers).toBe(18);
      expect(statistics.wholesalersByState).toHaveLength(TOP_STATES);
      expect(statistics.wholesalersByState[0]).toEqual({ label: "State 18", count: 18 });
      expect(statistics.wholesalersByState.at(-1)).toEqual({ label: "State 04", count: 4 });
      // Regions in the taxonomy's order; states 1, 4, 7 ... are West; 2, 5, 8 ... Southwest; 3, 6, 9 ... Northeast.
      const sum = (first: number) => Array.from({ length: 6 }, (_, k) => first + 3 * k).reduce((a, b) => a + b, 0);
      expect(statistics.wholesalersByRegion).toEqual([
        { label: "Northeast", count: sum(3) },
        { label: "Southeast", count: 0 },
        { label: "Midwest", count: 0 },
        { label: "Southwest", count: sum(2) },
        { label: "West", count: sum(1) },
      ]);
    });

    it("counts newsletter sign-ups per week over the last 12 weeks, including people who left later", async () => {
      const { subscribersByWeek } = await getDashboardStatistics(db, now);
      expect(subscribersByWeek).toHaveLength(12);
      expect(subscribersByWeek.at(-1)).toEqual({ weekStart: "2026-03-09", count: 1 });
      expect(subscribersByWeek.at(-2)).toEqual({ weekStart: "2026-03-02", count: 2 });
      expect(subscribersByWeek.reduce((total, week) => total + week.count, 0)).toBe(3);
    });
  });
}
