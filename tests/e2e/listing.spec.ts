import { expect, expectAccessible, test, withDatabase } from "./fixtures";

/** A trade-only wholesaler with a phone, a website and weekly hours, and a neighbour in its zipcode. */
const LISTING = "Koehler & Dramm Wholesale Florist";
const NEIGHBOUR = "Mayesh Wholesale Florist - Twin Cities";

test.describe("a listing's own page", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("on a phone, a state page's card leads to the page with every fact a buyer needs, and on to the nearest listings", async ({
    page,
  }) => {
    const { id } = withDatabase((db) => db.prepare("select id from wholesalers where name = ?").get(LISTING) as { id: number });
    await page.goto("/state/minnesota");
    const card = page.getByTestId("wholesaler-card").filter({ has: page.getByRole("heading", { name: LISTING, exact: true }) });
    // A card without a photo is compact: no 'No image available' frame, the facts instead.
    await expect(card.getByText("No image available", { exact: true })).toHaveCount(0);
    await expect(card.getByRole("link", { name: "(612) 331-4141" })).toHaveAttribute("href", "tel:6123314141");
    await expect(card.getByTestId("open-status")).toBeVisible();
    await card.getByRole("link", { name: LISTING, exact: true }).click();

    await expect(page).toHaveURL(`/wholesalers/${id}/koehler-and-dramm-wholesale-florist`);
    await expect(page).toHaveTitle(`${LISTING}, Minneapolis, MN | Wholesale Flower Finder`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(LISTING);
    const details = page.getByRole("region", { name: "Details" });
    await expect(page.getByTestId("access-badge")).toHaveText("Trade only");
    await expect(details).toContainText("Not open to the general public");
    await expect(details).toContainText("2407 E Hennepin Ave");
    await expect(details).toContainText("Minneapolis, MN 55413");
    await expect(details.getByTestId("location-precision")).toHaveText(
      "Map point: the center of zipcode 55413, not the street address. Distances from here are approximate.",
    );
    await expect(details.getByRole("link", { name: "(612) 331-4141" })).toHaveAttribute("href", "tel:6123314141");
    await expect(page.getByRole("link", { name: "Call (612) 331-4141" })).toHaveAttribute("href", "tel:6123314141");
    await expect(details.getByRole("link", { name: /koehlerdramm\.com/ })).toHaveAttribute("href", "https://koehlerdramm.com");
    // The status also holds its widest labels, hidden, to keep its width: only the shown text counts.
    await expect(page.getByTestId("open-status")).toContainText(/^(Open now · closes|Closed · opens) /, { useInnerText: true });
    const hours = page.getByRole("table", { name: "Opening hours by day" });
    await expect(hours.getByRole("row")).toHaveText([
      /^Mon–Thu.*7 AM–5 PM$/,
      /^Fri.*7 AM–4:30 PM$/,
      /^Sat.*7 AM–12 PM$/,
      /^Sun.*8 AM–1 PM$/,
    ]);
    await expect(page.getByRole("link", { name: /Get Directions/ })).toHaveAttribute("target", "_blank");
    await expect(details.getByRole("button", { name: `Report a problem with ${LISTING}` })).toBeVisible();
    await expect(page.getByText("No image available", { exact: true })).toBeVisible();
    await expectAccessible(page);

    const nearby = page.getByTestId("nearby-listing");
    await expect(nearby).toHaveCount(3);
    await expect(nearby.first()).toContainText(NEIGHBOUR);
    await expect(nearby.first()).toContainText("Also in 55413");
    await nearby.first().getByRole("link", { name: NEIGHBOUR, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(NEIGHBOUR);
    await expect(page).toHaveURL(/\/wholesalers\/\d+\/mayesh-wholesale-florist-twin-cities$/);
  });
});

test.describe("a listing's open status", () => {
  const PATH = "/wholesalers/4/california-flower-mall";
  const TIME_ZONE = "America/Los_Angeles";

  test("hydrates with the server's status, marks today's hours, and changes by itself at the instant the server named", async ({
    page,
  }) => {
    // The page's clock is ours, starting at the real time the server renders with.
    await page.clock.install();
    await page.goto(PATH);
    const status = page.getByTestId("open-status");
    const before = (await status.getAttribute("data-status")) ?? "";
    const [state, until = "", label] = before.split("|");
    expect(label).toMatch(state === "open" ? /^Open now · closes / : /^Closed · opens /);
    expect(Date.parse(until)).toBeGreaterThan(Date.now());

    // Today's row, on the listing's clock (Mon–Sat or Sun for this listing).
    const today = new Intl.DateTimeFormat("en-US", { weekday: "short", timeZone: TIME_ZONE }).format(new Date());
    const hours = page.getByRole("table", { name: "Opening hours by day" });
    await expect(hours.getByRole("row").filter({ hasText: "Today" })).toHaveCount(1);
    await expect(hours.getByRole("row").filter({ hasText: "Today" })).toContainText(today === "Sun" ? /^Sun/ : /^Mon–Sat/);

    // A second before the change, nothing has changed; a second after it, the status has.
    const untilChange = Date.parse(until) - (await page.evaluate(() => Date.now()));
    await page.clock.fastForward(untilChange - 1000);
    await expect(status).toHaveAttribute("data-status", before);
    await page.clock.fastForward(2000);
    await expect(status).not.toHaveAttribute("data-status", before);
    const [stateAfter, untilAfter = ""] = ((await status.getAttribute("data-status")) ?? "").split("|");
    expect(stateAfter).toBe(state === "open" ? "closed" : "open");
    expect(Date.parse(untilAfter)).toBeGreaterThan(Date.parse(until));
    // The shown text, not the hidden widest labels the status keeps for its width ("Open now · closes Wed…").
    await expect(status).toContainText(state === "open" ? /^Closed · opens / : /^Open now · closes /, { useInnerText: true });
  });
});
