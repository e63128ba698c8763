import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromDbBool, type Database } from "~/db/schema";
import { parseWeeklyHours } from "../wholesalers/opening-hours-schema";
import { dryRunImport, IMPORT_BATCH_ROWS, IMPORT_CHANGED_MESSAGE, importFingerprint, importRows, runImport } from "./import.server";
import { openTestDatabase, TEST_DATABASES, rejection } from "../../../tests/support/test-databases";

const T0 = "2026-01-01T00:00:00.000Z";
const HEADER = "name,address,city,state,zipcode,type,hours,description,phone,website";
const ALL_COLUMNS =
  "name, address, city, state, zipcode, type, hours, description, phone, website, latitude, longitude, access, access_note, opening_hours, verified_at, source, admin_note, location_approximate, special_hours, status, closed_until";
const TRUST_HEADER =
  "name,address,city,state,zipcode,phone,access,access_note,opening_hours,verified_at,source,admin_note,location_approximate";

const FILE = [
  HEADER,
  '"Rose, Lily & Co",1 Pine St,Portland,OR,97201,retail,Mon-Fri 6AM-2PM,"Cut flowers\nand plants",(503) 555-0100,https://rose.example',
  "la flower market,754  WALL ST,Los Angeles,California,90012,Wholesale,Daily 2AM-noon,Updated description,,",
  "Bad Zip,2 Elm St,Portland,Oregon,90012,,,,,",
  "Unknown State,3 Oak St,Somewhere,Atlantis,97201,,,,,",
  "X,4 Fir St,Portland,OR,1234,Wholesale,,,,",
  "",
  "Garden Growers,5 Pine St,Portland,oregon,97201,Both,,,,",
  '"ROSE, LILY & CO",1 pine st,Portland,OR,97201,Retail,,,,',
  "Too Many,6 Pine St,Portland,OR,97201,Both,,,,,extra",
].join("\r\n");

for (const database of TEST_DATABASES) {
  describe.runIf(database.enabled)(`wholesaler CSV import on ${database.name}`, () => {
    let db: Kysely<Database>;
    let cleanup: () => Promise<void>;
    let actor: { adminId: number; email: string; ip: string };
    let marketId: number;

    const wholesalerCount = async () =>
      Number(
        (
          await db
            .selectFrom("wholesalers")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );

    beforeAll(async () => {
      const opened = await openTestDatabase(database.name, "import");
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
          { zip: "90012", latitude: 34.06, longitude: -118.24, city: "Los Angeles", state_code: "CA" },
          { zip: "97201", latitude: 45.5, longitude: -122.69, city: "Portland", state_code: "OR" },
        ])
        .execute();
      const market = await db
        .insertInto("wholesalers")
        .values({
          name: "LA Flower Market",
          address: "754 Wall St",
          city: "Los Angeles",
          state_id: "california",
          zipcode: "90012",
          type: "Wholesale",
          hours: "Mon-Sat",
          description: "The original",
          image: "/uploads/wholesalers/market.webp",
          image_updated_at: T0,
          featured: 1,
          latitude: 34.0405,
          longitude: -118.2497,
          created_at: T0,
          updated_at: T0,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      marketId = market.id;
      const admin = await db
        .insertInto("admin_users")
        .values({ email: "ann@example.com", name: "Ann", password_hash: "x", created_at: T0, updated_at: T0 })
        .returning("id")
        .executeTakeFirstOrThrow();
      actor = { adminId: admin.id, email: "ann@example.com", ip: "203.0.113.9" };
    });
    afterAll(() => cleanup());

    it("reports, row by row, what an import would do, and writes nothing", async () => {
      const report = await dryRunImport(db, FILE, "list.csv");
      expect(report).toMatchObject({ mode: "dry-run", fileName: "list.csv", rows: 8, created: 2, updated: 1, unchanged: 0, rejected: 5 });
      expect(report.fingerprint).toBe(importFingerprint(FILE));
      expect(report.createdRows).toEqual([
        { row: 2, name: "Rose, Lily & Co", city: "Portland", state: "Oregon" },
        { row: 8, name: "Garden Growers", city: "Portland", state: "Oregon" },
      ]);
      expect(report.updatedRows).toEqual([{ row: 3, name: "la flower market", city: "Los Angeles", state: "California" }]);
      expect(report.rejections).toEqual([
        { row: 4, name: "Bad Zip", messages: ["Zipcode 90012 is in Los Angeles, CA, not in Oregon."] },
        {
          row: 5,
          name: "Unknown State",
          messages: ['Unknown state "Atlantis". Use a two-letter code such as CA or a name such as California.'],
        },
        { row: 6, name: "X", messages: ["Enter the business name (at least 2 characters).", "A zipcode is exactly 5 digits."] },
        { row: 9, name: "ROSE, LILY & CO", messages: ["Row 2 has the same name and address. Each wholesaler can appear only once."] },
        {
          row: 10,
          name: "Too Many",
          messages: ["This row has 11 values but the header has 10 columns. Put values that contain commas in double quotes."],
        },
      ]);
      expect(report.message).toBe("Dry run of 8 rows: 2 to create, 1 to update, 0 unchanged, 5 with errors. Nothing has been saved yet.");
      expect(await wholesalerCount()).toBe(1);
      expect(await db.selectFrom("audit_log").selectAll().execute()).toEqual([]);
    });

    it("imports only the file the dry run checked", async () => {
      const error = await rejection(runImport(db, `${FILE}\n`, "list.csv", importFingerprint(FILE), actor));
      expect(error.code).toBe("conflict");
      expect(error.message).toBe(IMPORT_CHANGED_MESSAGE);
      expect(await wholesalerCount()).toBe(1);
    });

    it("creates new listings, updates the one with the same name and address, skips rows with errors, and logs it", async () => {
      const report = await runImport(db, FILE, "list.csv", importFingerprint(FILE), actor);
      expect(report).toMatchObject({ mode: "import", rows: 8, created: 2, updated: 1, unchanged: 0, rejected: 5 });
      expect(report.message).toBe("Imported 8 rows: 2 created, 1 updated, 0 unchanged, 5 skipped for errors.");
      expect(await wholesalerCount()).toBe(3);

      const rose = await db.selectFrom("wholesalers").selectAll().where("name", "=", "Rose, Lily & Co").executeTakeFirstOrThrow();
      expect(rose).toMatchObject({
        address: "1 Pine St",
        city: "Portland",
        state_id: "oregon",
        zipcode: "97201",
        type: "Retail",
        hours: "Mon-Fri 6AM-2PM",
        description: "Cut flowers\nand plants",
        phone: "(503) 555-0100",
        website: "https://rose.example",
        latitude: 45.5,
        longitude: -122.69,
        image: null,
      });
      expect(Boolean(rose.featured)).toBe(false);

      // The update takes the file's values but keeps the image, the featured flag and, with the same zipcode, the exact location.
      const market = await db.selectFrom("wholesalers").selectAll().where("id", "=", marketId).executeTakeFirstOrThrow();
      expect(market).toMatchObject({
        name: "la flower market",
        address: "754  WALL ST",
        hours: "Daily 2AM-noon",
        description: "Updated description",
        image: "/uploads/wholesalers/market.webp",
        latitude: 34.0405,
        longitude: -118.2497,
      });
      expect(Boolean(market.featured)).toBe(true);
      expect(market.updated_at).not.toBe(T0);

      const audit = await db.selectFrom("audit_log").selectAll().execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        action: "tools.import",
        admin_id: actor.adminId,
        actor: "ann@example.com",
        entity_type: "wholesaler",
        ip: "203.0.113.9",
      });
      const details = JSON.parse(audit[0]!.details ?? "{}") as Record<string, unknown>;
      expect(details).toMatchObject({
        label: "list.csv: 2 created, 1 updated",
        rows: 8,
        created: 2,
        updated: 1,
        unchanged: 0,
        rejected: 5,
        updatedIds: [marketId],
      });
      expect(details.createdIds).toEqual([expect.any(Number), expect.any(Number)]);
    });

    it("finds nothing to change when the same file is imported again", async () => {
      const report = await dryRunImport(db, FILE, "list.csv");
      expect(report).toMatchObject({ created: 0, updated: 0, unchanged: 3, rejected: 5 });
    });

    it("refuses a file with nothing importable", async () => {
      const text = [HEADER, "X,1 Road,Town,OR,97201,,,,,"].join("\n");
      const error = await rejection(runImport(db, text, "bad.csv", importFingerprint(text), actor));
      expect(error.message).toBe("Nothing to import: every row has an error. Correct the file and run the dry run again.");
    });

    it("refuses files that are not an import file, with a message saying why", async () => {
      const refuse = async (text: string) => (await rejection(dryRunImport(db, text, "x.csv"))).message;
      expect(await refuse("")).toBe("The file is empty. The first row must be a header naming the columns.");
      expect(await refuse(HEADER)).toBe("The file has a header but no rows to import.");
      expect(await refuse("name,address,city\nA,B,C")).toBe(
        `The first row must be a header naming the columns. Missing: state, zipcode. The columns are: ${ALL_COLUMNS}.`,
      );
      expect(await refuse(`${HEADER},colour\n`)).toBe(`The header has an unknown column "colour". The columns are: ${ALL_COLUMNS}.`);
      expect(await refuse(`${HEADER}\n"Open quote,1 Road`)).toBe('Line 2: a quoted value is not closed (a " is missing).');
      const tooMany = [HEADER, ...Array.from({ length: 5001 }, (_, i) => `Shop ${i},${i} Road,Portland,OR,97201,,,,,`)].join("\n");
      expect(await refuse(tooMany)).toBe("The file has 5,001 rows. Import at most 5,000 rows at a time.");
    });

    it("reads headers in any order and case, with a byte order mark and the optional coordinate columns", async () => {
      const text = "\uFEFFZip Code,State,City,Address,Name,Latitude,Longitude\n97201,or,Portland,9 Fern St,Fern Hall,45.51,-122.68\n";
      const report = await dryRunImport(db, text, "x.csv");
      expect(report).toMatchObject({ created: 1, rejected: 0 });
    });

    const listing = (name: string) => db.selectFrom("wholesalers").selectAll().where("name", "=", name).executeTakeFirstOrThrow();
    const trustFacts = async (name: string) => {
      const row = await listing(name);
      return {
        access: row.access,
        accessNote: row.access_note,
        openingHours: parseWeeklyHours(row.opening_hours),
        verifiedAt: row.verified_at,
        source: row.source,
        adminNote: row.admin_note,
        locationApproximate: fromDbBool(row.location_approximate),
      };
    };
    const mondayToFriday = { open: "06:00", close: "14:00" };

    it("reads who may buy (as a value or a label), weekly hours as text, the verification date, source, admin note and approximate location", async () => {
      const text = [
        TRUST_HEADER,
        `Fern Market,10 Fern St,Portland,OR,97201,'+1 503 555 0100,Public Welcome,Cash only,"Mon-Fri 06:00-14:00; Sat 07:00-12:00, 13:00-15:00; Sun closed",2025-04-20,https://fern.example,Called in April,yes`,
        "Moss Market,11 Fern St,Portland,OR,97201,,TRADE-ONLY,,,4/20/2025,,,NO",
      ].join("\n");
      const report = await runImport(db, text, "trust.csv", importFingerprint(text), actor);
      expect(report).toMatchObject({ created: 2, rejected: 0 });

      expect(await trustFacts("Fern Market")).toEqual({
        access: "public-welcome",
        accessNote: "Cash only",
        openingHours: {
          mon: [mondayToFriday],
          tue: [mondayToFriday],
          wed: [mondayToFriday],
          thu: [mondayToFriday],
          fri: [mondayToFriday],
          sat: [
            { open: "07:00", close: "12:00" },
            { open: "13:00", close: "15:00" },
          ],
          sun: [],
        },
        verifiedAt: "2025-04-20",
        source: "https://fern.example",
        adminNote: "Called in April",
        locationApproximate: true,
      });
      // The quote a spreadsheet-safe export puts before a leading + is not part of the phone number.
      expect(await listing("Fern Market")).toMatchObject({ phone: "+1 503 555 0100", time_zone: "America/Los_Angeles" });
      expect(await trustFacts("Moss Market")).toEqual({
        access: "trade-only",
        accessNote: null,
        openingHours: null,
        verifiedAt: "2025-04-20",
        source: null,
        adminNote: null,
        locationApproximate: false,
      });
    });

    it("gives an updated listing a later version than it had, even one ahead of the clock", async () => {
      const ahead = "2999-01-01T00:00:00.000Z";
      await db.updateTable("wholesalers").set({ updated_at: ahead }).where("name", "=", "Fern Market").execute();
      const file = "name,address,city,state,zipcode,description\nFern Market,10 Fern St,Portland,OR,97201,Versioned after the clock";
      expect(await runImport(db, file, "ahead.csv", importFingerprint(file), actor)).toMatchObject({ updated: 1 });
      const row = await db
        .selectFrom("wholesalers")
        .select(["description", "updated_at"])
        .where("name", "=", "Fern Market")
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ description: "Versioned after the clock", updated_at: "2999-01-01T00:00:00.001Z" });
    });

    it("keeps the facts of a column the file leaves out; a column present sets them, an empty cell clears them", async () => {
      const before = await trustFacts("Fern Market");
      const without = "name,address,city,state,zipcode,description\nFern Market,10 Fern St,Portland,OR,97201,Fresh every morning";
      expect(await runImport(db, without, "plain.csv", importFingerprint(without), actor)).toMatchObject({ updated: 1 });
      expect(await trustFacts("Fern Market")).toEqual(before);
      expect((await listing("Fern Market")).description).toBe("Fresh every morning");

      const clearing = [
        "name,address,city,state,zipcode,description,accessNote,hours_weekly,verifiedAt,access,location_approximate",
        "Fern Market,10 Fern St,Portland,OR,97201,Fresh every morning,,Sat 08:00-12:00,,public-hours,false",
      ].join("\n");
      expect(await dryRunImport(db, clearing, "clearing.csv")).toMatchObject({ updated: 1, unchanged: 0 });
      expect(await runImport(db, clearing, "clearing.csv", importFingerprint(clearing), actor)).toMatchObject({ updated: 1 });
      expect(await trustFacts("Fern Market")).toEqual({
        ...before,
        access: "public-hours",
        accessNote: null,
        openingHours: { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [{ open: "08:00", close: "12:00" }], sun: [] },
        verifiedAt: null,
        locationApproximate: false,
      });
      expect(await dryRunImport(db, clearing, "clearing.csv")).toMatchObject({ updated: 0, unchanged: 1 });
    });

    it("rejects a row with unknown access, unreadable or overlapping hours, a future date or a yes/no it cannot read, by row number", async () => {
      const text = [
        TRUST_HEADER,
        "Bad Access,12 Fern St,Portland,OR,97201,,Members,,,,,,",
        'Bad Hours,13 Fern St,Portland,OR,97201,,,,"Mon-Fri 6am-2pm",,,,',
        'Overlap,14 Fern St,Portland,OR,97201,,,,"Tue 09:00-17:00, 16:00-18:00",,,,',
        "Bad Flag,15 Fern St,Portland,OR,97201,,,,,2099-01-01,,,maybe",
      ].join("\r\n");
      const report = await dryRunImport(db, text, "bad.csv");
      expect(report).toMatchObject({ rows: 4, created: 0, rejected: 4 });
      expect(report.rejections).toEqual([
        {
          row: 2,
          name: "Bad Access",
          messages: [
            'Unknown access "Members". Use trade-only, public-welcome or public-hours (or Trade only, Public welcome or Public at set hours), or leave it empty.',
          ],
        },
        {
          row: 3,
          name: "Bad Hours",
          messages: ["Monday: “6am-2pm” is not a time range. Write it as HH:MM-HH:MM, 24-hour, such as 06:00-14:00."],
        },
        { row: 4, name: "Overlap", messages: ["Tuesday: 9 AM–5 PM overlaps 4 PM–6 PM."] },
        {
          row: 5,
          name: "Bad Flag",
          messages: [
            "Enter the date the facts were confirmed, as YYYY-MM-DD, not in the future.",
            'location_approximate must be yes or no (empty means no), not "maybe".',
          ],
        },
      ]);
    });

    it("awaits afterBatch after each batch has committed, outside its transaction", async () => {
      const id = Date.now();
      const rows = Array.from({ length: 250 }, (_, i) => `Batch ${id} ${i},${i} Batch Ave,Portland,OR,97201,Wholesale,,,,`);
      const seen: number[] = [];
      const countBatchRows = async () =>
        Number(
          (
            await db
              .selectFrom("wholesalers")
              .where("name", "like", `Batch ${id} %`)
              .select((eb) => eb.fn.countAll<number>().as("n"))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const report = await importRows(db, [HEADER, ...rows].join("\n"), "batches.csv", actor, {
        // A query on the database itself (not the batch's transaction) sees each batch's rows: it has committed.
        afterBatch: async () => {
          seen.push(await countBatchRows());
        },
      });
      expect(report.created).toBe(250);
      expect(seen).toEqual([IMPORT_BATCH_ROWS, 2 * IMPORT_BATCH_ROWS, 250]);
    });
  });
}
