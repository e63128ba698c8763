import { expect, test } from "./fixtures";

/**
 * Parts whose code loads after the page's own (components/ui/island.tsx, docs/decisions/033): the listing and
 * festival cards, a state's listings and the footer. The server renders them in full; the browser hydrates them
 * once their code is there, and a client-side navigation to a page with them waits for it, so that the page never
 * shows without them. Structured data is rendered by the server only.
 */

test.describe("islands", () => {
  test("a client-side navigation to a state page shows its cards with its heading, never without them", async ({ page }) => {
    await page.goto("/privacy");
    // Records whether the page ever showed the state's heading without a listing card.
    await page.evaluate(() => {
      const seen = { headingWithoutCards: false, headingWithCards: false };
      Object.assign(window, { islandCheck: seen });
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
    expect(await page.evaluate(() => "islandCheck" in window)).toBe(true);
    const seen = await page.evaluate(() => (window as unknown as { islandCheck: Record<string, boolean> }).islandCheck);
    expect(seen).toEqual({ headingWithoutCards: false, headingWithCards: true });
    await expect(page.getByTestId("wholesaler-card").first()).toBeVisible();
    await expect(page.getByTestId("state-map")).toBeVisible();

    // The browser drew the cards' icons itself, their shapes given as the <svg>'s inner HTML
    // (components/icons/lucide-icon.ts): each has its shapes, as SVG with a size, not as unknown HTML elements.
    const icons = await page
      .getByTestId("wholesaler-card")
      .first()
      .locator("svg.lucide")
      .evaluateAll((svgs) =>
        svgs.map((svg) => ({
          name: svg.getAttribute("class") ?? "",
          drawn:
            svg.childElementCount > 0 &&
            [...svg.children].every((shape) => shape instanceof SVGGraphicsElement && shape.getBBox().width > 0),
        })),
      );
    expect(icons.length).toBeGreaterThan(2);
    for (const icon of icons) expect(icon.drawn, icon.name).toBe(true);

    // The cards are React's: a filter hides the listings that do not match at once.
    const cards = page.getByTestId("wholesaler-card");
    const before = await cards.count();
    await page.getByRole("checkbox", { name: /^Retail/ }).check();
    await expect.poll(() => cards.count()).toBeLessThan(before);
  });

  test("every island of a page is hydrated before the page is marked interactive", async ({ page }) => {
    await page.goto("/state/california");
    const islands = await page.locator("template[data-island]").count();
    // The page's content, each of its cards and the footer.
    const cards = await page.getByTestId("wholesaler-card").count();
    expect(cards).toBeGreaterThan(1);
    expect(islands).toBe(cards + 2);
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
