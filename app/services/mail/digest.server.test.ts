import type { Kysely } from "kysely";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/schema";
import { TEST_DATABASES, createTestAdmin, openTestDatabase } from "../../../tests/support/test-databases";
import { createListingReport } from "../reports/reports.server";
import { DEFAULT_SETTINGS, saveSetting } from "../settings/settings.server";
import type { DigestFrequency } from "../settings/settings-form";
import { createBusinessSubmission, type BusinessSubmissionInput } from "../submissions/submissions.server";
import { createLocationSuggestion } from "../suggestions/suggestions.server";
import { ADMIN_DIGEST_STATE_KEY, DIGEST_PERIOD_MS, sendDailyDigestIfDue, startAdminDigest } from "./digest.server";

const T0 = "2026-01-01T00:00:00.000Z";
const SITE = "https://flowers.example";
const NOTIFY = { siteUrl: SITE };
const HOUR = 60 * 60 * 1000;
const ADMINS = ["ann@example.com", "bo@example.com"];

const BUSINESS: BusinessSubmissionInput = {
  name: "Petal Wholesale",
  address: "754 Wall Street",
  city: "Los Angeles",
  stateId: "california",
  zipcode: "90014",
  type: "Wholesale",
  access: "public-hours",
  submitterName: "Ana Ruiz",
  submitterEmail: "ana@petal.example.com",
  submitterRole: "owner",
};

for (const database of TEST_DATABASES) {
  describe.runIf(database.enabled)(`admin digest on ${database.name}`, () => {
    let db: Kysely<Database>;
    let cleanup: () => Promise<void>;
    let listingId: number;

    beforeAll(async () => {
      const opened = await openTestDatabase(database.name, "digest");
      db = opened.handle.db;
      cleanup = opened.cleanup;
      for (const email of ADMINS) await createTestAdmin(db, { email, name: null });
      await db
        .insertInto("states")
        .values({ id: "california", name: "California", code: "CA", region: "West", created_at: T0, updated_at: T0 })
        .execute();
      await db
        .insertInto("zipcodes")
        .values({ zip: "90014", latitude: 34.0434, longitude: -118.2509, city: "Los Angeles", state_code: "CA" })
        .execute();
      const listing = await db
        .insertInto("wholesalers")
        .values({
          name: "Rose Market",
          address: "766 Wall St",
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
      await saveSetting(db, "general", { ...DEFAULT_SETTINGS.general, siteName: "Flower Finder" });
    });
    afterAll(() => cleanup());
    beforeEach(async () => {
      for (const table of ["mail_outbox", "business_submissions", "listing_reports", "location_suggestions"] as const) {
        await db.deleteFrom(table).execute();
      }
      await db.deleteFrom("settings").where("key", "=", ADMIN_DIGEST_STATE_KEY).execute();
    });

    const setDigest = (adminDigest: DigestFrequency) => saveSetting(db, "mail", { sendRate: 0, postalAddress: "", adminDigest });
    const adminMail = () => db.selectFrom("mail_outbox").selectAll().where("kind", "=", "digest").orderBy("id").execute();
    const kinds = async () => (await db.selectFrom("mail_outbox").select("kind").orderBy("id").execute()).map((row) => row.kind);
    const digestState = async () =>
      (await db.selectFrom("settings").select("value").where("key", "=", ADMIN_DIGEST_STATE_KEY).executeTakeFirst())?.value;

    /** One of each: a listing request, a report and a suggestion, sent at `at`. */
    async function sendOneOfEach(at: Date, suffix = "") {
      await createBusinessSubmission(db, { ...BUSINESS, name: `Petal Wholesale${suffix}` }, "198.51.100.1", at, NOTIFY);
      await createListingReport(
        db,
        listingId,
        { kind: "closed", details: `Shut for good${suffix}.`, email: "" },
        "198.51.100.2",
        at,
        NOTIFY,
      );
      await createLocationSuggestion(
        db,
        { businessName: `Stem Supply${suffix}`, businessAddress: "1 Main St, Portland, OR" },
        "198.51.100.3",
        at,
        NOTIFY,
      );
    }

    describe("instant", () => {
      it("queues one message per new item to each admin, with the item, in the item's transaction", async () => {
        await setDigest("instant");
        await sendOneOfEach(new Date());
        // The submitter's receipt, then each item's message to both admins.
        expect(await kinds()).toEqual(["receipt", "digest", "digest", "digest", "digest", "digest", "digest"]);
        const mails = await adminMail();
        expect(mails.map((mail) => [mail.recipient, mail.subject])).toEqual([
          ["ann@example.com", "New listing request: Petal Wholesale"],
          ["bo@example.com", "New listing request: Petal Wholesale"],
          ["ann@example.com", "New report on Rose Market: Closed for good"],
          ["bo@example.com", "New report on Rose Market: Closed for good"],
          ["ann@example.com", "New location suggestion: Stem Supply"],
          ["bo@example.com", "New location suggestion: Stem Supply"],
        ]);
        expect(mails[0]!.text).toContain("Petal Wholesale, Los Angeles, CA (sent by Ana Ruiz, ana@petal.example.com)");
        expect(mails[0]!.html).toContain(`href="${SITE}/admin/submissions"`);
        expect(mails[2]!.text).toContain("Shut for good.");
        expect(mails[2]!.html).toContain(`href="${SITE}/admin/reports"`);
        expect(mails[4]!.text).toContain("Stem Supply, 1 Main St, Portland, OR");
        expect(mails[4]!.html).toContain(`href="${SITE}/admin/suggestions"`);
        // No daily digest besides.
        expect(await sendDailyDigestIfDue(db, { siteUrl: SITE, now: new Date(Date.now() + 2 * DIGEST_PERIOD_MS) })).toEqual({
          outcome: "off",
          messages: 0,
        });
      });

      it("queues nothing for a refused item", async () => {
        await setDigest("instant");
        await expect(createLocationSuggestion(db, { businessName: "" }, "198.51.100.3", new Date(), NOTIFY)).rejects.toThrow();
        await expect(createListingReport(db, listingId, { kind: "nope" }, "198.51.100.2", new Date(), NOTIFY)).rejects.toThrow();
        expect(await kinds()).toEqual([]);
      });
    });

    describe("off", () => {
      it("sends the admins nothing, at once or daily", async () => {
        await setDigest("off");
        await sendOneOfEach(new Date(Date.now() - 2 * HOUR));
        expect(await kinds()).toEqual(["receipt"]);
        expect(await sendDailyDigestIfDue(db, { siteUrl: SITE })).toEqual({ outcome: "off", messages: 0 });
        expect(await kinds()).toEqual(["receipt"]);
        expect(await digestState()).toBeUndefined();
      });
    });

    describe("daily", () => {
      beforeEach(() => setDigest("daily"));

      it("sends nothing at once, then one digest a day to each admin listing what arrived, with counts and links", async () => {
        const start = new Date("2026-03-01T08:00:00.000Z");
        await sendOneOfEach(start);
        await sendOneOfEach(new Date(start.getTime() + HOUR), " Two");
        expect(await adminMail()).toEqual([]);

        const first = new Date(start.getTime() + 2 * HOUR);
        expect(await sendDailyDigestIfDue(db, { siteUrl: SITE, now: first })).toEqual({ outcome: "sent", messages: 2 });
        const mails = await adminMail();
        expect(mails.map((mail) => mail.recipient)).toEqual(ADMINS);
        const [digest] = mails;
        expect(digest!.subject).toBe("Flower Finder: 6 new items wait for review");
        const text = digest!.text;
        expect(text).toContain("2 new listing requests, 2 new listing reports, 2 new location suggestions");
        for (const line of [
          "Petal Wholesale, Los Angeles, CA (sent by Ana Ruiz, ana@petal.example.com)",
          "Petal Wholesale Two, Los Angeles, CA",
          "Rose Market: Closed for good. “Shut for good.”",
          "Rose Market: Closed for good. “Shut for good Two.”",
          "Stem Supply, 1 Main St, Portland, OR",
          "Stem Supply Two, 1 Main St, Portland, OR",
        ]) {
          expect(text).toContain(line);
        }
        for (const screen of ["submissions", "reports", "suggestions"]) expect(digest!.html).toContain(`href="${SITE}/admin/${screen}"`);

        // Not again within the day.
        expect(await sendDailyDigestIfDue(db, { siteUrl: SITE, now: new Date(first.getTime() + 23 * HOUR) })).toEqual({
          outcome: "not-due",
          messages: 0,
        });
        // A day later: only what arrived since, and only what still waits.
        await sendOneOfEach(new Date(first.getTime() + 3 * HOUR), " Three");
        await db.updateTable("location_suggestions").set({ status: "rejected" }).where("business_name", "=", "Stem Supply Three").execute();
        await db.deleteFrom("mail_outbox").execute();
        expect(await sendDailyDigestIfDue(db, { siteUrl: SITE, now: new Date(first.getTime() + DIGEST_PERIOD_MS) })).toEqual({
          outcome: "sent",
          messages: 2,
        });
        const [next] = await adminMail();
        expect(next!.subject).toBe("Flower Finder: 2 new items wait for review");
        expect(next!.text).toContain("1 new listing request, 1 new listing report");
        expect(next!.text).toContain("Petal Wholesale Three");
        expect(next!.text).not.toContain("Petal Wholesale Two");
        expect(next!.text).not.toContain("Stem Supply");
      });

      it("sends nothing when nothing arrived, and starts the next day from then", async () => {
        const now = new Date("2026-03-01T08:00:00.000Z");
        expect(await sendDailyDigestIfDue(db, { siteUrl: SITE, now })).toEqual({ outcome: "nothing-new", messages: 0 });
        expect(await adminMail()).toEqual([]);
        expect(JSON.parse((await digestState())!)).toMatchObject({ sentAt: now.toISOString() });
        expect(await sendDailyDigestIfDue(db, { siteUrl: SITE, now: new Date(now.getTime() + HOUR) })).toMatchObject({
          outcome: "not-due",
        });
      });

      it("is sent once when two servers try at the same moment, the first time and after a day", async () => {
        const start = new Date("2026-03-01T08:00:00.000Z");
        await sendOneOfEach(start);
        const race = async (now: Date) => {
          const results = await Promise.all([
            sendDailyDigestIfDue(db, { siteUrl: SITE, now }),
            sendDailyDigestIfDue(db, { siteUrl: SITE, now }),
          ]);
          return results.map((result) => result.outcome).sort();
        };
        const first = new Date(start.getTime() + HOUR);
        expect(await race(first)).toEqual(["lost", "sent"]);
        expect((await adminMail()).map((mail) => mail.recipient)).toEqual(ADMINS);

        await sendOneOfEach(new Date(first.getTime() + HOUR), " Two");
        await db.deleteFrom("mail_outbox").execute();
        expect(await race(new Date(first.getTime() + DIGEST_PERIOD_MS + 1))).toEqual(["lost", "sent"]);
        expect((await adminMail()).map((mail) => mail.recipient)).toEqual(ADMINS);
      });

      it("runs from a timer whose interval and clock the test sets, and stops when closed", async () => {
        const start = new Date("2026-03-01T08:00:00.000Z");
        await sendOneOfEach(start);
        let clock = new Date(start.getTime() + HOUR);
        const timer = await startAdminDigest({ db, logger: pino({ level: "silent" }), siteUrl: SITE, intervalMs: 20, now: () => clock });
        try {
          await expect.poll(async () => (await adminMail()).length).toBe(2);
          await sendOneOfEach(new Date(clock.getTime() + HOUR), " Two");
          // The timer keeps asking, but a digest is due only a day later.
          await new Promise((resolve) => setTimeout(resolve, 100));
          expect(await timer.check()).toMatchObject({ outcome: "not-due" });
          clock = new Date(clock.getTime() + DIGEST_PERIOD_MS);
          await expect.poll(async () => (await adminMail()).length).toBe(4);
        } finally {
          await timer.close();
        }
        expect(await timer.check()).toBeUndefined();
        expect((await adminMail()).at(-1)!.text).toContain("Petal Wholesale Two");
      });
    });
  });
}
