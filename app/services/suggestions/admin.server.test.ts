import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import type { Database } from "~/db/schema";
import { AppError } from "../errors";
import { POSSIBLE_DUPLICATES_MESSAGE } from "../wholesalers/duplicates";
import {
  createWholesalerFromSuggestion,
  listSuggestionsForAdmin,
  parseAddress,
  rejectSuggestion,
  SUGGESTION_ALREADY_ADDED,
  SUGGESTION_GONE,
  suggestionNote,
  suggestionReviewedMessage,
  suggestionDuplicates,
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
      await db
        .insertInto("zipcodes")
        .values([
          { zip: "90014", latitude: 34.0434, longitude: -118.2509, city: "Los Angeles", state_code: "CA" },
          { zip: "12207", latitude: 42.6573, longitude: -73.7466, city: "Albany", state_code: "NY" },
        ])
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
      await db.deleteFrom("wholesalers").execute();
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

    describe("suggestionDuplicates", () => {
      it("shows a pending suggestion the listings and the other suggestions of the same business", async () => {
        // The same business again, written another way, and one elsewhere with a similar name.
        await db
          .insertInto("location_suggestions")
          .values([
            suggestion("Late Blooms Wholesale Florist", "2026-01-06T00:00:00.000Z", {
              business_address: "12 Flower St, Los Angeles, CA 90014",
            }),
            suggestion("Late Blooms", "2026-01-07T00:00:00.000Z", { business_address: "5 Lake Rd, Albany, NY 12207" }),
          ])
          .execute();
        await createWholesalerFromSuggestion(
          db,
          await idOf("Early Stems"),
          { name: "Early Stems", address: "9 Pier Road", city: "Albany", stateId: "newyork", zipcode: "12207", type: "Wholesale" },
          { confirmed: false },
          actor,
        );
        await db
          .insertInto("location_suggestions")
          .values(suggestion("Early Stems Co.", "2026-01-08T00:00:00.000Z", { business_address: "9 Pier Rd, Albany, NY 12207" }))
          .execute();

        const page = await listSuggestionsForAdmin(db, { page: 1 });
        const found = await suggestionDuplicates(db, page.rows);
        const texts = (name: string, address?: string) =>
          found
            .get(page.rows.find((row) => row.businessName === name && (!address || row.businessAddress === address))!.id)
            ?.map((d) => d.text);

        // Same street address in the same zipcode (rejected and accepted ones count), and a similar name there.
        expect(texts("Late Blooms", "1 Market St, Los Angeles, CA 90014")).toEqual([
          "Also suggested: Old News, 1 Market St, Los Angeles, CA 90014 (rejected, sent 2026-01-01)",
          "Also suggested: Done Deal, 1 Market St, Los Angeles, CA 90014 (accepted, sent 2026-01-01)",
          "Also suggested: Late Blooms Wholesale Florist, 12 Flower St, Los Angeles, CA 90014 (pending, sent 2026-01-06)",
        ]);
        // The same name in another city is another business.
        expect(texts("Late Blooms", "5 Lake Rd, Albany, NY 12207")).toBeUndefined();
        // Already listed, and suggested before (the suggestion that became the listing).
        expect(texts("Early Stems Co.")).toEqual([
          "Listed: Early Stems, 9 Pier Road, Albany, New York 12207 (similar name in the same zipcode; same street address)",
          "Also suggested: Early Stems, 9 Pier Rd, Albany, NY 12207 (accepted, sent 2026-01-02)",
        ]);
        expect(found.get(page.rows.find((row) => row.businessName === "Early Stems Co.")!.id)?.[0]?.href).toBe(
          "/admin/wholesalers?q=Early+Stems",
        );
      });
    });

    describe("reject", () => {
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

      it("refuses to decide again what someone else decided meanwhile", async () => {
        const id = await idOf("Late Blooms");
        await rejectSuggestion(db, id, "pending", actor);
        const again = await rejection(rejectSuggestion(db, id, "pending", actor));
        expect(again).toMatchObject({ code: "conflict", message: suggestionReviewedMessage("rejected") });
        const done = await rejection(rejectSuggestion(db, await idOf("Done Deal"), "accepted", actor));
        expect(done).toMatchObject({ code: "conflict", message: "An accepted suggestion cannot be rejected." });
        expect(await auditRows()).toHaveLength(1);
      });

      it("answers 'not found' for a suggestion that does not exist", async () => {
        expect(await rejection(rejectSuggestion(db, 999_999, "pending", actor))).toMatchObject({
          code: "not_found",
          message: SUGGESTION_GONE,
        });
      });
    });

    describe("createWholesalerFromSuggestion", () => {
      const listing = (extra: Record<string, string> = {}) => ({
        name: "Late Blooms",
        address: "1 Market St",
        city: "Los Angeles",
        stateId: "california",
        zipcode: "90014",
        type: "Wholesale",
        adminNote: "Suggested by a visitor (Rosa Diaz, rosa@example.com).",
        ...extra,
      });
      const suggestionRow = async (id: number) =>
        db
          .selectFrom("location_suggestions")
          .select(["status", "wholesaler_id", "reviewed_at"])
          .where("id", "=", id)
          .executeTakeFirstOrThrow();
      const wholesalers = () => db.selectFrom("wholesalers").select(["id", "name", "description", "admin_note"]).orderBy("id").execute();

      it("saves the listing and only then accepts the suggestion, with the listing it became and both audit rows", async () => {
        const id = await idOf("Late Blooms");
        expect((await suggestionRow(id)).status).toBe("pending");
        const wholesalerId = await createWholesalerFromSuggestion(db, id, listing(), { confirmed: false }, actor);
        expect(await wholesalers()).toEqual([
          { id: wholesalerId, name: "Late Blooms", description: "", admin_note: "Suggested by a visitor (Rosa Diaz, rosa@example.com)." },
        ]);
        expect(await suggestionRow(id)).toEqual({
          status: "accepted",
          wholesaler_id: wholesalerId,
          reviewed_at: expect.stringMatching(/^\d{4}-/),
        });
        const audit = await auditRows();
        expect(audit.map((a) => a.action)).toEqual(["wholesaler.create", "location_suggestion.accept"]);
        expect(JSON.parse(audit[1]!.details!)).toEqual({ label: "Late Blooms", wholesalerId });
        const accepted = await listSuggestionsForAdmin(db, { status: "accepted", page: 1 });
        expect(accepted.rows.find((s) => s.id === id)?.wholesaler).toEqual({ id: wholesalerId, name: "Late Blooms" });
      });

      it("keeps what the visitor wrote in the admin note when the form has no admin note, and never in the description", async () => {
        const { adminNote: _note, ...withoutNote } = listing({
          name: "Early Stems",
          address: "9 Pier Rd",
          city: "Albany",
          stateId: "newyork",
          zipcode: "12207",
        });
        await createWholesalerFromSuggestion(db, await idOf("Early Stems"), withoutNote, { confirmed: false }, actor);
        const cleared = listing({ adminNote: "" });
        await createWholesalerFromSuggestion(db, await idOf("Late Blooms"), cleared, { confirmed: false }, actor);
        expect(await wholesalers()).toEqual([
          { id: expect.any(Number), name: "Early Stems", description: "", admin_note: "Suggested by a visitor: Open 5am" },
          { id: expect.any(Number), name: "Late Blooms", description: "", admin_note: null },
        ]);
      });

      it("leaves the suggestion pending and writes nothing when the listing has mistakes", async () => {
        const id = await idOf("Late Blooms");
        const error = await rejection(createWholesalerFromSuggestion(db, id, listing({ zipcode: "123" }), { confirmed: false }, actor));
        expect(error).toMatchObject({ code: "bad_request", fieldErrors: { zipcode: "A zipcode is exactly 5 digits." } });
        expect(await suggestionRow(id)).toEqual({ status: "pending", wholesaler_id: null, reviewed_at: null });
        expect(await wholesalers()).toEqual([]);
        expect(await auditRows()).toEqual([]);
      });

      it("stops at possible duplicates until the admin confirms", async () => {
        await createWholesalerFromSuggestion(db, await idOf("Late Blooms"), listing(), { confirmed: false }, actor);
        const id = await idOf("Early Stems");
        const input = listing({ name: "Late Blooms Wholesale Florist", address: "1 Market Street" });
        const refused = await rejection(createWholesalerFromSuggestion(db, id, input, { confirmed: false }, actor));
        expect(refused).toMatchObject({ code: "conflict", message: POSSIBLE_DUPLICATES_MESSAGE });
        expect(refused.fieldErrors).toEqual({
          confirm: "Late Blooms, 1 Market St, Los Angeles, California 90014 (similar name in the same zipcode; same street address)",
        });
        expect((await suggestionRow(id)).status).toBe("pending");
        expect((await wholesalers()).map((w) => w.name)).toEqual(["Late Blooms"]);

        await createWholesalerFromSuggestion(db, id, input, { confirmed: true }, actor);
        expect((await wholesalers()).map((w) => w.name)).toEqual(["Late Blooms", "Late Blooms Wholesale Florist"]);
        expect((await suggestionRow(id)).status).toBe("accepted");
      });

      it("refuses a second listing from a suggestion that already became one, and takes a rejected one", async () => {
        const done = await rejection(createWholesalerFromSuggestion(db, await idOf("Done Deal"), listing(), { confirmed: true }, actor));
        expect(done).toMatchObject({ code: "conflict", message: SUGGESTION_ALREADY_ADDED });
        expect(await wholesalers()).toEqual([]);

        const oldNews = await idOf("Old News");
        await createWholesalerFromSuggestion(db, oldNews, listing({ name: "Old News" }), { confirmed: true }, actor);
        expect((await suggestionRow(oldNews)).status).toBe("accepted");
        const again = await rejection(
          createWholesalerFromSuggestion(db, oldNews, listing({ name: "Old News" }), { confirmed: true }, actor),
        );
        expect(again).toMatchObject({ code: "conflict", message: SUGGESTION_ALREADY_ADDED });
        expect((await wholesalers()).map((w) => w.name)).toEqual(["Old News"]);
      });

      it("creates one listing when two admins save the same suggestion at once", async () => {
        const id = await idOf("Late Blooms");
        const results = await Promise.allSettled([
          createWholesalerFromSuggestion(db, id, listing(), { confirmed: true }, actor),
          createWholesalerFromSuggestion(db, id, listing(), { confirmed: true }, actor),
        ]);
        expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
        expect(await wholesalers()).toHaveLength(1);
        expect((await auditRows()).map((a) => a.action)).toEqual(["wholesaler.create", "location_suggestion.accept"]);
      });

      it("answers 'not found' for a suggestion that does not exist", async () => {
        expect(await rejection(createWholesalerFromSuggestion(db, 999_999, listing(), { confirmed: true }, actor))).toMatchObject({
          code: "not_found",
          message: SUGGESTION_GONE,
        });
        expect(await wholesalers()).toEqual([]);
      });
    });

    describe("wholesalerPrefillFor", () => {
      const sent = { id: 7, contactName: null, email: null };

      it("fills the suggestion's id, name, street, city, state id and zipcode, and puts what the visitor wrote in the admin note, not the description", async () => {
        const params = await wholesalerPrefillFor(db, {
          ...sent,
          businessName: "Early Stems",
          businessAddress: "9 Pier Rd, Albany, NY 12207",
          additionalInfo: "Open 5am",
          contactName: "Rosa Diaz",
          email: "rosa@example.com",
        });
        expect(Object.fromEntries(params)).toEqual({
          suggestion: "7",
          name: "Early Stems",
          address: "9 Pier Rd",
          city: "Albany",
          stateId: "newyork",
          zipcode: "12207",
          adminNote: "Suggested by a visitor (Rosa Diaz, rosa@example.com): Open 5am",
        });
        expect(params.has("description")).toBe(false);
      });

      it("looks the state up by its name too", async () => {
        const params = await wholesalerPrefillFor(db, {
          ...sent,
          businessName: "X",
          businessAddress: "1 A St, Fresno, california",
          additionalInfo: null,
        });
        expect(Object.fromEntries(params)).toEqual({
          suggestion: "7",
          name: "X",
          address: "1 A St",
          city: "Fresno",
          stateId: "california",
          adminNote: "Suggested by a visitor.",
        });
      });

      it("keeps the whole address when the state is unknown or the address has no recognizable shape", async () => {
        const unknown = await wholesalerPrefillFor(db, {
          ...sent,
          businessName: "X",
          businessAddress: "1 A St, Springfield, ZZ 12345",
          additionalInfo: null,
        });
        expect(Object.fromEntries(unknown)).toMatchObject({ name: "X", address: "1 A St, Springfield, ZZ 12345" });
        expect(unknown.has("city")).toBe(false);
        const free = await wholesalerPrefillFor(db, {
          ...sent,
          businessName: "X",
          businessAddress: "Behind the old mill",
          additionalInfo: null,
        });
        expect(Object.fromEntries(free)).toEqual({
          suggestion: "7",
          name: "X",
          address: "Behind the old mill",
          adminNote: "Suggested by a visitor.",
        });
      });
    });

    describe("suggestionNote", () => {
      it("names who sent the suggestion, when they said, and keeps what they wrote", () => {
        expect(suggestionNote({ contactName: "Sam", email: null, additionalInfo: "Parking in back." })).toBe(
          "Suggested by a visitor (Sam): Parking in back.",
        );
        expect(suggestionNote({ contactName: null, email: "sam@example.com", additionalInfo: null })).toBe(
          "Suggested by a visitor (sam@example.com).",
        );
      });
    });
  });
}
