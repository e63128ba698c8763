import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/schema";
import { STATUS_BY_CODE } from "../errors";
import { REPORT_MESSAGES, REPORTS_PER_HOUR } from "./report-form";
import { createListingReport } from "./reports.server";
import { TEST_DATABASES, openTestDatabase, rejection } from "../../../tests/support/test-databases";

const T0 = "2026-01-01T00:00:00.000Z";

for (const database of TEST_DATABASES) {
  describe.runIf(database.enabled)(`createListingReport on ${database.name}`, () => {
    let db: Kysely<Database>;
    let cleanup: () => Promise<void>;
    let listingId: number;

    beforeAll(async () => {
      const opened = await openTestDatabase(database.name, "reports");
      db = opened.handle.db;
      cleanup = opened.cleanup;
      await db
        .insertInto("states")
        .values({ id: "california", name: "California", code: "CA", region: "West", created_at: T0, updated_at: T0 })
        .execute();
      const listing = await db
        .insertInto("wholesalers")
        .values({
          name: "Petal Wholesale",
          address: "754 Wall St",
          city: "Los Angeles",
          state_id: "california",
          zipcode: "90014",
          type: "Wholesale",
          hours: "",
          description: "",
          latitude: 34.04,
          longitude: -118.25,
          featured: 0,
          created_at: T0,
          updated_at: T0,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      listingId = Number(listing.id);
    });
    afterAll(() => cleanup());
    beforeEach(() => db.deleteFrom("listing_reports").execute());

    const rows = () => db.selectFrom("listing_reports").selectAll().orderBy("id").execute();

    it("stores an open report with the kind, trimmed details, the email, the address and the time", async () => {
      const now = new Date("2026-05-01T10:00:00.000Z");
      const result = await createListingReport(
        db,
        listingId,
        { kind: "closed", details: "  Shuttered since March.  ", email: " ana@example.com " },
        "203.0.113.7",
        now,
      );
      expect(result).toEqual({ stored: true });
      expect(await rows()).toEqual([
        {
          id: expect.any(Number),
          wholesaler_id: listingId,
          kind: "closed",
          details: "Shuttered since March.",
          email: "ana@example.com",
          status: "open",
          ip: "203.0.113.7",
          created_at: now.toISOString(),
          reviewed_at: null,
        },
      ]);
    });

    it("keeps empty details as '' and no email as null", async () => {
      await createListingReport(db, listingId, { kind: "wrong-phone-or-hours", details: "", email: "" }, "203.0.113.8");
      expect(await rows()).toEqual([expect.objectContaining({ kind: "wrong-phone-or-hours", details: "", email: null })]);
    });

    it("refuses bad input with a message per field (400) and stores nothing", async () => {
      const error = await rejection(createListingReport(db, listingId, { kind: "other", email: "nope" }, "203.0.113.9"));
      expect(error.code).toBe("bad_request");
      expect(STATUS_BY_CODE[error.code]).toBe(400);
      expect(error.message).toBe(REPORT_MESSAGES.invalid);
      expect(error.fieldErrors).toEqual({ details: REPORT_MESSAGES.detailsRequired, email: REPORT_MESSAGES.invalidEmail });

      const noKind = await rejection(createListingReport(db, listingId, { details: "Gone" }, "203.0.113.9"));
      expect(noKind.fieldErrors).toEqual({ kind: REPORT_MESSAGES.kindRequired });
      expect(await rows()).toEqual([]);
    });

    it("answers 404 for a listing that does not exist", async () => {
      const error = await rejection(createListingReport(db, listingId + 1000, { kind: "closed" }, "203.0.113.10"));
      expect(error.code).toBe("not_found");
      expect(error.message).toBe(REPORT_MESSAGES.listingGone);
      expect(await rows()).toEqual([]);
    });

    it("answers a filled honeypot like a success but stores nothing, even for invalid input", async () => {
      expect(await createListingReport(db, listingId, { kind: "closed", website_url: "https://spam.example" }, "203.0.113.11")).toEqual({
        stored: false,
      });
      expect(await createListingReport(db, listingId, { website_url: "x" }, "203.0.113.11")).toEqual({ stored: false });
      expect(await rows()).toEqual([]);
    });

    it(`accepts ${REPORTS_PER_HOUR} reports per address per hour, then refuses with 429 until the hour has passed`, async () => {
      const start = new Date("2026-05-01T10:00:00.000Z");
      const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
      for (let i = 0; i < REPORTS_PER_HOUR; i++) {
        await createListingReport(db, listingId, { kind: "wrong-address" }, "198.51.100.1", at(i));
      }
      const error = await rejection(createListingReport(db, listingId, { kind: "closed" }, "198.51.100.1", at(30)));
      expect(error.code).toBe("too_many_requests");
      expect(STATUS_BY_CODE[error.code]).toBe(429);
      expect(error.message).toBe(REPORT_MESSAGES.tooMany);

      // Another address is not affected, and the first may report again once its oldest report is an hour old.
      expect(await createListingReport(db, listingId, { kind: "closed" }, "198.51.100.2", at(30))).toEqual({ stored: true });
      expect(await createListingReport(db, listingId, { kind: "closed" }, "198.51.100.1", at(61))).toEqual({ stored: true });
      expect(await rows()).toHaveLength(REPORTS_PER_HOUR + 2);
    });

    it("goes with its listing when the listing is deleted", async () => {
      await createListingReport(db, listingId, { kind: "closed" }, "203.0.113.12");
      const other = await db
        .insertInto("wholesalers")
        .values({
          name: "Gone Tomorrow",
          address: "1 Main St",
          city: "Los Angeles",
          state_id: "california",
          zipcode: "90014",
          type: "Retail",
          hours: "",
          description: "",
          latitude: 34.04,
          longitude: -118.25,
          featured: 0,
          created_at: T0,
          updated_at: T0,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await createListingReport(db, Number(other.id), { kind: "closed" }, "203.0.113.12");
      await db.deleteFrom("wholesalers").where("id", "=", Number(other.id)).execute();
      expect((await rows()).map((r) => r.wholesaler_id)).toEqual([listingId]);
    });
  });
}
