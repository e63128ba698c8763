import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import type { Database } from "~/db/schema";
import { AppError } from "../errors";
import {
  acceptSuggestion,
  listSuggestionsForAdmin,
  parseAddress,
  rejectSuggestion,
  SUGGESTION_GONE,
  suggestionReviewedMessage,
  suggestionStatusFrom,
  wholesalerPrefillFor,
} from "./admin.server";
import { TEST_DATABASES, createTestAdmin, openTestDatabase } from "../../../tests/support/test-databases";

describe("parseAddress", () => {
  it.each([
    ["123 Flower St, Los Angeles, CA 90014", { street: "123 Flower St", city: "Los Angeles", state: "CA", zipcode: "90014" }],
    [
      "754 Wall St., Suite 2, Los Angeles, ca 90014-2316",
      { street: "754 Wall St., Suite 2", city: "Los Angeles", state: "ca", zipcode: "90014" },
    ],
    ["1 Main St, Albany, New York 12207", { street: "1 Main St", city: "Albany", state: "New York", zipcode: "12207" }],
    ["1 Main St, Albany, NY", { street: "1 Main St", city: "Albany", state: "NY" }],
    ["1 Main St, Albany, NY, 12207", { street: "1 Main St", city: "Albany", state: "NY", zipcode: "12207" }],
    ["1 Main St Albany NY 12207", { street: "1 Main St Albany NY 12207" }],
    ["  Corner of 5th and Main  ", { street: "Corner of 5th and Main" }],
  ])("reads %j", (text, expected) => {
    expect(parseAddress(text)).toEqual(expected);
  });
});

describe("suggestionStatusFrom", () => {
  it("defaults to pending", () => {
    expect(suggestionStatusFrom(null)).toBe("pending");
    expect(suggestionStatusFrom("archived")).toBe("pending");
    expect(suggestionStatusFrom("rejected")).toBe("rejected");
  });
});

const T0 = "2026-01-01T00:00:00.000Z";
for (const database of TEST_DATABASES) {
  describe.runIf(database.enabled)(`suggestion review on ${database.name}`, () => {
    let handle: DatabaseHandle;
    let db: Kysely<Database>;
    let cleanup: () => Promise<void>;
    let actor: { adminId: number; email: string; ip: string };

    beforeAll(async () => {
      const opened = await openTestDatabase(database.name, "suggestions-admin");
      handle = opened.handle;
      db = handle.db;
      cleanup = opened.cleanup;
      actor = await createTestAdmin(db, { email: "ann@example.com", name: "Ann", ip: "203.0.113.9" });
      const state = (id: string, name: string, code: string) => ({ id, name, code, region: "West", created_at: T0, updated_at: T0 });
      await db
        .insertInto("states")
        .values([state("california", "California", "CA"), state("newyork", "New York", "NY")])
        .execute();
    });
    afterAll(() => cleanup());

    const suggestion = (businessName: string, createdAt: string, extra: Partial<Omit<Database["location_suggestions"], "id">> = {}) => ({
      business_name: businessName,
      contact_name: null,
      email: null,
      business_address: "1 Market St, Los Angeles, CA 90014",
      additional_info: null,
      status: "pending",
      ip: "198.51.100.1",
      created_at: createdAt,
      reviewed_at: null,
      ...extra,
    });

    beforeEach(async () => {
      await db.deleteFrom("audit_log").execute();
      await db.deleteFrom("location_suggestions").execute();
      await db
        .insertInto("location_suggestions")
        .values([
          suggestion("Late Blooms", "2026-01-05T00:00:00.000Z", { contact_name: "Rosa Diaz", email: "rosa@example.com" }),
          suggestion("Early Stems", "2026-01-02T00:00:00.000Z", {
            business_address: "9 Pier Rd, Albany, NY 12207",
            additional_info: "Open 5am",
          }),
          suggestion("Old News", "2026-01-01T00:00:00.000Z", { status: "rejected", reviewed_at: "2026-01-03T00:00:00.000Z" }),
          suggestion("Done Deal", "2026-01-01T00:00:00.000Z", { status: "accepted", reviewed_at: "2026-01-04T00:00:00.000Z" }),
        ])
        .execute();
    });

    const idOf = async (name: string) =>
      (await db.selectFrom("location_suggestions").select("id").where("business_name", "=", name).executeTakeFirstOrThrow()).id;
    const auditRows = () => db.selectFrom("audit_log").selectAll().orderBy("id").execute();
    const rejection = async (promise: Promise<unknown>) => {
      const error = await promise.then(
        () => undefined,
        (reason: unknown) => reason,
      );
      expect(error).toBeInstanceOf(AppError);
      return error as AppError;
    };

    describe("listSuggestionsForAdmin", () => {
      it("shows pending suggestions by default, oldest first, with everything the visitor sent", async () => {
        const page = await listSuggestionsForAdmin(db, { page: 1 });
        expect(page).toMatchObject({ total: 2, page: 1, pageCount: 1 });
        expect(page.rows.map((s) => s.businessName)).toEqual(["Early Stems", "Late Blooms"]);
        expect(page.rows[1]).toMatchObject({
          contactName: "Rosa Diaz",
          email: "rosa@example.com",
          businessAddress: "1 Market St, Los Angeles, CA 90014",
          additionalInfo: null,
          status: "pending",
          createdAt: "2026-01-05T00:00:00.000Z",
          reviewedAt: null,
        });
      });

      it("filters by status and searches business name, address and contact", async () => {
        const names = async (query: { q?: string; status?: string }) =>
          (await listSuggestionsForAdmin(db, { ...query, page: 1 })).rows.map((s) => s.businessName);
        expect(await names({ status: "rejected" })).toEqual(["Old News"]);
        expect(await names({ status: "accepted" })).toEqual(["Done Deal"]);
        expect(await names({ q: "ALBANY" })).toEqual(["Early Stems"]);
        expect(await names({ q: "rosa" })).toEqual(["Late Blooms"]);
        expect(await names({ q: "@example" })).toEqual(["Late Blooms"]);
        expect(await names({ q: "blooms", status: "rejected" })).toEqual([]);
      });
    });

    describe("accept and reject", () => {
      it("rejects a pending suggestion: status, review time and audit entry", async () => {
        const id = await idOf("Late Blooms");
        await rejectSuggestion(db, id, "pending", actor);
        const row = await db.selectFrom("location_suggestions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
        expect(row.status).toBe("rejected");
        expect(row.reviewed_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
        const [entry] = await auditRows();
        expect(entry).toMatchObject({ action: "location_suggestion.reject", admin_id: actor.adminId, entity_id: String(id), ip: actor.ip });
        expect(JSON.parse(entry!.details!)).toEqual({ label: "Late Blooms" });
      });

      it("accepts a pending or a rejected suggestion and logs it", async () => {
        const accepted = await acceptSuggestion(db, await idOf("Early Stems"), "pending", actor);
        expect(accepted).toMatchObject({ businessName: "Early Stems", status: "accepted" });
        await acceptSuggestion(db, await idOf("Old News"), "rejected", actor);
        expect((await listSuggestionsForAdmin(db, { status: "accepted", page: 1 })).rows.map((s) => s.businessName).sort()).toEqual([
          "Done Deal",
          "Early Stems",
          "Old News",
        ]);
        expect((await auditRows()).map((a) => a.action)).toEqual(["location_suggestion.accept", "location_suggestion.accept"]);
      });

      it("refuses to decide again what someone else decided meanwhile", async () => {
        const id = await idOf("Late Blooms");
        await rejectSuggestion(db, id, "pending", actor);
        const again = await rejection(acceptSuggestion(db, id, "pending", actor));
        expect(again).toMatchObject({ code: "conflict", message: suggestionReviewedMessage("rejected") });
        const done = await rejection(rejectSuggestion(db, await idOf("Done Deal"), "accepted", actor));
        expect(done).toMatchObject({ code: "conflict", message: "An accepted suggestion cannot be rejected." });
        expect((await db.selectFrom("location_suggestions").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status).toBe(
          "rejected",
        );
        expect(await auditRows()).toHaveLength(1);
      });

      it("answers 'not found' for a suggestion that does not exist", async () => {
        expect(await rejection(rejectSuggestion(db, 999_999, "pending", actor))).toMatchObject({
          code: "not_found",
          message: SUGGESTION_GONE,
        });
      });
    });

    describe("wholesalerPrefillFor", () => {
      it("fills name, street, city, state id, zipcode and description from the suggestion", async () => {
        const params = await wholesalerPrefillFor(db, {
          businessName: "Early Stems",
          businessAddress: "9 Pier Rd, Albany, NY 12207",
          additionalInfo: "Open 5am",
        });
        expect(Object.fromEntries(params)).toEqual({
          name: "Early Stems",
          address: "9 Pier Rd",
          city: "Albany",
          stateId: "newyork",
          zipcode: "12207",
          description: "Open 5am",
        });
      });

      it("looks the state up by its name too", async () => {
        const params = await wholesalerPrefillFor(db, {
          businessName: "X",
          businessAddress: "1 A St, Fresno, california",
          additionalInfo: null,
        });
        expect(Object.fromEntries(params)).toEqual({ name: "X", address: "1 A St", city: "Fresno", stateId: "california" });
      });

      it("keeps the whole address when the state is unknown or the address has no recognisable shape", async () => {
        const unknown = await wholesalerPrefillFor(db, {
          businessName: "X",
          businessAddress: "1 A St, Springfield, ZZ 12345",
          additionalInfo: null,
        });
        expect(Object.fromEntries(unknown)).toEqual({ name: "X", address: "1 A St, Springfield, ZZ 12345" });
        const free = await wholesalerPrefillFor(db, { businessName: "X", businessAddress: "Behind the old mill", additionalInfo: null });
        expect(Object.fromEntries(free)).toEqual({ name: "X", address: "Behind the old mill" });
      });
    });
  });
}
