import { expectAccessible, expect, test, withDatabase } from "./fixtures";

interface ApiState {
  id: string;
  name: string;
}

test.describe("Maps", () => {
  test("/all-states: every state on the map is a link to its page named with its listings, reached with Tab", async ({ page, request }) => {
    const states = (await (await request.get("/api/states")).json()) as ApiState[];
    const counts = new Map(
      withDatabase(
        (db) => db.prepare("select state_id id, count(*) n from wholesalers group by state_id").all() as { id: string; n: number }[],
      ).map(({ id, n }) => [id, n]),
    );

    await page.goto("/all-states");
    const map = page.getByTestId("us-map");
    await expect(map.getByRole("link")).toHaveCount(50);
    for (const state of states) {
      const listings = counts.get(state.id) ?? 0;
      const name =
        listings === 0 ? `${state.name}: no listings yet` : `${state.name}: ${listings} ${listings === 1 ? "listing" : "listings"}`;
      await expect(map.getByRole("link", { name, exact: true })).toHaveAttribute("href", `/state/${state.id}`);
    }
    await expect(map.getByRole("link", { name: "California: 8 listings", exact: true })).toBeVisible();
    await expect(map).toContainText("Listings per state");
    // The region lists stay below the map.
    await expect(page.getByTestId("region")).toHaveCount(5);
    await expectAccessible(page);

    // Tab goes from the link before the map through the states in alphabetical order, with a visible focus ring.
    await page.getByRole("link", { name: "Back to Home" }).focus();
    await page.keyboard.press("Tab");
    await expect(map.getByRole("link", { name: "Alabama: no listings yet" })).toBeFocused();
    await page.keyboard.press("Tab");
    const alaska = map.getByRole("link", { name: "Alaska: no listings yet" });
    await expect(alaska).toBeFocused();
    await expect(alaska).toHaveCSS("outline-style", "solid");
    for (let i = 0; i < 3; i++) await page.keyboard.press("Tab");
    await expect(map.getByRole("link", { name: "California: 8 listings" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/state/california");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("California Flower Wholesalers");
  });

  test("state page: one numbered marker per place, their counts adding up to the numbered cards, shared points as one marker", async ({
    page,
  }) => {
    // The outline under the markers is an image of its own, which the browser fetches and keeps.
    const outline = page.waitForResponse((response) => new URL(response.url()).pathname === "/maps/state/california.svg");
    await page.goto("/state/california");
    expect((await outline).status()).toBe(200);
    expect((await outline).headers()["content-type"]).toBe("image/svg+xml");
    await expect(page.getByTestId("state-map-outline")).toHaveAttribute("href", /^\/maps\/state\/california\.svg\?v=[0-9a-f]{12}$/);
    const cards = page.locator("li:has([data-testid='listing-number'])");
    const count = await cards.count();
    expect(count).toBe(8);
    const cardNumbers = await cards.getByTestId("listing-number").allTextContents();
    expect(cardNumbers).toEqual(Array.from({ length: count }, (_, i) => String(i + 1)));
    const names = await cards.getByRole("heading", { level: 2 }).allTextContents();

    const map = page.getByTestId("state-map");
    await expect(map.locator("svg")).toHaveAttribute("aria-hidden", "true");
    const markers = map.getByTestId("map-marker");
    const read = await markers.evaluateAll((elements) =>
      elements.map((element) => ({
        count: Number(element.getAttribute("data-count")),
        numbers: (element.getAttribute("data-numbers") ?? "").split(" ").map(Number),
        text: element.textContent ?? "",
      })),
    );
    expect(read.reduce((sum, marker) => sum + marker.count, 0)).toBe(count);
    expect(read.flatMap((marker) => marker.numbers).sort((a, b) => a - b)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    for (const marker of read) expect(marker.numbers).toHaveLength(marker.count);

    // The listings at the 90014 centroid (downtown Los Angeles) are one marker that shows their count and lists their numbers.
    const downtown = withDatabase(
      (db) => db.prepare("select name from wholesalers where state_id = 'california' and zipcode = '90014'").all() as { name: string }[],
    ).map(({ name }) => names.indexOf(name) + 1);
    expect(downtown.length).toBeGreaterThanOrEqual(3);
    const shared = read.find((marker) => downtown.every((number) => marker.numbers.includes(number)));
    expect(shared?.count).toBeGreaterThanOrEqual(downtown.length);
    await expect(
      map
        .getByTestId("map-marker")
        .filter({ has: page.getByTestId("map-marker-label") })
        .first(),
    ).toBeVisible();
    await expect(map).toContainText("Numbers match the numbered listings; a ringed circle counts the listings at one place.");
    await expectAccessible(page);
  });
});
