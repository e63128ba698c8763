import { CITY_RADIUS_MILES, NO_RESULTS_HINT } from "../../app/services/search/query";
import { expect, expectAccessible, test } from "./fixtures";
import { DEFAULT_RADIUS } from "../../app/services/wholesalers/near-page-query";

interface ApiFestival {
  id: number;
  name: string;
}

const SEARCH_BOX = "Search wholesalers, states, articles and festivals";

test.describe("site search (/search)", () => {
  test("without a query it shows the search box and searches to try", async ({ page }) => {
    const response = await page.goto("/search");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Search | Wholesale Flower Finder");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find flowers, markets and festivals");
    await expect(page.getByRole("searchbox", { name: SEARCH_BOX })).toHaveValue("");
    await expect(page.getByRole("heading", { name: "Popular searches" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Wholesalers by state" })).toHaveAttribute("href", "/states");
    await expectAccessible(page);
  });

  test("finds wholesalers and festivals, grouped by kind with counts, each leading to its own page", async ({ page, request }) => {
    const festivals = (await (await request.get("/api/flower-festivals?q=dallas")).json()) as ApiFestival[];
    expect(festivals.length).toBeGreaterThan(0);

    await page.goto("/search");
    await page.getByRole("searchbox", { name: SEARCH_BOX }).fill("Dallas");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL("/search?q=Dallas");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “Dallas”");
    await expect(page).toHaveTitle("Search results for “Dallas” | Wholesale Flower Finder");

    const kinds = page.getByRole("navigation", { name: "Results by kind" });
    await expect(kinds.getByRole("link", { name: `Festivals ${festivals.length}` })).toHaveAttribute("href", "#festivals");
    await expect(kinds.getByText("States 0")).toBeVisible();

    const festivalGroup = page.getByRole("region", { name: `Festivals (${festivals.length})` });
    await expect(festivalGroup.getByRole("listitem")).toHaveCount(festivals.length);
    const wholesalerGroup = page.getByRole("region", { name: /^Wholesalers \(\d+\)$/ });
    const wholesalerLinks = wholesalerGroup.getByRole("link");
    await expect(wholesalerLinks.first()).toBeVisible();
    for (const href of await wholesalerLinks.evaluateAll((links) => links.map((link) => link.getAttribute("href")))) {
      expect(href).toMatch(/^\/wholesalers\/\d+\/[a-z0-9-]+$/);
    }
    await expectAccessible(page);

    await festivalGroup.getByRole("link", { name: festivals[0]!.name }).click();
    await expect(page).toHaveURL(`/festivals/${festivals[0]!.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(festivals[0]!.name);
  });

  test("finds a state by its name", async ({ page }) => {
    await page.goto("/search?q=carolina");
    const states = page.getByRole("region", { name: "States (2)" });
    await expect(states.getByRole("link", { name: "North Carolina" })).toHaveAttribute("href", "/state/northcarolina");
    await states.getByRole("link", { name: "South Carolina" }).click();
    await expect(page).toHaveURL("/state/southcarolina");
  });

  test("says when nothing matches and offers searches to try", async ({ page }) => {
    const response = await page.goto("/search?q=zzqx");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "No results for “zzqx”" })).toBeVisible();
    await expect(page.getByText(NO_RESULTS_HINT, { exact: true })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: "tulip" }).click();
    await expect(page).toHaveURL("/search?q=tulip");
    await expect(page.getByRole("region", { name: /^Festivals \(\d+\)$/ })).toBeVisible();
  });

  test("answers any input: long text is cut to 100 characters and markup stays text", async ({ page }) => {
    const query = `<b>rose</b> 100%_'"${"x".repeat(300)}`;
    const response = await page.goto(`/search?q=${encodeURIComponent(query)}`);
    expect(response?.status()).toBe(200);
    const box = page.getByRole("searchbox", { name: SEARCH_BOX });
    await expect(box).toHaveValue(query.slice(0, 100));
    await expect(page.getByRole("heading", { level: 1 })).toContainText("<b>rose</b> 100%_'\"");
    await expect(page.locator("main b")).toHaveCount(0);
  });

  test("finds an article that mentions roses only in its text, marking whole words", async ({ page }) => {
    await page.goto("/search?q=rose");
    const articles = page.getByRole("region", { name: /^Blog articles \(\d+\)$/ });
    const article = articles.getByRole("listitem").filter({ has: page.getByRole("link", { name: "How to Dry Flowers at Home" }) });
    await expect(article.locator("mark").first()).toHaveText(/^roses?$/i);
    // Every marked word begins with what was typed: "primrose" or "Monroe" would never be marked.
    for (const marked of await page.locator("main mark").allTextContents()) expect(marked).toMatch(/^rose/i);
    await expectAccessible(page);
    await article.getByRole("link", { name: "How to Dry Flowers at Home" }).click();
    await expect(page).toHaveURL(/^.*\/blog\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("How to Dry Flowers at Home");
  });

  test("a city shows its nearest wholesalers by distance, and a shared name offers the choice of states", async ({ page }) => {
    await page.goto("/search?q=Chicago");
    const near = page.getByRole("region", { name: "Wholesalers near Chicago, IL" });
    const cards = near.getByTestId("wholesaler-card");
    await expect(cards).toHaveCount(3);
    const first = cards.first();
    await expect(first.getByRole("link", { name: "Kennicott Brothers Company", exact: true })).toHaveAttribute(
      "href",
      /^\/wholesalers\/\d+\/kennicott-brothers-company$/,
    );
    // Measured from Chicago's centre (GeoNames), as a zipcode's search is, within the same 25 miles.
    await expect(first.getByTestId("listing-distance")).toHaveText("about 4 miles away");
    await expect(near.getByText(`Only 1 within ${CITY_RADIUS_MILES} miles of Chicago, IL; the next nearest follow.`)).toBeVisible();
    expect(CITY_RADIUS_MILES).toBe(DEFAULT_RADIUS);
    const distances = await near.getByTestId("listing-distance").allTextContents();
    expect(distances).toHaveLength(3);
    for (const distance of distances) expect(distance).toMatch(/^about \d+ miles? away$/);
    await expectAccessible(page);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("searchbox", { name: SEARCH_BOX }).fill("springfield");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const choices = page.getByRole("region", { name: "Which Springfield?" });
    await expect(choices.getByRole("link", { name: "Springfield, MA" })).toBeVisible();
    await choices.getByRole("link", { name: "Springfield, IL" }).click();
    await expect(page).toHaveURL("/search?q=Springfield%2C%20IL");
    const springfield = page.getByRole("region", { name: "Wholesalers near Springfield, IL" });
    await expect(
      springfield.getByText(
        `No wholesaler in the directory lies within ${CITY_RADIUS_MILES} miles of Springfield, IL. These are the nearest.`,
      ),
    ).toBeVisible();
    await expect(springfield.getByTestId("wholesaler-card")).toHaveCount(3);
    await expect(springfield.getByTestId("listing-distance").first()).toHaveText(/^about \d{3} miles away$/);
    await expectAccessible(page);
  });

  test("a city is measured from its own centre: New York's shops are in Manhattan, a mile or two away, as its zipcode search finds them", async ({
    page,
  }) => {
    await page.goto("/search?q=New%20York");
    const near = page.getByRole("region", { name: "Wholesalers near New York, NY" });
    await expect(near.getByText(/Distances run from the centre of New York as GeoNames places it/)).toBeVisible();
    const distances = await near.getByTestId("listing-distance").allTextContents();
    expect(distances).toHaveLength(5);
    for (const distance of distances) expect(distance).toMatch(/^about [12] miles? away$/);
    // The same shops from the zipcode of Manhattan's flower district.
    await page.goto("/near?zip=10001");
    const names = await page.getByTestId("wholesaler-card").getByRole("heading").allTextContents();
    await page.goto("/search?q=New%20York");
    for (const name of await near.getByTestId("wholesaler-card").getByRole("heading").allTextContents()) expect(names).toContain(name);
  });

  test("a city's nearest wholesalers take the filters: by URL, rendered on the server, and at once on a click", async ({ page }) => {
    await page.goto("/search?q=Los%20Angeles&public=1");
    const near = page.getByRole("region", { name: "Wholesalers near Los Angeles, CA" });
    const names = () => near.getByTestId("filter-matches").getByTestId("wholesaler-card").getByRole("heading").allTextContents();
    const count = near.getByTestId("filter-count");
    await expect(count).toHaveText("1 of 4 listings, 3 not yet known");
    expect(await names()).toEqual(["California Flower Mall"]);
    await expect(near.getByTestId("not-yet-known").getByTestId("wholesaler-card")).toHaveCount(3);
    await expect(near.getByLabel(/^Public welcome/)).toBeChecked();

    await near.getByLabel(/^Public welcome/).uncheck();
    await expect(count).toHaveText("4 listings");
    await near.getByLabel("Wholesale", { exact: true }).check();
    await expect(page).toHaveURL("/search?q=Los+Angeles&type=wholesale");
    await expect(count).toHaveText("1 of 4 listings");
    expect(await names()).toEqual(["Mellano & Company"]);
    await near.getByLabel("Retail", { exact: true }).check();
    await expect(page).toHaveURL("/search?q=Los+Angeles&type=wholesale%2Cretail");
    await expect(count).toHaveText("1 of 4 listings");
    await near.getByLabel("Wholesale", { exact: true }).uncheck();
    await expect(near.getByText("No listings match these filters.")).toBeVisible();
    await expect(count).toHaveText("0 of 4 listings");
    // The site search's own results are not filtered.
    await expect(
      page
        .getByRole("region", { name: /^Wholesalers \(\d+\)$/ })
        .getByRole("listitem")
        .first(),
    ).toBeVisible();
  });
});
