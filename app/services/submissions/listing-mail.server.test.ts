import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/schema";
import type { Actor } from "../admin/list";
import { TEST_DATABASES, createTestAdmin, openTestDatabase, rejection } from "../../../tests/support/test-databases";
import { DEFAULT_SETTINGS, saveSetting } from "../settings/settings.server";
import { POSSIBLE_DUPLICATES_MESSAGE } from "../wholesalers/duplicates";
import { approveSubmission, rejectSubmission } from "./admin.server";
import { HONEYPOT_FIELD, SUBMISSION_MESSAGES } from "./business-form";
import { createBusinessSubmission, type BusinessSubmissionInput } from "./submissions.server";

const T0 = "2026-01-01T00:00:00.000Z";
const NOTIFY = { siteUrl: "https://flowers.example/" };
const CONTACT = "hello@flowers.example";

const HOURS = {
  mon: [{ open: "05:00", close: "11:00" }],
  tue: [{ open: "05:00", close: "11:00" }],
  wed: [],
  thu: [],
  fri: [],
  sat: [{ open: "06:00", close: "10:00" }],
  sun: [],
};

const VALID: BusinessSubmissionInput = {
  name: "Petal Wholesale",
  address: "754 Wall Street",
  city: "Los Angeles",
  stateId: "california",
  zipcode: "90014",
  type: "Wholesale",
  access: "public-hours",
  accessNote: "",
  phone: "(213) 555-0100",
  website: "https://petal.example.com",
  openingHours: JSON.stringify(HOURS),
  description: "Roses and greens by the bunch.",
  submitterName: "Ana Ruiz",
  submitterEmail: "ana@petal.example.com",
  submitterRole: "owner",
};

for (const database of TEST_DATABASES) {
  describe.runIf(database.enabled)(`listing request mail on ${database.name}`, () => {
    let db: Kysely<Database>;
    let cleanup: () => Promise<void>;
    let actor: Actor;

    beforeAll(async () => {
      const opened = await openTestDatabase(database.name, "listing-mail");
      db = opened.handle.db;
      cleanup = opened.cleanup;
      actor = await createTestAdmin(db);
      await db
        .insertInto("states")
        .values({ id: "california", name: "California", code: "CA", region: "West", created_at: T0, updated_at: T0 })
        .execute();
      await db
        .insertInto("zipcodes")
        .values({ zip: "90014", latitude: 34.0434, longitude: -118.2509, city: "Los Angeles", state_code: "CA" })
        .execute();
      await saveSetting(db, "general", { ...DEFAULT_SETTINGS.general, siteName: "Flower Finder", contactEmail: CONTACT });
      // The digest stays "daily": no message to the admins at once.
      await saveSetting(db, "mail", { sendRate: 0, postalAddress: "", adminDigest: "daily" });
    });
    afterAll(() => cleanup());
    beforeEach(async () => {
      await db.deleteFrom("mail_outbox").execute();
      await db.deleteFrom("audit_log").execute();
      await db.deleteFrom("business_submissions").execute();
      await db.deleteFrom("wholesalers").execute();
    });

    const outbox = () => db.selectFrom("mail_outbox").selectAll().orderBy("id").execute();
    const submit = (input: BusinessSubmissionInput = VALID) => createBusinessSubmission(db, input, "203.0.113.7", new Date(), NOTIFY);
    const storedId = async () => (await db.selectFrom("business_submissions").select("id").executeTakeFirstOrThrow()).id;

    it("queues the submitter's receipt with the request: what happens next, and what was sent as stored", async () => {
      expect(await submit({ ...VALID, name: "  Petal Wholesale  " })).toEqual({ stored: true, name: "Petal Wholesale" });
      const mails = await outbox();
      expect(mails).toHaveLength(1);
      const [receipt] = mails;
      expect(receipt).toMatchObject({
        kind: "receipt",
        recipient: "ana@petal.example.com",
        subject: "We received your listing request for Petal Wholesale",
        status: "queued",
      });
      // React leaves "<!-- -->" between the pieces of a text in the HTML.
      for (const part of [receipt!.html.replaceAll("<!-- -->", ""), receipt!.text]) {
        expect(part).toContain("Petal Wholesale");
        expect(part).toContain("754 Wall Street, Los Angeles, California 90014");
        expect(part).toContain("(213) 555-0100");
        expect(part).toContain("https://petal.example.com");
        expect(part).toContain("Mon–Tue: 5 AM–11 AM");
        expect(part).toContain("Sat: 6 AM–10 AM");
        expect(part).toContain("usually within a few days");
        expect(part).toContain("decision");
        expect(part).toContain(CONTACT);
      }
      expect(receipt!.text).not.toContain("<");
    });

    it("says 'Not given' for what the business left out", async () => {
      await submit({ ...VALID, phone: "", website: "", openingHours: "" });
      const [receipt] = await outbox();
      expect(receipt!.text).toMatch(/Phone:\s*Not given/);
      expect(receipt!.text).toMatch(/Website:\s*Not given/);
      expect(receipt!.text).toMatch(/Hours:\s*Not given/);
    });

    it("queues nothing when the request is refused or caught by the honeypot", async () => {
      const refused = await rejection(submit({ ...VALID, submitterEmail: "ana@" }));
      expect(refused).toMatchObject({ code: "bad_request", message: SUBMISSION_MESSAGES.invalid });
      await rejection(submit({ ...VALID, zipcode: "00001" }));
      expect(await submit({ ...VALID, [HONEYPOT_FIELD]: "http://spam.example" })).toMatchObject({ stored: false });
      expect(await outbox()).toEqual([]);
      expect(await db.selectFrom("business_submissions").selectAll().execute()).toEqual([]);
    });

    it("tells the submitter of an approval with the listing's public address, in the decision's transaction", async () => {
      await submit();
      await db.deleteFrom("mail_outbox").execute();
      const { wholesalerId } = await approveSubmission(db, await storedId(), { expectedStatus: "pending", confirmed: true }, actor, NOTIFY);
      const [mail, ...rest] = await outbox();
      expect(rest).toEqual([]);
      expect(mail).toMatchObject({
        kind: "decision",
        recipient: "ana@petal.example.com",
        subject: "Petal Wholesale is now listed on Flower Finder",
      });
      const url = `https://flowers.example/wholesalers/${wholesalerId}/petal-wholesale`;
      expect(mail!.html).toContain(`href="${url}"`);
      expect(mail!.text).toContain(url);
    });

    it("tells the submitter politely of a decline, with the contact address and no reason the admin did not give", async () => {
      await submit();
      await db.deleteFrom("mail_outbox").execute();
      await rejectSubmission(db, await storedId(), "pending", actor, NOTIFY);
      const [mail, ...rest] = await outbox();
      expect(rest).toEqual([]);
      expect(mail).toMatchObject({
        kind: "decision",
        recipient: "ana@petal.example.com",
        subject: "Your listing request for Petal Wholesale",
      });
      expect(mail!.text).toContain("decided not to add it");
      expect(mail!.text).toContain(CONTACT);
      expect(mail!.text).not.toMatch(/public source|could not be|reason/i);
    });

    it("queues no decision when the decision is refused: already decided, or a possible duplicate not confirmed", async () => {
      await submit();
      const id = await storedId();
      await approveSubmission(db, id, { expectedStatus: "pending", confirmed: true }, actor, NOTIFY);
      await submit({ ...VALID, name: "Petal Wholesale LLC" });
      const second = (await db.selectFrom("business_submissions").select("id").where("status", "=", "pending").executeTakeFirstOrThrow())
        .id;
      await db.deleteFrom("mail_outbox").execute();

      expect(await rejection(approveSubmission(db, id, { expectedStatus: "pending", confirmed: true }, actor, NOTIFY))).toMatchObject({
        code: "conflict",
      });
      expect(await rejection(rejectSubmission(db, id, "pending", actor, NOTIFY))).toMatchObject({ code: "conflict" });
      expect(await rejection(approveSubmission(db, second, { expectedStatus: "pending", confirmed: false }, actor, NOTIFY))).toMatchObject({
        code: "conflict",
        message: POSSIBLE_DUPLICATES_MESSAGE,
      });
      expect(await outbox()).toEqual([]);
    });

    it("without notify (no route gave the site's address), stores the request and queues nothing", async () => {
      await createBusinessSubmission(db, VALID, "203.0.113.8");
      expect(await outbox()).toEqual([]);
      expect(await db.selectFrom("business_submissions").selectAll().execute()).toHaveLength(1);
    });
  });
}
