import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
import type { Actor } from "../admin/list";
import { closeListingFromReport } from "../reports/admin.server";
import { TEST_DATABASES, createTestAdmin, openTestDatabase, rejection } from "../../../tests/support/test-databases";
import { createWholesaler, listWholesalersForAdmin, updateWholesaler } from "./admin.server";
import { findListing, findNearbyListings } from "./listing.server";
import { findNearestWholesalers, findWholesalersNear, findWholesalersNearZipcode, listWholesalersByState } from "./wholesalers.server";
import { TOO_LONG_MESSAGE } from "./special-hours-schema";

const TODAY = "2026-03-01";

const base = {
  address: "1 Wall St",
  city: "Los Angeles",
  stateId: "california",
  zipcode: "90014",
  type: "Wholesale",
};

for (const database of TEST_DATABASES) {
  describe.runIf(database.enabled)(`special hours and closed status on ${database.name}`, () => {
    let db: Kysely<Database>;
    let cleanup: () => Promise<void>;
    let actor: Actor;
    const version = async (id: number) =>
      (await db.selectFrom("wholesalers").select("updated_at").where("id", "=", id).executeTakeFirstOrThrow()).updated_at;

    beforeAll(async () => {
      const opened = await openTestDatabase(database.name, "closed-status");
      db = opened.handle.db;
      cleanup = opened.cleanup;
      await seedDatabase(db, TODAY);
      actor = await createTestAdmin(db);
    }, 60_000);
    afterAll(() => cleanup());

    it("saves special hours and a status from the form, as JSON or as the plain text field, and reads them back", async () => {
      const special = [{ from: "2027-02-14", to: "2027-02-14", ranges: [], note: "Valentine's Day: closed after the rush" }];
      const id = await createWholesaler(
        db,
        {
          ...base,
          name: "Aa Special Stems",
          specialHours: JSON.stringify(special),
          status: "temporarily-closed",
          closedUntil: "2099-01-02",
        },
        actor,
      );
      expect(await findListing(db, id)).toMatchObject({ specialHours: special, status: "temporarily-closed", closedUntil: "2099-01-02" });

      // Without JavaScript: one exception a line in `specialHours.text`; a reopening date without a closure is dropped.
      await updateWholesaler(
        db,
        id,
        await version(id),
        {
          ...base,
          name: "Aa Special Stems",
          "specialHours.text": "2027-05-08 to 2027-05-09 05:00-12:00 | Mother's Day weekend",
          closedUntil: "2099-01-02",
        },
        actor,
      );
      expect(await findListing(db, id)).toMatchObject({
        specialHours: [{ from: "2027-05-08", to: "2027-05-09", ranges: [{ open: "05:00", close: "12:00" }], note: "Mother's Day weekend" }],
        status: "open",
        closedUntil: null,
      });
      const stored = await db
        .selectFrom("wholesalers")
        .select(["special_hours", "status", "closed_until"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ status: "open", closed_until: null });

      // Clearing them stores nothing.
      await updateWholesaler(db, id, await version(id), { ...base, name: "Aa Special Stems", specialHours: "" }, actor);
      expect(
        (await db.selectFrom("wholesalers").select("special_hours").where("id", "=", id).executeTakeFirstOrThrow()).special_hours,
      ).toBeNull();
    });

    it("refuses bad special hours and statuses with a message on the field", async () => {
      const tooLong = await rejection(
        createWholesaler(
          db,
          { ...base, name: "Bad Dates", specialHours: JSON.stringify([{ from: "2027-02-08", to: "2027-02-14", ranges: [], note: "" }]) },
          actor,
        ),
      );
      expect(tooLong.fieldErrors).toEqual({ specialHours: `Mon, Feb 8 – Sun, Feb 14: ${TOO_LONG_MESSAGE}` });
      const plain = await rejection(createWholesaler(db, { ...base, name: "Bad Dates", "specialHours.text": "Feb 14 closed" }, actor));
      expect(plain.fieldErrors?.specialHours).toMatch(/^Special hours: “Feb 14 closed” could not be read/);
      const status = await rejection(createWholesaler(db, { ...base, name: "Bad Dates", status: "gone" }, actor));
      expect(status.fieldErrors).toEqual({ status: "Choose open, temporarily closed or permanently closed." });
      const until = await rejection(
        createWholesaler(db, { ...base, name: "Bad Dates", status: "temporarily-closed", closedUntil: "soon" }, actor),
      );
      expect(until.fieldErrors).toEqual({ closedUntil: "Enter the day it reopens as YYYY-MM-DD, or leave it empty when not known." });
    });

    it("leaves a permanently closed listing out of every search and the state page, keeps its page, and sorts the temporarily closed last", async () => {
      const gone = await createWholesaler(db, { ...base, name: "Aa Gone For Good", status: "permanently-closed" }, actor);
      const resting = await createWholesaler(db, { ...base, name: "Aa Resting Stems", status: "temporarily-closed" }, actor);
      const reopened = await createWholesaler(
        db,
        { ...base, name: "Aa Reopened Stems", status: "temporarily-closed", closedUntil: "2020-01-01" },
        actor,
      );

      const names = (list: { name: string }[]) => list.map((w) => w.name);
      const zipcode = await findWholesalersNearZipcode(db, "90014");
      expect(names(zipcode)).not.toContain("Aa Gone For Good");
      // The temporarily closed after every open one; a closure whose reopening date has passed is open again.
      expect(names(zipcode).at(-1)).toBe("Aa Resting Stems");
      expect(zipcode.find((w) => w.id === reopened)).toMatchObject({ status: "open", closedUntil: null });
      expect(zipcode.find((w) => w.id === resting)).toMatchObject({ status: "temporarily-closed", closedUntil: null });

      const near = await findWholesalersNear(db, { zipcode: "90014" }, 25);
      expect(names(near.within)).not.toContain("Aa Gone For Good");
      expect(names(near.within).at(-1)).toBe("Aa Resting Stems");
      const nearest = await findNearestWholesalers(db, "90014", 50);
      expect(names(nearest)).not.toContain("Aa Gone For Good");
      expect(names(nearest).at(-1)).toBe("Aa Resting Stems");
      expect(nearest.find((w) => w.id === reopened)).toMatchObject({ status: "open", closedUntil: null });
      // Ranked on their status first: the three nearest suggested are open ones, though the closed one is nearer.
      const three = await findNearestWholesalers(db, "90014", 3);
      expect(three).toHaveLength(3);
      expect(three.every((w) => w.status === "open")).toBe(true);
      expect(three[0]!.distanceMiles).toBeGreaterThanOrEqual(nearest.find((w) => w.id === resting)!.distanceMiles);
      const state = await listWholesalersByState(db, "california");
      expect(names(state)).not.toContain("Aa Gone For Good");
      expect(names(state).at(-1)).toBe("Aa Resting Stems");

      // Its page stays, and suggests only open listings.
      expect(await findListing(db, gone)).toMatchObject({ status: "permanently-closed" });
      const nearby = await findNearbyListings(db, (await findListing(db, gone))!, 50, { openOnly: true });
      expect(nearby.every((other) => other.status === "open")).toBe(true);
      expect(nearby.map((other) => other.id)).not.toContain(resting);
      const others = await findNearbyListings(db, (await findListing(db, resting))!, 50);
      expect(others.map((other) => other.id)).not.toContain(gone);
      // The admin still lists and edits it.
      expect((await listWholesalersForAdmin(db, { q: "Aa Gone", page: 1 })).rows).toMatchObject([
        { id: gone, status: "permanently-closed" },
      ]);
    });

    it("marks a listing permanently closed from a visitor's report, resolving it, in one step", async () => {
      const id = await createWholesaler(db, { ...base, name: "Aa Reported Closed" }, actor);
      // Saved last by a server whose clock is ahead (or within this millisecond): the close is still a later version,
      // so that an editor open on this one is refused.
      const before = "2999-01-01T00:00:00.000Z";
      await db.updateTable("wholesalers").set({ updated_at: before }).where("id", "=", id).execute();
      const report = await db
        .insertInto("listing_reports")
        .values({
          wholesaler_id: id,
          kind: "closed",
          details: "Shut for good last month",
          email: null,
          ip: null,
          created_at: new Date().toISOString(),
          reviewed_at: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await closeListingFromReport(db, report.id, actor);
      expect(await findListing(db, id)).toMatchObject({ status: "permanently-closed" });
      expect(await version(id)).toBe("2999-01-01T00:00:00.001Z");
      expect(await db.selectFrom("listing_reports").select("status").where("id", "=", report.id).executeTakeFirstOrThrow()).toEqual({
        status: "resolved",
      });
      const audit = await db.selectFrom("audit_log").select(["action", "entity_id"]).where("action", "=", "wholesaler.close").execute();
      expect(audit).toEqual([{ action: "wholesaler.close", entity_id: String(id) }]);
      // A second click finds the report closed, and changes nothing.
      expect((await rejection(closeListingFromReport(db, report.id, actor))).code).toBe("conflict");
    });
  });
}
