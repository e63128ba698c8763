import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/schema";
import { TEST_DATABASES, openTestDatabase, rejection } from "../../../tests/support/test-databases";
import { HONEYPOT_FIELD, SUBMISSION_MESSAGES, SUBMISSIONS_PER_HOUR } from "./business-form";
import { createBusinessSubmission, type BusinessSubmissionInput } from "./submissions.server";

const T0 = "2026-01-01T00:00:00.000Z";

const HOURS = {
  mon: [{ open: "05:00", close: "11:00" }],
  tue: [{ open: "05:00", close: "11:00" }],
  wed: [],
  thu: [],
  fri: [],
  sat: [{ open: "06:00", close: "10:00" }],
  sun: [],
};

const VALID_SUBMISSION: BusinessSubmissionInput = {
  name: "  Petal Wholesale  ",
  address: "754 Wall Street",
  city: "Los Angeles",
  stateId: "california",
  zipcode: "90014",
  type: "Wholesale",
  access: "public-hours",
  accessNote: "Public welcome after 9 AM",
  phone: "(213) 555-0100",
  website: "https://petal.example.com",
  openingHours: JSON.stringify(HOURS),
  description: "Roses and greens by the bunch.",
  submitterName: "Ana Ruiz",
  submitterEmail: "ana@petal.example.com",
  submitterRole: "owner",
};

for (const database of TEST_DATABASES) {
  describe.runIf(database.enabled)(`createBusinessSubmission on ${database.name}`, () => {
    let db: Kysely<Database>;
    let cleanup: () => Promise<void>;

    beforeAll(async () => {
      const opened = await openTestDatabase(database.name, "submissions");
      db = opened.handle.db;
      cleanup = opened.cleanup;
      await db
        .insertInto("states")
        .values([
          { id: "california", name: "California", code: "CA", region: "West", created_at: T0, updated_at: T0 },
          { id: "oregon", name: "Oregon", code: "OR", region: "West", created_at: T0, updated_at: T0 },
        ])
        .execute();
      await db
        .insertInto("zipcodes")
        .values([
          { zip: "90014", latitude: 34.0434, longitude: -118.2509, city: "Los Angeles", state_code: "CA" },
          { zip: "97201", latitude: 45.5079, longitude: -122.69, city: "Portland", state_code: "OR" },
        ])
        .execute();
    });
    afterAll(() => cleanup());
    beforeEach(() => db.deleteFrom("business_submissions").execute());

    const rows = () => db.selectFrom("business_submissions").selectAll().execute();

    it("stores a pending request with the business's facts, its weekly hours, the submitter, the address and the time", async () => {
      const now = new Date("2026-05-01T10:00:00.000Z");
      expect(await createBusinessSubmission(db, VALID_SUBMISSION, "203.0.113.7", now)).toEqual({ stored: true, name: "Petal Wholesale" });
      expect(await rows()).toEqual([
        {
          id: expect.any(Number),
          name: "Petal Wholesale",
          address: "754 Wall Street",
          city: "Los Angeles",
          state_id: "california",
          zipcode: "90014",
          type: "Wholesale",
          access: "public-hours",
          access_note: "Public welcome after 9 AM",
          phone: "(213) 555-0100",
          website: "https://petal.example.com",
          opening_hours: JSON.stringify(HOURS),
          hours: "",
          description: "Roses and greens by the bunch.",
          submitter_name: "Ana Ruiz",
          submitter_email: "ana@petal.example.com",
          submitter_role: "owner",
          status: "pending",
          wholesaler_id: null,
          ip: "203.0.113.7",
          created_at: now.toISOString(),
          reviewed_at: null,
        },
      ]);
      expect(await db.selectFrom("wholesalers").selectAll().execute()).toEqual([]);
    });

    it("stores empty optional fields as nothing", async () => {
      await createBusinessSubmission(
        db,
        { ...VALID_SUBMISSION, accessNote: " ", phone: "", website: "", openingHours: "", description: "" },
        "203.0.113.8",
      );
      expect(await rows()).toEqual([
        expect.objectContaining({ access_note: null, phone: null, website: null, opening_hours: null, description: "" }),
      ]);
    });

    it("reports every missing or wrong field at once, with the admin form's messages for the business's facts", async () => {
      const error = await rejection(
        createBusinessSubmission(db, { phone: "call us", website: "petal.example.com", submitterEmail: "ana@" }, "203.0.113.9"),
      );
      expect(error).toMatchObject({ code: "bad_request", message: SUBMISSION_MESSAGES.invalid });
      expect(error.fieldErrors).toEqual({
        name: expect.stringMatching(/business name/),
        address: "Enter the street address.",
        city: "Enter the city.",
        stateId: "Choose a state.",
        zipcode: "A zipcode is exactly 5 digits.",
        type: "Choose Wholesale, Retail or Both.",
        phone: "Enter a phone number such as (213) 627-3696.",
        website: "Enter a full web address starting with https://",
        access: SUBMISSION_MESSAGES.accessRequired,
        submitterName: SUBMISSION_MESSAGES.submitterNameRequired,
        submitterEmail: SUBMISSION_MESSAGES.invalidEmail,
        submitterRole: SUBMISSION_MESSAGES.roleRequired,
      });
      expect(await rows()).toEqual([]);
    });

    it("refuses a zipcode that does not exist or lies in another state", async () => {
      const unknown = await rejection(createBusinessSubmission(db, { ...VALID_SUBMISSION, zipcode: "00001" }, "203.0.113.9"));
      expect(unknown).toMatchObject({ code: "bad_request", fieldErrors: { zipcode: "Zipcode 00001 does not exist." } });
      const elsewhere = await rejection(createBusinessSubmission(db, { ...VALID_SUBMISSION, zipcode: "97201" }, "203.0.113.9"));
      expect(elsewhere.fieldErrors).toEqual({ zipcode: "Zipcode 97201 is in Portland, OR, not in California." });
      const noState = await rejection(createBusinessSubmission(db, { ...VALID_SUBMISSION, stateId: "atlantis" }, "203.0.113.9"));
      expect(noState.fieldErrors).toEqual({ stateId: "Choose a state from the list." });
      expect(await rows()).toEqual([]);
    });

    it("refuses weekly hours that cannot be read or do not make sense, naming the day", async () => {
      const garbled = await rejection(createBusinessSubmission(db, { ...VALID_SUBMISSION, openingHours: "{nope" }, "203.0.113.9"));
      expect(garbled.fieldErrors).toEqual({ openingHours: "The opening hours could not be read. Reload the page and enter them again." });
      const half = await rejection(
        createBusinessSubmission(
          db,
          { ...VALID_SUBMISSION, openingHours: JSON.stringify({ ...HOURS, tue: [{ open: "05:00", close: "" }] }) },
          "203.0.113.9",
        ),
      );
      expect(half.fieldErrors?.openingHours).toMatch(/^Tuesday: /);
    });

    it("refuses who-may-buy and roles it does not know", async () => {
      const error = await rejection(
        createBusinessSubmission(db, { ...VALID_SUBMISSION, access: "everyone", submitterRole: "ceo" }, "203.0.113.9"),
      );
      expect(error.fieldErrors).toEqual({ access: SUBMISSION_MESSAGES.accessRequired, submitterRole: SUBMISSION_MESSAGES.roleRequired });
    });

    it("answers a filled honeypot as a success and stores nothing", async () => {
      const result = await createBusinessSubmission(db, { ...VALID_SUBMISSION, [HONEYPOT_FIELD]: "http://spam.example" }, "203.0.113.9");
      expect(result.stored).toBe(false);
      expect(await rows()).toEqual([]);
    });

    it(`accepts ${SUBMISSIONS_PER_HOUR} listings an hour from one address, then refuses more until the hour has passed`, async () => {
      const start = new Date("2026-05-01T10:00:00.000Z");
      for (let i = 0; i < SUBMISSIONS_PER_HOUR; i++) {
        await createBusinessSubmission(db, VALID_SUBMISSION, "198.51.100.4", new Date(start.getTime() + i * 60_000));
      }
      const refused = await rejection(
        createBusinessSubmission(db, VALID_SUBMISSION, "198.51.100.4", new Date(start.getTime() + 30 * 60_000)),
      );
      expect(refused).toMatchObject({ code: "too_many_requests", message: SUBMISSION_MESSAGES.tooMany });
      await createBusinessSubmission(db, VALID_SUBMISSION, "198.51.100.5", new Date(start.getTime() + 30 * 60_000));
      await createBusinessSubmission(db, VALID_SUBMISSION, "198.51.100.4", new Date(start.getTime() + 61 * 60_000));
      expect(await rows()).toHaveLength(SUBMISSIONS_PER_HOUR + 2);
    });
  });
}
