import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import type { Database } from "~/db/schema";
import { states } from "~/db/seed/data/states";
import { conflictMessage, type Actor } from "../admin/list";
import { STATUS_BY_CODE } from "../errors";
import { TEST_DATABASES, createTestAdmin, openTestDatabase, rejection } from "../../../tests/support/test-databases";
import {
  createWholesaler,
  deleteWholesaler,
  getVerificationCoverage,
  listWholesalersForAdmin,
  markWholesalerVerified,
  updateWholesaler,
} from "./admin.server";
import { WHOLESALER_ENTITY } from "./constants";

const T0 = "2026-01-01T00:00:00.000Z";

/** The zipcodes these tests use, with the bundled dataset's centroids. */
const ZIPCODES = [
  { zip: "90012", latitude: 34.0614, longitude: -118.2385, city: "Los Angeles", state_code: "CA" },
  { zip: "94103", latitude: 37.7725, longitude: -122.4147, city: "San Francisco", state_code: "CA" },
  { zip: "89101", latitude: 36.1725, longitude: -115.1224, city: "Las Vegas", state_code: "NV" },
];

for (const database of TEST_DATABASES) {
  describe.runIf(database.enabled)(`wholesaler admin on ${database.name}`, () => {
    let handle: DatabaseHandle;
    let db: Kysely<Database>;
    let cleanup: () => Promise<void>;
    let actor: Actor;

    beforeAll(async () => {
      const opened = await openTestDatabase(database.name, "wholesaler-admin");
      handle = opened.handle;
      db = handle.db;
      cleanup = opened.cleanup;
      actor = await createTestAdmin(db, { email: "ann@example.com", name: "Ann", ip: "203.0.113.9" });
      await db
        .insertInto("states")
        .values(
          states
            .filter((s) => ["california", "nevada"].includes(s.id))
            .map((s) => ({ id: s.id, name: s.name, code: s.code, region: s.region, created_at: T0, updated_at: T0 })),
        )
        .execute();
      await db.insertInto("zipcodes").values(ZIPCODES).execute();
    });
    afterAll(() => cleanup());

    beforeEach(async () => {
      await db.deleteFrom("audit_log").execute();
      await db.deleteFrom("wholesalers").execute();
      await db
        .insertInto("wholesalers")
        .values({
          name: "Original Flower Mart",
          address: "754 Wall St",
          city: "Los Angeles",
          state_id: "california",
          zipcode: "90012",
          type: "Wholesale",
          hours: "Mon-Sat 2am-noon",
          description: "The first stall.",
          image: null,
          image_updated_at: null,
          phone: "(213) 627-3696",
          website: "https://original.example",
          latitude: 34.04,
          longitude: -118.25,
          featured: 0,
          created_at: T0,
          updated_at: T0,
        })
        .execute();
    });

    const valid = {
      name: "  Bloom Wholesale  ",
      address: "1 Flower St",
      city: "Los Angeles",
      stateId: "california",
      zipcode: "90012",
      type: "Both",
      hours: "Mon-Fri 6am-2pm",
      description: "Roses by the bucket.",
      phone: "(213) 555-0100",
      website: "https://bloom.example",
      latitude: "",
      longitude: "",
      featured: "on",
    };
    const auditRows = () => db.selectFrom("audit_log").selectAll().orderBy("id").execute();
    const allRows = () => db.selectFrom("wholesalers").selectAll().orderBy("id").execute();
    const originalId = async () =>
      (await db.selectFrom("wholesalers").select("id").where("name", "=", "Original Flower Mart").executeTakeFirstOrThrow()).id;
    const rowOf = (id: number) => db.selectFrom("wholesalers").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

    describe("createWholesaler", () => {
      it("stores the trimmed fields, places it at the zipcode's centre, and logs who added it", async () => {
        const id = await createWholesaler(db, valid, actor);
        const row = await rowOf(id);
        expect(row).toMatchObject({
          name: "Bloom Wholesale",
          address: "1 Flower St",
          city: "Los Angeles",
          state_id: "california",
          zipcode: "90012",
          type: "Both",
          hours: "Mon-Fri 6am-2pm",
          description: "Roses by the bucket.",
          phone: "(213) 555-0100",
          website: "https://bloom.example",
          latitude: 34.0614,
          longitude: -118.2385,
          image: null,
        });
        expect(row.featured === 1 || row.featured === true).toBe(true);
        expect(row.created_at).toBe(row.updated_at);
        expect(row.created_at > T0).toBe(true);

        const audit = await auditRows();
        expect(audit).toEqual([
          expect.objectContaining({
            action: "wholesaler.create",
            admin_id: actor.adminId,
            actor: actor.email,
            entity_type: WHOLESALER_ENTITY,
            entity_id: String(id),
            ip: actor.ip,
          }),
        ]);
        expect(JSON.parse(audit[0]!.details!)).toEqual({ label: "Bloom Wholesale" });
      });

      it("keeps coordinates given by the admin and stores empty optional fields as empty/none", async () => {
        const id = await createWholesaler(
          db,
          { ...valid, latitude: "34.05", longitude: "-118.24", phone: "", website: " ", hours: "", description: "", featured: undefined },
          actor,
        );
        const row = await rowOf(id);
        expect(row).toMatchObject({ latitude: 34.05, longitude: -118.24, phone: null, website: null, hours: "", description: "" });
        expect(row.featured === 0 || row.featured === false).toBe(true);
        const page = await listWholesalersForAdmin(db, { q: "bloom", page: 1 });
        expect(page.rows.map((w) => [w.name, w.state, w.featured])).toEqual([["Bloom Wholesale", "California", false]]);
      });

      it.each([
        [{ zipcode: "9001" }, "zipcode", "A zipcode is exactly 5 digits."],
        [{ zipcode: "90O12" }, "zipcode", "A zipcode is exactly 5 digits."],
        [{ zipcode: "00000" }, "zipcode", "Zipcode 00000 does not exist."],
        [{ zipcode: "89101" }, "zipcode", "Zipcode 89101 is in Las Vegas, NV, not in California."],
        [{ stateId: "atlantis" }, "stateId", "Choose a state from the list."],
        [{ name: "B" }, "name", "Enter the business name (at least 2 characters)."],
        [{ type: "Florist" }, "type", "Choose Wholesale, Retail or Both."],
        [{ phone: "call me" }, "phone", "Enter a phone number such as (213) 627-3696."],
        [{ website: "bloom.example" }, "website", "Enter a full web address starting with https://"],
        [{ latitude: "34.05" }, "latitude", "Give both latitude and longitude, or neither to use the zipcode's center."],
        [{ latitude: "91", longitude: "-118" }, "latitude", "Latitude is a number from -90 to 90."],
      ])("refuses %o with a 400 and a message next to %s, storing and logging nothing", async (change, field, message) => {
        const before = await allRows();
        const error = await rejection(createWholesaler(db, { ...valid, ...change }, actor));
        expect(error.code).toBe("bad_request");
        expect(STATUS_BY_CODE[error.code]).toBe(400);
        expect(error.message).toBe("Please correct the highlighted fields.");
        expect(error.fieldErrors).toEqual({ [field]: message });
        expect(await allRows()).toEqual(before);
        expect(await auditRows()).toEqual([]);
      });

      it("refuses a form missing every field with a message per field, not a server error", async () => {
        const error = await rejection(createWholesaler(db, {}, actor));
        expect(error.code).toBe("bad_request");
        expect(Object.keys(error.fieldErrors ?? {}).sort()).toEqual(["address", "city", "name", "stateId", "type", "zipcode"]);
        expect(await allRows()).toHaveLength(1);
      });
    });

    describe("updateWholesaler", () => {
      it("saves every field from the version the admin opened, gives a new version, and logs it", async () => {
        const id = await originalId();
        await updateWholesaler(db, id, T0, { ...valid, name: "Original Flower Mart LA", zipcode: "94103", city: "San Francisco" }, actor);
        const row = await rowOf(id);
        expect(row).toMatchObject({
          name: "Original Flower Mart LA",
          city: "San Francisco",
          zipcode: "94103",
          type: "Both",
          phone: "(213) 555-0100",
          latitude: 37.7725,
          longitude: -122.4147,
          created_at: T0,
        });
        expect(row.updated_at > T0).toBe(true);
        const audit = await auditRows();
        expect(audit.map((a) => [a.action, a.entity_id, a.admin_id])).toEqual([["wholesaler.update", String(id), actor.adminId]]);
        expect(JSON.parse(audit[0]!.details!)).toEqual({ label: "Original Flower Mart LA" });
      });

      it("refuses an edit from a stale version with the conflict message and changes nothing", async () => {
        const id = await originalId();
        await updateWholesaler(db, id, T0, { ...valid, name: "First Save" }, actor);
        const afterFirst = await rowOf(id);
        const error = await rejection(updateWholesaler(db, id, T0, { ...valid, name: "Lost Update" }, actor));
        expect(error.code).toBe("conflict");
        expect(STATUS_BY_CODE[error.code]).toBe(409);
        expect(error.message).toBe(conflictMessage(WHOLESALER_ENTITY));
        expect(await rowOf(id)).toEqual(afterFirst);
        expect((await auditRows()).map((a) => a.action)).toEqual(["wholesaler.update"]);
      });

      it("refuses an edit of a wholesaler that no longer exists with the conflict message", async () => {
        const id = await originalId();
        await deleteWholesaler(db, id, T0, actor);
        const error = await rejection(updateWholesaler(db, id, T0, valid, actor));
        expect(error.code).toBe("conflict");
        expect(await allRows()).toEqual([]);
        expect((await auditRows()).map((a) => a.action)).toEqual(["wholesaler.delete"]);
      });

      it("does not check the version before validating: bad input from a stale version is still a 400", async () => {
        const id = await originalId();
        const error = await rejection(updateWholesaler(db, id, "2000-01-01T00:00:00.000Z", { ...valid, zipcode: "abc" }, actor));
        expect(error.fieldErrors).toEqual({ zipcode: "A zipcode is exactly 5 digits." });
        expect((await rowOf(id)).updated_at).toBe(T0);
      });

      it("lets exactly one of two saves racing from the same version win; the other gets the conflict", async () => {
        const id = await originalId();
        const edits = [
          { ...valid, name: "Racer One", hours: "Mon 1am-1pm", type: "Wholesale" },
          { ...valid, name: "Racer Two", hours: "Tue 2am-2pm", type: "Retail", zipcode: "94103", city: "San Francisco" },
        ];
        const results = await Promise.allSettled(edits.map((edit) => updateWholesaler(db, id, T0, edit, actor)));

        const winners = results.flatMap((r, i) => (r.status === "fulfilled" ? [i] : []));
        expect(winners).toHaveLength(1);
        const loser = results.find((r) => r.status === "rejected");
        expect(loser).toBeDefined();
        const reason = (loser as PromiseRejectedResult).reason as { code?: string; message?: string };
        expect(reason).toMatchObject({ code: "conflict", message: conflictMessage(WHOLESALER_ENTITY) });

        const winner = edits[winners[0]!]!;
        const row = await rowOf(id);
        expect(row).toMatchObject({
          name: winner.name,
          hours: winner.hours,
          type: winner.type,
          zipcode: winner.zipcode,
          city: winner.city,
        });
        expect(row.updated_at > T0).toBe(true);
        const audit = await auditRows();
        expect(audit.map((a) => a.action)).toEqual(["wholesaler.update"]);
        expect(JSON.parse(audit[0]!.details!)).toEqual({ label: winner.name });

        // The version moved on once: the winner's version saves, the original one is still refused.
        expect((await rejection(updateWholesaler(db, id, T0, valid, actor))).code).toBe("conflict");
        await updateWholesaler(db, id, row.updated_at, { ...valid, name: "Next Save" }, actor);
        expect((await rowOf(id)).name).toBe("Next Save");
      });
    });

    describe("deleteWholesaler", () => {
      it("deletes the version the admin saw and logs the wholesaler's name", async () => {
        const id = await originalId();
        await deleteWholesaler(db, id, T0, actor);
        expect(await allRows()).toEqual([]);
        const audit = await auditRows();
        expect(audit.map((a) => [a.action, a.entity_id, a.admin_id, a.ip])).toEqual([
          ["wholesaler.delete", String(id), actor.adminId, actor.ip],
        ]);
        expect(JSON.parse(audit[0]!.details!)).toEqual({ label: "Original Flower Mart" });
      });

      it("refuses a delete from a stale version with the conflict message and keeps the row", async () => {
        const id = await originalId();
        await updateWholesaler(db, id, T0, { ...valid, name: "Edited Meanwhile" }, actor);
        const edited = await rowOf(id);
        const error = await rejection(deleteWholesaler(db, id, T0, actor));
        expect(error.code).toBe("conflict");
        expect(error.message).toBe(conflictMessage(WHOLESALER_ENTITY));
        expect(await rowOf(id)).toEqual(edited);
        expect((await auditRows()).map((a) => a.action)).toEqual(["wholesaler.update"]);
      });

      it("lets exactly one of an edit and a delete racing from the same version win", async () => {
        const id = await originalId();
        const results = await Promise.allSettled([
          updateWholesaler(db, id, T0, { ...valid, name: "Edit In Race" }, actor),
          deleteWholesaler(db, id, T0, actor),
        ]);
        expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
        const loser = results.find((r) => r.status === "rejected") as PromiseRejectedResult | undefined;
        expect(loser?.reason).toMatchObject({ code: "conflict" });
        const rows = await allRows();
        const audit = (await auditRows()).map((a) => a.action);
        if (results[0]!.status === "fulfilled") {
          expect(rows.map((r) => r.name)).toEqual(["Edit In Race"]);
          expect(audit).toEqual(["wholesaler.update"]);
        } else {
          expect(rows).toEqual([]);
          expect(audit).toEqual(["wholesaler.delete"]);
        }
      });
    });

    describe("who may buy, opening hours and verification", () => {
      const hours = {
        mon: [{ open: "06:00", close: "14:00" }],
        tue: [{ open: "06:00", close: "14:00" }],
        wed: [],
        thu: [],
        fri: [{ open: "22:00", close: "02:00" }],
        sat: [],
        sun: [],
      };
      const trusted = {
        ...valid,
        access: "public-hours",
        accessNote: "Public after 9 AM, cash only",
        openingHours: JSON.stringify(hours),
        verifiedAt: "2026-11-02",
        source: "https://bloom.example/about",
        adminNote: "Owner called on Nov 2.",
        locationApproximate: "on",
      };

      it("stores them with the time zone of the listing's place, and the admin list gives them back", async () => {
        const id = await createWholesaler(db, trusted, actor);
        expect(await rowOf(id)).toMatchObject({
          access: "public-hours",
          access_note: "Public after 9 AM, cash only",
          time_zone: "America/Los_Angeles",
          verified_at: "2026-11-02",
          source: "https://bloom.example/about",
          admin_note: "Owner called on Nov 2.",
        });
        const [listed] = (await listWholesalersForAdmin(db, { q: "bloom", page: 1 })).rows;
        expect(listed).toMatchObject({
          access: "public-hours",
          accessNote: "Public after 9 AM, cash only",
          openingHours: hours,
          timeZone: "America/Los_Angeles",
          verifiedAt: "2026-11-02",
          source: "https://bloom.example/about",
          adminNote: "Owner called on Nov 2.",
          locationApproximate: true,
        });
      });

      it("stores none of them when the form leaves them empty: unknown, no set hours, never verified", async () => {
        const id = await createWholesaler(
          db,
          {
            ...trusted,
            access: "",
            accessNote: "",
            openingHours: "",
            verifiedAt: "",
            source: "",
            adminNote: "",
            locationApproximate: undefined,
          },
          actor,
        );
        const row = await rowOf(id);
        expect(row).toMatchObject({
          access: null,
          access_note: null,
          opening_hours: null,
          verified_at: null,
          source: null,
          admin_note: null,
        });
        expect(row.location_approximate === 0 || row.location_approximate === false).toBe(true);
      });

      it.each([
        [{ access: "members" }, "access", "Choose who may buy, or leave it unknown."],
        [
          {
            openingHours: JSON.stringify({
              ...hours,
              mon: [
                { open: "06:00", close: "14:00" },
                { open: "13:00", close: "15:00" },
              ],
            }),
          },
          "openingHours",
          "Monday: 6 AM–2 PM overlaps 1 PM–3 PM.",
        ],
        [{ openingHours: "{not json" }, "openingHours", "The opening hours could not be read. Reload the page and enter them again."],
        [{ verifiedAt: "2999-01-01" }, "verifiedAt", "Enter the date the facts were confirmed, as YYYY-MM-DD, not in the future."],
        [{ verifiedAt: "2026-02-30" }, "verifiedAt", "Enter the date the facts were confirmed, as YYYY-MM-DD, not in the future."],
      ])("refuses %o with a message next to %s and stores nothing", async (change, field, message) => {
        const before = await allRows();
        const error = await rejection(createWholesaler(db, { ...trusted, ...change }, actor));
        expect(error.code).toBe("bad_request");
        expect(error.fieldErrors).toEqual({ [field]: message });
        expect(await allRows()).toEqual(before);
      });

      it("lists only listings not verified in the last 12 months under Needs checking, never verified first, then the oldest", async () => {
        const make = async (name: string, verifiedAt: string) =>
          createWholesaler(db, { ...trusted, name, address: `${name} St`, verifiedAt }, actor);
        await make("Checked Recently", "2026-06-01");
        await make("Checked Long Ago", "2024-05-01");
        await make("Checked Last Year", "2025-11-24");
        await make("Checked A Year Ago Today", "2025-11-25");
        const page = await listWholesalersForAdmin(db, { verification: "needs-checking", today: "2026-11-25", page: 1 });
        expect(page.rows.map((w) => [w.name, w.verifiedAt])).toEqual([
          ["Original Flower Mart", null],
          ["Checked Long Ago", "2024-05-01"],
          ["Checked Last Year", "2025-11-24"],
        ]);
        expect(page.total).toBe(3);
        expect(await getVerificationCoverage(db, "2026-11-25")).toEqual({ verifiedLastYear: 2, total: 5 });
      });

      it("filters the list by who may buy, or by unknown", async () => {
        await createWholesaler(db, { ...trusted, name: "Open Market", address: "2 Open St", access: "public-welcome" }, actor);
        await createWholesaler(db, { ...trusted, name: "Trade Hall", address: "3 Trade St", access: "trade-only" }, actor);
        const names = async (access: string) => (await listWholesalersForAdmin(db, { access, page: 1 })).rows.map((w) => w.name);
        expect(await names("public-welcome")).toEqual(["Open Market"]);
        expect(await names("trade-only")).toEqual(["Trade Hall"]);
        expect(await names("unknown")).toEqual(["Original Flower Mart"]);
        // An access it does not know filters nothing, like the other filters.
        expect(await names("members")).toEqual(["Open Market", "Original Flower Mart", "Trade Hall"]);
      });

      it("marks a listing verified today from the version the admin saw, with a new version and an audit row", async () => {
        const id = await originalId();
        await markWholesalerVerified(db, id, T0, actor, "2026-11-25");
        const row = await rowOf(id);
        expect(row.verified_at).toBe("2026-11-25");
        expect(row.updated_at > T0).toBe(true);
        expect(row.name).toBe("Original Flower Mart");
        const audit = await auditRows();
        expect(audit.map((a) => a.action)).toEqual(["wholesaler.verify"]);
        expect(JSON.parse(audit[0]!.details!)).toEqual({ label: "Original Flower Mart", verifiedAt: "2026-11-25" });

        const stale = await rejection(markWholesalerVerified(db, id, T0, actor, "2026-11-26"));
        expect(stale.code).toBe("conflict");
        expect((await rowOf(id)).verified_at).toBe("2026-11-25");
      });
    });
  });
}
