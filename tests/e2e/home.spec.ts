import type { Page } from "@playwright/test";
import { groceryStores } from "../../app/db/seed/data/grocery-stores";
import { expectAccessible, expect, test, withDatabase, acceptLoggedFailures } from "./fixtures";

interface ApiWholesaler {
  id: number;
  name: string;
  address: string;
  city: string;
  state: string;
  distanceMiles: number;
}

/** The toast with this title, in the notification area. */
const toastTitled = (page: Page, title: string) =>
  page.getByRole("region", { name: "Notifications (F8)" }).getByRole("listitem").filter({ hasText: title });

const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

test.describe("home page", () => {
  test("opens with the hero, its two anchor buttons and the sections in the spec's order", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Find Wholesale Flowers Near You - Save up to 70% | Wholesale Flower Finder");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find Affordable Wholesale Flowers");
    await expect(page.getByText("save up to 70%", { exact: false }).first()).toBeVisible();
    // The hero claims nothing from a year: its figures come from the data (issue #37 point 10).
    await expect(page.locator("main").getByText(/trusted/i)).toHaveCount(0);

    const main = page.locator("main");
    await expect(main.getByRole("link", { name: "Find by Location" })).toHaveAttribute("href", "/#states");
    await expect(main.getByRole("link", { name: "DIY Flower Tips" })).toHaveAttribute("href", "/#blog");

    const order = await page.evaluate(() =>
      ["states", "grocery-stores", "blog", "newsletter"].map((id) => {
        const element = document.getElementById(id);
        return element ? element.getBoundingClientRect().top + window.scrollY : -1;
      }),
    );
    expect(order.every((top) => top > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    const featuredTop = await page
      .getByRole("heading", { name: "Flower markets in California" })
      .evaluate((el) => el.getBoundingClientRect().top);
    const statesTop = await page.locator("#states").evaluate((el) => el.getBoundingClientRect().top);
    const groceryTop = await page.locator("#grocery-stores").evaluate((el) => el.getBoundingClientRect().top);
    expect(featuredTop).toBeGreaterThan(statesTop);
    expect(featuredTop).toBeLessThan(groceryTop);

    await expect(page.getByRole("link", { name: "View all 50 states" })).toHaveAttribute("href", "/all-states");
    await expectAccessible(page);
  });

  test("the hero's figures count the listings and the states they are in, as the database has them", async ({ page }) => {
    // The worker's tests run one after another on its own database, each putting back what it changed.
    await page.goto("/");
    const { n, states } = withDatabase(
      (db) =>
        db.prepare("select count(*) as n, count(distinct state_id) as states from wholesalers").get() as { n: number; states: number },
    );
    const figure = page.locator("main dl > div").filter({ hasText: "of markets and wholesalers" });
    await expect(figure.locator("dd")).toHaveText(`${n.toLocaleString("en-US")} listings`);
    await expect(figure.locator("dt")).toHaveText(`of markets and wholesalers in ${states} states`);
    const { verified } = withDatabase(
      (db) => db.prepare("select count(verified_at) as verified from wholesalers").get() as { verified: number },
    );
    expect(verified).toBeGreaterThan(0);
    expect(verified).toBeLessThan(n);
    const dated = page.locator("main dl > div").filter({ hasText: "with a verification date" });
    await expect(dated.locator("dd")).toHaveText(`${verified} of ${n}`);
    await expect(page.locator("main dl")).not.toContainText("Since 2020");
  });

  test("is rendered on the server, sections and all", async ({ request }) => {
    const response = await request.get("/");
    expect(response.status()).toBe(200);
    const html = await response.text();
    for (const text of [
      "Find Affordable Wholesale Flowers",
      'id="states"',
      'id="grocery-stores"',
      'id="grocery"',
      'id="blog"',
      'id="newsletter"',
    ]) {
      expect(html).toContain(text);
    }
  });

  test("features wholesalers of California with a link to the state", async ({ page }) => {
    await page.goto("/");
    const featured = page.getByRole("list", { name: "Featured wholesalers in California" });
    const cards = featured.getByTestId("wholesaler-card");
    await expect(cards).toHaveCount(3);
    for (const card of await cards.all()) {
      await expect(card).toContainText("California");
      await expect(card.getByRole("link", { name: /Get Directions/ })).toHaveAttribute("target", "_blank");
    }
    await page.getByRole("link", { name: "All California wholesalers" }).click();
    await expect(page).toHaveURL("/state/california");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("California Flower Wholesalers");
  });

  test("lists the grocery stores with price range and what each is best for", async ({ page }) => {
    // The seeded chains: the admin tests add and remove stores of their own while this runs.
    const stores = groceryStores;
    expect(stores.length).toBeGreaterThan(0);
    await page.goto("/");
    const cards = page.locator("#grocery-stores").getByTestId("grocery-store");
    for (const store of stores) {
      const card = cards.filter({ has: page.getByRole("heading", { name: store.name, exact: true }) });
      await expect(card.getByRole("heading", { name: store.name })).toBeVisible();
      await expect(card).toContainText(store.priceRange);
      await expect(card).toContainText(store.bestFor);
      await expect(card).toContainText(store.description);
    }
    const first = cards.first();
    await first.getByRole("button", { name: /Read more/ }).click();
    await expect(first.getByRole("button", { name: /Show less/ })).toHaveAttribute("aria-expanded", "true");
  });

  test("shows the first 3 published blog posts, each linking to its article", async ({ page, request }) => {
    const posts = (await (await request.get("/api/blog-posts")).json()) as { id: number; title: string }[];
    expect(posts.length).toBeGreaterThanOrEqual(3);
    await page.goto("/");
    const blog = page.locator("#blog");
    const cards = blog.getByTestId("blog-card");
    await expect(cards).toHaveCount(3);
    for (const [index, post] of posts.slice(0, 3).entries()) {
      await expect(cards.nth(index).getByRole("heading", { name: post.title })).toBeVisible();
      await expect(cards.nth(index).getByRole("link", { name: /Read article/ })).toHaveAttribute("href", `/blog/${post.id}`);
    }
    await expect(blog.getByRole("link", { name: "All articles" })).toHaveAttribute("href", "/blog");
  });

  test("/#grocery and /#grocery-stores both reach the grocery section", async ({ page }) => {
    await page.goto("/#grocery");
    await expect(page.getByRole("heading", { name: "Grocery Stores That Sell Flowers" })).toBeInViewport();
    await page.goto("/states");
    await page.goto("/#grocery-stores");
    await expect(page.getByRole("heading", { name: "Grocery Stores That Sell Flowers" })).toBeInViewport();
  });
});

test.describe("zipcode finder", () => {
  test("keeps digits only, at most 5, on a numeric keypad; Search needs exactly 5 digits", async ({ page }) => {
    await page.goto("/");
    const input = page.getByLabel("Zipcode", { exact: true });
    const search = page.getByRole("button", { name: "Search", exact: true });
    await expect(input).toHaveAttribute("inputmode", "numeric");
    await expect(input).toHaveAttribute("autocomplete", "postal-code");
    await expect(search).toBeDisabled();

    await input.pressSequentially("9a0-0 1");
    await expect(input).toHaveValue("9001");
    await expect(search).toBeDisabled();

    await input.pressSequentially("4 77x");
    await expect(input).toHaveValue("90014");
    await expect(search).toBeEnabled();

    await input.fill("ZIP: 90014-2301");
    await expect(input).toHaveValue("90014");
  });

  test("says 'Searching...' while the results page loads, then lists nearby wholesalers with their distance", async ({ page, request }) => {
    const expected = ((await (await request.get("/api/wholesalers/near?zip=90014")).json()) as { within: ApiWholesaler[] }).within;
    expect(expected.length).toBeGreaterThan(0);

    await page.goto("/");
    // Search is disabled once the page is interactive and the zipcode is not yet 5 digits.
    await expect(page.getByRole("button", { name: "Search", exact: true })).toBeDisabled();
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/near.data?*", async (route) => {
      await released;
      await route.continue();
    });
    await page.getByLabel("Zipcode", { exact: true }).fill("90014");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const searching = page.getByRole("button", { name: "Searching..." });
    await expect(searching).toBeVisible();
    await expect(searching).toBeDisabled();
    release();

    await expect(page).toHaveURL("/near?zip=90014&radius=25");
    const results = page.getByTestId("zipcode-results");
    await expect(results.getByRole("heading", { name: `${expected.length} wholesalers within 25 miles of 90014` })).toBeVisible();
    const items = results.getByTestId("wholesaler-card");
    await expect(items).toHaveCount(expected.length);
    for (const [index, wholesaler] of expected.entries()) {
      const item = items.nth(index);
      await expect(item.getByRole("heading", { name: wholesaler.name })).toBeVisible();
      await expect(item).toContainText(`${wholesaler.address}, ${wholesaler.city}, ${wholesaler.state}`);
      // Every listing in 90014 is placed at the zipcode's centre: the card says where, not a false "0.1 miles".
      await expect(item.getByTestId("listing-distance")).toHaveText("In 90014");
      await expect(item.getByRole("link", { name: /Get Directions/ })).toHaveAttribute(
        "href",
        `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${wholesaler.name}, ${wholesaler.address}, ${wholesaler.city}, ${wholesaler.state}`)}`,
      );
    }
    await expect(page.getByRole("button", { name: "Search", exact: true })).toBeEnabled();
  });

  test("far from any wholesaler: the empty message, then the nearest ones with their distance", async ({ page, request }) => {
    const answer = (await (await request.get("/api/wholesalers/near?zip=99780")).json()) as {
      within: ApiWholesaler[];
      nearest: ApiWholesaler[];
    };
    expect(answer.within).toEqual([]);
    expect(answer.nearest.length).toBeGreaterThan(0);

    await page.goto("/");
    await page.getByLabel("Zipcode", { exact: true }).fill("99780");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const results = page.getByTestId("zipcode-results");
    await expect(
      results.getByText("No wholesalers found near this zipcode. The nearest are below, or try another zipcode.", { exact: true }),
    ).toBeVisible();
    await expect(results.getByRole("heading", { name: "Nearest wholesalers" })).toBeVisible();
    const items = results.getByTestId("wholesaler-card");
    await expect(items).toHaveCount(answer.nearest.length);
    for (const [index, wholesaler] of answer.nearest.entries()) {
      await expect(items.nth(index).getByRole("heading", { name: wholesaler.name })).toBeVisible();
      await expect(items.nth(index).getByTestId("listing-distance")).toHaveText(
        `about ${Math.round(wholesaler.distanceMiles).toLocaleString("en-US")} miles away`,
      );
    }
  });

  test("a failing search shows the error message", async ({ page, context, pageErrors }) => {
    await context.grantPermissions(["geolocation"]);
    await context.setGeolocation({ latitude: 40.75, longitude: -73.99 });
    await page.route("**/api/zipcodes/nearest?*", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "boom" }) }),
    );
    await page.goto("/");
    await page.getByRole("button", { name: "Use my location" }).click();
    await expect(
      page.getByTestId("zipcode-results").getByText("Error finding wholesalers. Please try again.", { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Use my location" })).toBeEnabled();
    acceptLoggedFailures(pageErrors, /Failed to load resource: the server responded with a status of 500/);
  });

  test("the state select beside it opens the chosen state's page", async ({ page }) => {
    await page.goto("/");
    const select = page.getByRole("combobox", { name: "Or browse by state" });
    await expect(select.getByRole("option", { selected: true })).toHaveText("Choose a state");
    // The page works once hydrated, which shows "Use my location" (its script is the select's too).
    await expect(page.getByRole("button", { name: "Use my location" })).toBeVisible();
    const options = select.getByRole("option");
    await expect(options).toHaveCount(51);
    await expect(options.first()).toBeDisabled();
    await select.selectOption({ label: "Texas" });
    await expect(page).toHaveURL("/state/texas");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Texas Flower Wholesalers");
  });

  test("the state select's Open button opens the state shown, and asks for a state when none is chosen", async ({ page }) => {
    await page.goto("/");
    const select = page.getByRole("combobox", { name: "Or browse by state" });
    const open = select.locator("xpath=ancestor::form").getByRole("button", { name: "Open" });
    await open.click();
    await expect(page).toHaveURL("/");
    expect(await select.evaluate((element: HTMLSelectElement) => element.validity.valueMissing)).toBe(true);
    await select.focus();
    await page.keyboard.press("ArrowDown");
    await expect(select.getByRole("option", { selected: true })).toHaveText("Alabama");
    await open.click();
    await expect(page).toHaveURL("/state/alabama");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Alabama Flower Wholesalers");
  });

  test("with the keyboard, the state select shows each state the arrow keys reach and opens the one shown with Enter", async ({ page }) => {
    await page.goto("/");
    const select = page.getByRole("combobox", { name: "Or browse by state" });
    await expect(page.getByRole("button", { name: "Use my location" })).toBeVisible();
    await select.focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await expect(select.getByRole("option", { selected: true })).toHaveText("Alaska");
    await expect(page).toHaveURL("/");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/state/alaska");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Alaska Flower Wholesalers");
  });
});

test.describe("newsletter signup", () => {
  test("subscribes: 'Subscribing...' while it posts, then the thank-you toast and an empty input", async ({ page }) => {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/newsletter/subscribe", async (route) => {
      await released;
      await route.continue();
    });
    await page.goto("/#newsletter");
    const newsletter = page.locator("#newsletter");
    const input = newsletter.getByLabel("Email address");
    await expect(input).toHaveAttribute("type", "email");
    await expect(input).toHaveAttribute("required", "");
    await input.fill(uniqueEmail("subscriber"));
    await newsletter.getByRole("button", { name: "Subscribe" }).click();
    await expect(newsletter.getByRole("button", { name: "Subscribing..." })).toBeDisabled();
    release();

    const toast = toastTitled(page, "Thanks for subscribing!");
    await expect(toast).toBeVisible();
    await expect(toast).toContainText("Almost done: check your inbox and click the link we sent to confirm your subscription.");
    await expect(input).toHaveValue("");
    await expect(newsletter.getByRole("button", { name: "Subscribe" })).toBeEnabled();
  });

  test("an address already subscribed gets the same answer as a new one; the mail that follows says so", async ({ page }) => {
    const email = uniqueEmail("again");
    withDatabase((db) =>
      db
        .prepare(
          "insert into newsletter_subscribers (email, email_normalized, unsubscribe_token, status, confirmed_at, created_at) values (?, ?, ?, 'confirmed', ?, ?)",
        )
        .run(
          email,
          email.toLowerCase(),
          `e2e${Math.random().toString(36).slice(2)}${Date.now()}`,
          new Date().toISOString(),
          new Date().toISOString(),
        ),
    );
    await page.goto("/");
    const newsletter = page.locator("#newsletter");
    await newsletter.getByLabel("Email address").fill(email.toUpperCase());
    const answer = page.waitForResponse("**/api/newsletter/subscribe");
    await newsletter.getByRole("button", { name: "Subscribe" }).click();
    expect((await answer).status()).toBe(202);

    const toast = toastTitled(page, "Thanks for subscribing!");
    await expect(toast).toBeVisible();
    await expect(toast).toContainText("check your inbox");
    const kinds = withDatabase((db) => db.prepare("select kind from mail_outbox where recipient_normalized = ?").all(email.toLowerCase()));
    expect(kinds).toEqual([{ kind: "already-subscribed" }]);
  });

  test("an address the server refuses gets 'Subscription Notice' with the server's message", async ({ page, pageErrors }) => {
    await page.goto("/");
    const newsletter = page.locator("#newsletter");
    // Valid for the browser's own check, not for the server's (no dot in its domain).
    await newsletter.getByLabel("Email address").fill("rose@localhost");
    const answer = page.waitForResponse("**/api/newsletter/subscribe");
    await newsletter.getByRole("button", { name: "Subscribe" }).click();
    expect((await answer).status()).toBe(400);

    const toast = toastTitled(page, "Subscription Notice");
    await expect(toast).toBeVisible();
    await expect(toast).toContainText("Please enter a valid email address.");
    await expect(newsletter.getByLabel("Email address")).toHaveValue("rose@localhost");
    acceptLoggedFailures(pageErrors, /Failed to load resource: the server responded with a status of 400/);
  });

  test("a refusal without a message falls back to the spec's text", async ({ page, pageErrors }) => {
    await page.route("**/api/newsletter/subscribe", (route) => route.fulfill({ status: 400, contentType: "application/json", body: "{}" }));
    await page.goto("/");
    const newsletter = page.locator("#newsletter");
    await newsletter.getByLabel("Email address").fill(uniqueEmail("refused"));
    await newsletter.getByRole("button", { name: "Subscribe" }).click();
    const toast = toastTitled(page, "Subscription Notice");
    await expect(toast).toContainText("There was an issue with your subscription. Please try again.");
    acceptLoggedFailures(pageErrors, /Failed to load resource: the server responded with a status of 400/);
  });

  test("a network failure shows 'Subscription Error'", async ({ page, pageErrors }) => {
    await page.route("**/api/newsletter/subscribe", (route) => route.abort());
    await page.goto("/");
    const newsletter = page.locator("#newsletter");
    await newsletter.getByLabel("Email address").fill(uniqueEmail("offline"));
    await newsletter.getByRole("button", { name: "Subscribe" }).click();
    const toast = toastTitled(page, "Subscription Error");
    await expect(toast).toBeVisible();
    await expect(toast).toContainText("There was a problem subscribing to the newsletter. Please try again later.");
    await expect(newsletter.getByRole("button", { name: "Subscribe" })).toBeEnabled();
    acceptLoggedFailures(pageErrors, /Failed to load resource: net::ERR_FAILED/);
  });
});

test.describe("header links to home sections", () => {
  test("'Grocery Stores' from another page lands on the home page at the grocery section", async ({ page }) => {
    await page.goto("/states");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Grocery Stores" }).click();
    await expect(page).toHaveURL("/#grocery");
    await expect(page.getByRole("heading", { name: "Grocery Stores That Sell Flowers" })).toBeInViewport();
  });

  test("'DIY Blog' from another page lands on the home page at the blog section", async ({ page }) => {
    await page.goto("/all-states");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "DIY Blog" }).click();
    await expect(page).toHaveURL("/#blog");
    await expect(page.getByRole("heading", { name: "From the Flower Arranging Guide" })).toBeInViewport();
  });

  test("'Find by Location' in the hero scrolls to the finder", async ({ page }) => {
    await page.goto("/");
    await page.locator("main").getByRole("link", { name: "Find by Location" }).click();
    await expect(page.getByLabel("Zipcode", { exact: true })).toBeInViewport();
    await expect(page).toHaveURL("/#states");
  });
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("opens, keeps focus inside while open, and closes with Escape", async ({ page }) => {
    await page.goto("/");
    const trigger = page.getByRole("button", { name: "Open menu" });
    await trigger.click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "Grocery Stores" })).toBeVisible();
    await expectAccessible(page);

    for (let i = 0; i < 10; i += 1) {
      await page.keyboard.press("Tab");
      expect(await menu.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test("a section link in the menu closes it and scrolls there", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Find Wholesalers" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
    await expect(page.getByLabel("Zipcode", { exact: true })).toBeInViewport();
  });

  test("the home page fits a phone without horizontal scrolling", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await expectAccessible(page);
  });
});
