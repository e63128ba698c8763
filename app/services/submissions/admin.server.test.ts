import type { Insertable, Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { BusinessSubmissionsTable, Database } from "~/db/schema";
import { todayIsoDate } from "~/utils/dates";
import type { Actor } from "../admin/list";
import { TEST_DATABASES, createTestAdmin, openTestDatabase, rejection } from "../../../tests/support/test-databases";
import { POSSIBLE_DUPLICATES_MESSAGE } from "../wholesalers/duplicates";
import {
  approveSubmission,
  countPendingSubmissions,
  listSubmissionsForAdmin,
  rejectSubmission,
  SUBMISSION_GONE,
  SUBMITTED_BY_BUSINESS,
  submissionReviewedMessage,
  submissionFilterFrom,
} from "./admin.server";

const T0 = "2026-01-01T00:00:00.000Z";
const HOURS = { mon: [{ open: "05:00", close: "11:00" }], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };

const submission = (name: string, createdAt: string, extra: Partial<Insertable<BusinessSubmissionsTable>> = {}) => ({
  name,
  address: "100 Bloom Ave",
  city: "Los Angeles",
  state_id: "california",
  zipcode: "90014",
  type: "Both",
  access: "public-welcome",
  access_note: "Cash and cards",
  phone: "(213) 555-0100",
  website: "https://example.com",
  opening_hours: JSON.stringify(HOURS),
  hours: "",
  description: `${name} sells flowers.`,
  submitter_name: "Ana Ruiz",
  submitter_email: "ana@example.com",
  submitter_role: "manager",
  status: "pending",
  wholesaler_id: null,
  ip: "198.51.100.1",
  created_at: createdAt,
  reviewed_at: null,
  ...extra,
});

describe("submissionFilterFrom", () => {
  it("shows the pending requests unless another status, or all, is asked for", () => {
    expect(submissionFilterFrom(null)).toBe("pending");
    expect(submissionFilterFrom("archived")).toBe("pending");
    expect(submissionFilterFrom("approved")).toBe("approved");
    expect(submissionFilterFrom("all")).toBe("all");
  });
});

for (const database of TEST_DATABASES) {
  describe.runIf(database.enabled)(`business listing review on ${database.name}`, () => {
    let db: Kysely<Database>;
    let cleanup: () => Promise<void>;
    let actor: Actor;

    beforeAll(async () => {
      const opened = await openTestDatabase(database.name, "submissions-admin");
      db = opened.handle.db;
      cleanup = opened.cleanup;
      actor = await createTestAdmin(db);
      await db
        .insertInto("states")
        .values([{ id: "california", name: "California", code: "CA", region: "West", created_at: T0, updated_at: T0 }])
        .execute();
      await db
        .insertInto("zipcodes")
        .values([{ zip: "90014", latitude: 34.0434, longitude: -118.2509, city: "Los Angeles", state_code: "CA" }])
        .execute();
    });
    afterAll(() => cleanup());

    beforeEach(async () => {
      await db.deleteFrom("audit_log").execute();
      await db.deleteFrom("business_submissions").execute();
      await db.deleteFrom("wholesalers").execute();
      await db
        .insertInto("business_submissions")
        .values([
          submission("Late Petals", "2026-01-05T00:00:00.000Z"),
          submission("Early Stems", "2026-01-02T00:00:00.000Z", {
            city: "Pasadena",
            submitter_name: "Bo Chen",
            submitter_email: "bo@example.com",
          }),
          submission("Old News", "2026-01-01T00:00:00.000Z", { status: "rejected", reviewed_at: "2026-01-03T00:00:00.000Z" }),
          submission("Done Deal", "2026-01-01T00:00:00.000Z", { status: "approved", reviewed_at: "2026-01-04T00:00:00.000Z" }),
        ])
        .execute();
    });

    const idOf = async (name: string) =>
      (await db.selectFrom("business_submissions").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
    const statusOf = async (id: number) =>
      await db.selectFrom("business_submissions").select(["status", "wholesaler_id"]).where("id", "=", id).executeTakeFirstOrThrow();
    const auditActions = async () => (await db.selectFrom("audit_log").select("action").orderBy("id").execute()).map((a) => a.action);
    const wholesalerNames = async () => (await db.selectFrom("wholesalers").select("name").orderBy("id").execute()).map((w) => w.name);

    describe("listSubmissionsForAdmin and countPendingSubmissions", () => {
      it("shows the pending requests by default, oldest first, with everything the business sent", async () => {
        const page = await listSubmissionsForAdmin(db, { page: 1 });
        expect(page).toMatchObject({ total: 2, page: 1, pageCount: 1 });
        expect(page.rows.map((s) => s.name)).toEqual(["Early Stems", "Late Petals"]);
        expect(page.rows[1]).toEqual({
          id: expect.any(Number),
          name: "Late Petals",
          address: "100 Bloom Ave",
          city: "Los Angeles",
          stateId: "california",
          state: "California",
          zipcode: "90014",
          type: "Both",
          access: "public-welcome",
          accessNote: "Cash and cards",
          phone: "(213) 555-0100",
          website: "https://example.com",
          openingHours: HOURS,
          description: "Late Petals sells flowers.",
          submitterName: "Ana Ruiz",
          submitterEmail: "ana@example.com",
          submitterRole: "manager",
          status: "pending",
          wholesalerId: null,
          createdAt: "2026-01-05T00:00:00.000Z",
          reviewedAt: null,
        });
        expect(await countPendingSubmissions(db)).toBe(2);
      });

      it("filters by status, lists all with the pending ones first, and searches business, place and submitter", async () => {
        const names = async (query: { q?: string; status?: string }) =>
          (await listSubmissionsForAdmin(db, { ...query, page: 1 })).rows.map((s) => s.name);
        expect(await names({ status: "rejected" })).toEqual(["Old News"]);
        expect(await names({ status: "approved" })).toEqual(["Done Deal"]);
        expect(await names({ status: "all" })).toEqual(["Early Stems", "Late Petals", "Done Deal", "Old News"]);
        expect(await names({ q: "PASADENA" })).toEqual(["Early Stems"]);
        expect(await names({ q: "bo chen" })).toEqual(["Early Stems"]);
        expect(await names({ q: "ana@", status: "all" })).toEqual(["Late Petals", "Done Deal", "Old News"]);
      });
    });

    describe("approveSubmission", () => {
      it("creates the listing verified today, from the business, with the submitter in the admin note and the time zone of its place", async () => {
        const id = await idOf("Late Petals");
        const { wholesalerId, submission: approved } = await approveSubmission(
          db,
          id,
          { expectedStatus: "pending", confirmed: false },
          actor,
        );
        expect(approved).toMatchObject({ status: "approved", wholesalerId });
        const listing = await db.selectFrom("wholesalers").selectAll().where("id", "=", wholesalerId).executeTakeFirstOrThrow();
        expect(listing).toMatchObject({
          name: "Late Petals",
          address: "100 Bloom Ave",
          city: "Los Angeles",
          state_id: "california",
          zipcode: "90014",
          type: "Both",
          access: "public-welcome",
          access_note: "Cash and cards",
          phone: "(213) 555-0100",
          website: "https://example.com",
          opening_hours: JSON.stringify(HOURS),
          description: "Late Petals sells flowers.",
          latitude: 34.0434,
          longitude: -118.2509,
          time_zone: "America/Los_Angeles",
          verified_at: todayIsoDate(),
          source: SUBMITTED_BY_BUSINESS,
          admin_note: "Submitted by Ana Ruiz (Manager, ana@example.com) on 2026-01-04.",
        });
        expect(await statusOf(id)).toEqual({ status: "approved", wholesaler_id: wholesalerId });
        expect(await auditActions()).toEqual(["wholesaler.create", "business_submission.approve"]);
        expect(await countPendingSubmissions(db)).toBe(1);
      });

      it("stops at possible duplicates until the admin confirms, writing nothing before", async () => {
        await approveSubmission(db, await idOf("Late Petals"), { expectedStatus: "pending", confirmed: false }, actor);
        await db.updateTable("business_submissions").set({ name: "Late Petals Wholesale LLC" }).where("name", "=", "Early Stems").execute();
        const id = await idOf("Late Petals Wholesale LLC");

        const refused = await rejection(approveSubmission(db, id, { expectedStatus: "pending", confirmed: false }, actor));
        expect(refused).toMatchObject({ code: "conflict", message: POSSIBLE_DUPLICATES_MESSAGE });
        expect(refused.fieldErrors).toEqual({
          confirm: "Late Petals, 100 Bloom Ave, Los Angeles, California 90014 (similar name in the same zipcode; same street address)",
        });
        expect(await statusOf(id)).toEqual({ status: "pending", wholesaler_id: null });
        expect(await wholesalerNames()).toEqual(["Late Petals"]);

        await approveSubmission(db, id, { expectedStatus: "pending", confirmed: true }, actor);
        expect(await wholesalerNames()).toEqual(["Late Petals", "Late Petals Wholesale LLC"]);
        expect((await statusOf(id)).status).toBe("approved");
      });

      it("creates one listing when two admins approve at once", async () => {
        const id = await idOf("Late Petals");
        const results = await Promise.allSettled([
          approveSubmission(db, id, { expectedStatus: "pending", confirmed: true }, actor),
          approveSubmission(db, id, { expectedStatus: "pending", confirmed: true }, actor),
        ]);
        expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
        expect(await wholesalerNames()).toEqual(["Late Petals"]);
        expect(await auditActions()).toEqual(["wholesaler.create", "business_submission.approve"]);
      });

      it("explains a request whose place can no longer be listed, and writes nothing", async () => {
        await db.updateTable("business_submissions").set({ zipcode: "90099" }).where("name", "=", "Late Petals").execute();
        const error = await rejection(
          approveSubmission(db, await idOf("Late Petals"), { expectedStatus: "pending", confirmed: true }, actor),
        );
        expect(error).toMatchObject({ code: "bad_request", message: "The listing could not be created: Zipcode 90099 does not exist." });
        expect(await wholesalerNames()).toEqual([]);
      });
    });

    describe("rejectSubmission and decided requests", () => {
      it("rejects a pending request, audited, and lists nothing", async () => {
        const id = await idOf("Early Stems");
        expect(await rejectSubmission(db, id, "pending", actor)).toMatchObject({ name: "Early Stems", status: "rejected" });
        expect(await statusOf(id)).toEqual({ status: "rejected", wholesaler_id: null });
        expect(await auditActions()).toEqual(["business_submission.reject"]);
        expect(await wholesalerNames()).toEqual([]);
      });

      it("refuses to decide again what someone else decided, and answers 'not found' for a request that does not exist", async () => {
        const id = await idOf("Early Stems");
        await rejectSubmission(db, id, "pending", actor);
        const again = await rejection(approveSubmission(db, id, { expectedStatus: "pending", confirmed: true }, actor));
        expect(again).toMatchObject({ code: "conflict", message: submissionReviewedMessage("rejected") });
        const approved = await rejection(
          approveSubmission(db, await idOf("Done Deal"), { expectedStatus: "approved", confirmed: true }, actor),
        );
        expect(approved).toMatchObject({ code: "conflict", message: "This listing request was already approved." });
        expect(await rejection(rejectSubmission(db, 999_999, "pending", actor))).toMatchObject({
          code: "not_found",
          message: SUBMISSION_GONE,
        });
        expect(await wholesalerNames()).toEqual([]);
        expect(await auditActions()).toEqual(["business_submission.reject"]);
      });
    });
  });
}
