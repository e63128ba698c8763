import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import Database from "better-sqlite3";
import * as tar from "tar";
import { todayIsoDate } from "../../app/utils/dates";
import { acceptLoggedStatuses, E2E_ADMIN, loginAsAdmin } from "./admin-fixtures";
import { dataDir, expect, expectAccessible, test, withDatabase } from "./fixtures";

const HEADER = "name,address,city,state,zipcode,type,hours,description,phone,website";
const TOOLS = ["/admin/tools/backup", "/admin/tools/import", "/admin/tools/clear-cache", "/admin/tools/optimise-images"];
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

const count = (query: string, ...params: string[]) => withDatabase((db) => (db.prepare(query).get(...params) as { n: number }).n);
const lastAudit = (action: string) =>
  withDatabase(
    (db) =>
      db.prepare("select actor, details from audit_log where action = ? order by id desc limit 1").get(action) as
        { actor: string; details: string } | undefined,
  );

test.describe("dashboard statistics", () => {
  test("draws the charts from the database's figures, with their numbers as tables", async ({ page }) => {
    await loginAsAdmin(page);
    await page.getByRole("tab", { name: "Statistics" }).click();
    await expect(page).toHaveURL("/admin?tab=statistics");

    const byState = page.getByRole("figure", { name: "Wholesalers per state" });
    const byRegion = page.getByRole("figure", { name: "Wholesalers per region" });
    const subscribers = page.getByRole("figure", { name: "New subscribers per week" });
    for (const figure of [byState, byRegion, subscribers]) await expect(figure.getByRole("img")).toBeVisible();
    await expect(byState.getByRole("img")).toHaveAccessibleName(/^Wholesalers per state\. California \d+/);
    // Axis labels.
    await expect(subscribers.locator("svg").getByText("Week starting", { exact: true })).toBeVisible();
    await expect(subscribers.locator("svg").getByText("New subscribers", { exact: true })).toBeVisible();
    await expect(byState.locator("svg").getByText("Wholesalers", { exact: true })).toBeVisible();
    await expectAccessible(page);

    // The worker's tests run one after another on its own database, each putting back what it changed.
    const cell = (figure: typeof byState, row: string) =>
      figure
        .getByRole("row")
        .filter({ has: page.getByRole("rowheader", { name: row, exact: true }) })
        .getByRole("cell");
    const expected = {
      california: count("select count(*) as n from wholesalers where state_id = 'california'"),
      west: count("select count(*) as n from wholesalers join states on states.id = wholesalers.state_id where states.region = 'West'"),
      total: count("select count(*) as n from wholesalers"),
    };
    await byState.getByText("Show the numbers").click();
    await byRegion.getByText("Show the numbers").click();
    await expect(cell(byState, "California")).toHaveText(String(expected.california));
    await expect(cell(byRegion, "West")).toHaveText(String(expected.west));
    await expect(page.locator("dl > div").filter({ hasText: "Wholesalers listed" }).locator("dd")).toHaveText(
      expected.total.toLocaleString("en-US"),
    );

    await expect(subscribers.getByRole("img")).toHaveAccessibleName(/^New subscribers per week\. Week of .+: \d+/);
  });
});

test.describe("quick tools", () => {
  test("Backup downloads one archive with a SQLite snapshot that opens, with all 50 states, and every uploaded photo, and logs it", async ({
    page,
  }, testInfo) => {
    await loginAsAdmin(page, "/admin");
    const listing = withDatabase(
      (db) => db.prepare("select id from wholesalers where image is null order by id limit 1").get() as { id: number },
    );
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 120, g: 40, b: 150 } } })
      .jpeg()
      .toBuffer();
    const uploaded = await page.request.post(`/api/upload/wholesaler/${listing.id}`, {
      multipart: { image: { name: "shop.jpg", mimeType: "image/jpeg", buffer: photo } },
    });
    expect(uploaded.status()).toBe(200);
    const { imageUrl } = (await uploaded.json()) as { imageUrl: string };
    const uploads = fs.readdirSync(path.join(dataDir(), "uploads")).filter((name) => !name.endsWith(".tmp"));
    expect(uploads).toContain(path.basename(imageUrl));
    await page.getByRole("tab", { name: "Quick Tools" }).click();
    const card = page.getByRole("region", { name: "Backup" });
    await expect(card).toContainText("every uploaded photo");
    await expect(card.getByText("npm run db:restore -- wholesale-flower-finder-YYYY-MM-DD.tar.gz")).toBeVisible();
    await expectAccessible(page);
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download backup" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`wholesale-flower-finder-${todayIsoDate()}.tar.gz`);
    const saved = testInfo.outputPath("backup.tar.gz");
    await file.saveAs(saved);

    const unpacked = testInfo.outputPath("backup");
    fs.mkdirSync(unpacked, { recursive: true });
    const entries: string[] = [];
    await tar.x({ file: saved, cwd: unpacked, strict: true, onReadEntry: (entry) => entries.push(entry.path) });
    expect(entries.slice(0, 3)).toEqual(["manifest.json", "wholesale-flower-finder.db", "uploads/"]);
    const manifest = JSON.parse(fs.readFileSync(path.join(unpacked, "manifest.json"), "utf8")) as {
      database: string;
      uploads: Record<string, number>;
    };
    expect(manifest.database).toBe("sqlite");
    // Every photo the site had when the backup was taken (other tests in this worker may add more meanwhile).
    for (const name of uploads) {
      expect(manifest.uploads[name], name).toBe(fs.statSync(path.join(dataDir(), "uploads", name)).size);
      expect(
        fs.readFileSync(path.join(unpacked, "uploads", name)).equals(fs.readFileSync(path.join(dataDir(), "uploads", name))),
        name,
      ).toBe(true);
    }
    expect(entries.filter((entry) => entry.startsWith("uploads/") && entry !== "uploads/").sort()).toEqual(
      Object.keys(manifest.uploads)
        .map((name) => `uploads/${name}`)
        .sort(),
    );

    const restored = new Database(path.join(unpacked, "wholesale-flower-finder.db"), { readonly: true });
    try {
      expect(restored.pragma("integrity_check", { simple: true })).toBe("ok");
      expect((restored.prepare("select count(*) as n from states").get() as { n: number }).n).toBe(50);
      expect((restored.prepare("select count(*) as n from wholesalers").get() as { n: number }).n).toBeGreaterThan(0);
      expect((restored.prepare("select count(*) as n from admin_users where email = ?").get(E2E_ADMIN.email) as { n: number }).n).toBe(1);
      expect(restored.prepare("select image from wholesalers where id = ?").get(listing.id)).toEqual({ image: imageUrl });
    } finally {
      restored.close();
    }
    await expect(page).toHaveURL("/admin?tab=tools");
    expect(lastAudit("tools.backup")?.actor).toBe(E2E_ADMIN.email);
  });

  test("Import checks the file first, reports the bad row by number, and then imports the good rows", async ({ page }) => {
    const id = unique();
    const names = [`Import Test ${id}, Growers`, `Import Market ${id}`];
    const csv = [
      HEADER,
      `"${names[0]}",1 Pine St,Portland,OR,97201,Wholesale,"Mon-Fri 6AM-2PM","Cut flowers, greens\nand supplies",(503) 555-0100,https://example.com`,
      `Import Broken ${id},2 Elm St,Portland,Oregon,90012,,,,,`,
      `${names[1]},3 Flower St,Los Angeles,California,90012,retail,,,,`,
    ].join("\r\n");
    const nameLike = `%${id}%`;

    await loginAsAdmin(page, "/admin");
    await page.getByRole("tab", { name: "Quick Tools" }).click();
    const tool = page.getByRole("region", { name: "Import wholesalers" });
    await tool.getByLabel("CSV file").setInputFiles({ name: "wholesalers.csv", mimeType: "text/csv", buffer: Buffer.from(`\uFEFF${csv}`) });
    await expect(tool.getByRole("button", { name: "Import", exact: true })).toBeDisabled();
    await tool.getByRole("button", { name: "Check file (dry run)" }).click();

    await expect(tool.getByRole("status")).toHaveText(
      "Dry run of 3 rows: 2 to create, 0 to update, 0 unchanged, 1 with errors. Nothing has been saved yet.",
    );
    const problem = tool.getByRole("table", { name: "Rows with errors" }).getByRole("row").nth(1);
    await expect(problem.getByRole("cell")).toHaveText(["3", `Import Broken ${id}`, "Zipcode 90012 is in Los Angeles, CA, not in Oregon."]);
    expect(count("select count(*) as n from wholesalers where name like ?", nameLike)).toBe(0);
    await expectAccessible(page);

    await tool.getByRole("button", { name: "Import 2 rows" }).click();
    await expect(tool.getByRole("status")).toHaveText("Imported 3 rows: 2 created, 0 updated, 0 unchanged, 1 skipped for errors.");
    await expect(page.getByText("Import finished", { exact: true })).toBeVisible();
    const imported = withDatabase(
      (db) =>
        db.prepare("select name, type, description, state_id from wholesalers where name like ? order by name").all(nameLike) as Record<
          string,
          string
        >[],
    );
    expect(imported).toEqual([
      { name: names[1], type: "Retail", description: "", state_id: "california" },
      { name: names[0], type: "Wholesale", description: "Cut flowers, greens\nand supplies", state_id: "oregon" },
    ]);
    expect(JSON.parse(lastAudit("tools.import")?.details ?? "{}")).toMatchObject({ created: 2, rejected: 1 });
    // The import cannot be repeated without a new dry run.
    await expect(tool.getByRole("button", { name: "Import", exact: true })).toBeDisabled();
  });

  test("a large import runs in the background with a progress bar that survives leaving the page, up to 100% and its report", async ({
    page,
  }) => {
    const id = unique();
    const rows = 5000;
    const places = [
      ["Portland", "OR", "97201"],
      ["Los Angeles", "CA", "90012"],
    ] as const;
    const lines = [HEADER];
    for (let i = 1; i <= rows; i += 1) {
      const [city, state, zip] = places[i % 2]!;
      // Every 500th row names a zipcode of the other state: an error the bar counts.
      const wrongZip = i % 500 === 0 ? places[(i + 1) % 2]![2] : zip;
      lines.push(`Bulk ${id} ${i},${i} Bulk Ave,${city},${state},${wrongZip},Wholesale,,,,`);
    }
    const bad = rows / 500;

    await loginAsAdmin(page, "/admin?tab=tools");
    const tool = page.getByRole("region", { name: "Import wholesalers" });
    await tool.getByLabel("CSV file").setInputFiles({ name: "bulk.csv", mimeType: "text/csv", buffer: Buffer.from(lines.join("\n")) });
    await tool.getByRole("button", { name: "Check file (dry run)" }).click();
    await expect(tool.getByRole("status")).toHaveText(
      `Dry run of 5,000 rows: ${(rows - bad).toLocaleString("en-US")} to create, 0 to update, 0 unchanged, ${bad} with errors. Nothing has been saved yet.`,
    );
    await tool.getByRole("button", { name: `Import ${(rows - bad).toLocaleString("en-US")} rows` }).click();

    const bar = tool.getByRole("progressbar", { name: "CSV import progress" });
    await expect(bar).toBeVisible();
    await expect(bar).toHaveAttribute("aria-valuetext", /^\d+%: [\d,]+ of 5,000 rows, /);
    await expect(tool.getByText("you can leave this page and come back to it", { exact: false })).toBeVisible();
    // The other long tool waits for this one.
    const optimise = page.getByRole("region", { name: "Image optimization" });
    await expect(optimise.getByRole("button", { name: "Optimize images" })).toBeDisabled();
    await expect(optimise.getByText(/^CSV import is running \(\d+%\), started by /)).toBeVisible();
    await expectAccessible(page);

    // Leave the page and come back: the bar is there again, read from the server.
    await page.getByRole("link", { name: "Wholesalers" }).first().click();
    await expect(page).toHaveURL(/\/admin\/wholesalers/);
    await page.goto("/admin?tab=tools");
    // The server pauses after each of the 50 batches (E2E_JOB_STEP_PAUSE_MS), so the job is still running when
    // the page opens again.
    await expect(bar).toBeVisible();
    await expect(bar).toHaveAttribute("aria-valuetext", /^\d+%: [\d,]+ of 5,000 rows, /);
    expect(Number(await bar.getAttribute("aria-valuenow"))).toBeLessThan(100);

    await expect(tool.getByRole("status")).toHaveText(
      `Imported 5,000 rows: ${(rows - bad).toLocaleString("en-US")} created, 0 updated, 0 unchanged, ${bad} skipped for errors.`,
      { timeout: 60_000 },
    );
    await expect(bar).toHaveAttribute("aria-valuenow", "100");
    await expect(bar).toHaveAttribute("aria-valuetext", `100%: 5,000 of 5,000 rows, ${bad} errors`);
    const firstError = tool.getByRole("table", { name: "Rows with errors" }).getByRole("row").nth(1);
    await expect(firstError.getByRole("cell")).toHaveText(["501", `Bulk ${id} 500`, "Zipcode 90012 is in Los Angeles, CA, not in Oregon."]);
    expect(count("select count(*) as n from wholesalers where name like ?", `Bulk ${id} %`)).toBe(rows - bad);
    await expect(optimise.getByRole("button", { name: "Optimize images" })).toBeEnabled();
  });

  test("Import refuses a file without the expected header, saying what is missing", async ({ page, pageErrors }) => {
    await loginAsAdmin(page, "/admin?tab=tools");
    const tool = page.getByRole("region", { name: "Import wholesalers" });
    await tool
      .getByLabel("CSV file")
      .setInputFiles({ name: "contacts.csv", mimeType: "text/csv", buffer: Buffer.from("name,address,city\nA shop,1 Road,Town\n") });
    await tool.getByRole("button", { name: "Check file (dry run)" }).click();
    await expect(tool.getByRole("alert")).toHaveText(
      "The first row must be a header naming the columns. Missing: state, zipcode. The columns are: name, address, city, state, zipcode, type, hours, description, phone, website, latitude, longitude, access, access_note, opening_hours, verified_at, source, admin_note, location_approximate, special_hours, status, closed_until.",
    );
    acceptLoggedStatuses(pageErrors, 400);
  });

  test("Clear cache empties the server's caches and says which", async ({ page }) => {
    await loginAsAdmin(page, "/admin?tab=tools");
    await page.getByRole("button", { name: "Clear cache" }).click();
    const tool = page.getByRole("region", { name: "Clear cache" });
    // Every cache the server registered, in the order it registered them.
    const status = tool.getByRole("status");
    await expect(status).toHaveText(/^Cleared 8 caches: .*\.$/);
    const cleared = (await status.textContent())!.replace(/^Cleared 8 caches: |\.$/g, "").split(/, (?=[A-Z])/);
    expect(cleared.map((entry) => entry.replace(/ \(\d+ entr(y|ies)\)$/, "")).sort()).toEqual([
      "Festivals page",
      "Flower holidays",
      "Footer regions",
      "Home page",
      "Listing pages",
      "Pages",
      "Site settings",
      "State pages",
    ]);
    for (const entry of cleared) expect(entry).toMatch(/^[A-Z][a-z ]+ \(\d+ entr(y|ies)\)$/);
    await expect(page.getByText("Cache cleared", { exact: true })).toBeVisible();
    expect(lastAudit("tools.clear_cache")?.actor).toBe(E2E_ADMIN.email);
  });

  test("Image optimization writes a lost size of an uploaded photo again and points the listing at it", async ({ page }) => {
    const listing = withDatabase(
      (db) =>
        db.prepare("select id, name from wholesalers where state_id = 'washington' and image is null order by id limit 1").get() as {
          id: number;
          name: string;
        },
    );
    await loginAsAdmin(page, "/admin?tab=tools");
    const photo = await sharp({ create: { width: 1500, height: 1000, channels: 3, background: { r: 190, g: 60, b: 110 } } })
      .composite([{ input: Buffer.from('<svg width="1500" height="1000"><circle cx="750" cy="500" r="300" fill="#3f6212"/></svg>') }])
      .jpeg()
      .toBuffer();
    const uploaded = await page.request.post(`/api/upload/wholesaler/${listing.id}`, {
      multipart: { image: { name: "shop.jpg", mimeType: "image/jpeg", buffer: photo } },
    });
    expect(uploaded.status()).toBe(200);
    const { imageUrl } = (await uploaded.json()) as { imageUrl: string };
    // A size gets lost (a disk restored from an incomplete copy, say).
    const lost = path.join(dataDir(), "uploads", path.basename(imageUrl).replace("-1200.webp", "-400.webp"));
    fs.rmSync(lost);

    // The server pauses 200 ms after each image the job checks (E2E_JOB_STEP_PAUSE_MS), and it checked 36 in a CI
    // run, not the uploads folder's few the wait was once counted from: 7 s of pauses before any work, each image
    // decoded and encoded again. This waits for a job that finishes, not for a fast one (a CI machine twice as
    // slow as usual took over 10 s).
    test.setTimeout(150_000);
    const tool = page.getByRole("region", { name: "Image optimization" });
    await tool.getByRole("button", { name: "Optimize images" }).click();
    await expect(tool.getByRole("status")).toHaveText(
      /^Checked \d+ uploaded images?, \d+ re-encoded smaller, [1-9]\d* repaired, \d+ already optimal\./,
      { timeout: 120_000 },
    );
    await expect(page.getByText("Images optimized", { exact: true })).toBeVisible();
    const bar = tool.getByRole("progressbar", { name: "Image optimization progress" });
    await expect(bar).toHaveAttribute("aria-valuenow", "100");
    await expect(bar).toHaveAttribute("aria-valuetext", /^100%: (\d+) of \1 images?, no errors$/);
    await expect(tool.locator("dl > div").filter({ hasText: "Repaired" }).locator("dd")).not.toHaveText("0");

    const now = withDatabase((db) => db.prepare("select image from wholesalers where id = ?").get(listing.id) as { image: string });
    expect(now.image).not.toBe(imageUrl);
    expect(now.image).toMatch(/^\/uploads\/[a-f0-9]{32}-1200\.webp$/);
    for (const width of [400, 800, 1200]) {
      const variant = await page.request.get(now.image.replace("-1200", `-${width}`));
      expect(variant.status(), `${width}`).toBe(200);
      expect((await sharp(await variant.body()).metadata()).width).toBe(width);
    }
    expect((await page.request.get(imageUrl)).status()).toBe(404);
    expect(JSON.parse(lastAudit("tools.optimise_images")?.details ?? "{}")).toMatchObject({ repaired: expect.any(Number) });

    // The public page shows the repaired photo in every size.
    await page.goto("/state/washington");
    const card = page.getByRole("article").filter({ hasText: listing.name });
    await expect(card.getByRole("img", { name: listing.name })).toHaveAttribute(
      "srcset",
      new RegExp(now.image.replace("-1200.webp", "-400.webp")),
    );
  });

  test("every tool answers 401 JSON without a session and 403 to a cross-site request", async ({ page, playwright, baseURL }) => {
    const anonymous = await playwright.request.newContext({ baseURL });
    try {
      for (const path of TOOLS) {
        const response = await anonymous.post(path, { multipart: { intent: "dry-run" } });
        expect(response.status(), path).toBe(401);
        expect(response.headers()["content-type"]).toMatch(/^application\/json/);
        expect(await response.json()).toEqual({ message: "Please sign in to continue." });
      }
    } finally {
      await anonymous.dispose();
    }

    await loginAsAdmin(page);
    for (const path of TOOLS) {
      const response = await page.request.post(path, { multipart: { intent: "dry-run" }, headers: { Origin: "https://evil.example" } });
      expect(response.status(), path).toBe(403);
      expect(await response.json()).toEqual({ message: "Cross-site requests are not allowed." });
    }
  });
});
