import { startServer } from "../support/server";
import { expectAccessible, expect, test, withDatabase, acceptLoggedFailures } from "./fixtures";

const unique = (label: string) => `${label} ${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

interface SuggestionRow {
  business_name: string;
  contact_name: string | null;
  email: string | null;
  business_address: string;
  additional_info: string | null;
  status: string;
  ip: string | null;
}

const suggestionsNamed = (businessName: string) =>
  withDatabase((db) => db.prepare("select * from location_suggestions where business_name = ?").all(businessName) as SuggestionRow[]);

test.describe("about page", () => {
  test("every link to suggest a location lands on the form itself, on a phone and on a wide screen", async ({ page }) => {
    const form = page.getByRole("heading", { name: "Submit a Location", exact: true });
    for (const size of [
      { width: 390, height: 844 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(size);
      // The footer's link, from any page.
      await page.goto("/blog");
      await page.getByRole("contentinfo").getByRole("link", { name: "Submit a wholesale location" }).click();
      await expect(page).toHaveURL("/about#submit-location");
      await expect(form).toBeInViewport();
      // The results' "Suggest a location" where nobody is near (Miami).
      await page.goto("/near?zip=33137");
      await page.getByRole("link", { name: "Suggest a location" }).click();
      await expect(page).toHaveURL("/about#submit-location");
      await expect(form).toBeInViewport();
      await expect(page.getByLabel("Business name")).toBeInViewport();
    }
  });

  test("states the mission and shows the three feature cards, the form and the FAQ", async ({ page }) => {
    const response = await page.goto("/about");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("since 2020", { exact: false }).first()).toBeVisible();
    // One savings claim, the home title's, and figures from the data rather than a year (issue #37 point 10).
    await expect(page.locator("main").getByText("up to 70% less than retail", { exact: false }).first()).toBeVisible();
    await expect(page.locator("main")).not.toContainText("30 to 60 percent");
    const { n, verified } = withDatabase(
      (db) => db.prepare("select count(*) as n, count(verified_at) as verified from wholesalers").get() as { n: number; verified: number },
    );
    await expect(page.locator("main").getByText(`${verified} of ${n} dated`, { exact: true })).toBeVisible();
    const mission = page.locator("main");
    for (const audience of ["consumers", "DIY arrangers", "wedding and", "budget shoppers"]) {
      await expect(mission.getByText(audience, { exact: false }).first()).toBeVisible();
    }
    for (const card of ["Wholesaler Directory", "DIY Resources", "Budget Options"]) {
      await expect(page.getByRole("heading", { level: 3, name: card, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("heading", { name: "Submit a Location", exact: true })).toBeVisible();
    await expect(page.getByLabel("Business name")).toBeVisible();
    await expect(page.getByLabel("Your name")).toBeVisible();
    await expect(page.getByLabel("Email address")).toHaveAttribute("type", "email");
    await expect(page.getByLabel("Business address")).toHaveAttribute("placeholder", "123 Flower St, Los Angeles, CA 90014");
    await expect(page.getByLabel("Additional information")).toHaveAttribute("placeholder", "Hours, special features, other details");

    await expect(page.getByText("Can anyone buy at a wholesale flower market?")).toBeVisible();
    await expectAccessible(page);
  });

  test("shows an error next to each missing required field", async ({ page, pageErrors }) => {
    await page.goto("/about");
    await page.getByRole("button", { name: "Send suggestion" }).click();

    const name = page.getByLabel("Business name");
    const address = page.getByLabel("Business address");
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toHaveAccessibleDescription("Please enter the business name.");
    await expect(address).toHaveAttribute("aria-invalid", "true");
    await expect(address).toHaveAccessibleDescription("Please enter the business address.");
    await expect(page.getByLabel("Email address")).not.toHaveAttribute("aria-invalid", "true");
    await expect(name).toBeFocused();
    await expectAccessible(page);
    acceptLoggedFailures(pageErrors, /Failed to load resource: the server responded with a status of 400/);
  });

  test("rejects an invalid email address and keeps what was typed", async ({ page, pageErrors }) => {
    const businessName = unique("Invalid Email Florist");
    await page.goto("/about");
    await page.getByLabel("Business name").fill(businessName);
    await page.getByLabel("Business address").fill("1 Market St, San Francisco, CA 94105");
    await page.getByLabel("Email address").fill("not-an-email");
    await page.getByRole("button", { name: "Send suggestion" }).click();

    const email = page.getByLabel("Email address");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription("Please enter a valid email address.");
    await expect(page.getByLabel("Business name")).toHaveValue(businessName);
    await expect(page.getByLabel("Business name")).not.toHaveAttribute("aria-invalid", "true");
    expect(suggestionsNamed(businessName)).toEqual([]);
    acceptLoggedFailures(pageErrors, /Failed to load resource: the server responded with a status of 400/);
  });

  test("a valid suggestion is stored as pending, shows the success message and clears the form", async ({ page }) => {
    const businessName = unique("Petal & Stem Wholesale");
    await page.goto("/about");
    await page.getByLabel("Business name").fill(businessName);
    await page.getByLabel("Your name").fill("Ana Florist");
    await page.getByLabel("Email address").fill("ana@example.com");
    await page.getByLabel("Business address").fill("754 Wall St, Los Angeles, CA 90014");
    await page.getByLabel("Additional information").fill("Open to the public from 8am, cash and cards");
    await page.getByRole("button", { name: "Send suggestion" }).click();

    const success = page.getByRole("status").filter({ hasText: "Your suggestion has been received" });
    await expect(success).toBeVisible();
    await expect(success).toBeFocused();
    await expect(page.getByLabel("Business name")).toHaveValue("");
    await expect(page.getByLabel("Business address")).toHaveValue("");

    expect(suggestionsNamed(businessName)).toEqual([
      expect.objectContaining({
        contact_name: "Ana Florist",
        email: "ana@example.com",
        business_address: "754 Wall St, Los Angeles, CA 90014",
        additional_info: "Open to the public from 8am, cash and cards",
        status: "pending",
        ip: expect.any(String),
      }),
    ]);
    await expectAccessible(page);
  });

  test("a filled honeypot looks like a success but stores nothing", async ({ page }) => {
    const businessName = unique("Spam Bot Flowers");
    await page.goto("/about");
    await page.getByLabel("Business name").fill(businessName);
    await page.getByLabel("Business address").fill("1 Spam Rd, Nowhere, CA 90000");
    const honeypot = page.locator('input[name="website_url"]');
    await expect(honeypot).toHaveAttribute("tabindex", "-1");
    await expect(honeypot).toHaveAttribute("autocomplete", "off");
    await honeypot.evaluate((input: HTMLInputElement) => {
      input.value = "https://spam.example";
    });
    await page.getByRole("button", { name: "Send suggestion" }).click();

    await expect(page.getByRole("status").filter({ hasText: "Your suggestion has been received" })).toBeVisible();
    expect(suggestionsNamed(businessName)).toEqual([]);
  });

  test("past the form's request limit, the limit's message shows beside the form and what was typed is kept", async ({
    page,
    pageErrors,
  }) => {
    // A server of its own: using up this address's limit on the worker's server would refuse the other tests' posts.
    const server = await startServer();
    try {
      // 60 posts in 10 minutes from one address; empty ones, which the form refuses and nothing saves.
      for (let n = 1; n <= 60; n++) {
        const response = await fetch(new URL("/about.data", server.url), {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
          body: "",
        });
        expect(response.status, `post ${n}`).toBe(400);
        await response.arrayBuffer();
      }
      await page.goto(new URL("/about", server.url).href);
      await page.getByLabel("Business name").fill("Limit Test Blooms");
      await page.getByLabel("Business address").fill("1 Main St, Austin, TX 78701");
      await page.getByRole("button", { name: "Send suggestion" }).click();

      await expect(
        page.getByRole("alert").filter({ hasText: "Too many requests. Please wait a few minutes and try again." }),
      ).toBeVisible();
      await expect(page.getByText("Something went wrong")).toHaveCount(0);
      await expect(page.getByLabel("Business name")).toHaveValue("Limit Test Blooms");
      await expect(page.getByLabel("Business address")).toHaveValue("1 Main St, Austin, TX 78701");
      acceptLoggedFailures(pageErrors, /Failed to load resource: the server responded with a status of 429/);
    } finally {
      await server.stop();
    }
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the form still posts and shows the server's field errors", async ({ page, pageErrors }) => {
      await page.goto("/about");
      await page.getByLabel("Email address").fill("still-not-an-email");
      await page.getByRole("button", { name: "Send suggestion" }).click();
      await expect(page).toHaveURL(/\/about/);
      await expect(page.getByLabel("Business name")).toHaveAccessibleDescription("Please enter the business name.");
      await expect(page.getByLabel("Email address")).toHaveAccessibleDescription("Please enter a valid email address.");
      await expect(page.getByLabel("Email address")).toHaveValue("still-not-an-email");
      acceptLoggedFailures(pageErrors, /Failed to load resource: the server responded with a status of 400/);
    });
  });
});
