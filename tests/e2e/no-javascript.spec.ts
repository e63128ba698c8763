import type { Page } from "@playwright/test";
import { acceptLoggedFailures, expect, test, withDatabase } from "./fixtures";

// Forms submitted before the page's script has loaded, or with JavaScript off, still work and keep personal data out of URLs.
test.use({ javaScriptEnabled: false });

test.describe("without JavaScript", () => {
  test("the phone's menu button opens the site map, which links every section", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/festivals");
    await page.getByRole("banner").getByRole("link", { name: "Open menu" }).click();
    await expect(page).toHaveURL("/sitemap");
    for (const section of ["Find Wholesalers by State", "Flower Festival Calendar", "About Us and Submit a Location"]) {
      await expect(page.getByRole("main").getByRole("link", { name: section, exact: true }).first()).toBeVisible();
    }
  });

  test("the home page's newsletter form subscribes by posting to /newsletter, the confirmation link's button confirms, and a second try answers the same", async ({
    page,
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
    await expect(page.getByRole("status")).toContainText("check your inbox and click the link we sent to confirm your subscription");
    const stored = () =>
      withDatabase((db) => db.prepare("select email, status from newsletter_subscribers where email_normalized = ?").all(email));
    expect(stored()).toEqual([{ email, status: "pending" }]);

    // The confirmation, as the outbox keeps it (no SMTP server on the browser tests' servers): its link's page
    // changes nothing until its button is pressed (here, without JavaScript, by hand).
    const [mail] = withDatabase((db) =>
      db.prepare("select subject, text from mail_outbox where recipient_normalized = ? and kind = 'confirm'").all(email),
    ) as { subject: string; text: string }[];
    expect(mail?.subject).toBe("Confirm your subscription to Wholesale Flower Finder");
    const link = /https?:\/\/\S+\/newsletter\/confirm\?token=[\w-]+/.exec(mail!.text)?.[0];
    expect(link).toBeTruthy();
    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your subscription");
    expect(stored()).toEqual([{ email, status: "pending" }]);
    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're subscribed");
    expect(stored()).toEqual([{ email, status: "confirmed" }]);

    await page.goto("/newsletter");
    await page.getByLabel("Email address").fill(email.toUpperCase());
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thanks for subscribing!");
    expect(stored()).toEqual([{ email, status: "confirmed" }]);

    expect(requested.filter((url) => decodeURIComponent(url).toLowerCase().includes(email))).toEqual([]);
  });

  test("the home page's state select opens the chosen state's page with its Open button; an unknown state lists them all", async ({
    page,
  }) => {
    await page.goto("/");
    const select = page.getByRole("combobox", { name: "Or browse by state" });
    await select.selectOption({ label: "Texas" });
    await expect(page).toHaveURL("/"); // nothing happens on a choice alone without JavaScript
    await select.locator("xpath=ancestor::form").getByRole("button", { name: "Open" }).click();
    await expect(page).toHaveURL("/state/texas");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Texas Flower Wholesalers");

    const response = await page.goto("/states?state=atlantis");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find Flower Wholesalers by State");
  });

  test("the About page's suggestion form posts to /about, shows the same confirmation and keeps the details out of URLs", async ({
    page,
  }) => {
    const requested = requestedUrls(page);
    const suggestion = { business: "No Script Stems", contact: "Noor Script", email: "noor.noscript@example.com" };

    await page.goto("/about");
    const form = page.getByRole("form", { name: "Submit a Location" });
    await expect(form).toHaveAttribute("method", "post");
    await expect(form).toHaveAttribute("action", "/about#submit-location");
    await form.getByLabel("Business name").fill(suggestion.business);
    await form.getByLabel("Your name").fill(suggestion.contact);
    await form.getByLabel("Email address").fill(suggestion.email);
    await form.getByLabel("Business address").fill("12 Quiet Lane, Portland, OR 97201");
    await form.getByRole("button", { name: "Send suggestion" }).click();

    // The page comes back at the form, with the confirmation in view, not at the top 2,900 px above it.
    await expect(page).toHaveURL(/\/about#submit-location$/);
    await expect(page.getByRole("status")).toHaveText(
      "Thank you! Your suggestion has been received. We review every submission before adding it to the directory.",
    );
    await expect(page.getByRole("status")).toBeInViewport();
    const stored = withDatabase((db) =>
      db.prepare("select contact_name, email from location_suggestions where business_name = ?").all(suggestion.business),
    );
    expect(stored).toEqual([{ contact_name: suggestion.contact, email: suggestion.email }]);
    expectNoneIn(requested, [suggestion.contact, suggestion.email]);
  });

  test("List your business posts to its page: the server's field errors with what was typed, then the confirmation", async ({
    page,
    pageErrors,
  }) => {
    const requested = requestedUrls(page);
    const business = { name: "Quiet Stem Wholesale", person: "Ines Noscript", email: "ines.noscript@example.com", phone: "(213) 555-0142" };

    await page.goto("/list-your-business");
    const form = page.getByRole("form", { name: "List your business" });
    await expect(form).toHaveAttribute("method", "post");
    await expect(form).toHaveAttribute("action", "/list-your-business");
    await page.getByLabel("Business name").fill(business.name);
    await page.getByLabel("Street address").fill("31 Orchid Avenue");
    await page.getByLabel("City").fill("Los Angeles");
    await page.getByLabel(/^State/).selectOption("california");
    await page.getByLabel("Zipcode").fill("90014");
    await page.getByRole("radio", { name: /^Wholesale/ }).check();
    await page.getByLabel("Phone").fill(business.phone);
    await page.getByRole("radio", { name: /^Public welcome/ }).check();
    await page.getByLabel("Your name").fill(business.person);
    await page.getByLabel("Your email").fill("not-an-email");
    await page.getByLabel("Your role at the business").selectOption("owner");
    // The weekly hours are a plain field a day, which the server reads and checks.
    const hours = page.getByRole("group", { name: "Opening hours" });
    await hours.getByLabel("Monday", { exact: true }).fill("06:00-12:00, 13:00-15:00");
    await hours.getByLabel("Tuesday", { exact: true }).fill("9am-5pm");
    await page.getByRole("button", { name: "Send for review" }).click();

    await expect(page).toHaveURL(/\/list-your-business$/);
    await expect(page.getByLabel("Your email")).toHaveAccessibleDescription(
      /Please enter a valid email address, so we can reach you about the listing\./,
    );
    await expect(page.getByLabel("Your email")).toHaveValue("not-an-email");
    await expect(page.getByLabel("Business name")).toHaveValue(business.name);
    await expect(hours).toContainText("Tuesday: “9am-5pm” is not a time range. Write it as HH:MM-HH:MM, 24-hour, such as 06:00-14:00.");
    await expect(hours.getByLabel("Monday", { exact: true })).toHaveValue("06:00-12:00, 13:00-15:00");
    await expect(hours.getByLabel("Tuesday", { exact: true })).toHaveValue("9am-5pm");
    acceptLoggedFailures(pageErrors, /status of 400 \(Bad Request\)/);

    await hours.getByLabel("Tuesday", { exact: true }).fill("07:00-11:00");
    await page.getByLabel("Your email").fill(business.email);
    await page.getByRole("button", { name: "Send for review" }).click();
    await expect(page.getByRole("heading", { name: "Listing received" })).toBeVisible();
    await expect(page.getByRole("status")).toBeInViewport();
    await expect(page.getByRole("status")).toContainText(`Thank you! We have received the listing for ${business.name}.`);
    await expect(page.getByRole("status")).toContainText(`If we have questions, we will write to ${business.email}.`);
    const stored = withDatabase((db) =>
      db.prepare("select submitter_email, phone, opening_hours from business_submissions where name = ?").all(business.name),
    ) as { submitter_email: string; phone: string; opening_hours: string }[];
    expect(stored.map(({ opening_hours: _hours, ...row }) => row)).toEqual([{ submitter_email: business.email, phone: business.phone }]);
    expect(JSON.parse(stored[0]!.opening_hours)).toEqual({
      mon: [
        { open: "06:00", close: "12:00" },
        { open: "13:00", close: "15:00" },
      ],
      tue: [{ open: "07:00", close: "11:00" }],
      wed: [],
      thu: [],
      fri: [],
      sat: [],
      sun: [],
    });
    expectNoneIn(requested, [business.person, business.email, "not-an-email", business.phone]);
  });

  test("Report a problem on a card is a link to the listing's report page, whose form gives the dialog's messages", async ({
    page,
    pageErrors,
  }) => {
    const requested = requestedUrls(page);
    const listing = "Seattle Wholesale Growers Market";
    const report = { details: "Moved across the street in spring, no-script report", email: "rae.noscript@example.com" };

    await page.goto("/state/washington");
    const card = page.getByTestId("wholesaler-card").filter({ has: page.getByRole("heading", { name: listing, exact: true }) });
    await card.getByRole("link", { name: `Report a problem with ${listing}` }).click();
    const id = withDatabase((db) => (db.prepare("select id from wholesalers where name = ?").get(listing) as { id: number }).id);
    await expect(page).toHaveURL(`/wholesalers/${id}/report`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Report a problem");
    await expect(page.getByRole("main")).toContainText(`Help us keep ${listing} accurate. We check every report.`);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");

    await page.getByRole("button", { name: "Send report" }).click();
    await expect(page.getByRole("group", { name: "What is wrong?" })).toHaveAccessibleDescription(
      "Please choose what is wrong with this listing.",
    );

    await page.getByRole("radio", { name: "Something else" }).check();
    await page.getByLabel("Your email").fill(report.email);
    await page.getByRole("button", { name: "Send report" }).click();
    await expect(page.getByLabel("Details")).toHaveAccessibleDescription("Please tell us what is wrong.");
    await expect(page.getByRole("radio", { name: "Something else" })).toBeChecked();
    await expect(page.getByLabel("Your email")).toHaveValue(report.email);
    acceptLoggedFailures(pageErrors, /status of 400 \(Bad Request\)/);

    await page.getByLabel("Details").fill(report.details);
    await page.getByRole("button", { name: "Send report" }).click();
    await expect(page.getByRole("status")).toContainText("Thanks — we'll check this listing.");
    await expect(page.getByRole("status")).toContainText(
      `Your report on ${listing} has reached our team. We correct or remove listings once we have confirmed the problem.`,
    );
    const stored = withDatabase((db) => db.prepare("select kind, email from listing_reports where details = ?").all(report.details));
    expect(stored).toEqual([{ kind: "other", email: report.email }]);
    await page.getByRole("link", { name: "Back to the listing" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(listing);
    expectNoneIn(requested, [report.email, "Moved across the street"]);
  });

  test("site search and a state page's filters are GET forms that work", async ({ page }) => {
    await page.goto("/search");
    const search = page.getByRole("search");
    await expect(search).toHaveAttribute("method", "get");
    await expect(search).toHaveAttribute("action", "/search");
    await search.getByRole("searchbox").fill("flower market");
    await search.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL("/search?q=flower+market");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “flower market”");
    await expect(page.getByRole("main").getByRole("article").first()).toBeVisible();

    await page.goto("/state/california");
    const total = await page.getByTestId("wholesaler-card").count();
    await page.getByLabel("Public welcome").check();
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL("/state/california?public=1");
    const shown = await page.getByTestId("filter-matches").getByTestId("wholesaler-card").count();
    const notYetKnown = await page.getByTestId("not-yet-known").getByTestId("wholesaler-card").count();
    expect(shown).toBeGreaterThan(0);
    expect(notYetKnown).toBeGreaterThan(0);
    expect(shown + notYetKnown).toBeLessThanOrEqual(total);
    await expect(page.getByTestId("filter-count")).toHaveText(`${shown} of ${total} listings, ${notYetKnown} not yet known`);
    await expect(page.getByLabel("Public welcome")).toBeChecked();
  });

  test("the unsubscribe page's button posts the link's token and confirms, and the address is unsubscribed", async ({ page }) => {
    const email = "leaving.noscript@example.com";
    const token = "noscript-unsubscribe-token-0123456789abcdef";
    withDatabase((db) =>
      db
        .prepare("insert into newsletter_subscribers (email, email_normalized, unsubscribe_token, created_at) values (?, ?, ?, ?)")
        .run(email, email, token, "2026-01-01T00:00:00.000Z"),
    );

    await page.goto(`/newsletter/unsubscribe?token=${token}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unsubscribe from the newsletter?");
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You have been unsubscribed");
    await expect(page.getByRole("status")).toContainText(`${email} will no longer receive our newsletter.`);
    const row = withDatabase((db) => db.prepare("select unsubscribed_at from newsletter_subscribers where email = ?").get(email)) as {
      unsubscribed_at: string | null;
    };
    expect(row.unsubscribed_at).not.toBeNull();
  });
});

/** Every address the page asks for from now on. */
function requestedUrls(page: Page): string[] {
  const requested: string[] = [];
  page.on("request", (request) => requested.push(decodeURIComponent(request.url()).replaceAll("+", " ").toLowerCase()));
  return requested;
}

/** None of the personal details appears in any address the page asked for. */
function expectNoneIn(requested: string[], details: string[]) {
  expect(requested.length).toBeGreaterThan(0);
  for (const detail of details)
    expect(
      requested.filter((url) => url.includes(detail.toLowerCase())),
      detail,
    ).toEqual([]);
}
