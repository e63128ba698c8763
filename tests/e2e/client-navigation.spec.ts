import { expect, test } from "./fixtures";

/**
 * A client-side navigation shows the whole page at once (its cards with its heading, its icons drawn from the
 * sprite), a page's listing cards are hydrated (components/ui/hydrate-later.tsx), and structured data is rendered
 * by the server only.
 */

test.describe("client-side navigation and hydration", () => {
  test("a client-side navigation to a state page shows its cards with its heading, never without them", async ({ page }) => {
    await page.goto("/privacy");
    // Records whether the page ever showed the state's heading without a listing card.
    await page.evaluate(() => {
      const seen = { headingWithoutCards: false, headingWithCards: false };
      Object.assign(window, { navigationCheck: seen });
      const check = () => {
        if (document.querySelector("h1")?.textContent !== "California Flower Wholesalers") return;
        if (document.querySelector('[data-testid="wholesaler-card"]')) seen.headingWithCards = true;
        else seen.headingWithoutCards = true;
      };
      new MutationObserver(check).observe(document.body, { childList: true, subtree: true });
    });
    const californiaLinks = page.getByRole("navigation", { name: "Popular regions" }).getByRole("link", { name: "California" });
    await californiaLinks.click();
    await expect(page.getByRole("heading", { level: 1, name: "California Flower Wholesalers" })).toBeVisible();
    // Still the same document: the navigation was React Router's, not a new page load.
    expect(await page.evaluate(() => "navigationCheck" in window)).toBe(true);
    const seen = await page.evaluate(() => (window as unknown as { navigationCheck: Record<string, boolean> }).navigationCheck);
    expect(seen).toEqual({ headingWithoutCards: false, headingWithCards: true });
    await expect(page.getByTestId("wholesaler-card").first()).toBeVisible();
    await expect(page.getByTestId("state-map")).toBeVisible();

    // The browser drew the cards' icons from the sprite (components/icons/index.tsx): each <use> found its symbol
    // and has a size, which an unknown symbol or a sprite that did not load would not.
    const card = page.getByTestId("wholesaler-card").first();
    const icons = card.locator("svg.lucide > use");
    expect(await icons.count()).toBeGreaterThan(2);
    await expect
      .poll(() => icons.evaluateAll((uses) => uses.filter((use) => !(use instanceof SVGUseElement && use.getBBox().width > 0)).length))
      .toBe(0);

    // The cards are React's: a filter hides the listings that do not match at once.
    const cards = page.getByTestId("wholesaler-card");
    const before = await cards.count();
    await page.getByRole("checkbox", { name: /^Retail/ }).check();
    await expect.poll(() => cards.count()).toBeLessThan(before);
  });

  test("a state page's cards are hydrated by the time the page is marked interactive", async ({ page }) => {
    await page.goto("/state/california");
    expect(await page.getByTestId("wholesaler-card").count()).toBeGreaterThan(1);
    // A card's "Report a problem" is a button once its card is hydrated (a link to the report page before).
    await expect(
      page
        .getByTestId("wholesaler-card")
        .first()
        .getByRole("button", { name: /^Report a problem/ }),
    ).toBeVisible();
  });

  test("structured data comes from the server and goes at the first client-side navigation", async ({ page }) => {
    await page.goto("/");
    const types = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('script[type="application/ld+json"]')].map(
          (script) => (JSON.parse(script.textContent ?? "{}") as { "@type": string })["@type"],
        ),
      );
    expect(await types()).toEqual(["Organization", "WebSite"]);
    await page.getByRole("navigation", { name: "Popular regions" }).getByRole("link", { name: "California" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "California Flower Wholesalers" })).toBeVisible();
    // The home page's no longer describes the page shown; the state page's is in its HTML for the crawlers.
    expect(await types()).toEqual([]);
    const html = await (await page.request.get("/state/california")).text();
    expect(html).toContain('<script type="application/ld+json">');
  });
});
