import type { Page } from "@playwright/test";
import { loginAsAdmin } from "./admin-fixtures";
import { acceptLoggedFailures, expect, expectAccessible, test, withDatabase } from "./fixtures";

const rows = (page: Page) => page.getByRole("table", { name: "States" }).locator("tbody tr");
const toasts = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" });

interface StateRow {
  name: string;
  region: string;
  updated_at: string;
}

const stateRow = (id: string) =>
  withDatabase((db) => db.prepare("select name, region, updated_at from states where id = ?").get(id)) as StateRow;
const citiesOf = (id: string) =>
  withDatabase((db) =>
    (db.prepare("select name from cities where state_id = ? order by position, id").all(id) as { name: string }[]).map((c) => c.name),
  );

/** Puts a seeded state back as it was, whatever a test did to it (public pages read these rows). */
function restoreState(id: string, row: StateRow, cities: string[]) {
  withDatabase((db) =>
    db.transaction(() => {
      db.prepare("update states set name = ?, region = ?, updated_at = ? where id = ?").run(row.name, row.region, row.updated_at, id);
      db.prepare("delete from cities where state_id = ?").run(id);
      const insert = db.prepare("insert into cities (state_id, name, position) values (?, ?, ?)");
      cities.forEach((name, position) => insert.run(id, name, position));
    })(),
  );
}

test.describe("admin states", () => {
  test("lists the 50 states 10 a page, with the page count from the filtered results", async ({ page }) => {
    await loginAsAdmin(page, "/admin/states");
    await expect(page.getByRole("heading", { level: 1, name: "States" })).toBeVisible();
    await expect(page.getByText("50 states match.", { exact: false })).toBeVisible();
    await expect(rows(page)).toHaveCount(10);
    await expect(rows(page).first()).toContainText("Alabama");
    await expect(rows(page).first()).toContainText("alabama");
    await expect(rows(page).first()).toContainText("Southeast");
    await expect(rows(page).first()).toContainText(citiesOf("alabama").join(", "));
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await expect(pagination).toContainText("Showing 1-10 of 50");
    await expect(pagination).toContainText("Page 1 of 5");
    await expectAccessible(page);

    await pagination.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(pagination).toContainText("Page 2 of 5");
    await expect(rows(page).first()).toContainText("Hawaii");

    await page.getByLabel("Region").selectOption("Southeast");
    await expect(page).toHaveURL(/region=Southeast/);
    await expect(page.getByText("14 states match.", { exact: false })).toBeVisible();
    await expect(pagination).toContainText("Page 1 of 2");
    for (const cell of await rows(page).locator("td:nth-child(3)").allTextContents()) expect(cell).toBe("Southeast");

    await page.getByLabel("Region").selectOption("Southwest");
    await expect(rows(page)).toHaveCount(4);
    await expect(rows(page).locator("td:first-child")).toHaveText(["Arizona", "New Mexico", "Oklahoma", "Texas"]);
    await expect(pagination).toHaveCount(0);
  });

  test("searches name and id, together with the region, and says when nothing matches", async ({ page }) => {
    await loginAsAdmin(page, "/admin/states");
    await page.getByLabel("Search states").fill("new");
    await expect(page).toHaveURL(/q=new/);
    await expect(rows(page).locator("td:first-child")).toHaveText(["New Hampshire", "New Jersey", "New Mexico", "New York"]);

    await page.getByLabel("Region").selectOption("Southwest");
    await expect(rows(page).locator("td:first-child")).toHaveText(["New Mexico"]);

    await page.getByLabel("Region").selectOption("");
    await page.getByLabel("Search states").fill("northcarolina");
    await expect(rows(page).locator("td:first-child")).toHaveText(["North Carolina"]);

    await page.getByLabel("Search states").fill("atlantis");
    await expect(page.getByText("No states found matching your criteria")).toBeVisible();
  });

  test("offers no way to add or delete a state: the 50 are fixed", async ({ page }) => {
    await loginAsAdmin(page, "/admin/states");
    await expect(rows(page)).toHaveCount(10);
    await expect(page.getByRole("button", { name: /delete/i })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /add/i })).toHaveCount(0);
    await expect(page.getByText("The 50 states are fixed: edit a state's name, region and cities.")).toBeVisible();
  });

  test("edits a state's cities, which the public site then shows, and logs the change", async ({ page }) => {
    const before = stateRow("southdakota");
    const cities = citiesOf("southdakota");
    try {
      await loginAsAdmin(page, "/admin/states?q=southdakota");
      await page.getByRole("button", { name: "Edit South Dakota" }).click();
      const dialog = page.getByRole("dialog", { name: "Edit South Dakota" });
      await expect(dialog.getByLabel("Name")).toHaveValue("South Dakota");
      await expect(dialog.getByLabel("Region")).toHaveValue("Midwest");
      await expect(dialog.getByLabel("Cities")).toHaveValue(cities.join("\n"));

      await dialog.getByLabel("Cities").fill("  Sioux Falls\n\nRapid City \nSpearfish\nDeadwood\n");
      await dialog.getByRole("button", { name: "Save changes" }).click();
      await expect(dialog).toBeHidden();
      await expect(toasts(page).getByText("South Dakota was saved.")).toBeVisible();
      await expect(rows(page).first()).toContainText("Sioux Falls, Rapid City, Spearfish, Deadwood");

      expect(citiesOf("southdakota")).toEqual(["Sioux Falls", "Rapid City", "Spearfish", "Deadwood"]);
      const api = (await (await page.request.get("/api/states/southdakota")).json()) as { cities: { name: string }[] };
      expect(api.cities.map((c) => c.name)).toEqual(["Sioux Falls", "Rapid City", "Spearfish", "Deadwood"]);
      const audit = withDatabase((db) =>
        db
          .prepare(
            "select action, actor, details from audit_log where entity_type = 'state' and entity_id = 'southdakota' order by id desc limit 1",
          )
          .get(),
      ) as { action: string; actor: string; details: string };
      expect(audit).toMatchObject({ action: "state.update", actor: "admin@example.com" });
      expect(JSON.parse(audit.details)).toMatchObject({
        label: "South Dakota",
        cities: ["Sioux Falls", "Rapid City", "Spearfish", "Deadwood"],
      });
    } finally {
      restoreState("southdakota", before, cities);
    }
  });

  test("explains what is wrong next to each field and saves nothing", async ({ page, pageErrors }) => {
    const before = stateRow("vermont");
    const cities = citiesOf("vermont");
    await loginAsAdmin(page, "/admin/states?q=vermont");
    await page.getByRole("button", { name: "Edit Vermont" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Vermont" });
    const save = dialog.getByRole("button", { name: "Save changes" });

    await dialog.getByLabel("Name").fill(" ");
    await dialog.getByLabel("Cities").fill("Burlington\nRutland");
    await save.click();
    await expect(dialog.getByLabel("Name")).toHaveAccessibleDescription("Enter the state's name (at least 2 characters).");
    await expect(dialog.getByLabel("Cities")).toHaveAccessibleDescription(/^List 3 to 12 cities, one per line \(you listed 2\)\./);

    await dialog.getByLabel("Name").fill("New York");
    await dialog.getByLabel("Cities").fill("Burlington\nRutland\nburlington");
    await save.click();
    await expect(dialog.getByText("Another state is already named New York.")).toBeVisible();
    await expect(dialog.getByText("burlington is listed more than once.")).toBeVisible();

    await dialog.getByLabel("Name").fill("Vermont");
    await dialog.getByLabel("Cities").fill(`Burlington\nRutland\n${"x".repeat(61)}`);
    await save.click();
    await expect(dialog.getByText(`Each city name is 2 to 60 characters: "${"x".repeat(61)}" is not.`)).toBeVisible();

    await dialog.getByLabel("Cities").fill(Array.from({ length: 13 }, (_, i) => `Town ${i + 1}`).join("\n"));
    await save.click();
    await expect(dialog.getByText("List 3 to 12 cities, one per line (you listed 13).")).toBeVisible();
    await expectAccessible(page);

    expect(stateRow("vermont")).toEqual(before);
    expect(citiesOf("vermont")).toEqual(cities);
    acceptLoggedFailures(pageErrors, /status of 400/);
  });

  test("refuses to save over someone else's change", async ({ page, pageErrors }) => {
    const before = stateRow("northdakota");
    const cities = citiesOf("northdakota");
    try {
      await loginAsAdmin(page, "/admin/states?q=northdakota");
      await page.getByRole("button", { name: "Edit North Dakota" }).click();
      const dialog = page.getByRole("dialog", { name: "Edit North Dakota" });
      withDatabase((db) => db.prepare("update states set updated_at = ? where id = 'northdakota'").run(new Date().toISOString()));
      await dialog.getByLabel("Cities").fill("Fargo\nBismarck\nMinot");
      await dialog.getByRole("button", { name: "Save changes" }).click();
      await expect(dialog.getByRole("alert")).toHaveText(
        "This state was changed by someone else since you opened it. Close this dialog and reopen it to see the latest version, then make your changes again.",
      );
      expect(citiesOf("northdakota")).toEqual(cities);
      acceptLoggedFailures(pageErrors, /status of 409/);
    } finally {
      restoreState("northdakota", before, cities);
    }
  });

  test("sends visitors without a session to sign in; its action answers 401 without one and 403 from another site", async ({
    page,
    playwright,
    baseURL,
  }) => {
    await page.goto("/admin/states?region=West");
    await expect(page).toHaveURL("/admin/login?next=%2Fadmin%2Fstates%3Fregion%3DWest");

    const form = { intent: "update", id: "ohio", updatedAt: "x", name: "Hacked", region: "West", cities: "A1\nB2\nC3" };
    const anonymous = await playwright.request.newContext({ baseURL });
    const noSession = await anonymous.post("/admin/states", { form });
    expect(noSession.status()).toBe(401);
    expect(await noSession.json()).toEqual({ message: "Please sign in to continue." });
    await anonymous.dispose();

    await loginAsAdmin(page, "/admin/states");
    const crossSite = await page.request.post("/admin/states", { form, headers: { Origin: "https://evil.example" } });
    expect(crossSite.status()).toBe(403);
    expect(stateRow("ohio").name).toBe("Ohio");
  });
});
