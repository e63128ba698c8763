import type { Page } from "@playwright/test";
import { loginAsAdmin } from "./admin-fixtures";
import { acceptLoggedFailures, expect, expectAccessible, test, withDatabase } from "./fixtures";

const EMPTY = "No festivals found matching your criteria";

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Festivals these tests add run in 2099: never among the upcoming ones or on a day the public tests pick. */
function insertFestival(name: string, values: { state?: string; startDate?: string } = {}) {
  const stamp = "2026-01-01T00:00:00.000Z";
  const start = values.startDate ?? "2099-06-10";
  return withDatabase(
    (db) =>
      db
        .prepare(
          "insert into festivals (name, description, start_date, end_date, location, city, state, website, ticket_price, image, featured, created_at, updated_at) values (?, 'A festival made by a test.', ?, ?, 'Test Park', 'Testville', ?, null, null, null, 0, ?, ?)",
        )
        .run(name, start, start, values.state ?? "Oregon", stamp, stamp).lastInsertRowid as number,
  );
}

const countFestivals = (where = "1 = 1", ...params: string[]) =>
  withDatabase((db) => (db.prepare(`select count(*) n from festivals where ${where}`).get(...params) as { n: number }).n);

const auditOf = (id: number) =>
  withDatabase((db) =>
    db.prepare("select action, actor, details from audit_log where entity_type = 'festival' and entity_id = ? order by id").all(String(id)),
  );

const rows = (page: Page) => page.getByRole("table").locator("tbody tr");
const pagination = (page: Page) => page.getByRole("navigation", { name: "Pagination" });

test.describe("admin festivals", () => {
  test("lists 10 a page, with the page count from the filtered results", async ({ page }) => {
    await loginAsAdmin(page, "/admin/festivals");
    await expect(page.getByRole("heading", { level: 1, name: "Festivals" })).toBeVisible();
    await expect(page).toHaveTitle(/^Festivals \| .+ Admin$/);
    await expect(page.getByRole("table").getByRole("columnheader")).toHaveText([
      "Name",
      "Dates",
      "Repeats",
      "City / State",
      "Featured",
      "Actions",
    ]);
    await expect(rows(page)).toHaveCount(10);
    await expect(pagination(page).getByText(`Page 1 of ${Math.ceil(countFestivals() / 10)}`)).toBeVisible();

    // "fest" matches most seeded festivals by name, but fewer than all of them.
    await page.getByLabel("Search festivals").fill("fest");
    await expect(page).toHaveURL(/q=fest/);
    const matching = countFestivals("lower(name) like '%fest%' or lower(city) like '%fest%' or lower(state) like '%fest%'");
    expect(matching).toBeGreaterThan(10);
    expect(Math.ceil(matching / 10)).toBeLessThan(Math.ceil(countFestivals() / 10));
    await expect(pagination(page).getByText(`Page 1 of ${Math.ceil(matching / 10)}`)).toBeVisible();

    await pagination(page).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(pagination(page).getByText(/^Page 2 of \d+$/)).toBeVisible();
  });

  test("shows no pagination when a month's festivals fit on one page", async ({ page }) => {
    await loginAsAdmin(page, "/admin/festivals?month=3");
    const march = countFestivals("substr(start_date, 6, 2) = '03'");
    expect(march).toBeGreaterThan(0);
    expect(march).toBeLessThanOrEqual(10);
    await expect(rows(page)).toHaveCount(march);
    for (const cell of await rows(page).locator("td:nth-child(2)").allTextContents()) expect(cell).toMatch(/^Mar /);
    await expect(pagination(page)).toHaveCount(0);
    await expectAccessible(page);
  });

  test("filters by month and state, searches name, city and state, and says when nothing matches", async ({ page }) => {
    await loginAsAdmin(page, "/admin/festivals");
    await page.getByLabel("Month").selectOption({ label: "May" });
    await expect(page).toHaveURL(/month=5/);
    await page.getByLabel("State", { exact: true }).selectOption("Hawaii");
    await expect(page).toHaveURL(/month=5&state=Hawaii/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText("Lei Day Celebration");
    await expect(rows(page).first()).toContainText("Honolulu, Hawaii");

    await page.goto("/admin/festivals");
    const search = page.getByLabel("Search festivals");
    await search.fill("PASADENA");
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText("Tournament of Roses Parade");
    await search.fill("district of columbia");
    await expect(rows(page).first()).toContainText("National Cherry Blossom Festival");
    // The admin search leaves descriptions out: a year only Lei Day's description holds finds nothing.
    expect(countFestivals("description like '%1928%'")).toBeGreaterThan(0);
    await search.fill("1928");
    await expect(page.getByText(EMPTY, { exact: true })).toBeVisible();
    await search.fill("no-such-festival-anywhere");
    await expect(page).toHaveURL(/q=no-such-festival-anywhere/);
    await expect(page.getByText(EMPTY, { exact: true })).toBeVisible();
  });

  test("shows 'Loading festivals data...' while the list reloads", async ({ page }) => {
    await loginAsAdmin(page, "/admin/festivals");
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/admin/festivals.data*", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel("Month").selectOption({ label: "October" });
    await expect(page.getByRole("status").filter({ hasText: "Loading festivals data..." })).toHaveText("Loading festivals data...");
    release();
    await expect(page.getByText("Loading festivals data...")).toHaveCount(0);
    await expect(page).toHaveURL(/month=10/);
  });

  test("explains each invalid field next to it, the end date's order next to the end date", async ({ page, pageErrors }) => {
    await loginAsAdmin(page, "/admin/festivals/new");
    const dialog = page.getByRole("dialog", { name: "Add Festival" });
    await expect(dialog).toBeVisible();

    await dialog.getByLabel("Festival name").fill("X");
    await dialog.getByLabel("Start date").fill("2099-04-20");
    await dialog.getByLabel("End date").fill("2099-04-18");
    await dialog.getByLabel("Website (optional)").fill("not a website");
    await dialog.getByLabel("Image (optional)").fill("https://evil.example/tulip.png");
    await dialog.getByRole("button", { name: "Add festival" }).click();
    await expect(dialog.getByText("Enter the festival's name (at least 3 characters).")).toBeVisible();
    await expect(dialog.getByText("Describe the festival in at least 10 characters.")).toBeVisible();
    await expect(dialog.getByText("Enter the venue.")).toBeVisible();
    await expect(dialog.getByText("Enter the city.")).toBeVisible();
    await expect(dialog.getByText("Choose the state.")).toBeVisible();
    await expect(dialog.getByText("Enter a full web address starting with https://")).toBeVisible();
    await expect(dialog.getByText("Enter a path on this site starting with /images/ or /uploads/, or leave it empty.")).toBeVisible();
    await expect(dialog.getByText("The end date must be on or after the start date.")).toBeVisible();
    await expect(dialog.getByLabel("End date")).toHaveAttribute("aria-describedby", /endDate-error/);
    await expect(dialog.getByLabel("End date")).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);
    acceptLoggedFailures(pageErrors, /status of 400/);
  });

  test("adds and edits a festival, with the audit log and the public pages following", async ({ page }) => {
    const name = unique("E2E Tulip Days");
    await loginAsAdmin(page, "/admin/festivals/new");
    const dialog = page.getByRole("dialog", { name: "Add Festival" });
    await dialog.getByLabel("Festival name").fill(name);
    await dialog.getByLabel("Start date").fill("2099-04-20");
    await dialog.getByLabel("Description").fill("Tulip fields in bloom, with a parade on the first Saturday.");
    await dialog.getByLabel("End date").fill("2099-04-27");
    await dialog.getByLabel("Venue").fill("Windmill Island Gardens");
    await dialog.getByLabel("City").fill("Holland");
    await dialog.getByLabel("State").selectOption("Michigan");
    await dialog.getByLabel("Website (optional)").fill("https://www.tuliptime.com");
    await dialog.getByLabel("Ticket price (optional)").fill("Free");
    await dialog.getByLabel("Image (optional)").fill("/images/festivals/tulip-time.webp");
    await dialog.getByLabel("Featured").check();
    await dialog.getByRole("button", { name: "Add festival" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL("/admin/festivals");
    await expect(page.getByRole("region", { name: "Notifications (F8)" }).getByText(`${name} was added.`)).toBeVisible();

    const saved = withDatabase((db) => db.prepare("select * from festivals where name = ?").get(name)) as Record<string, unknown>;
    expect(saved).toMatchObject({
      start_date: "2099-04-20",
      end_date: "2099-04-27",
      location: "Windmill Island Gardens",
      city: "Holland",
      state: "Michigan",
      website: "https://www.tuliptime.com",
      ticket_price: "Free",
      image: "/images/festivals/tulip-time.webp",
      featured: 1,
    });
    const id = saved.id as number;
    const detail = await page.request.get(`/festivals/${id}`);
    expect(detail.status()).toBe(200);
    expect(await detail.text()).toContain(name);

    await page.getByLabel("Search festivals").fill(name);
    const row = rows(page).filter({ hasText: name });
    await expect(row).toContainText("Apr 20–27, 2099");
    await expect(row).toContainText("Holland, Michigan");
    await expect(row).toContainText("Featured");
    await row.getByRole("button", { name: `Edit ${name}` }).click();
    const edit = page.getByRole("dialog", { name: `Edit ${name}` });
    await expect(edit.getByLabel("State")).toHaveValue("Michigan");
    await expect(edit.getByLabel("Start date")).toHaveValue("2099-04-20");
    await edit.getByLabel("Ticket price (optional)").fill("$5-$10");
    await edit.getByLabel("Featured").uncheck();
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText("No");
    expect(withDatabase((db) => db.prepare("select ticket_price, featured from festivals where id = ?").get(id))).toEqual({
      ticket_price: "$5-$10",
      featured: 0,
    });
    expect(await (await page.request.get(`/api/flower-festivals/${id}`)).json()).toMatchObject({ ticketPrice: "$5-$10", featured: false });

    expect(auditOf(id)).toEqual(
      ["festival.create", "festival.update"].map((action) => ({
        action,
        actor: "admin@example.com",
        details: JSON.stringify({ label: name }),
      })),
    );
    withDatabase((db) => db.prepare("delete from festivals where id = ?").run(id));
  });

  test("the yearly rule is picked in plain words, checked against the start date, and shown on the public page", async ({
    page,
    pageErrors,
  }) => {
    const name = unique("E2E Lilac Weekend");
    await loginAsAdmin(page, "/admin/festivals/new");
    const dialog = page.getByRole("dialog", { name: "Add Festival" });
    await dialog.getByLabel("Festival name").fill(name);
    await dialog.getByLabel("Description").fill("Lilacs in bloom over one weekend every May.");
    await dialog.getByLabel("Start date").fill("2099-05-02");
    await dialog.getByLabel("End date").fill("2099-05-03");
    await dialog.getByLabel("Venue").fill("Highland Park");
    await dialog.getByLabel("City").fill("Rochester");
    await dialog.getByLabel("State").selectOption("New York");
    const summary = dialog.getByTestId("recurrence-summary");
    await expect(summary).toHaveText("Does not repeat: the festival leaves the upcoming lists after its last day.");
    await dialog.getByLabel("How it repeats").selectOption("weekday");
    await dialog.getByLabel("Which week").selectOption({ label: "second" });
    await dialog.getByLabel("Weekday").selectOption({ label: "Saturday" });
    await dialog.getByLabel("Month", { exact: true }).selectOption({ label: "May" });
    await expect(summary).toHaveText("Repeats every year: second Saturday of May, 2 days");
    await expect(dialog.getByLabel("Day of the month")).toBeHidden();

    // May 2, 2099 is the first Saturday: the server says so next to the picker.
    await dialog.getByRole("button", { name: "Add festival" }).click();
    await expect(
      dialog.getByText("The start date is not the second Saturday of May: pick the festival's first day in a year it is held."),
    ).toBeVisible();
    await expect(dialog.getByLabel("How it repeats")).toHaveAttribute("aria-invalid", "true");

    await dialog.getByLabel("Start date").fill("2099-05-09");
    await dialog.getByLabel("End date").fill("2099-05-10");
    await dialog.getByRole("button", { name: "Add festival" }).click();
    await expect(dialog).toBeHidden();
    const saved = withDatabase((db) => db.prepare("select id, recurrence from festivals where name = ?").get(name)) as {
      id: number;
      recurrence: string;
    };
    expect(saved.recurrence).toBe("FREQ=YEARLY;BYMONTH=5;BYDAY=2SA");
    await page.getByLabel("Search festivals").fill(name);
    await expect(rows(page).filter({ hasText: name })).toContainText("second Saturday of May, 2 days");

    const festivalPage = await page.request.get(`/festivals/${saved.id}`);
    expect(await festivalPage.text()).toContain("Every year: second Saturday of May");
    expect(await (await page.request.get(`/api/flower-festivals/${saved.id}`)).json()).toMatchObject({
      startDate: "2099-05-09",
      recurrence: "FREQ=YEARLY;BYMONTH=5;BYDAY=2SA",
    });
    acceptLoggedFailures(pageErrors, /status of 400/);
    withDatabase((db) => db.prepare("delete from festivals where id = ?").run(saved.id));
  });

  test("deletes a festival after the confirmation, and the public page goes with it", async ({ page }) => {
    const name = unique("E2E Farewell Fest");
    const id = insertFestival(name);
    expect((await page.request.get(`/festivals/${id}`)).status()).toBe(200);
    await loginAsAdmin(page, `/admin/festivals?q=${encodeURIComponent(name)}`);
    await page.getByRole("button", { name: `Delete ${name}` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete festival" });
    await expect(confirm).toContainText(name);
    await expect(confirm).toContainText("Are you sure you want to delete this festival? This action cannot be undone.");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    expect(countFestivals("id = ?", String(id))).toBe(1);

    await page.getByRole("button", { name: `Delete ${name}` }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText(EMPTY, { exact: true })).toBeVisible();
    await expect(page.getByRole("region", { name: "Notifications (F8)" }).getByText("The festival was deleted.")).toBeVisible();
    expect((await page.request.get(`/festivals/${id}`)).status()).toBe(404);
    expect(auditOf(id)).toEqual([{ action: "festival.delete", actor: "admin@example.com", details: JSON.stringify({ label: name }) }]);
  });

  test("closing the add dialog opened by /admin/festivals/new returns to the list", async ({ page }) => {
    await loginAsAdmin(page, "/admin/festivals/new");
    const dialog = page.getByRole("dialog", { name: "Add Festival" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL("/admin/festivals");
    await page.getByRole("button", { name: "Add Festival" }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Festival name")).toHaveValue("");
  });

  test("refuses to save over someone else's change", async ({ page, pageErrors }) => {
    const name = unique("E2E Conflict Fest");
    const id = insertFestival(name);
    await loginAsAdmin(page, `/admin/festivals?q=${encodeURIComponent(name)}`);
    await page.getByRole("button", { name: `Edit ${name}` }).click();
    const edit = page.getByRole("dialog", { name: `Edit ${name}` });
    withDatabase((db) => db.prepare("update festivals set updated_at = ? where id = ?").run("2026-02-02T00:00:00.000Z", id));
    await edit.getByLabel("City").fill("Newtown");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(edit.getByRole("alert")).toHaveText(
      "This festival was changed by someone else since you opened it. Close this dialog and reopen it to see the latest version, then make your changes again.",
    );
    expect(withDatabase((db) => db.prepare("select city from festivals where id = ?").get(id))).toEqual({ city: "Testville" });
    acceptLoggedFailures(pageErrors, /status of 409/);

    // Reopened, the dialog holds the latest version and saves.
    await edit.getByRole("button", { name: "Cancel" }).click();
    await page.reload();
    await page.getByRole("button", { name: `Edit ${name}` }).click();
    await edit.getByLabel("City").fill("Newtown");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(edit).toBeHidden();
    expect(withDatabase((db) => db.prepare("select city from festivals where id = ?").get(id))).toEqual({ city: "Newtown" });
    withDatabase((db) => db.prepare("delete from festivals where id = ?").run(id));
  });

  test("its mutations answer 401 without a session and 403 from another site", async ({ page, playwright, baseURL }) => {
    const name = unique("E2E Guarded Fest");
    const id = insertFestival(name);
    const form = { intent: "delete", id: String(id), updatedAt: "2026-01-01T00:00:00.000Z" };
    const anonymous = await playwright.request.newContext({ baseURL });
    for (const path of ["/admin/festivals", "/admin/festivals/new"]) {
      const noSession = await anonymous.post(path, { form });
      expect(noSession.status()).toBe(401);
      expect(await noSession.json()).toEqual({ message: "Please sign in to continue." });
    }
    await anonymous.dispose();

    await loginAsAdmin(page, "/admin/festivals");
    const crossSite = await page.request.post("/admin/festivals", { form, headers: { Origin: "https://evil.example" } });
    expect(crossSite.status()).toBe(403);
    expect(countFestivals("id = ?", String(id))).toBe(1);
    withDatabase((db) => db.prepare("delete from festivals where id = ?").run(id));
  });
});
