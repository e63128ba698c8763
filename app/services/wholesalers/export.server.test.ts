import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
import type { Actor } from "../admin/list";
import { parseCsv } from "../tools/csv";
import { IMPORT_COLUMNS } from "../tools/import-columns";
import { decodeImportFile, dryRunImport, importFingerprint, runImport } from "../tools/import.server";
import { TEST_DATABASES, createTestAdmin, openTestDatabase } from "../../../tests/support/test-databases";
import { createWholesaler, listWholesalersForAdmin } from "./admin.server";
import { exportWholesalersCsv } from "./export.server";

const TODAY = "2026-03-01";

/** A listing with every fact filled in, and text a spreadsheet would otherwise run as a formula. */
const TRICKY = {
  name: "@Home Blooms",
  address: "742 Wall St",
  city: "Los Angeles",
  stateId: "california",
  zipcode: "90014",
  type: "Wholesale",
  hours: "Extended hours before Valentine's Day",
  description: '=1+1 is not a formula here, and "quotes", commas\nand line breaks survive',
  phone: "+1 213 555 0100",
  website: "https://home-blooms.example",
  latitude: "34.0412345",
  longitude: "-118.2498765",
  access: "trade-only",
  accessNote: "Bring a resale certificate, please",
  openingHours: JSON.stringify({
    mon: [
      { open: "06:00", close: "10:00" },
      { open: "16:00", close: "19:00" },
    ],
    tue: [],
    wed: [],
    thu: [],
    fri: [{ open: "22:00", close: "02:00" }],
    sat: [{ open: "22:00", close: "24:00" }],
    sun: [{ open: "00:00", close: "24:00" }],
  }),
  verifiedAt: "2025-12-01",
  source: "https://example.com/a, https://example.com/b\nand a phone call",
  adminNote: '-Owner said "call first"',
  locationApproximate: "on",
  specialHours: JSON.stringify([
    { from: "2027-02-14", to: "2027-02-14", ranges: [], note: "Closed | Valentine's Day, after the rush; rest" },
    {
      from: "2027-02-08",
      to: "2027-02-13",
      ranges: [
        { open: "03:00", close: "14:00" },
        { open: "22:00", close: "01:00" },
      ],
      note: "Valentine's week: public 6 AM-2 PM, trade from 3 AM",
    },
  ]),
  status: "temporarily-closed",
  closedUntil: "2027-03-01",
};

const rowsOf = (csv: string) => {
  const [header = [], ...rows] = parseCsv(csv);
  return { header, rows: rows.map((cells) => Object.fromEntries(header.map((column, i) => [column, cells[i] ?? ""]))) };
};

for (const database of TEST_DATABASES) {
  describe.runIf(database.enabled)(`wholesaler CSV export on ${database.name}`, () => {
    let db: Kysely<Database>;
    let cleanup: () => Promise<void>;
    let actor: Actor;

    beforeAll(async () => {
      const opened = await openTestDatabase(database.name, "export");
      db = opened.handle.db;
      cleanup = opened.cleanup;
      await seedDatabase(db, TODAY);
      actor = await createTestAdmin(db);
      await createWholesaler(db, TRICKY, actor);
      await createWholesaler(
        db,
        { name: "Plain Stems", address: "1 Plain St", city: "Portland", stateId: "oregon", zipcode: "97201", type: "Retail" },
        actor,
      );
    }, 60_000);
    afterAll(() => cleanup());

    it("writes the import's columns in the formats the import reads, guarding text a spreadsheet would run", async () => {
      const { csv, count } = await exportWholesalersCsv(db, {}, actor);
      expect(csv.startsWith("\uFEFF")).toBe(true);
      const { header, rows } = rowsOf(csv);
      expect(header).toEqual([...IMPORT_COLUMNS]);
      expect(rows).toHaveLength(count);

      expect(rows.find((row) => row.name === "California Flower Mall")).toMatchObject({
        state: "CA",
        zipcode: "90014",
        type: "Both",
        access: "public-welcome",
        access_note: "Admission is free to everyone",
        opening_hours: "Mon-Sat 04:30-16:30; Sun 05:00-12:00",
        phone: "",
        location_approximate: "no",
      });
      expect(rows.find((row) => row.name === "'@Home Blooms")).toEqual({
        name: "'@Home Blooms",
        address: "742 Wall St",
        city: "Los Angeles",
        state: "CA",
        zipcode: "90014",
        type: "Wholesale",
        hours: "Extended hours before Valentine's Day",
        description: '\'=1+1 is not a formula here, and "quotes", commas\nand line breaks survive',
        phone: "'+1 213 555 0100",
        website: "https://home-blooms.example",
        latitude: "34.0412345",
        longitude: "-118.2498765",
        access: "trade-only",
        access_note: "Bring a resale certificate, please",
        opening_hours: "Mon 06:00-10:00, 16:00-19:00; Tue-Thu closed; Fri 22:00-02:00; Sat 22:00-24:00; Sun 00:00-24:00",
        verified_at: "2025-12-01",
        source: "https://example.com/a, https://example.com/b\nand a phone call",
        admin_note: '\'-Owner said "call first"',
        location_approximate: "yes",
        special_hours:
          "2027-02-08 to 2027-02-13 03:00-14:00, 22:00-01:00 | Valentine's week: public 6 AM-2 PM, trade from 3 AM\n2027-02-14 closed | Closed | Valentine's Day, after the rush; rest",
        status: "temporarily-closed",
        closed_until: "2027-03-01",
      });
      expect(rows.find((row) => row.name === "Plain Stems")).toMatchObject({
        phone: "",
        website: "",
        access: "",
        opening_hours: "",
        verified_at: "",
        location_approximate: "no",
        special_hours: "",
        status: "open",
        closed_until: "",
      });
    });

    it("imports back with every row unchanged", async () => {
      const { csv, count } = await exportWholesalersCsv(db, {}, actor);
      const text = decodeImportFile(new TextEncoder().encode(csv));
      const report = await dryRunImport(db, text, "wholesalers.csv");
      expect(report.rejections).toEqual([]);
      expect(report).toMatchObject({ rows: count, created: 0, updated: 0, unchanged: count, rejected: 0 });

      // And importing it writes nothing.
      const before = await db.selectFrom("wholesalers").selectAll().orderBy("id").execute();
      const imported = await runImport(db, text, "wholesalers.csv", importFingerprint(text), actor);
      expect(imported.message).toBe(`Imported ${count} rows: 0 created, 0 updated, ${count} unchanged, 0 skipped for errors.`);
      expect(await db.selectFrom("wholesalers").selectAll().orderBy("id").execute()).toEqual(before);
    });

    it("exports what the list shows for the same search and filters, in its order", async () => {
      const queries = [
        { q: "flower mall" },
        { type: "Retail" },
        { stateId: "oregon" },
        { verification: "needs-checking", today: TODAY },
        { q: "los angeles", type: "Both" },
      ];
      for (const query of queries) {
        const list = await listWholesalersForAdmin(db, { ...query, page: 1 });
        const { rows } = rowsOf((await exportWholesalersCsv(db, query, actor)).csv);
        expect(rows.length, JSON.stringify(query)).toBe(list.total);
        expect(
          rows.slice(0, list.rows.length).map((row) => row.name),
          JSON.stringify(query),
        ).toEqual(list.rows.map((w) => w.name.replace(/^@/, "'@")));
      }
    });

    it("records the export, with its filters, in the audit log", async () => {
      await db.deleteFrom("audit_log").execute();
      const { count } = await exportWholesalersCsv(db, { q: "flower", stateId: "california" }, actor);
      const entries = await db.selectFrom("audit_log").selectAll().execute();
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ action: "wholesaler.export", admin_id: actor.adminId, actor: actor.email, ip: actor.ip });
      expect(JSON.parse(entries[0]?.details ?? "{}")).toEqual({
        label: `${count} wholesalers`,
        count,
        q: "flower",
        state: "california",
      });
    });
  });
}
