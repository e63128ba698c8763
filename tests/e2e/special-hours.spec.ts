import { loginAsAdmin } from "./admin-fixtures";
import { expect, expectAccessible, test, withDatabase } from "./fixtures";

/**
 * Special hours and closed status (issue #36): an admin's special hours for today change the listing's "Open now"
 * on that date and show their note, then the weekly hours come back by themselves; a listing marked permanently
 * closed from a visitor's report keeps its page (banner, noindex, the nearest open listings) and leaves the results.
 */

/** Los Angeles, weekly hours Mon-Sat 4:30 AM-4:30 PM and Sun 5 AM-12 PM; the site's calendar is on its clock too. */
const LISTING = "California Flower Mall";
const PATH = "/wholesalers/4/california-flower-mall";
const TIME_ZONE = "America/Los_Angeles";
const NOTE = "Inventory day: closed to everyone";

/** The short weekday name of a day from today on the listing's clock ("Mon"). */
const weekdayIn = (days: number) =>
  new Intl.DateTimeFormat("en-US", { weekday: "short", timeZone: TIME_ZONE }).format(new Date(Date.now() + days * 86_400_000));

test.describe("special hours", () => {
  test("an admin closes a listing for today: its page says closed with the note, then opens again the next day by itself", async ({
    page,
  }) => {
    await loginAsAdmin(page, `/admin/wholesalers?q=${encodeURIComponent(LISTING)}`);
    await page.getByRole("button", { name: `Edit ${LISTING}` }).click();
    const edit = page.getByRole("dialog", { name: `Edit ${LISTING}` });
    await edit.getByRole("button", { name: "Add special hours" }).click();
    // A new exception starts today, closed.
    const row = edit.getByTestId("special-hours-row");
    await expect(row.getByLabel("From")).toHaveValue(new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE }).format(new Date()));
    await expect(row.getByRole("checkbox", { name: "Closed" })).toBeChecked();
    await row.getByLabel("Note").fill(NOTE);
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(edit).toBeHidden();
    const stored = withDatabase(
      (db) => db.prepare("select special_hours from wholesalers where id = 4").get() as { special_hours: string },
    );
    expect(JSON.parse(stored.special_hours)).toEqual([{ from: expect.any(String), to: expect.any(String), ranges: [], note: NOTE }]);

    await page.clock.install();
    await page.goto(PATH);
    const status = page.getByTestId("open-status");
    // Closed all day today: the next opening is tomorrow's, named by its day.
    await expect(status).toContainText(new RegExp(`^Closed · opens ${weekdayIn(1)} (4:30|5) AM$`), { useInnerText: true });
    await expect(page.getByTestId("special-hours-today")).toHaveText(`Special hours today: Closed · ${NOTE}`);
    const week = page.getByRole("table", { name: "Opening hours for the next seven days, with special hours" });
    await expect(week.getByRole("row")).toHaveCount(7);
    await expect(week.getByRole("row").first()).toContainText(/Today.*Closed.*Special hours/);
    await expect(page.getByTestId("special-hours")).toContainText(NOTE);
    await expectAccessible(page);

    // At tomorrow's opening, on the listing's clock, it is open again: the exception is over.
    const [, until = ""] = ((await status.getAttribute("data-status")) ?? "").split("|");
    await page.clock.fastForward(Date.parse(until) - (await page.evaluate(() => Date.now())) + 1000);
    await expect(status).toContainText(/^Open now · closes /, { useInnerText: true });
  });

  test("a listing marked permanently closed from a report keeps its page with a banner and noindex, and leaves the results", async ({
    page,
  }) => {
    const name = "Mellano & Company";
    const { id } = withDatabase((db) => db.prepare("select id from wholesalers where name = ?").get(name) as { id: number });
    withDatabase((db) =>
      db
        .prepare(
          "insert into listing_reports (wholesaler_id, kind, details, email, status, ip, created_at) values (?, 'closed', ?, null, 'open', null, ?)",
        )
        .run(id, "The market stall is empty and the sign is gone", new Date().toISOString()),
    );
    await page.goto("/near?zip=90014");
    await expect(page.getByRole("link", { name, exact: true })).toBeVisible();

    await loginAsAdmin(page, "/admin/reports");
    await page.getByRole("button", { name: `Mark permanently closed: ${name}` }).click();
    await expect(page.getByText(`${name} is marked permanently closed, and the report resolved.`, { exact: true })).toBeVisible();

    await page.goto(`/wholesalers/${id}/mellano-and-company`);
    await expect(page.getByTestId("closed-banner")).toContainText("This business has closed permanently.");
    await expect(page.getByTestId("closed-status").first()).toHaveText("Permanently closed");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.getByTestId("open-status")).toHaveCount(0);
    const nearby = page.getByRole("region", { name: "Nearest open suppliers" });
    await expect(nearby.getByTestId("nearby-listing")).toHaveCount(3);
    await expectAccessible(page);

    await page.goto("/near?zip=90014");
    await expect(page.getByRole("link", { name: "Original Los Angeles Flower Market", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name, exact: true })).toHaveCount(0);
    await page.goto("/state/california");
    await expect(page.getByRole("link", { name, exact: true })).toHaveCount(0);
  });

  test("before a flower holiday, a listing page says whether its hours for that week are confirmed", async ({ page }) => {
    const inDays = (days: number) =>
      new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE }).format(new Date(Date.now() + days * 86_400_000));
    // Another listing in Los Angeles says its hours for a day of that week.
    const other = withDatabase(
      (db) => db.prepare("select id from wholesalers where name = 'Original Los Angeles Flower Market'").get() as { id: number },
    );
    withDatabase((db) =>
      db
        .prepare("update wholesalers set special_hours = ? where id = ?")
        .run(
          JSON.stringify([{ from: inDays(9), to: inDays(9), ranges: [{ open: "02:00", close: "12:00" }], note: "Open early" }]),
          other.id,
        ),
    );
    await loginAsAdmin(page, "/admin/settings");
    await page.getByRole("tab", { name: "Flower holidays" }).click();
    await page.getByLabel("Holidays and their dates").fill(`Test Flower Day: ${inDays(10)}`);
    await page.getByRole("button", { name: "Save Flower Holidays" }).click();
    await expect(page.getByText("1 flower holiday saved.", { exact: true })).toBeVisible();
    try {
      await page.goto(PATH);
      await expect(page.getByTestId("holiday-hours")).toContainText("Hours not yet confirmed for Test Flower Day week: call ahead.");
      await page.goto(`/wholesalers/${other.id}/original-los-angeles-flower-market`);
      await expect(page.getByTestId("holiday-hours")).toContainText("Hours for Test Flower Day week confirmed.");
    } finally {
      // Settings are put back by the test that changed them (the fixture checks).
      withDatabase((db) => db.prepare("delete from settings where key = 'flowerHolidays'").run());
    }
  });
});
