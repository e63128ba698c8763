import fs from "node:fs";
import { parseCsv, toCsv } from "../../app/services/tools/csv";
import { IMPORT_COLUMNS } from "../../app/services/tools/import-columns";
import { todayIsoDate } from "../../app/utils/dates";
import { loginAsAdmin } from "./admin-fixtures";
import { expect, expectAccessible, test, withDatabase } from "./fixtures";
import type { Page, TestInfo } from "@playwright/test";

type Row = Record<string, string>;

/** The header and rows of a CSV file, each row keyed by its column. */
function readCsv(text: string): { header: string[]; rows: Row[] } {
  const [header = [], ...cells] = parseCsv(text);
  return { header, rows: cells.map((row) => Object.fromEntries(header.map((column, i) => [column, row[i] ?? ""]))) };
}

const wholesalerCount = () => withDatabase((db) => (db.prepare("select count(*) as n from wholesalers").get() as { n: number }).n);

/** Clicks the list's export button and reads the file the browser saves. */
async function downloadExport(page: Page, testInfo: TestInfo, name: string | RegExp = "Export CSV") {
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name }).click();
  const file = await download;
  const saved = testInfo.outputPath(file.suggestedFilename());
  await file.saveAs(saved);
  return { fileName: file.suggestedFilename(), path: saved, text: fs.readFileSync(saved, "utf8") };
}

test.describe("wholesalers CSV export", () => {
  test("Export CSV downloads every listing in the import's columns, and the Tools import finds nothing to change in it", async ({
    page,
  }, testInfo) => {
    await loginAsAdmin(page, "/admin/wholesalers");
    await expectAccessible(page);
    const file = await downloadExport(page, testInfo);
    expect(file.fileName).toBe(`wholesalers-${todayIsoDate()}.csv`);
    const { header, rows } = readCsv(file.text);
    expect(header.join(",")).toBe(
      "name,address,city,state,zipcode,type,hours,description,phone,website,latitude,longitude,access,access_note,opening_hours,verified_at,source,admin_note,location_approximate,special_hours,status,closed_until",
    );
    const total = wholesalerCount();
    expect(rows).toHaveLength(total);
    expect(rows.find((row) => row.name === "California Flower Mall")).toMatchObject({
      address: "825 S San Pedro St",
      state: "CA",
      zipcode: "90014",
      access: "public-welcome",
      opening_hours: "Mon-Sat 04:30-16:30; Sun 05:00-12:00",
      location_approximate: "no",
    });
    const audit = withDatabase(
      (db) =>
        db.prepare("select details from audit_log where action = 'wholesaler.export' order by id desc limit 1").get() as {
          details: string;
        },
    );
    expect(JSON.parse(audit.details)).toEqual({ label: `${total} wholesalers`, count: total });

    await page.goto("/admin?tab=tools");
    const tool = page.getByRole("region", { name: "Import wholesalers" });
    await tool.getByLabel("CSV file").setInputFiles(file.path);
    await tool.getByRole("button", { name: "Check file (dry run)" }).click();
    await expect(tool.getByRole("status")).toHaveText(
      `Dry run of ${total} rows: 0 to create, 0 to update, ${total} unchanged, 0 with errors. Nothing has been saved yet.`,
    );
    await expect(tool.getByRole("button", { name: "Import", exact: true })).toBeDisabled();
  });

  test("the export follows the list's search and filters", async ({ page }, testInfo) => {
    await loginAsAdmin(page, "/admin/wholesalers");
    await page.getByLabel("State").selectOption({ label: "California" });
    await page.getByLabel("Type").selectOption("Both");
    await expect(page).toHaveURL(/state=california/);
    await expect(page).toHaveURL(/type=Both/);
    const link = page.getByRole("link", { name: "Export these as CSV" });
    await expect(link).toHaveAttribute("href", /^\/admin\/wholesalers\.csv\?/);
    const { rows } = readCsv((await downloadExport(page, testInfo, "Export these as CSV")).text);
    const expected = withDatabase(
      (db) =>
        db.prepare("select name from wholesalers where state_id = 'california' and type = 'Both' order by name, id").all() as {
          name: string;
        }[],
    );
    expect(rows.map((row) => row.name)).toEqual(expected.map((row) => row.name));
    expect(new Set(rows.map((row) => `${row.state} ${row.type}`))).toEqual(new Set(["CA Both"]));
  });

  test("an exported row, edited, sets who may buy and the weekly hours of its listing through the Tools import", async ({
    page,
  }, testInfo) => {
    const target = withDatabase(
      (db) =>
        db.prepare("select id, name from wholesalers where access is null and opening_hours is null order by id limit 1").get() as {
          id: number;
          name: string;
        },
    );
    await loginAsAdmin(page, "/admin/wholesalers");
    const { rows } = readCsv((await downloadExport(page, testInfo)).text);
    const row = rows.find((r) => r.name === target.name);
    expect(row, target.name).toBeDefined();
    const edited: Row = { ...row, access: "Trade only", opening_hours: "Mon-Fri 05:00-11:00; Sat 06:00-10:00, 12:00-14:00" };
    const small = toCsv(IMPORT_COLUMNS, [IMPORT_COLUMNS.map((column) => edited[column] ?? "")]);

    await page.goto("/admin?tab=tools");
    const tool = page.getByRole("region", { name: "Import wholesalers" });
    await tool.getByLabel("CSV file").setInputFiles({ name: "one-listing.csv", mimeType: "text/csv", buffer: Buffer.from(small) });
    await tool.getByRole("button", { name: "Check file (dry run)" }).click();
    await expect(tool.getByRole("status")).toHaveText(
      "Dry run of 1 row: 0 to create, 1 to update, 0 unchanged, 0 with errors. Nothing has been saved yet.",
    );
    await tool.getByRole("button", { name: "Import 1 row" }).click();
    await expect(tool.getByRole("status")).toHaveText("Imported 1 row: 0 created, 1 updated, 0 unchanged, 0 skipped for errors.");

    const saved = withDatabase(
      (db) =>
        db.prepare("select access, opening_hours, name, address from wholesalers where id = ?").get(target.id) as Record<string, string>,
    );
    expect(saved.access).toBe("trade-only");
    const weekday = [{ open: "05:00", close: "11:00" }];
    expect(JSON.parse(saved.opening_hours ?? "null")).toEqual({
      mon: weekday,
      tue: weekday,
      wed: weekday,
      thu: weekday,
      fri: weekday,
      sat: [
        { open: "06:00", close: "10:00" },
        { open: "12:00", close: "14:00" },
      ],
      sun: [],
    });
    expect({ name: saved.name, address: saved.address }).toEqual({ name: row?.name, address: row?.address });
  });

  test("the export and add buttons fit a phone screen", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAsAdmin(page, "/admin/wholesalers");
    for (const control of [page.getByRole("link", { name: "Export CSV" }), page.getByRole("button", { name: "Add Wholesaler" })]) {
      await expect(control).toBeInViewport();
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });
});
