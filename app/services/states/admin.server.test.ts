import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import type { Database } from "~/db/schema";
import { conflictMessage } from "../admin/list";
import { citiesFromText, listStatesForAdmin, STATE_ENTITY, updateState } from "./admin.server";
import { findState } from "./states.server";
import { TEST_DATABASES, createTestAdmin, openTestDatabase, rejection } from "../../../tests/support/test-databases";

const T0 = "2026-01-01T00:00:00.000Z";

describe("citiesFromText", () => {
  it("reads one trimmed city per line and drops blank lines, whatever the line endings", () => {
    expect(citiesFromText("  Boise \r\n\r\nNampa\n  \nMeridian  ")).toEqual(["Boise", "Nampa", "Meridian"]);
  });
});

for (const database of TEST_DATABASES) {
  describe.runIf(database.enabled)(`state admin on ${database.name}`, () => {
    let handle: DatabaseHandle;
    let db: Kysely<Database>;
    let cleanup: () => Promise<void>;
    let actor: { adminId: number; email: string; ip: string };

    beforeAll(async () => {
      const opened = await openTestDatabase(database.name, "states-admin");
      handle = opened.handle;
      db = handle.db;
      cleanup = opened.cleanup;
      actor = await createTestAdmin(db, { email: "ann@example.com", name: "Ann", ip: "203.0.113.9" });
    });
    afterAll(() => cleanup());

    beforeEach(async () => {
      await db.deleteFrom("audit_log").execute();
      await db.deleteFrom("wholesalers").execute();
      await db.deleteFrom("cities").execute();
      await db.deleteFrom("states").execute();
      const state = (id: string, name: string, code: string, region: string) => ({
        id,
        name,
        code,
        region,
        created_at: T0,
        updated_at: T0,
      });
      await db
        .insertInto("states")
        .values([
          state("idaho", "Idaho", "ID", "West"),
          state("newyork", "New York", "NY", "Northeast"),
          state("newmexico", "New Mexico", "NM", "Southwest"),
          state("ohio", "Ohio", "OH", "Midwest"),
        ])
        .execute();
      await db
        .insertInto("cities")
        .values(
          ["Boise", "Nampa", "Meridian"]
            .map((name, position) => ({ state_id: "idaho", name, position }))
            .concat(["New York City", "Buffalo", "Rochester"].map((name, position) => ({ state_id: "newyork", name, position }))),
        )
        .execute();
      const wholesaler = (name: string, stateId: string) => ({
        name,
        address: "1 Market St",
        city: "Town",
        state_id: stateId,
        zipcode: "10001",
        type: "Wholesale",
        hours: "",
        description: "",
        latitude: 40,
        longitude: -74,
        featured: 0,
        created_at: T0,
        updated_at: T0,
      });
      await db
        .insertInto("wholesalers")
        .values([wholesaler("A", "newyork"), wholesaler("B", "newyork"), wholesaler("C", "idaho")])
        .execute();
    });

    describe("listStatesForAdmin", () => {
      it("lists states by name with cities in order and their number of wholesalers", async () => {
        const page = await listStatesForAdmin(db, { page: 1 });
        expect(page).toMatchObject({ total: 4, page: 1, pageCount: 1 });
        expect(page.rows.map((s) => s.name)).toEqual(["Idaho", "New Mexico", "New York", "Ohio"]);
        expect(page.rows[0]).toEqual({
          id: "idaho",
          name: "Idaho",
          code: "ID",
          region: "West",
          cities: ["Boise", "Nampa", "Meridian"],
          wholesalerCount: 1,
          updatedAt: T0,
        });
        expect(page.rows.map((s) => s.wholesalerCount)).toEqual([1, 0, 2, 0]);
        expect(page.rows[1]!.cities).toEqual([]);
      });

      it("searches name and id case-insensitively, with LIKE wildcards taken literally", async () => {
        expect((await listStatesForAdmin(db, { q: "NEW", page: 1 })).rows.map((s) => s.id)).toEqual(["newmexico", "newyork"]);
        expect((await listStatesForAdmin(db, { q: "newy", page: 1 })).rows.map((s) => s.id)).toEqual(["newyork"]);
        expect((await listStatesForAdmin(db, { q: "new york", page: 1 })).rows.map((s) => s.id)).toEqual(["newyork"]);
        expect((await listStatesForAdmin(db, { q: "%", page: 1 })).total).toBe(0);
        expect((await listStatesForAdmin(db, { q: "o_io", page: 1 })).total).toBe(0);
      });

      it("filters by region, ignores an unknown region, and counts pages from the filtered total", async () => {
        expect((await listStatesForAdmin(db, { region: "Northeast", page: 1 })).rows.map((s) => s.id)).toEqual(["newyork"]);
        expect((await listStatesForAdmin(db, { region: "Atlantis", page: 1 })).total).toBe(4);
        const filtered = await listStatesForAdmin(db, { q: "o", region: "Midwest", page: 9 });
        expect(filtered).toMatchObject({ total: 1, page: 1, pageCount: 1 });
      });
    });

    describe("updateState", () => {
      const valid = { name: "Idaho", region: "Southwest", cities: "  Boise\n\nTwin Falls \nPocatello\nIdaho Falls\n" };

      it("saves name and region, replaces the cities in the order given, and writes the audit log", async () => {
        await updateState(db, "idaho", T0, { ...valid, name: " Gem State " }, actor);
        const state = await findState(db, "idaho");
        expect(state).toMatchObject({ name: "Gem State", region: "Southwest" });
        expect(state!.cities.map((c) => c.name)).toEqual(["Boise", "Twin Falls", "Pocatello", "Idaho Falls"]);
        const row = await db.selectFrom("states").select("updated_at").where("id", "=", "idaho").executeTakeFirstOrThrow();
        expect(row.updated_at > T0).toBe(true);
        const audit = await db.selectFrom("audit_log").selectAll().execute();
        expect(audit).toEqual([
          expect.objectContaining({
            action: "state.update",
            admin_id: actor.adminId,
            actor: actor.email,
            entity_type: STATE_ENTITY,
            entity_id: "idaho",
            ip: actor.ip,
          }),
        ]);
        expect(JSON.parse(audit[0]!.details!)).toMatchObject({ label: "Gem State", region: "Southwest" });
        // Other states keep their cities.
        expect((await findState(db, "newyork"))!.cities).toHaveLength(3);
      });

      it("refuses a save made from an older version with the conflict message, and changes nothing", async () => {
        await updateState(db, "idaho", T0, valid, actor);
        const error = await rejection(updateState(db, "idaho", T0, { ...valid, name: "Stale", cities: "A1\nB2\nC3" }, actor));
        expect(error.code).toBe("conflict");
        expect(error.message).toBe(conflictMessage(STATE_ENTITY));
        const state = await findState(db, "idaho");
        expect(state!.name).toBe("Idaho");
        expect(state!.cities.map((c) => c.name)).toEqual(["Boise", "Twin Falls", "Pocatello", "Idaho Falls"]);
        expect(await db.selectFrom("audit_log").selectAll().execute()).toHaveLength(1);
      });

      it.each([
        [{ cities: "Boise\nNampa" }, "cities", "List 3 to 12 cities, one per line (you listed 2)."],
        [
          { cities: Array.from({ length: 13 }, (_, i) => `City ${i + 1}`).join("\n") },
          "cities",
          "List 3 to 12 cities, one per line (you listed 13).",
        ],
        [{ cities: "Boise\nX\nNampa" }, "cities", 'Each city name is 2 to 60 characters: "X" is not.'],
        [{ cities: `Boise\n${"y".repeat(61)}\nNampa` }, "cities", `Each city name is 2 to 60 characters: "${"y".repeat(61)}" is not.`],
        [{ cities: "Boise\nNampa\n boise " }, "cities", "boise is listed more than once."],
        [{ name: " I " }, "name", "Enter the state's name (at least 2 characters)."],
        [{ region: "Central States" }, "region", "Choose a region: Northeast, Southeast, Midwest, Southwest, West."],
        [{ name: "new york" }, "name", "Another state is already named new york."],
      ])("refuses %o with a message next to %s", async (change, field, message) => {
        const error = await rejection(updateState(db, "idaho", T0, { ...valid, ...change }, actor));
        expect(error.code).toBe("bad_request");
        expect(error.fieldErrors).toEqual({ [field]: message });
        expect((await findState(db, "idaho"))!.cities.map((c) => c.name)).toEqual(["Boise", "Nampa", "Meridian"]);
        expect(await db.selectFrom("audit_log").selectAll().execute()).toEqual([]);
      });

      it("reports a taken name together with the other fields' problems", async () => {
        const error = await rejection(updateState(db, "idaho", T0, { ...valid, name: "New Mexico", cities: "Boise" }, actor));
        expect(error.fieldErrors).toEqual({
          name: "Another state is already named New Mexico.",
          cities: "List 3 to 12 cities, one per line (you listed 1).",
        });
      });

      it("answers 'not found' for a state that does not exist", async () => {
        const error = await rejection(updateState(db, "atlantis", T0, valid, actor));
        expect(error.code).toBe("not_found");
      });
    });
  });
}
