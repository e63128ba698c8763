import type { Page } from "@playwright/test";
import { acceptLoggedFailures, expect, expectAccessible, test } from "./fixtures";

interface Listed {
  name: string;
  type: string;
  access: string | null;
  distanceMiles: number;
}
interface NearAnswer {
  within: Listed[];
  nearest: Listed[];
}

const results = (page: Page) => page.getByTestId("zipcode-results");
const cards = (page: Page) => results(page).getByTestId("wholesaler-card");
const cardNames = (page: Page) => cards(page).getByRole("heading").allTextContents();
const zipInput = (page: Page) => page.getByLabel("Zipcode", { exact: true });
const searchButton = (page: Page) => page.getByRole("button", { name: "Search", exact: true });

test.describe("search results in the URL", () => {
  test("a result has its own URL; a second search and Back return to the first; a wider radius finds more", async ({ page }) => {
    await page.goto("/near?zip=90014");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wholesalers near 90014");
    await expect(results(page).getByRole("heading", { name: "4 wholesalers within 25 miles of 90014" })).toBeVisible();
    // Every 90014 listing sits at the zipcode's centre: no false precision.
    await expect(cards(page).getByTestId("listing-distance")).toHaveText(Array(4).fill("In 90014"));
    await expect(page.getByLabel("Within")).toHaveValue("25");
    await expectAccessible(page);

    await zipInput(page).fill("48507");
    await searchButton(page).click();
    await expect(page).toHaveURL("/near?zip=48507&radius=25");
    await expect(results(page).getByRole("heading", { name: "1 wholesaler within 25 miles of 48507" })).toBeVisible();
    expect(await cardNames(page)).toEqual(["DWF Wholesale Florists - Flint"]);

    await page.getByLabel("Within").selectOption("100");
    await searchButton(page).click();
    await expect(page).toHaveURL("/near?zip=48507&radius=100");
    await expect(results(page).getByRole("heading", { name: "3 wholesalers within 100 miles of 48507" })).toBeVisible();
    expect(await cardNames(page)).toEqual([
      "DWF Wholesale Florists - Flint",
      "Michigan Flower Growers' Cooperative",
      "DWF Wholesale Florists - Toledo",
    ]);
    await expect(cards(page).getByTestId("listing-distance")).toHaveText(["In 48507", "about 52 miles away", "about 96 miles away"]);

    await page.goBack();
    await expect(page).toHaveURL("/near?zip=48507&radius=25");
    await expect(results(page).getByRole("heading", { name: "1 wholesaler within 25 miles of 48507" })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL("/near?zip=90014");
    await expect(results(page).getByRole("heading", { name: "4 wholesalers within 25 miles of 90014" })).toBeVisible();
    await expect(zipInput(page)).toHaveValue("90014");

    // Editing the zipcode hides the results until the next search (SPEC section 5).
    await zipInput(page).fill("9001");
    await expect(results(page)).toHaveCount(0);
    await expect(searchButton(page)).toBeDisabled();
  });

  test("far from every listing: how far, the nearest three, and what helps instead", async ({ page, request }) => {
    const answer = (await (await request.get("/api/wholesalers/near?zip=33101")).json()) as NearAnswer;
    expect(answer.within).toEqual([]);
    await page.goto("/near?zip=33101");
    await expect(
      results(page).getByText("No wholesalers found near this zipcode. The nearest are below, or try another zipcode.", { exact: true }),
    ).toBeVisible();
    const far = page.getByTestId("far-away");
    await expect(far.getByText("The nearest wholesaler we list is 676 miles away.")).toBeVisible();
    await expect(far.getByRole("link", { name: "Grocery chains that sell flowers" })).toHaveAttribute("href", "/#grocery-stores");
    await expect(far.getByRole("link", { name: "Flower festivals near you" })).toHaveAttribute("href", "/festivals?state=Georgia");
    await expect(far.getByRole("link", { name: "Suggest a location" })).toHaveAttribute("href", "/about#submit-location");
    await expect(far.getByRole("link", { name: "List your business" })).toHaveAttribute("href", "/list-your-business");
    await expect(results(page).getByRole("heading", { name: "Nearest wholesalers" })).toBeVisible();
    expect(await cardNames(page)).toEqual(answer.nearest.map((w) => w.name));
    await expect(cards(page).getByTestId("listing-distance")).toHaveText(
      answer.nearest.map((w) => `about ${Math.round(w.distanceMiles).toLocaleString("en-US")} miles away`),
    );
    await expectAccessible(page);

    await far.getByRole("link", { name: "Flower festivals near you" }).click();
    await expect(page).toHaveURL("/festivals?state=Georgia");
  });

  test("an unknown zipcode says so", async ({ page, server, pageErrors }) => {
    server.expectLog(/\/near\?zip=00000/);
    await page.goto("/near?zip=00000");
    await expect(results(page).getByText("We don't know the zipcode 00000.", { exact: true })).toBeVisible();
    acceptLoggedFailures(pageErrors, /status of 404/);
  });
});

test.describe("Use my location", () => {
  // Downtown Los Angeles, where four listings share the 90014 centroid.
  test.use({ geolocation: { latitude: 34.04, longitude: -118.25 }, permissions: ["geolocation"] });

  test("opens the results of the nearest zipcode, near you: kept in the URL (never the position), shared, and back after a listing", async ({
    page,
    context,
  }) => {
    const asked: string[] = [];
    page.on("request", (request) => asked.push(request.url()));
    // Over a zipcode's results, with a filter and a wider radius chosen: the location's results keep both.
    await page.goto("/near?zip=48507&type=wholesale");
    await page.getByLabel("Within").selectOption("50");
    await page.getByRole("button", { name: "Use my location" }).click();
    await expect(page).toHaveURL("/near?zip=90014&radius=50&type=wholesale");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wholesalers near you (zipcode 90014)");
    const panel = page.getByRole("region", { name: "Zipcode search results" });
    await expect(panel.getByRole("heading", { name: "4 wholesalers within 50 miles of you (zipcode 90014)" })).toBeVisible();
    await expect(panel.getByTestId("filter-count")).toHaveText(/^1 of \d+ listings$/);
    await expect(panel.getByTestId("results-map").getByTestId("map-marker").first()).toBeVisible();
    await expectAccessible(page);

    // A listing, then Back: the same results, still near you.
    await panel.getByLabel("Wholesale", { exact: true }).uncheck();
    await expect(page).toHaveURL("/near?zip=90014&radius=50");
    await cards(page).getByRole("link", { name: "Mellano & Company", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mellano & Company");
    await page.goBack();
    await expect(page).toHaveURL("/near?zip=90014&radius=50");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wholesalers near you (zipcode 90014)");
    await expect(cards(page).getByRole("heading", { name: "Mellano & Company" })).toBeVisible();
    // A reload keeps the history entry's "near you"; the same link opened anywhere else names the zipcode.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wholesalers near you (zipcode 90014)");
    const shared = await context.newPage();
    await shared.goto("/near?zip=90014&radius=50");
    await expect(shared.getByRole("heading", { level: 1 })).toHaveText("Wholesalers near 90014");
    await shared.close();

    // The position went to the server once per click, rounded, and into no page's URL. The results maps' ground is
    // drawn around the zipcode's centre (90014's, 34.0443, -118.2509), never around the position.
    const grounds = asked.filter((url) => new URL(url).pathname === "/maps/area.svg");
    expect(grounds.length).toBeGreaterThan(0);
    expect(grounds.filter((url) => url.includes("lat=34.04&") || url.includes("lng=-118.25&"))).toEqual([]);
    const positionCalls = asked.filter((url) => url.includes("lat=") && !grounds.includes(url));
    expect(positionCalls).toEqual([expect.stringMatching(/\/api\/zipcodes\/nearest\?lat=34\.04&lng=-118\.25$/)]);
  });

  test("from the home page: Miami's nearest zipcode, where nobody lies near, shows the nearest beyond it", async ({ page, context }) => {
    await context.setGeolocation({ latitude: 25.77, longitude: -80.19 });
    await page.goto("/");
    await page.getByRole("button", { name: "Use my location" }).click();
    await expect(page).toHaveURL(/^.*\/near\?zip=331\d\d&radius=25$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Wholesalers near you \(zipcode 331\d\d\)$/);
    await expect(page.getByText("No wholesalers found near this zipcode. The nearest are below, or try another zipcode.")).toBeVisible();
    await expect(results(page).getByTestId("map-off-frame")).toHaveCount(3);
    await expect(results(page).getByTestId("listing-number")).toHaveText(["1", "2", "3"]);
  });

  test("a position far from any US zipcode says so", async ({ page, context, pageErrors }) => {
    await context.setGeolocation({ latitude: 35.5, longitude: -50.2 });
    await page.goto("/");
    await page.getByRole("button", { name: "Use my location" }).click();
    await expect(
      results(page).getByText("Your position is not near a US zipcode. Search by zipcode instead.", { exact: true }),
    ).toBeVisible();
    await expect(page).toHaveURL("/");
    acceptLoggedFailures(pageErrors, /status of 404/);
  });
});

test.describe("Use my location refused", () => {
  test.use({ permissions: [] });

  test("says the permission was refused", async ({ page, context }) => {
    await context.clearPermissions();
    await page.goto("/");
    await page.getByRole("button", { name: "Use my location" }).click();
    await expect(
      results(page).getByText("Location permission was refused. Allow it for this site in your browser's settings, or search by zipcode.", {
        exact: true,
      }),
    ).toBeVisible();
  });
});

test.describe("filters", () => {
  test("each filter narrows the state page and the results as it says, with the count, in the URL", async ({ page }) => {
    await page.goto("/state/california");
    const count = page.getByTestId("filter-count");
    await expect(count).toHaveText("8 listings");
    const allNames = await page.getByTestId("wholesaler-card").getByRole("heading").allTextContents();

    await page.getByLabel("Both (wholesale & retail)").check();
    await expect(page).toHaveURL("/state/california?type=both");
    await expect(count).toHaveText("6 of 8 listings");
    await expect(page.getByTestId("wholesaler-card")).toHaveCount(6);
    for (const card of await page.getByTestId("wholesaler-card").all())
      await expect(card.getByText("Wholesale & Retail", { exact: true })).toBeVisible();

    // The two known to welcome the public first; the four whose access no source gives apart, not hidden.
    await page.getByLabel(/^Public welcome/).check();
    await expect(page).toHaveURL("/state/california?type=both&public=1");
    await expect(count).toHaveText("2 of 8 listings, 4 not yet known");
    await expect(page.getByLabel(/^Public welcome/)).toHaveAccessibleName(/Public welcome · 2 known, 4 not yet known/);
    const matches = page.getByTestId("filter-matches").getByTestId("wholesaler-card");
    await expect(matches.getByTestId("access-badge")).toHaveText(["Public welcome", "Public welcome"]);
    const notYetKnown = page.getByTestId("not-yet-known").getByTestId("wholesaler-card");
    await expect(notYetKnown).toHaveCount(4);
    await expect(notYetKnown.getByTestId("access-badge")).toHaveCount(0);
    await expect(page.getByTestId("state-map").getByTestId("map-marker")).not.toHaveCount(0);

    await page.getByLabel("Both (wholesale & retail)").uncheck();
    await page.getByLabel("Retail", { exact: true }).check();
    await expect(page.getByText("No listings match these filters.")).toBeVisible();
    await expect(count).toHaveText("0 of 8 listings");
    await expect(page.getByTestId("state-map").getByTestId("map-marker")).toHaveCount(0);
    await page.getByTestId("no-matches").getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL("/state/california");
    expect(await page.getByTestId("wholesaler-card").getByRole("heading").allTextContents()).toEqual(allNames);

    // Open now: exactly the listings whose schedule says they are open; one without a schedule never matches.
    const statuses = await page.getByTestId("wholesaler-card").getByTestId("open-status").count();
    const openNames: string[] = [];
    for (const card of await page.getByTestId("wholesaler-card").all()) {
      if (
        (await card.getByTestId("open-status").count()) > 0 &&
        (await card.getByTestId("open-status").innerText()).trim().startsWith("Open")
      ) {
        openNames.push(await card.getByRole("heading").innerText());
      }
    }
    expect(statuses).toBeGreaterThan(0);
    // What the filter can judge: the listings whose weekly hours are known.
    await expect(page.getByLabel(/^Open now/)).toHaveAccessibleName(
      new RegExp(`Open now · hours known for ${statuses}, not yet for ${8 - statuses}`),
    );
    await page.getByLabel(/^Open now/).check();
    await expect(page).toHaveURL("/state/california?open=1");
    await expect(count).toHaveText(`${openNames.length} of 8 listings, ${8 - statuses} not yet known`);
    expect(await page.getByTestId("filter-matches").getByTestId("wholesaler-card").getByRole("heading").allTextContents()).toEqual(
      openNames,
    );
    await expect(page.getByTestId("not-yet-known").getByTestId("wholesaler-card")).toHaveCount(8 - statuses);

    // The filtered page is rendered on the server from its URL, too.
    await page.goto("/near?zip=90014&type=wholesale");
    await expect(page.getByTestId("filter-count")).toHaveText("1 of 4 listings");
    expect(await cardNames(page)).toEqual(["Mellano & Company"]);
    await page.getByLabel(/^Public welcome/).check();
    await page.getByLabel("Wholesale", { exact: true }).uncheck();
    await expect(page).toHaveURL("/near?zip=90014&public=1");
    await expect(page.getByTestId("filter-matches").getByTestId("wholesaler-card").getByRole("heading")).toHaveText([
      "California Flower Mall",
    ]);
    await expect(page.getByTestId("not-yet-known").getByTestId("wholesaler-card")).toHaveCount(3);
    await expectAccessible(page);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the finder and the filters still work", async ({ page }) => {
    await page.goto("/");
    await zipInput(page).fill("90014");
    await searchButton(page).click();
    await expect(page).toHaveURL("/near?zip=90014&radius=25");
    await expect(results(page).getByRole("heading", { name: "4 wholesalers within 25 miles of 90014" })).toBeVisible();

    await page.getByLabel("Retail", { exact: true }).check();
    await page.getByLabel("Both (wholesale & retail)").check();
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL("/near?zip=90014&radius=25&type=both&type=retail");
    await expect(page.getByTestId("filter-count")).toHaveText("3 of 4 listings");
    await expect(page.getByLabel("Both (wholesale & retail)")).toBeChecked();
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("every card keeps its text inside its padding, the longest hours line included", async ({ page }) => {
    for (const url of ["/near?zip=90014", "/state/california"]) {
      await page.goto(url);
      const shown = page.getByTestId("wholesaler-card");
      await expect(shown.first()).toBeVisible();
      // Each line of text and each element the card shows, against the card's box less its padding.
      const overflows = await shown.evaluateAll((articles) =>
        articles.flatMap((article) => {
          const box = article.getBoundingClientRect();
          const style = getComputedStyle(article);
          const left = box.left + parseFloat(style.paddingLeft) - 0.5;
          const right = box.right - parseFloat(style.paddingRight) + 0.5;
          const name = article.querySelector("h2, h3")?.textContent ?? "";
          const rects: { what: string; rect: DOMRect }[] = [];
          const walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (node.parentElement?.closest(".sr-only")) continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            for (const rect of range.getClientRects()) rects.push({ what: node.textContent ?? "", rect });
          }
          for (const element of article.querySelectorAll("*")) {
            // Screen-reader text is a clipped 1-pixel box: nothing a visitor sees.
            if (element.closest(".sr-only")) continue;
            rects.push({ what: element.outerHTML.slice(0, 60), rect: element.getBoundingClientRect() });
          }
          return rects
            .filter(({ rect }) => rect.width > 1 && rect.height > 1 && (rect.left < left || rect.right > right))
            .map(({ what }) => `${name}: ${what.trim()}`);
        }),
      );
      expect(overflows, url).toEqual([]);
    }
  });
});
