import { acceptLoggedFailures, expect, test, withDatabase } from "./fixtures";

// Forms submitted before the page's script has loaded, or with JavaScript off, still work and keep personal data out of URLs.
test.use({ javaScriptEnabled: false });

test.describe("without JavaScript", () => {
  test("the home page's newsletter form subscribes by posting to /newsletter, and a second try says the address is already subscribed", async ({
    page,
    server,
    pageErrors,
  }) => {
    const email = "no-script-reader@example.com";
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));

    await page.goto("/#newsletter");
    const newsletter = page.locator("#newsletter");
    await newsletter.getByLabel("Email address").fill(email);
    await newsletter.getByRole("button", { name: "Subscribe" }).click();

    await expect(page).toHaveURL(/\/newsletter$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thanks for subscribing!");
    await expect(page.getByRole("status")).toContainText("You'll receive our flower updates and tips soon.");
    const stored = withDatabase((db) => db.prepare("select email from newsletter_subscribers where email_normalized = ?").all(email));
    expect(stored).toEqual([{ email }]);

    await page.goto("/newsletter");
    await page.getByLabel("Email address").fill(email.toUpperCase());
    server.expectLog(/^\/newsletter$/);
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByRole("alert")).toHaveText("Subscription Notice: This email address is already subscribed to our newsletter.");
    acceptLoggedFailures(pageErrors, /status of 409 \(Conflict\)/);

    expect(requested.filter((url) => decodeURIComponent(url).toLowerCase().includes(email))).toEqual([]);
  });
});
