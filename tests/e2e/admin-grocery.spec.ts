import type { Page } from "@playwright/test";
import { slugText } from "../../app/utils/slug";
import { loginAsAdmin } from "./admin-fixtures";
import { acceptLoggedFailures, expect, expectAccessible, test, withDatabase } from "./fixtures";

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const rows = (page: Page) => page.getByRole("table", { name: "Grocery stores" }).locator("tbody tr");
const toasts = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" });
const DESCRIPTION = "A test chain with buckets of tulips and mixed bouquets by the entrance.";

function insertStore(name: string, updatedAt = "2026-01-01T00:00:00.000Z") {
  withDatabase((db) =>
    db
      .prepare(
        "insert into grocery_stores (name, slug, description, price_range, best_for, position, created_at, updated_at) values (?, ?, ?, '$5-$10', 'Testing', 900, ?, ?)",
      )
      .run(name, slugText(name), DESCRIPTION, updatedAt, updatedAt),
  );
}
const removeStore = (name: string) => withDatabase((db) => db.prepare("delete from grocery_stores where name = ?").run(name));

test.describe("admin grocery stores", () => {
  test("lists the stores in the home page's order and searches name, description and best for", async ({ page }) => {
    await loginAsAdmin(page, "/admin/grocery-stores");
    await expect(page.getByRole("heading", { level: 1, name: "Grocery Stores" })).toBeVisible();
    const first = withDatabase((db) =>
      db.prepare("select name, price_range, best_for from grocery_stores order by position, name, id limit 1").get(),
    ) as {
      name: string;
      price_range: string;
      best_for: string;
    };
    await expect(rows(page).first()).toContainText(first.name);
    await expect(rows(page).first()).toContainText(first.price_range);
    await expect(rows(page).first()).toContainText(first.best_for);
    await expectAccessible(page);

    await page.getByLabel("Search grocery stores").fill("costco");
    await expect(page).toHaveURL(/q=costco/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText("Costco");

    // "Quinceaneras" appears only in H-E-B's description; "loyalty-app" only in Safeway's best-for.
    await page.getByLabel("Search grocery stores").fill("quinceaneras");
    await expect(rows(page).locator("td:first-child p.font-medium")).toHaveText(["H-E-B"]);
    await page.getByLabel("Search grocery stores").fill("LOYALTY-APP");
    await expect(rows(page).locator("td:first-child p.font-medium")).toHaveText(["Safeway"]);

    await page.getByLabel("Search grocery stores").fill("no-such-grocer-anywhere");
    await expect(page.getByText("No grocery stores found matching your criteria")).toBeVisible();
  });

  test("adds, edits and deletes a store, with the audit log and the public list following", async ({ page }) => {
    const name = unique("E2E Petal Mart");
    try {
      await loginAsAdmin(page, "/admin/grocery-stores");
      await page.getByRole("button", { name: "Add Grocery Store" }).click();
      const dialog = page.getByRole("dialog", { name: "Add Grocery Store" });
      await dialog.getByLabel("Name").fill(name);
      await dialog.getByLabel("Price range").fill("$3-$12");
      await dialog.getByLabel("Best for").fill("Tulips on a budget");
      await dialog.getByLabel("Description").fill(DESCRIPTION);
      await dialog.getByRole("button", { name: "Add grocery store" }).click();
      await expect(dialog).toBeHidden();
      await expect(toasts(page).getByText(`${name} was added.`)).toBeVisible();

      const row = withDatabase((db) => db.prepare("select id, position from grocery_stores where name = ?").get(name)) as {
        id: number;
        position: number;
      };
      // Without a position it goes after every store that existed before it.
      const before = withDatabase((db) => db.prepare("select max(position) p from grocery_stores where id < ?").get(row.id)) as {
        p: number;
      };
      expect(row.position).toBeGreaterThan(before.p);
      const api = (await (await page.request.get("/api/grocery-stores")).json()) as { name: string; priceRange: string; bestFor: string }[];
      expect(api.find((s) => s.name === name)).toMatchObject({ priceRange: "$3-$12", bestFor: "Tulips on a budget" });

      await page.getByLabel("Search grocery stores").fill(name);
      await expect(rows(page)).toHaveCount(1);
      await page.getByRole("button", { name: `Edit ${name}` }).click();
      const edit = page.getByRole("dialog", { name: `Edit ${name}` });
      await expect(edit.getByLabel("Position")).toHaveValue(String(row.position));
      await edit.getByLabel("Best for").fill("Tulips and sunflowers");
      await edit.getByRole("button", { name: "Save changes" }).click();
      await expect(edit).toBeHidden();
      await expect(toasts(page).getByText(`${name} was saved.`)).toBeVisible();
      await expect(rows(page).first()).toContainText("Tulips and sunflowers");

      await page.getByRole("button", { name: `Delete ${name}` }).click();
      const confirm = page.getByRole("alertdialog", { name: "Delete grocery store" });
      await expect(confirm).toContainText(name);
      await expect(confirm).toContainText("Are you sure you want to delete this grocery store? This action cannot be undone.");
      await confirm.getByRole("button", { name: "Delete" }).click();
      await expect(page.getByText("No grocery stores found matching your criteria")).toBeVisible();

      expect(withDatabase((db) => db.prepare("select count(*) n from grocery_stores where id = ?").get(row.id))).toEqual({ n: 0 });
      const actions = withDatabase((db) =>
        db
          .prepare("select action, actor from audit_log where entity_type = 'grocery_store' and entity_id = ? order by id")
          .all(String(row.id)),
      );
      expect(actions).toEqual([
        { action: "grocery_store.create", actor: "admin@example.com" },
        { action: "grocery_store.update", actor: "admin@example.com" },
        { action: "grocery_store.delete", actor: "admin@example.com" },
      ]);
    } finally {
      removeStore(name);
    }
  });

  test("explains what is wrong next to each field and stores nothing", async ({ page, pageErrors }) => {
    await loginAsAdmin(page, "/admin/grocery-stores");
    await page.getByRole("button", { name: "Add Grocery Store" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Grocery Store" });
    await dialog.getByRole("button", { name: "Add grocery store" }).click();
    await expect(dialog.getByLabel("Name")).toHaveAccessibleDescription("Enter the store's name (at least 2 characters).");
    await expect(dialog.getByLabel("Price range")).toHaveAccessibleDescription("Enter a price range such as $4-$15.");
    await expect(dialog.getByLabel("Best for")).toHaveAccessibleDescription("Say what the store is best for (at least 3 characters).");
    await expect(dialog.getByLabel("Description")).toHaveAccessibleDescription("Describe what the store offers (at least 20 characters).");

    const name = unique("E2E Never Stored");
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("Position").fill("x1");
    await dialog.getByRole("button", { name: "Add grocery store" }).click();
    await expect(dialog.getByText("The position is a whole number from 0 to 999.")).toBeVisible();
    await expect(dialog.getByText("Enter the store's name (at least 2 characters).")).toHaveCount(0);
    await expectAccessible(page);

    expect(withDatabase((db) => db.prepare("select count(*) n from grocery_stores where name = ?").get(name))).toEqual({ n: 0 });
    acceptLoggedFailures(pageErrors, /status of 400/);
  });

  test("refuses to save or delete over someone else's change", async ({ page, pageErrors }) => {
    const name = unique("E2E Conflict Grocer");
    insertStore(name);
    try {
      await loginAsAdmin(page, `/admin/grocery-stores?q=${encodeURIComponent(name)}`);
      await page.getByRole("button", { name: `Edit ${name}` }).click();
      const edit = page.getByRole("dialog", { name: `Edit ${name}` });
      withDatabase((db) => db.prepare("update grocery_stores set updated_at = ? where name = ?").run("2026-02-02T00:00:00.000Z", name));
      await edit.getByLabel("Price range").fill("$1-$2");
      await edit.getByRole("button", { name: "Save changes" }).click();
      await expect(edit.getByRole("alert")).toHaveText(
        "This grocery store was changed by someone else since you opened it. Close this dialog and reopen it to see the latest version, then make your changes again.",
      );
      expect(withDatabase((db) => db.prepare("select price_range from grocery_stores where name = ?").get(name))).toEqual({
        price_range: "$5-$10",
      });
      await edit.getByRole("button", { name: "Cancel" }).click();

      // The list still holds the version from before the other change: deleting it is refused too.
      await page.getByRole("button", { name: `Delete ${name}` }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
      await expect(
        toasts(page).getByText("This grocery store was changed by someone else since you opened it.", { exact: false }),
      ).toBeVisible();
      expect(withDatabase((db) => db.prepare("select count(*) n from grocery_stores where name = ?").get(name))).toEqual({ n: 1 });
      acceptLoggedFailures(pageErrors, /status of 409/);
    } finally {
      removeStore(name);
    }
  });

  test("sends visitors without a session to sign in; its action answers 401 without one and 403 from another site", async ({
    page,
    playwright,
    baseURL,
  }) => {
    const name = unique("E2E Guarded Grocer");
    insertStore(name);
    try {
      await page.goto("/admin/grocery-stores");
      await expect(page).toHaveURL("/admin/login?next=%2Fadmin%2Fgrocery-stores");

      const { id } = withDatabase((db) => db.prepare("select id from grocery_stores where name = ?").get(name)) as { id: number };
      const form = { intent: "delete", id: String(id), updatedAt: "2026-01-01T00:00:00.000Z" };
      const anonymous = await playwright.request.newContext({ baseURL });
      const noSession = await anonymous.post("/admin/grocery-stores", { form });
      expect(noSession.status()).toBe(401);
      expect(await noSession.json()).toEqual({ message: "Please sign in to continue." });
      await anonymous.dispose();

      await loginAsAdmin(page, "/admin/grocery-stores");
      const crossSite = await page.request.post("/admin/grocery-stores", { form, headers: { Origin: "https://evil.example" } });
      expect(crossSite.status()).toBe(403);
      expect(withDatabase((db) => db.prepare("select count(*) n from grocery_stores where id = ?").get(id))).toEqual({ n: 1 });
    } finally {
      removeStore(name);
    }
  });
});
