import type { Page } from "@playwright/test";
import { acceptLoggedStatuses, loginAsAdmin } from "./admin-fixtures";
import { expect, expectAccessible, test, withDatabase } from "./fixtures";

const uniqueTag = () => `E2E${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const toasts = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" });
const card = (page: Page, name: string) =>
  page.getByTestId("wholesaler-card").filter({ has: page.getByRole("heading", { name, exact: true }) });

/** "Nov 2026": the month a listing verified today shows, on the site's (Pacific) calendar. */
const thisMonth = () => {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(new Date());
  return new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" }).format(new Date(`${today}T00:00:00Z`));
};

const WEEKDAY_HOURS = JSON.stringify({
  mon: [{ open: "05:00", close: "11:00" }],
  tue: [{ open: "05:00", close: "11:00" }],
  wed: [{ open: "05:00", close: "11:00" }],
  thu: [{ open: "05:00", close: "11:00" }],
  fri: [{ open: "05:00", close: "11:00" }],
  sat: [],
  sun: [],
});

interface SubmissionRow {
  id: number;
  status: string;
  wholesaler_id: number | null;
  opening_hours: string | null;
  access: string | null;
  submitter_role: string;
}

const submissionRow = (name: string) =>
  withDatabase((db) => db.prepare("select * from business_submissions where name = ?").get(name)) as SubmissionRow | undefined;

/** Stores a pending request as the form does (the form itself allows 5 an hour per address). */
function insertSubmission(name: string, address: string) {
  withDatabase((db) =>
    db
      .prepare(
        `insert into business_submissions (name, address, city, state_id, zipcode, type, access, access_note, phone, website, opening_hours, hours, description,
           submitter_name, submitter_email, submitter_role, status, ip, created_at)
         values (?, ?, 'Los Angeles', 'california', '90014', 'Wholesale', 'public-welcome', 'Cash only', '(213) 555-0199', 'https://bloom.example.com', ?, '',
           'Roses by the bunch.', 'Ana Ruiz', 'ana@bloom.example.com', 'owner', 'pending', '198.51.100.20', '2026-03-01T17:30:00.000Z')`,
      )
      .run(name, address, WEEKDAY_HOURS),
  );
}

function insertWholesaler(name: string, address: string) {
  withDatabase((db) =>
    db
      .prepare(
        `insert into wholesalers (name, address, city, state_id, zipcode, type, hours, description, latitude, longitude, featured, created_at, updated_at)
         values (?, ?, 'Los Angeles', 'california', '90014', 'Wholesale', '', 'Already listed.', 34.0434, -118.2509, 0, ?, ?)`,
      )
      .run(name, address, "2026-01-01T00:00:00.000Z", "2026-01-01T00:00:00.000Z"),
  );
}

test.describe("list your business", () => {
  test("the footer, the About page and a state without listings lead to the form", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "List your business" }).click();
    await expect(page).toHaveURL("/list-your-business");
    await expect(page.getByRole("heading", { level: 1, name: "List your business" })).toBeVisible();

    await page.goto("/about");
    await page.getByRole("main").getByRole("link", { name: "List your business" }).click();
    await expect(page).toHaveURL("/list-your-business");

    const empty = withDatabase(
      (db) =>
        db.prepare("select id from states where id not in (select state_id from wholesalers) order by id limit 1").get() as { id: string },
    );
    await page.goto(`/state/${empty.id}`);
    await expect(page.getByRole("heading", { name: "No Wholesalers Listed Yet" })).toBeVisible();
    await page.getByRole("region", { name: "No Wholesalers Listed Yet" }).getByRole("link", { name: "List your business" }).click();
    await expect(page).toHaveURL("/list-your-business");
  });

  test("a business sends its details with its weekly hours, sees the confirmation, and is not public before an admin approves", async ({
    page,
    request,
  }) => {
    const name = `${uniqueTag()} Petal Wholesale`;
    await page.goto("/list-your-business");
    await page.getByLabel("Business name").fill(name);
    await page.getByLabel("Street address").fill("31 Orchid Avenue");
    await page.getByLabel("City").fill("Los Angeles");
    await page.getByLabel(/^State/).selectOption("california");
    await page.getByLabel("Zipcode").fill("90014");
    await page.getByRole("radio", { name: /^Wholesale/ }).check();
    await page.getByLabel("Phone").fill("(213) 555-0100");
    await page.getByRole("textbox", { name: "Website (optional)" }).fill("https://petal.example.com");
    await page.getByLabel("Description").fill("Roses, greens and fillers by the bunch.");
    await page.getByRole("radio", { name: /^Public at set hours/ }).check();
    await page.getByLabel("A short note for buyers").fill("The public is welcome after 9 AM");
    await page.getByLabel("This listing has set weekly hours").check();
    await page.getByLabel("Closed on Monday").uncheck();
    await page.getByLabel("Monday opens").fill("05:00");
    await page.getByLabel("Monday closes").fill("11:00");
    await page.getByRole("button", { name: "Copy Monday to weekdays" }).click();
    await page.getByLabel("Your name").fill("Ana Ruiz");
    await page.getByLabel("Your email").fill("ana@petal.example.com");
    await page.getByLabel("Your role at the business").selectOption("manager");
    await page.getByRole("button", { name: "Send for review" }).click();

    await expect(page.getByRole("heading", { name: "Listing received" })).toBeVisible();
    await expect(page.getByRole("status")).toContainText(
      `Thank you! We have received the listing for ${name}. We check every listing before it appears in the directory.`,
    );
    await expect(page.getByRole("status")).toContainText("If we have questions, we will write to ana@petal.example.com.");
    await expect(page.getByRole("button", { name: "Send for review" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "List another business" })).toHaveAttribute("href", "/list-your-business");
    await expectAccessible(page);

    expect(submissionRow(name)).toMatchObject({
      status: "pending",
      wholesaler_id: null,
      access: "public-hours",
      submitter_role: "manager",
      opening_hours: WEEKDAY_HOURS,
    });
    expect(withDatabase((db) => db.prepare("select count(*) as n from wholesalers where name = ?").get(name))).toEqual({ n: 0 });
    await page.goto("/state/california");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText(name)).toHaveCount(0);
    const listed = (await (await request.get("/api/wholesalers/state/california")).json()) as { name: string }[];
    expect(listed.map((w) => w.name)).not.toContain(name);
  });

  test("on a phone, wrong or missing details get a message next to each field and a 400, and what was typed stays", async ({
    page,
    pageErrors,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/list-your-business");
    await page.getByLabel("Business name").fill("Stem Depot");
    await page.getByLabel("Street address").fill("5 Spring St");
    await page.getByLabel("City").fill("Los Angeles");
    await page.getByLabel(/^State/).selectOption("california");
    await page.getByLabel("Zipcode").fill("97201");
    await page.getByRole("radio", { name: /^Both/ }).check();
    await page.getByLabel("Your email").fill("not-an-email");
    const answer = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByRole("button", { name: "Send for review" }).click();
    expect((await answer).status()).toBe(400);

    await expect(page.getByRole("alert").filter({ hasText: "Please check the highlighted fields." })).toBeVisible();
    await expect(page.getByText("Choose who may buy from the business.")).toBeVisible();
    await expect(page.getByText("Please enter your name.")).toBeVisible();
    await expect(page.getByText("Please enter a valid email address, so we can reach you about the listing.")).toBeVisible();
    await expect(page.getByText("Choose your role at the business.")).toBeVisible();
    await expect(page.getByRole("radio", { name: /^Trade only/ })).toBeFocused();
    await expect(page.getByLabel("Business name")).toHaveValue("Stem Depot");
    await expect(page.getByRole("radio", { name: /^Both/ })).toBeChecked();
    await expectAccessible(page);

    // Once the rest is right, the zipcode must lie in the chosen state.
    await page.getByRole("radio", { name: /^Trade only/ }).check();
    await page.getByLabel("Your name").fill("Bo Chen");
    await page.getByLabel("Your email").fill("bo@example.com");
    await page.getByLabel("Your role at the business").selectOption("owner");
    await page.getByRole("button", { name: "Send for review" }).click();
    await expect(page.getByText("Zipcode 97201 is in Portland, OR, not in California.")).toBeVisible();
    await expect(page.getByLabel("Zipcode")).toBeFocused();
    expect(submissionRow("Stem Depot")).toBeUndefined();
    acceptLoggedStatuses(pageErrors, 400);
  });

  test("answers a filled honeypot as a success but stores nothing", async ({ request }) => {
    const name = `${uniqueTag()} Bot Blooms`;
    const form = {
      name,
      address: "1 Spam Rd",
      city: "Los Angeles",
      stateId: "california",
      zipcode: "90014",
      type: "Wholesale",
      access: "trade-only",
      submitterName: "Bot",
      submitterEmail: "bot@example.com",
      submitterRole: "owner",
      website_url: "http://spam.example",
    };
    const response = await request.post("/list-your-business", { form });
    expect(response.status()).toBe(200);
    expect(submissionRow(name)).toBeUndefined();
  });
});

test.describe("admin business listings", () => {
  test("the admin sees a possible duplicate, confirms, and the listing appears on its state page, verified this month", async ({
    page,
    pageErrors,
  }) => {
    const tag = uniqueTag();
    const existing = `${tag} Bloom House`;
    const name = `${tag} Bloom House LLC`;
    insertWholesaler(existing, "12 Petal Lane");
    insertSubmission(name, "12 Petal Ln");

    await loginAsAdmin(page, `/admin/submissions?q=${encodeURIComponent(tag)}`);
    await expect(page.getByRole("heading", { level: 1, name: "Business listings" })).toBeVisible();
    const request = page.getByRole("article", { name });
    for (const text of [
      "12 Petal Ln, Los Angeles, California 90014",
      "Public welcome",
      "Cash only",
      "(213) 555-0199",
      "bloom.example.com",
      "Mon–Fri 5 AM–11 AM",
      "Roses by the bunch.",
      "Ana Ruiz (Owner)",
      "ana@bloom.example.com",
    ]) {
      await expect(request).toContainText(text);
    }
    const warning = request.getByRole("alert");
    await expect(warning).toContainText("Possible duplicate");
    await expect(warning.getByRole("link")).toHaveText(
      `${existing}, 12 Petal Lane, Los Angeles, California 90014 (similar name in the same zipcode; same street address)`,
    );
    await expectAccessible(page);

    // The first approval only asks for confirmation; nothing is created yet.
    await request.getByRole("button", { name: `Approve ${name}` }).click();
    const confirm = request.getByRole("button", { name: `Approve anyway: ${name}` });
    await expect(confirm).toBeFocused();
    acceptLoggedStatuses(pageErrors, 409);
    expect(submissionRow(name)).toMatchObject({ status: "pending", wholesaler_id: null });
    expect(withDatabase((db) => db.prepare("select count(*) as n from wholesalers where name = ?").get(name))).toEqual({ n: 0 });

    await confirm.click();
    await expect(toasts(page).getByText(`${name} is now listed.`)).toBeVisible();
    await expect(page.getByText("No pending listing requests match your search.")).toBeVisible();

    const submission = submissionRow(name)!;
    expect(submission.status).toBe("approved");
    const listing = withDatabase((db) => db.prepare("select * from wholesalers where id = ?").get(submission.wholesaler_id)) as Record<
      string,
      unknown
    >;
    expect(listing).toMatchObject({
      name,
      address: "12 Petal Ln",
      access: "public-welcome",
      opening_hours: WEEKDAY_HOURS,
      time_zone: "America/Los_Angeles",
      source: "Submitted by the business",
      admin_note: "Submitted by Ana Ruiz (Owner, ana@bloom.example.com) on 2026-03-01.",
      verified_at: new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(new Date()),
    });
    expect(
      withDatabase((db) =>
        db
          .prepare(
            "select action from audit_log where (entity_type = 'business_submission' and entity_id = ?) or (entity_type = 'wholesaler' and entity_id = ?) order by id",
          )
          .all(String(submission.id), String(submission.wholesaler_id)),
      ),
    ).toEqual([{ action: "wholesaler.create" }, { action: "business_submission.approve" }]);

    await page.getByLabel("Status").selectOption("approved");
    await expect(page.getByRole("article", { name }).getByRole("link", { name: `View listing: ${name}` })).toBeVisible();

    await page.goto("/state/california");
    const listed = card(page, name);
    await expect(listed).toContainText(`Verified ${thisMonth()}`);
    await expect(listed).toContainText("Public welcome");
    await expect(page.getByText("Submitted by Ana Ruiz")).toHaveCount(0);
  });

  test("reject marks the request rejected and lists nothing", async ({ page }) => {
    const name = `${uniqueTag()} Reject Blooms`;
    insertSubmission(name, "77 Nowhere Rd");
    await loginAsAdmin(page, `/admin/submissions?q=${encodeURIComponent(name)}`);
    await page.getByRole("button", { name: `Reject ${name}` }).click();
    await expect(toasts(page).getByText(`${name} was rejected.`)).toBeVisible();
    await expect(page.getByText("No pending listing requests match your search.")).toBeVisible();
    expect(submissionRow(name)).toMatchObject({ status: "rejected", wholesaler_id: null });
    expect(withDatabase((db) => db.prepare("select count(*) as n from wholesalers where name = ?").get(name))).toEqual({ n: 0 });

    await page.getByLabel("Status").selectOption("rejected");
    const rejected = page.getByRole("article", { name });
    await expect(rejected).toContainText("Rejected");
    await expect(rejected.getByRole("button")).toHaveCount(0);
  });
});
