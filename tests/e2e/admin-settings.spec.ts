import { acceptLoggedStatuses, loginAsAdmin } from "./admin-fixtures";
import { expect, expectAccessible, test, withDatabase } from "./fixtures";

/*
 * Only refused saves here: the settings are site-wide, so every test that saves them is in
 * settings-effects.spec.ts, which runs alone after the others.
 */

const settingsVersions = () => withDatabase((db) => db.prepare("select key, updated_at from settings order by key").all());

test.describe("admin settings", () => {
  test("has four tabs (the flower holidays too), the feature toggles of the spec and a way back, and is neither indexed nor followed", async ({
    page,
  }) => {
    await loginAsAdmin(page, "/admin/settings");
    await expect(page).toHaveTitle(/^Settings \| .+ Admin$/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
    await expect(page.getByRole("link", { name: "Back to Dashboard" })).toHaveAttribute("href", "/admin");
    await expect(page.getByRole("tab")).toHaveText(["General Settings", "SEO & Meta", "Mail", "Flower holidays"]);

    await expect(page.getByLabel("Site Name")).toHaveValue(/.+/);
    await expect(page.getByLabel("Contact Email")).toHaveValue(/@/);
    const toggles: [string, string][] = [
      ["Featured Wholesalers", "Show featured wholesalers on the homepage"],
      ["Blog", "Enable blog features and show posts on the homepage"],
      ["Flower Festivals", "Show the festivals calendar and upcoming events"],
    ];
    for (const [name, description] of toggles) {
      const toggle = page.getByRole("switch", { name, exact: true });
      await expect(toggle).toBeVisible();
      await expect(toggle).toHaveAccessibleDescription(description);
    }
    await expect(page.getByRole("button", { name: "Save Settings" })).toBeVisible();
    await expectAccessible(page);
  });

  test("SEO & Meta has the meta defaults with their recommended lengths and the Google Analytics ID", async ({ page }) => {
    await loginAsAdmin(page, "/admin/settings");
    await page.getByRole("tab", { name: "SEO & Meta" }).click();
    await expect(page.getByLabel("Default Meta Title")).toBeVisible();
    await expect(page.getByText("Recommended length: 50-60 characters.")).toBeVisible();
    await expect(page.getByText("Recommended length: 150-160 characters.")).toBeVisible();
    await expect(page.getByLabel("Google Analytics ID")).toHaveAttribute("placeholder", "G-XXXXXXXXXX");
    await expect(page.getByText(/Enables Google Analytics tracking/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Save SEO Settings" })).toBeVisible();
    await expectAccessible(page);
  });

  test("counts the characters of the meta title and description as they are typed", async ({ page }) => {
    await loginAsAdmin(page, "/admin/settings");
    await page.getByRole("tab", { name: "SEO & Meta" }).click();
    const title = page.getByLabel("Default Meta Title");
    await title.fill("Wholesale flowers near you");
    await expect(title).toHaveAccessibleDescription("Recommended length: 50-60 characters. 26 characters");
    await page.getByLabel("Default Meta Description").fill("x".repeat(155));
    await expect(page.getByLabel("Default Meta Description")).toHaveAccessibleDescription(
      "Recommended length: 150-160 characters. 155 characters",
    );
  });

  test("refuses invalid general settings with the spec's messages next to the fields and saves nothing", async ({ page, pageErrors }) => {
    const before = settingsVersions();
    await loginAsAdmin(page, "/admin/settings");
    await page.getByLabel("Site Name").fill("A");
    await page.getByLabel("Contact Email").fill("not-an-email");
    const answer = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/admin/settings"));
    await page.getByRole("button", { name: "Save Settings" }).click();
    expect((await answer).status()).toBe(400);

    await expect(page.getByLabel("Site Name")).toHaveAccessibleDescription("Site name must be at least 2 characters.");
    await expect(page.getByLabel("Contact Email")).toHaveAccessibleDescription(/^Please enter a valid email address\./);
    await expect(page.getByLabel("Site Name")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Settings updated")).toHaveCount(0);
    await expectAccessible(page);
    expect(settingsVersions()).toEqual(before);
    acceptLoggedStatuses(pageErrors, 400);
  });

  test("refuses invalid SEO settings with the spec's messages, and a Google Analytics ID that is not one", async ({ page, pageErrors }) => {
    const before = settingsVersions();
    await loginAsAdmin(page, "/admin/settings");
    await page.getByRole("tab", { name: "SEO & Meta" }).click();
    await page.getByLabel("Default Meta Title").fill("abcd");
    await page.getByLabel("Default Meta Description").fill("123456789");
    await page.getByLabel("Google Analytics ID").fill("G-1'});alert(1)//");
    await page.getByRole("button", { name: "Save SEO Settings" }).click();

    await expect(page.getByText("Meta title must be at least 5 characters.")).toBeVisible();
    await expect(page.getByText("Meta description must be at least 10 characters.")).toBeVisible();
    await expect(page.getByText("Enter a Google Analytics ID such as G-XXXXXXXXXX (or UA-12345678-1), or leave it empty.")).toBeVisible();
    await expect(page.getByLabel("Default Meta Title")).toHaveAccessibleDescription(/Meta title must be at least 5 characters\./);
    await expect(page.getByText("Meta settings updated")).toHaveCount(0);
    // What was typed is still there to correct.
    await expect(page.getByLabel("Default Meta Title")).toHaveValue("abcd");
    expect(settingsVersions()).toEqual(before);
    acceptLoggedStatuses(pageErrors, 400);
  });

  test("refuses a flower holidays save over someone else's, then saves from the latest version, twice in a row", async ({
    page,
    pageErrors,
  }) => {
    await loginAsAdmin(page, "/admin/settings");
    await page.getByRole("tab", { name: "Flower holidays" }).click();
    const field = page.getByLabel("Holidays and their dates");
    const save = page.getByRole("button", { name: "Save Flower Holidays" });
    await expect(field).toHaveValue(/Mother's Day/);
    // Another admin saves a list after this page was opened (a date far off, so no listing page shows it).
    withDatabase((db) =>
      db
        .prepare("insert into settings (key, value, updated_at) values ('flowerHolidays', ?, ?)")
        .run("Other Admin Day: 2099-05-09", "2026-03-03T00:00:00.000Z"),
    );
    try {
      await field.fill("My Day: 2099-06-01");
      await save.click();
      // Said next to the field and in a toast (two places: each looked for where it is).
      const refusal = /^These settings were changed by someone else since you opened this page\./;
      await expect(page.getByRole("tabpanel", { name: "Flower holidays" }).getByText(refusal)).toBeVisible();
      const toasts = page.getByRole("region", { name: /^Notifications/ });
      await expect(toasts.getByText("Could not save the flower holidays", { exact: true })).toBeVisible();
      await expect(toasts.getByText(refusal)).toBeVisible();
      expect(withDatabase((db) => db.prepare("select value from settings where key = 'flowerHolidays'").get())).toEqual({
        value: "Other Admin Day: 2099-05-09",
      });
      acceptLoggedStatuses(pageErrors, 409);

      // Reloaded, the page shows the other admin's list, and saves over it, then again without reloading.
      await page.reload();
      await page.getByRole("tab", { name: "Flower holidays" }).click();
      await expect(field).toHaveValue("Other Admin Day: 2099-05-09");
      await field.fill("My Day: 2099-06-01");
      await save.click();
      await expect(page.getByText("1 flower holiday saved.", { exact: true })).toBeVisible();
      await field.fill("My Day: 2099-06-01\nMy Other Day: 2099-07-01");
      await save.click();
      await expect(page.getByText("2 flower holidays saved.", { exact: true })).toBeVisible();
      expect(withDatabase((db) => db.prepare("select value from settings where key = 'flowerHolidays'").get())).toEqual({
        value: "My Day: 2099-06-01\nMy Other Day: 2099-07-01",
      });
    } finally {
      // Settings are put back by the test that changed them (the fixture checks).
      withDatabase((db) => db.prepare("delete from settings where key = 'flowerHolidays'").run());
    }
  });

  test("its save answers 401 JSON without a session and 403 to a cross-site request", async ({ page, playwright, baseURL }) => {
    const form = { intent: "general", siteName: "Hijacked", contactEmail: "evil@example.com", enableBlog: "on", version: "" };
    const anonymous = await playwright.request.newContext({ baseURL });
    try {
      const response = await anonymous.post("/admin/settings", { form });
      expect(response.status()).toBe(401);
      expect(response.headers()["content-type"]).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ message: "Please sign in to continue." });
    } finally {
      await anonymous.dispose();
    }

    const before = settingsVersions();
    await loginAsAdmin(page, "/admin/settings");
    const response = await page.request.post("/admin/settings", { form, headers: { Origin: "https://evil.example" } });
    expect(response.status()).toBe(403);
    expect(settingsVersions()).toEqual(before);
  });
});
