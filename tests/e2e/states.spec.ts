import type { Page } from "@playwright/test";
import { expectAccessible, expect, test, withDatabase, acceptLoggedFailures } from "./fixtures";

interface ApiState {
  id: string;
  name: string;
  region: string;
  cities: { name: string }[];
}

interface ApiWholesaler {
  id: number;
  name: string;
  address: string;
  city: string;
  state: string;
}

/** Holds a client-side navigation's data request until the returned function is called. */
async function holdDataRequest(page: Page, glob: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(glob, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test.describe("All States page (/states)", () => {
  test("shows a card per state with its region and listing count, states with listings first, linking to its page", async ({
    page,
    request,
  }) => {
    const all = (await (await request.get("/api/states")).json()) as ApiState[];
    expect(all).toHaveLength(50);
    const counts = new Map(
      withDatabase(
        (db) => db.prepare("select state_id id, count(*) n from wholesalers group by state_id").all() as { id: string; n: number }[],
      ).map(({ id, n }) => [id, n]),
    );
    const states = all
      .map((state) => ({ ...state, listings: counts.get(state.id) ?? 0 }))
      .sort((a, b) => b.listings - a.listings || a.name.localeCompare(b.name));

    const response = await page.goto("/states");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find Flower Wholesalers by State");
    const cards = page.getByTestId("state-card");
    await expect(cards).toHaveCount(50);
    for (const [index, state] of states.entries()) {
      const card = cards.nth(index);
      await expect(card).toHaveAttribute("href", `/state/${state.id}`);
      await expect(card).toContainText(state.name);
      await expect(card).toContainText(state.region);
      await expect(card.getByTestId("state-listings")).toHaveText(
        state.listings > 0 ? `${state.listings} ${state.listings === 1 ? "listing" : "listings"}` : "No listings yet",
      );
    }
    const listed = [...counts.values()];
    await expect(page.getByRole("main")).toContainText(
      `${listed.reduce((sum, n) => sum + n, 0)} wholesale flower markets, flower marts and suppliers in ${listed.length} states so far`,
    );
    await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
    await expectAccessible(page);

    await page.getByTestId("state-card").filter({ hasText: "Oregon" }).click();
    await expect(page).toHaveURL("/state/oregon");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oregon Flower Wholesalers");
  });

  test("shows 8 placeholder cards while the list loads during client-side navigation", async ({ page }) => {
    await page.goto("/");
    const release = await holdDataRequest(page, "**/states.data*");
    await page.locator("#states").getByRole("link", { name: "Browse all states" }).click();
    const placeholders = page.getByTestId("state-placeholders");
    await expect(placeholders).toBeVisible();
    await expect(placeholders.locator("li")).toHaveCount(8);
    release();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find Flower Wholesalers by State");
    await expect(placeholders).toHaveCount(0);
  });
});

test.describe("All 50 States page (/all-states)", () => {
  test("groups the 50 states by the five regions, names sorted in each", async ({ page }) => {
    const response = await page.goto("/all-states");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("All 50 States");

    const expected = { Northeast: 9, Southeast: 14, Midwest: 12, Southwest: 4, West: 11 };
    await expect(page.getByTestId("region").getByRole("heading", { level: 2 })).toHaveText(Object.keys(expected));
    for (const [region, count] of Object.entries(expected)) {
      const links = page.getByRole("region", { name: region, exact: true }).getByRole("link");
      await expect(links).toHaveCount(count);
      const names = await links.allTextContents();
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en-US")));
      for (const link of await links.all()) await expect(link).toHaveAttribute("href", /^\/state\/[a-z]+$/);
    }
    const southwest = page.getByRole("region", { name: "Southwest", exact: true }).getByRole("link");
    await expect(southwest).toHaveText(["Arizona", "New Mexico", "Oklahoma", "Texas"]);
    await expect(page.getByRole("region", { name: "Southeast", exact: true }).getByRole("link", { name: "West Virginia" })).toHaveAttribute(
      "href",
      "/state/westvirginia",
    );
    await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
    await expectAccessible(page);
  });

  test("the home page's 'View all 50 states' link leads here", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "View all 50 states" }).click();
    await expect(page).toHaveURL("/all-states");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("All 50 States");
  });
});

test.describe("State page (/state/{stateId})", () => {
  test("explains a wholesaler's type in a tooltip that opens after 700 ms on hover; the badge itself is no tab stop", async ({ page }) => {
    // The page's clock is ours: the delay is measured in the page's own time, however busy the machine is.
    await page.clock.install({ time: new Date("2026-11-25T08:00:00Z") });
    await page.goto("/state/california");
    await page.waitForLoadState("networkidle");
    await page.clock.pauseAt(new Date("2026-11-25T08:10:00Z"));
    const badges = page
      .getByRole("main")
      .locator("article")
      .getByText(/^(Wholesale|Retail|Wholesale & Retail)$/);
    await expect(badges.nth(1)).toBeVisible();
    const tooltip = page.getByRole("tooltip");

    await badges.first().hover();
    await page.clock.runFor(690);
    // Real time for React to render whatever the page's timers asked for: still nothing at 690 ms.
    await page.waitForTimeout(300);
    await expect(tooltip).toHaveCount(0);
    await page.clock.runFor(20);
    await expect(tooltip).toBeVisible();
    await expect(tooltip).toContainText(/public|trade/);
    await page.keyboard.press("Escape");
    await expect(tooltip).toHaveCount(0);

    // The badge does nothing, so the keyboard passes it by: from the card's name, Tab goes on to a control (issue #37 point 8).
    const card = page.getByTestId("wholesaler-card").nth(1);
    await card.getByRole("heading").getByRole("link").focus();
    await page.keyboard.press("Tab");
    const focused = page.locator(":focus");
    await expect(focused).toHaveCount(1);
    expect(await focused.evaluate((el) => el.tagName)).toMatch(/^(A|BUTTON)$/);
    await page.clock.runFor(710);
    await expect(tooltip).toHaveCount(0);
  });

  test("lists the state's wholesalers with directions that open a maps search in a new tab", async ({ page, request }) => {
    const wholesalers = (await (await request.get("/api/wholesalers/state/california")).json()) as ApiWholesaler[];
    expect(wholesalers.length).toBeGreaterThan(0);

    const response = await page.goto("/state/california");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("California Wholesale Flower Markets & Suppliers | Wholesale Flower Finder");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("California Flower Wholesalers");
    await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
    await expect(page.locator("main header")).toContainText("Los Angeles");

    const cards = page.getByTestId("wholesaler-card");
    await expect(cards).toHaveCount(wholesalers.length);
    for (const [index, wholesaler] of wholesalers.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole("heading", { name: wholesaler.name })).toBeVisible();
      await expect(card).toContainText(wholesaler.address);
      const directions = card.getByRole("link", { name: /Get Directions/ });
      await expect(directions).toHaveAttribute(
        "href",
        `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${wholesaler.name}, ${wholesaler.address}, ${wholesaler.city}, California`)}`,
      );
      await expect(directions).toHaveAttribute("target", "_blank");
      await expect(directions).toHaveAttribute("rel", "noopener noreferrer");
    }
    await expectAccessible(page);
  });

  test("Get Directions opens the maps search in a new tab", async ({ page, context }) => {
    await context.route("https://www.google.com/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<title>maps</title>" }),
    );
    await page.goto("/state/texas");
    const popupPromise = page.waitForEvent("popup");
    await page
      .getByTestId("wholesaler-card")
      .first()
      .getByRole("link", { name: /Get Directions/ })
      .click();
    const popup = await popupPromise;
    expect(new URL(popup.url()).searchParams.get("query")).toMatch(/, Texas$/);
    await popup.close();
  });

  test("answers 404 with 'State Not Found' and a way home for an unknown state", async ({ page, pageErrors }) => {
    const response = await page.goto("/state/atlantis");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("State Not Found");
    await expect(page.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
    await expectAccessible(page);
    acceptLoggedFailures(pageErrors, /Failed to load resource: the server responded with a status of 404/);
  });

  test("a state without wholesalers says 'No Wholesalers Listed Yet' and points elsewhere", async ({ page, request }) => {
    const none = (await (await request.get("/api/wholesalers/state/wyoming")).json()) as ApiWholesaler[];
    expect(none).toEqual([]);

    await page.goto("/state/wyoming");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wyoming Flower Wholesalers");
    await expect(page.getByRole("heading", { name: "No Wholesalers Listed Yet" })).toBeVisible();
    // The introduction does not claim suppliers the page then cannot show.
    await expect(page.locator("main header")).toContainText("will be listed here as we verify them");
    await expect(page.locator("main header")).not.toContainText("Call ahead");
    await expect(page.getByTestId("wholesaler-card")).toHaveCount(0);
    await expect(page.locator("main").getByRole("link", { name: "Browse other states" })).toHaveAttribute("href", "/states");
    const grocery = page.locator("main").getByRole("link", { name: "Grocery store flowers" });
    await expect(grocery).toHaveAttribute("href", "/#grocery-stores");
    await expectAccessible(page);

    await grocery.click();
    await expect(page).toHaveURL("/#grocery-stores");
    await expect(page.getByRole("heading", { name: "Grocery Stores That Sell Flowers" })).toBeInViewport();
  });

  test("a card without a photo is compact and its page says 'No image available'; a broken photo falls back to the default one", async ({
    page,
    pageErrors,
  }) => {
    const [broken, missing] = withDatabase((db) => {
      const find = (name: string) =>
        db.prepare("select id, name, image from wholesalers where state_id = 'newyork' and name = ?").get(name) as {
          id: number;
          name: string;
          image: string | null;
        };
      return [find("Dutch Flower Line"), find("Superior Florists")];
    });
    const setImage = (id: number, image: string | null) =>
      withDatabase((db) => db.prepare("update wholesalers set image = ? where id = ?").run(image, id));
    setImage(broken.id, "/images/does-not-exist.webp");
    setImage(missing.id, null);
    try {
      await page.goto("/state/newyork");
      const brokenCard = page.getByTestId("wholesaler-card").filter({ has: page.getByRole("heading", { name: broken.name }) });
      const image = brokenCard.getByRole("img");
      await expect(image).toHaveAttribute("src", "/images/default-flower.webp");
      await expect(image).toHaveAttribute("width", /\d+/);
      await expect(image).toHaveAttribute("height", /\d+/);
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

      const missingCard = page.getByTestId("wholesaler-card").filter({ has: page.getByRole("heading", { name: missing.name }) });
      await expect(missingCard.getByRole("img")).toHaveCount(0);
      await expect(missingCard.getByText("No image available", { exact: true })).toHaveCount(0);
      // The listing's own page keeps the photo's 3:2 frame and says so there.
      await missingCard.getByRole("link", { name: missing.name, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(missing.name);
      await expect(page.getByText("No image available", { exact: true })).toBeVisible();
    } finally {
      setImage(broken.id, broken.image);
      setImage(missing.id, missing.image);
    }
    acceptLoggedFailures(pageErrors, /Failed to load resource: the server responded with a status of 404/);
  });

  test("shows a skeleton while the next state loads, then starts at the top of the page", async ({ page }) => {
    await page.goto("/state/california");
    await page.mouse.wheel(0, 4000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

    const release = await holdDataRequest(page, "**/state/texas.data*");
    await page.getByRole("contentinfo").getByRole("link", { name: "Texas" }).click();
    await expect(page.getByTestId("wholesaler-placeholders")).toBeVisible();
    release();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Texas Flower Wholesalers");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});
