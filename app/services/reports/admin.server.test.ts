import type { Insertable, Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database, ListingReportsTable } from "~/db/schema";
import type { Actor } from "../admin/list";
import { ADMIN_PAGE_SIZE } from "../admin/list";
import { STATUS_BY_CODE } from "../errors";
import {
  countOpenReports,
  dismissReport,
  listReportsForAdmin,
  REPORT_GONE,
  reportClosedMessage,
  reportFilterFrom,
  resolveReport,
} from "./admin.server";
import { TEST_DATABASES, createTestAdmin, openTestDatabase, rejection } from "../../../tests/support/test-databases";

describe("reportFilterFrom", () => {
  it("shows open reports unless another status or all is asked for", () => {
    expect(reportFilterFrom(null)).toBe("open");
    expect(reportFilterFrom("archived")).toBe("open");
    expect(reportFilterFrom("dismissed")).toBe("dismissed");
    expect(reportFilterFrom("all")).toBe("all");
  });
});

const T0 = "2026-01-01T00:00:00.000Z";

for (const database of TEST_DATABASES) {
  describe.runIf(database.enabled)(`listing report review on ${database.name}`, () => {
    let db: Kysely<Database>;
    let cleanup: () => Promise<void>;
    let actor: Actor;
    const listings: Record<string, number> = {};

    beforeAll(async () => {
      const opened = await openTestDatabase(database.name, "reports-admin");
      db = opened.handle.db;
      cleanup = opened.cleanup;
      actor = await createTestAdmin(db, { email: "ann@example.com", name: "Ann", ip: "203.0.113.9" });
      await db
        .insertInto("states")
        .values({ id: "oregon", name: "Oregon", code: "OR", region: "West", created_at: T0, updated_at: T0 })
        .execute();
      for (const [name, city] of [
        ["Portland Flower Market", "Portland"],
        ["Salem Stems", "Salem"],
      ]) {
        const row = await db
          .insertInto("wholesalers")
          .values({
            name: name!,
            address: "1 Market St",
            city: city!,
            state_id: "oregon",
            zipcode: "97201",
            type: "Wholesale",
            hours: "",
            description: "",
            latitude: 45.5,
            longitude: -122.6,
            featured: 0,
            created_at: T0,
            updated_at: T0,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        listings[name!] = Number(row.id);
      }
    });
    afterAll(() => cleanup());

    const report = (
      listing: string,
      createdAt: string,
      extra: Partial<Insertable<ListingReportsTable>> = {},
    ): Insertable<ListingReportsTable> => ({
      wholesaler_id: listings[listing]!,
      kind: "closed",
      details: "",
      email: null,
      status: "open",
      ip: "198.51.100.1",
      created_at: createdAt,
      reviewed_at: null,
      ...extra,
    });

    beforeEach(async () => {
      await db.deleteFrom("audit_log").execute();
      await db.deleteFrom("listing_reports").execute();
      await db
        .insertInto("listing_reports")
        .values([
          report("Portland Flower Market", "2026-01-02T00:00:00.000Z", { kind: "wrong-address", details: "Moved to 9 Pier Rd." }),
          report("Salem Stems", "2026-01-05T00:00:00.000Z", { kind: "wrong-phone-or-hours", email: "rosa@example.com" }),
          report("Salem Stems", "2026-01-06T00:00:00.000Z", {
            status: "dismissed",
            details: "Spam",
            reviewed_at: "2026-01-07T00:00:00.000Z",
          }),
          report("Portland Flower Market", "2026-01-01T00:00:00.000Z", { status: "resolved", reviewed_at: "2026-01-03T00:00:00.000Z" }),
        ])
        .execute();
    });

    const idOf = async (kind: string) =>
      (await db.selectFrom("listing_reports").select("id").where("kind", "=", kind).where("status", "=", "open").executeTakeFirstOrThrow())
        .id;
    const statusOf = async (id: number) =>
      await db.selectFrom("listing_reports").select(["status", "reviewed_at"]).where("id", "=", id).executeTakeFirstOrThrow();
    const auditRows = () => db.selectFrom("audit_log").selectAll().orderBy("id").execute();

    describe("listReportsForAdmin", () => {
      it("shows open reports by default, newest first, with the listing and everything the visitor sent", async () => {
        const page = await listReportsForAdmin(db, { page: 1 });
        expect(page).toMatchObject({ total: 2, page: 1, pageCount: 1 });
        expect(page.rows.map((r) => r.kind)).toEqual(["wrong-phone-or-hours", "wrong-address"]);
        expect(page.rows[1]).toEqual({
          id: expect.any(Number),
          wholesalerId: listings["Portland Flower Market"],
          listingName: "Portland Flower Market",
          listingCity: "Portland",
          listingState: "Oregon",
          kind: "wrong-address",
          details: "Moved to 9 Pier Rd.",
          email: null,
          status: "open",
          createdAt: "2026-01-02T00:00:00.000Z",
          reviewedAt: null,
          listingClosed: false,
        });
      });

      it("filters by status, shows all with the open ones first, and searches listing, city, details and email", async () => {
        const list = async (query: { q?: string; status?: string }) =>
          (await listReportsForAdmin(db, { ...query, page: 1 })).rows.map((r) => `${r.status} ${r.listingName}`);
        expect(await list({ status: "resolved" })).toEqual(["resolved Portland Flower Market"]);
        expect(await list({ status: "dismissed" })).toEqual(["dismissed Salem Stems"]);
        expect(await list({ status: "all" })).toEqual([
          "open Salem Stems",
          "open Portland Flower Market",
          "dismissed Salem Stems",
          "resolved Portland Flower Market",
        ]);
        expect(await list({ q: "PORTLAND" })).toEqual(["open Portland Flower Market"]);
        expect(await list({ q: "salem" })).toEqual(["open Salem Stems"]);
        expect(await list({ q: "pier rd" })).toEqual(["open Portland Flower Market"]);
        expect(await list({ q: "rosa@" })).toEqual(["open Salem Stems"]);
        expect(await list({ q: "spam", status: "all" })).toEqual(["dismissed Salem Stems"]);
        expect(await list({ q: "100%" })).toEqual([]);
      });

      it("pages like the other admin lists", async () => {
        await db
          .insertInto("listing_reports")
          .values(
            Array.from({ length: ADMIN_PAGE_SIZE }, (_, i) =>
              report("Salem Stems", `2026-02-${String(i + 1).padStart(2, "0")}T00:00:00.000Z`),
            ),
          )
          .execute();
        const first = await listReportsForAdmin(db, { page: 1 });
        expect(first).toMatchObject({ total: ADMIN_PAGE_SIZE + 2, page: 1, pageCount: 2 });
        expect(first.rows).toHaveLength(ADMIN_PAGE_SIZE);
        const last = await listReportsForAdmin(db, { page: 9 });
        expect(last.page).toBe(2);
        expect(last.rows.map((r) => r.createdAt)).toEqual(["2026-01-05T00:00:00.000Z", "2026-01-02T00:00:00.000Z"]);
      });
    });

    it("counts the open reports", async () => {
      expect(await countOpenReports(db)).toBe(2);
      await resolveReport(db, await idOf("wrong-address"), actor);
      expect(await countOpenReports(db)).toBe(1);
    });

    describe("resolve and dismiss", () => {
      it("resolves an open report: status, review time and audit entry", async () => {
        const id = await idOf("wrong-address");
        expect(await resolveReport(db, id, actor)).toMatchObject({ listingName: "Portland Flower Market", status: "resolved" });
        const row = await statusOf(id);
        expect(row.status).toBe("resolved");
        expect(row.reviewed_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
        const entries = await auditRows();
        expect(entries).toHaveLength(1);
        expect(entries[0]).toMatchObject({
          action: "listing_report.resolve",
          admin_id: actor.adminId,
          actor: "ann@example.com",
          entity_type: "listing_report",
          entity_id: String(id),
          ip: actor.ip,
        });
        expect(JSON.parse(entries[0]!.details!)).toEqual({ label: "Portland Flower Market", kind: "Wrong address" });
      });

      it("dismisses an open report and logs it", async () => {
        const id = await idOf("wrong-phone-or-hours");
        await dismissReport(db, id, actor);
        expect((await statusOf(id)).status).toBe("dismissed");
        expect((await auditRows()).map((e) => e.action)).toEqual(["listing_report.dismiss"]);
      });

      it("refuses to change a closed report (409) and writes no audit entry", async () => {
        const id = await idOf("wrong-address");
        await dismissReport(db, id, actor);
        const error = await rejection(resolveReport(db, id, actor));
        expect(error.code).toBe("conflict");
        expect(STATUS_BY_CODE[error.code]).toBe(409);
        expect(error.message).toBe(reportClosedMessage("dismissed"));
        expect(error.message).toBe(
          "This report was already marked dismissed, so it was left as it is. The list now shows its current state.",
        );
        expect((await statusOf(id)).status).toBe("dismissed");
        expect((await auditRows()).map((e) => e.action)).toEqual(["listing_report.dismiss"]);
      });

      it("answers 404 for a report that does not exist", async () => {
        const error = await rejection(dismissReport(db, 999_999, actor));
        expect(error.code).toBe("not_found");
        expect(error.message).toBe(REPORT_GONE);
        expect(await auditRows()).toEqual([]);
      });

      it("lets only one of two admins racing to close the same report win", async () => {
        const id = await idOf("wrong-address");
        const outcomes = await Promise.allSettled([resolveReport(db, id, actor), dismissReport(db, id, actor)]);
        expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
        const refused = outcomes.find((o) => o.status === "rejected");
        expect(refused?.reason).toMatchObject({ code: "conflict" });
        const entries = await auditRows();
        expect(entries).toHaveLength(1);
        expect(entries[0]!.action).toBe(`listing_report.${(await statusOf(id)).status === "resolved" ? "resolve" : "dismiss"}`);
      });
    });
  });
}
