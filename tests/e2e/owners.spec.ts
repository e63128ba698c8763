import type { Page } from "@playwright/test";
import sharp from "sharp";
import { SIGN_IN_REQUESTED_MESSAGE } from "../../app/services/owners/owner-form";
import { linksOf, type SmtpSink } from "../support/smtp-sink";
import { acceptLoggedStatuses, loginAsAdmin } from "./admin-fixtures";
import { expect, expectAccessible, test, withDatabase } from "./fixtures";

// This worker's server sends its mail to a real SMTP server on loopback (tests/e2e/fixtures.ts).
test.use({ withSmtp: true });

const LISTING = "Original Los Angeles Flower Market";

/** The seeded listing's id and page address. */
function listing(): { id: number; website: string } {
  return withDatabase(
    (db) => db.prepare("select id, website from wholesalers where name = ?").get(LISTING) as { id: number; website: string },
  );
}

/** The path and query of the first link of the newest message to `to` that goes to `path`. */
async function linkTo(smtp: SmtpSink, to: string, path: string, count = 1): Promise<string> {
  await expect.poll(() => smtp.to(to).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(count);
  const mail = smtp.to(to).at(-1)!;
  const link = linksOf(mail).find((href) => new URL(href).pathname === path);
  expect(link, `a link to ${path} in “${mail.subject}”`).toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

async function claim(page: Page, id: number, email: string) {
  await page.goto(`/wholesalers/${id}/claim`);
  await page.getByLabel("Your name").fill("Rosa Diaz");
  await page.getByLabel("Your role").fill("Manager");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("textbox", { name: "Phone" }).fill("(213) 555-0101");
  await page.getByRole("button", { name: "Claim this listing" }).click();
}

async function signInWith(page: Page, linkPath: string) {
  await page.goto(linkPath);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to your listing");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL("/owner");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your listings");
}

test.describe("owners", () => {
  test("claim by the website's domain, sign in by the mailed link, and publish an edit at once", async ({ page, smtp }) => {
    const { id, website } = listing();
    const email = `rosa@${new URL(website).hostname.replace(/^www\./, "")}`;
    await page.goto(`/wholesalers/${id}`);
    await page.getByRole("link", { name: "Claim it" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Is ${LISTING} your business?`);
    await expectAccessible(page);
    await claim(page, id, email);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your inbox");

    const linkPath = await linkTo(smtp!, email, "/owner/link");
    await signInWith(page, linkPath);
    // The owner's pages are never cached, and the link works once.
    const response = await page.request.get("/owner");
    expect(response.headers()["cache-control"]).toBe("private, no-store");

    await page.getByRole("link", { name: `Edit ${LISTING}` }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(LISTING);
    await expectAccessible(page);
    await page.getByRole("textbox", { name: "Phone" }).fill("(213) 555-0199");
    await page.getByLabel("Who may buy").selectOption("public-welcome");
    await page.getByLabel("Business name").fill(`${LISTING} & Co`);
    await page.getByRole("button", { name: "Save and publish" }).click();
    await expect(page.getByRole("status")).toContainText("Your listing is updated");
    await expect(page.getByTestId("pending-change")).toContainText(`${LISTING} & Co`);

    // A new photo, published at once through the image pipeline.
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#c2185b" } })
      .jpeg()
      .toBuffer();
    await page.getByLabel("New photo").setInputFiles({ name: "storefront.jpg", mimeType: "image/jpeg", buffer: photo });
    await page.getByRole("button", { name: "Upload and publish the photo" }).click();
    await expect(page.getByRole("status")).toHaveText("Your new photo is published.");
    const image = withDatabase((db) => (db.prepare("select image from wholesalers where id = ?").get(id) as { image: string }).image);
    expect(image).toMatch(/^\/uploads\//);

    // Published at once, with the owner's mark; the new name waits for an admin.
    await page.goto(`/wholesalers/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(LISTING);
    await expect(page.getByRole("link", { name: "(213) 555-0199", exact: true })).toBeVisible();
    await expect(page.getByTestId("owner-verified").first()).toBeVisible();
    await expect(page.getByTestId("verified")).toContainText("by the business");

    // The link was used: a second visit says so.
    await page.context().clearCookies();
    await page.goto(linkPath);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Link expired");

    // Another listing's page is not this owner's: signing in again, its edit page is a 404.
    await page.goto("/owner/sign-in");
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page.getByRole("button", { name: "Send me a sign-in link" }).click();
    await expect(page.getByRole("status")).toHaveText(SIGN_IN_REQUESTED_MESSAGE);
    await signInWith(page, await linkTo(smtp!, email, "/owner/link", 2));
    const otherId = withDatabase(
      (db) => (db.prepare("select id from wholesalers where id <> ? order by id limit 1").get(id) as { id: number }).id,
    );
    expect((await page.request.get(`/owner/listings/${otherId}`)).status()).toBe(404);
    expect((await page.request.post(`/owner/listings/${otherId}`, { form: { phone: "1" } })).status()).toBe(404);
  });

  test("a claim from another address waits for the admin, whose approval mails a sign-in link", async ({ page, smtp, browser }) => {
    const { id } = listing();
    const email = "rosa.claims@example.net";
    await claim(page, id, email);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Claim received");
    expect(smtp!.to(email)).toEqual([]);

    const admin = await browser.newPage();
    await loginAsAdmin(admin, "/admin/claims");
    const row = admin.getByRole("row", { name: new RegExp(email) });
    await expect(row).toContainText(LISTING);
    await row.getByRole("button", { name: `Approve: ${email} for ${LISTING}` }).click();
    await expect(admin.getByRole("row", { name: new RegExp(email) })).toHaveCount(0);
    await expect(admin.getByText(`${email}, since`)).toBeVisible();
    await admin.close();

    await signInWith(page, await linkTo(smtp!, email, "/owner/link"));
    await expect(page.getByRole("link", { name: `Edit ${LISTING}` })).toBeVisible();
  });

  test("freshness: an owner due is asked “Is your listing still right?” once, and “Yes, still right” verifies the listing", async ({
    page,
    smtp,
  }) => {
    const { id } = listing();
    const email = "still.right@example.net";
    const sevenMonthsAgo = new Date(Date.now() - 214 * 24 * 60 * 60 * 1000).toISOString();
    withDatabase((db) =>
      db
        .prepare(
          "insert into listing_owners (wholesaler_id, email, email_normalized, name, role, phone, created_at) values (?, ?, ?, 'Rosa', 'Owner', '(213) 555-0101', ?)",
        )
        .run(id, email, email, sevenMonthsAgo),
    );
    const stillRight = await linkTo(smtp!, email, "/owner/still-right");
    expect(smtp!.to(email)[0]!.subject).toBe(`Is your listing still right? ${LISTING}`);

    await page.goto(stillRight);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Is ${LISTING} still right?`);
    await page.getByRole("button", { name: "Yes, still right" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you");

    const today = withDatabase((db) => db.prepare("select verified_at, owner_confirmed_at from wholesalers where id = ?").get(id));
    expect(today).toEqual({
      verified_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      owner_confirmed_at: expect.stringMatching(/^\d{4}/),
    });
    await page.goto(`/wholesalers/${id}`);
    await expect(page.getByTestId("verified")).toContainText("by the business");
    // The admin's list says what was asked, when, and what came back.
    await loginAsAdmin(page, `/admin/wholesalers?${new URLSearchParams({ q: LISTING })}`);
    await expect(page.getByTestId("owner-freshness")).toContainText(`${email}: Asked`);
    await expect(page.getByTestId("owner-freshness")).toContainText("still right");
    // Asked once in the period: two seconds of the server's checks later, still one message.
    await page.waitForTimeout(2_000);
    expect(smtp!.to(email)).toHaveLength(1);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("claim, sign in and edit the weekly hours as a text field a day", async ({ page, smtp, pageErrors }) => {
      const { id, website } = listing();
      const email = `nojs@${new URL(website).hostname.replace(/^www\./, "")}`;
      await claim(page, id, email);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your inbox");
      await signInWith(page, await linkTo(smtp!, email, "/owner/link"));
      await page.goto(`/owner/listings/${id}`);
      // The owner's own page tells the age of the last check as the listing page does.
      await expect(page.getByText("Last checked Apr 2019")).toBeVisible();
      await page.getByRole("textbox", { name: "Monday" }).fill("05:00-12:00");
      await page.getByRole("textbox", { name: "Tuesday" }).fill("25:00-12:00");
      const soon = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
      await page.getByRole("textbox", { name: "Special hours" }).fill(`${soon} closed | Inventory day`);
      await page.getByRole("button", { name: "Save and publish" }).click();
      // A mistake is named beside the hours, and what was typed stays.
      await expect(page.getByText(/^Tuesday/).first()).toBeVisible();
      await expect(page.getByRole("textbox", { name: "Monday" })).toHaveValue("05:00-12:00");
      acceptLoggedStatuses(pageErrors, 400);
      await page.getByRole("textbox", { name: "Tuesday" }).fill("");
      await page.getByRole("button", { name: "Save and publish" }).click();
      await expect(page.getByRole("status")).toContainText("Your listing is updated");
      const hours = withDatabase(
        (db) => (db.prepare("select opening_hours from wholesalers where id = ?").get(id) as { opening_hours: string }).opening_hours,
      );
      expect(JSON.parse(hours)).toMatchObject({ mon: [{ open: "05:00", close: "12:00" }], tue: [] });
      // The special hours typed in the text area are published with them, and the listing page shows them.
      await expect(page.getByRole("textbox", { name: "Special hours" })).toHaveValue(/Inventory day/);
      await page.goto(`/wholesalers/${id}`);
      await expect(page.getByText("Inventory day").first()).toBeVisible();
    });
  });

  test("the claim page says how many people wait for a supplier near the business", async ({ page }) => {
    const { id } = listing();
    await page.goto(`/wholesalers/${id}/claim`);
    await expect(page.getByTestId("waiting-near")).toHaveCount(0);
    const now = new Date().toISOString();
    const token = `claim-page-${Date.now()}`;
    withDatabase((db) =>
      db
        .prepare(
          `insert into demand_requests (email, email_normalized, zipcode, latitude, longitude, radius_miles, status, unsubscribe_token,
             created_at, confirmed_at, expires_at) values (?, ?, '90014', 34.0434, -118.2509, 10, 'confirmed', ?, ?, ?, ?)`,
        )
        .run(`${token}@example.com`, `${token}@example.com`, token, now, now, new Date(Date.now() + 86_400_000).toISOString()),
    );
    try {
      await page.goto(`/wholesalers/${id}/claim`);
      await expect(page.getByTestId("waiting-near")).toContainText("1 person is waiting for a supplier near 90014.");
    } finally {
      withDatabase((db) => db.prepare("delete from demand_requests where unsubscribe_token = ?").run(token));
    }
  });

  test("a verification older than 12 months reads “Last checked” in neutral text, with no check mark", async ({ page }) => {
    const { id } = listing();
    await page.goto(`/wholesalers/${id}`);
    const note = page.getByTestId("verified");
    await expect(note).toHaveText(/^Last checked Apr 2019/);
    await expect(note.locator("svg")).toHaveCount(0);
    await expect(page.getByTestId("owner-verified")).toHaveCount(0);
  });
});
