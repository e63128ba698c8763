import { groceryStores } from "../../app/db/seed/data/grocery-stores";
import { acceptLoggedFailures, expect, expectAccessible, test, withDatabase } from "./fixtures";

/** Each grocery chain's own page, /grocery/{slug} (issue #37 point 9). */
test.describe("grocery chains' pages", () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    test(`the home block links each chain to its page, which says what the database holds and no more (${viewport.width}px)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto("/");
      const block = page.locator("#grocery-stores");
      // The seeded chains, each with the address the database gave it.
      const slugs = new Map(
        withDatabase((db) => db.prepare("select name, slug from grocery_stores").all() as { name: string; slug: string }[]).map((row) => [
          row.name,
          row.slug,
        ]),
      );
      for (const store of groceryStores) {
        await expect(block.getByRole("link", { name: store.name, exact: true })).toHaveAttribute(
          "href",
          `/grocery/${slugs.get(store.name)}`,
        );
      }
      expect(slugs.get("Trader Joe's")).toBe("trader-joes");

      await block.getByRole("link", { name: "Trader Joe's", exact: true }).click();
      await expect(page).toHaveURL("/grocery/trader-joes");
      const store = groceryStores.find((g) => g.name === "Trader Joe's")!;
      await expect(page).toHaveTitle("Trader Joe's Flowers: Prices, Best Buys and Tips | Wholesale Flower Finder");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Trader Joe's");
      const main = page.locator("main");
      await expect(main.getByRole("term").filter({ hasText: "Price range" })).toBeVisible();
      await expect(main.getByRole("definition").filter({ hasText: store.priceRange })).toBeVisible();
      await expect(main.getByRole("definition").filter({ hasText: store.bestFor })).toBeVisible();
      await expect(page.getByRole("region", { name: "What it sells" })).toContainText(store.description);
      await expect(page.getByRole("region", { name: "Tips" })).toContainText(store.tips);
      // No store location is made up: the database has none, and the page says so; it links to no other site.
      await expect(page.getByTestId("no-locations")).toHaveText(
        "Store locations are not yet known here: this guide lists no Trader Joe's stores or addresses. Look the nearest one up with Trader Joe's itself before you go.",
      );
      expect(await main.locator("a[href^='http']").count()).toBe(0);
      await expect(page.getByRole("region", { name: "Other grocery stores that sell flowers" }).getByRole("link")).toHaveCount(
        groceryStores.length - 1,
      );
      // Structured data is written by the server (search engines read the HTML, not the page after navigation).
      const html = await (await page.request.get("/grocery/trader-joes")).text();
      const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(([, body = ""]) => body);
      expect(blocks).toHaveLength(1);
      const jsonLd = JSON.parse(blocks[0]!) as Record<string, unknown>;
      expect(jsonLd).toMatchObject({
        "@type": "WebPage",
        about: { "@type": "GroceryStore", name: "Trader Joe's", priceRange: store.priceRange, description: store.description },
      });
      expect(jsonLd.about).not.toHaveProperty("address");
      await expectAccessible(page);
    });
  }

  test("an unknown chain is the site's 404 page", async ({ page, pageErrors }) => {
    const response = await page.goto("/grocery/no-such-chain");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 Page Not Found");
    await expect(page.locator("header")).toBeVisible();
    await expectAccessible(page);
    acceptLoggedFailures(pageErrors, /Failed to load resource: the server responded with a status of 404/);
  });

  test("site search finds Trader Joe's from 'Trader Joe' and leads to its page", async ({ page }) => {
    await page.goto("/search?q=Trader%20Joe");
    const group = page.getByRole("region", { name: "Grocery stores (1)" });
    await expect(group.getByRole("link", { name: "Trader Joe's" })).toHaveAttribute("href", "/grocery/trader-joes");
    await expect(page.getByRole("navigation", { name: "Results by kind" }).getByRole("link", { name: "Grocery stores 1" })).toBeVisible();
    await group.getByRole("link", { name: "Trader Joe's" }).click();
    await expect(page).toHaveURL("/grocery/trader-joes");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Trader Joe's");
  });

  test("the sitemaps list every chain's page", async ({ page, request }) => {
    const xml = await (await request.get("/sitemap.xml")).text();
    await page.goto("/sitemap");
    const links = page.getByRole("region", { name: "Grocery stores that sell flowers" }).getByRole("link");
    await expect(links).toHaveCount(groceryStores.length);
    for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""))) {
      expect(href).toMatch(/^\/grocery\/[a-z0-9-]+$/);
      expect(xml).toContain(`${href}</loc>`);
    }
  });
});
