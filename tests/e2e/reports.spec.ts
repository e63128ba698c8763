import type { Locator, Page } from "@playwright/test";
import { acceptLoggedStatuses, loginAsAdmin } from "./admin-fixtures";
import { expect, expectAccessible, test, withDatabase } from "./fixtures";

/** Listings of the seed: one of California's eight, and one on a smaller state page (quicker to load and check). */
const CALIFORNIA = { state: "california", name: "Neve Bros." };
const WASHINGTON = { state: "washington", name: "Seattle Wholesale Growers Market" };
const LISTING = WASHINGTON.name;
const CONFIRMATION = "Thanks — we'll check this listing.";

const uniqueTag = () => `E2E${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const rows = (page: Page) => page.getByRole("table").locator("tbody tr");
const toasts = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" });

interface ReportRow {
  id: number;
  wholesaler_id: number;
  kind: string;
  details: string;
  email: string | null;
  status: string;
  ip: string | null;
  reviewed_at: string | null;
}

const reportsWith = (details: string) =>
  withDatabase((db) => db.prepare("select * from listing_reports where details like ?").all(`%${details}%`) as ReportRow[]);
const reportCount = () => withDatabase((db) => (db.prepare("select count(*) as n from listing_reports").get() as { n: number }).n);
const listingId = (name: string) =>
  withDatabase((db) => (db.prepare("select id from wholesalers where name = ?").get(name) as { id: number }).id);

/** Opens the report dialog of a listing's card on its state page. */
async function openReportDialog(page: Page, { state, name } = WASHINGTON): Promise<Locator> {
  await page.goto(`/state/${state}`);
  const card = page.getByTestId("wholesaler-card").filter({ has: page.getByRole("heading", { name, exact: true }) });
  await card.getByRole("button", { name: `Report a problem with ${name}` }).click();
  await expect(page.getByRole("dialog", { name: "Report a problem" })).toContainText(`Help us keep ${name} accurate.`);
  // Once sent, the dialog is named by its confirmation.
  return page.getByRole("dialog");
}

function insertReport(details: string, extra: { kind?: string; email?: string; status?: string } = {}) {
  withDatabase((db) =>
    db
      .prepare(
        "insert into listing_reports (wholesaler_id, kind, details, email, status, ip, created_at, reviewed_at) values (?, ?, ?, ?, ?, '198.51.100.7', '2026-03-01T17:30:00.000Z', null)",
      )
      .run(listingId(LISTING), extra.kind ?? "closed", details, extra.email ?? null, extra.status ?? "open"),
  );
}

test.describe("report a problem", () => {
  test("a visitor reports a problem from a card on a state page and sees the confirmation", async ({ page }) => {
    const tag = uniqueTag();
    const dialog = await openReportDialog(page, CALIFORNIA);
    await expect(dialog.getByRole("radio")).toHaveCount(5);
    await expect(dialog.getByRole("group", { name: "What is wrong?" })).toBeVisible();
    await expect(dialog.getByLabel("Details")).toHaveAttribute("maxlength", "2000");
    await expect(dialog.getByLabel("Your email")).toHaveAttribute("type", "email");
    await expectAccessible(page);

    await dialog.getByRole("radio", { name: "Wrong phone number or hours" }).check();
    await dialog.getByLabel("Details").fill(`${tag}: the phone number rings a bakery.`);
    await dialog.getByLabel("Your email").fill("ana@example.com");
    await dialog.getByRole("button", { name: "Send report" }).click();

    const status = dialog.getByRole("status");
    await expect(status).toContainText(CONFIRMATION);
    await expect(status).toContainText(`Your report on ${CALIFORNIA.name} has reached our team.`);
    await expect(status).toBeFocused();
    expect(reportsWith(tag)).toEqual([
      expect.objectContaining({
        wholesaler_id: listingId(CALIFORNIA.name),
        kind: "wrong-phone-or-hours",
        details: `${tag}: the phone number rings a bakery.`,
        email: "ana@example.com",
        status: "open",
        ip: "127.0.0.1",
        reviewed_at: null,
      }),
    ]);

    // Closed and opened again, the dialog offers a fresh form.
    await dialog.getByRole("button", { name: "Close", exact: true }).first().click();
    await expect(dialog).toBeHidden();
    const again = await openReportDialog(page, CALIFORNIA);
    await expect(again.getByRole("radio", { name: "Wrong phone number or hours" })).not.toBeChecked();
    await expect(again.getByLabel("Details")).toHaveValue("");
  });

  test("bad input shows the error next to its field, keeps what was typed and stores nothing", async ({ page, pageErrors }) => {
    const tag = uniqueTag();
    const before = reportCount();
    const dialog = await openReportDialog(page);
    await dialog.getByRole("button", { name: "Send report" }).click();
    await expect(dialog.getByRole("group", { name: "What is wrong?" })).toHaveAccessibleDescription(
      "Please choose what is wrong with this listing.",
    );
    await expect(dialog.getByRole("radio", { name: "Closed for good" })).toBeFocused();

    await dialog.getByRole("radio", { name: "Something else" }).check();
    await dialog.getByLabel("Your email").fill("not-an-email");
    await dialog.getByRole("button", { name: "Send report" }).click();
    await expect(dialog.getByLabel("Details")).toHaveAccessibleDescription("Please tell us what is wrong.");
    await expect(dialog.getByLabel("Your email")).toHaveAccessibleDescription("Please enter a valid email address.");
    await expect(dialog.getByLabel("Your email")).toHaveValue("not-an-email");
    await expect(dialog.getByRole("group", { name: "What is wrong?" })).not.toHaveAccessibleDescription(/Please choose/);
    await expect(dialog.getByLabel("Details")).toBeFocused();
    await expectAccessible(page);
    expect(reportCount()).toBe(before);

    await dialog.getByLabel("Details").fill(`${tag}: they only sell garden tools now.`);
    await dialog.getByLabel("Your email").fill("");
    await dialog.getByRole("button", { name: "Send report" }).click();
    await expect(dialog.getByRole("status")).toContainText(CONFIRMATION);
    expect(reportsWith(tag)).toEqual([expect.objectContaining({ kind: "other", email: null })]);
    acceptLoggedStatuses(pageErrors, 400);
  });

  test("a filled honeypot looks like a success but stores nothing", async ({ page }) => {
    const tag = uniqueTag();
    const dialog = await openReportDialog(page);
    await dialog.getByRole("radio", { name: "Closed for good" }).check();
    await dialog.getByLabel("Details").fill(`${tag} spam`);
    const honeypot = dialog.locator('input[name="website_url"]');
    await expect(honeypot).toHaveAttribute("tabindex", "-1");
    await expect(honeypot).toHaveAttribute("autocomplete", "off");
    await honeypot.evaluate((input: HTMLInputElement) => {
      input.value = "https://spam.example";
    });
    await dialog.getByRole("button", { name: "Send report" }).click();
    await expect(dialog.getByRole("status")).toContainText(CONFIRMATION);
    expect(reportsWith(tag)).toEqual([]);
  });

  test("the report page's action answers bad requests with a clear message and a 4xx, never a 500, and refuses cross-site posts", async ({
    page,
    pageErrors,
    request,
  }) => {
    const id = listingId(LISTING);
    const url = `/wholesalers/${id}/report`;
    const before = reportCount();
    // The page escapes apostrophes in its text, so messages are compared as the page spells them.
    const asHtml = (text: string) => text.replaceAll("'", "&#x27;");

    const crossSite = await request.post(url, { form: { kind: "closed" }, headers: { Origin: "https://evil.example" } });
    expect(crossSite.status()).toBe(403);
    expect(await crossSite.json()).toEqual({ message: "Cross-site requests are not allowed." });

    const invalid = await request.post(url, { form: { kind: "nonsense", email: "x" } });
    expect(invalid.status()).toBe(400);
    const invalidPage = await invalid.text();
    expect(invalidPage).toContain("Please choose what is wrong with this listing.");
    expect(invalidPage).toContain("Please enter a valid email address.");

    for (const missing of ["/wholesalers/99999999/report", "/wholesalers/abc/report"]) {
      const gone = await request.post(missing, { form: { kind: "closed" } });
      expect(gone.status(), missing).toBe(404);
      expect(await gone.text(), missing).toContain("404 Page Not Found");
    }

    const json = await request.post(url, { data: { kind: "closed" } });
    expect(json.status()).toBe(400);
    expect(await json.text()).toContain(asHtml("Please send the report from the listing's form."));

    const huge = await request.post(url, { form: { kind: "closed", details: "x".repeat(20_000) } });
    expect(huge.status()).toBe(413);
    expect(await huge.text()).toContain("This report is too long. Please shorten the details and try again.");

    // A GET is the form's own page (what the card links to before its script runs).
    const get = await request.get(url);
    expect(get.status()).toBe(200);
    expect(await get.text()).toContain("Report a problem");
    expect(reportCount()).toBe(before);

    // Five reports an hour from one address, then a clear refusal.
    for (let i = 0; i < 5; i++) {
      const sent = await request.post(url, { form: { kind: "closed", details: `limit ${i}` } });
      expect(sent.status()).toBe(200);
      expect(await sent.text()).toContain(asHtml(CONFIRMATION));
    }
    const refused = await request.post(url, { form: { kind: "closed" } });
    expect(refused.status()).toBe(429);
    expect(await refused.text()).toContain("You have already sent 5 reports in the last hour. Thank you! Please try again later.");
    expect(reportCount()).toBe(before + 5);

    // The form's own page (what a card links to before its script runs) shows the refusal above the form.
    await page.goto(url);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Report a problem");
    await expectAccessible(page);
    await page.getByRole("radio", { name: "Closed for good" }).check();
    await page.getByRole("button", { name: "Send report" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "You have already sent 5 reports in the last hour. Thank you! Please try again later.",
    );

    // In the dialog, the refusal is shown above the form.
    const dialog = await openReportDialog(page);
    await dialog.getByRole("radio", { name: "Not a flower supplier" }).check();
    await dialog.getByRole("button", { name: "Send report" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(
      "You have already sent 5 reports in the last hour. Thank you! Please try again later.",
    );
    acceptLoggedStatuses(pageErrors, 429);
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("the button sits beside Get Directions and the dialog fits the screen", async ({ page }) => {
      const dialog = await openReportDialog(page);
      const box = await dialog.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      expect(box!.height).toBeLessThanOrEqual(844);
      await dialog.getByRole("button", { name: "Send report" }).scrollIntoViewIfNeeded();
      await expect(dialog.getByRole("button", { name: "Send report" })).toBeInViewport();
      await expectAccessible(page);
    });
  });
});

test.describe("admin reports", () => {
  test("a visitor's report is listed as open; Mark resolved moves it to resolved and is audited", async ({ page }) => {
    const tag = uniqueTag();
    const dialog = await openReportDialog(page);
    await dialog.getByRole("radio", { name: "Closed for good" }).check();
    await dialog.getByLabel("Details").fill(`${tag}: the shutters are down and the sign is gone.`);
    await dialog.getByLabel("Your email").fill("rosa@example.com");
    await dialog.getByRole("button", { name: "Send report" }).click();
    await expect(dialog.getByRole("status")).toContainText(CONFIRMATION);
    const [stored] = reportsWith(tag);

    await loginAsAdmin(page, `/admin/reports?q=${tag}`);
    await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
    // The navigation counts the open reports: this one.
    const nav = page.getByRole("navigation", { name: "Admin" });
    await expect(nav.getByRole("link", { name: "Reports 1 open", exact: true })).toHaveAttribute("href", "/admin/reports");
    await expect(page.getByLabel("Status")).toHaveValue("open");
    await expect(rows(page)).toHaveCount(1);
    const row = rows(page).first();
    for (const text of [LISTING, "Seattle, Washington", "Closed for good", "the shutters are down", "rosa@example.com"]) {
      await expect(row).toContainText(text);
    }
    await expect(row.locator("time").first()).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);

    await row.getByRole("button", { name: `Mark resolved: ${LISTING} (Closed for good)` }).click();
    await expect(toasts(page).getByText(`The report on ${LISTING} was marked resolved.`)).toBeVisible();
    await expect(page.getByText("No open reports match your search.")).toBeVisible();
    await expect(nav.getByRole("link", { name: "Reports", exact: true })).toBeVisible();

    const [resolved] = reportsWith(tag);
    expect(resolved).toMatchObject({ id: stored!.id, status: "resolved", reviewed_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    expect(
      withDatabase((db) =>
        db
          .prepare("select action, actor, details from audit_log where entity_type = 'listing_report' and entity_id = ?")
          .all(String(stored!.id)),
      ),
    ).toEqual([
      {
        action: "listing_report.resolve",
        actor: "admin@example.com",
        details: JSON.stringify({ label: LISTING, kind: "Closed for good" }),
      },
    ]);

    await page.getByLabel("Status").selectOption("resolved");
    await expect(page).toHaveURL(/status=resolved/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText("Resolved");
    await expect(rows(page).first().getByRole("button")).toHaveCount(0);
  });

  test("the listing's name opens the listing's editor", async ({ page }) => {
    const tag = uniqueTag();
    insertReport(`${tag} wrong street`, { kind: "wrong-address" });
    await loginAsAdmin(page, `/admin/reports?q=${tag}`);
    await rows(page)
      .first()
      .getByRole("link", { name: `${LISTING} (edit listing)` })
      .click();

    await expect(page).toHaveURL(
      (url) => url.pathname === "/admin/wholesalers" && url.searchParams.get("edit") === String(listingId(LISTING)),
    );
    const editor = page.getByRole("dialog", { name: `Edit ${LISTING}` });
    await expect(editor).toBeVisible();
    await expect(editor.getByLabel("Business name")).toHaveValue(LISTING);
    await editor.getByRole("button", { name: "Cancel" }).click();
    await expect(editor).toBeHidden();
    // Closed, the editor stays closed when the page reloads; the list still shows the listing.
    await expect(page).toHaveURL((url) => !url.searchParams.has("edit") && url.searchParams.get("q") === LISTING);
    await expect(rows(page).filter({ hasText: LISTING })).toHaveCount(1);
  });

  test("Dismiss closes a report; a report someone else closed first is left as it is, and the admin is told", async ({
    page,
    pageErrors,
  }) => {
    const tag = uniqueTag();
    insertReport(`${tag} one`, { kind: "not-a-flower-supplier" });
    insertReport(`${tag} two`, { kind: "wrong-phone-or-hours" });
    await loginAsAdmin(page, `/admin/reports?q=${tag}`);
    await expect(rows(page)).toHaveCount(2);

    await page.getByRole("button", { name: `Dismiss: ${LISTING} (Not a flower supplier)` }).click();
    await expect(toasts(page).getByText(`The report on ${LISTING} was dismissed.`)).toBeVisible();
    await expect(rows(page)).toHaveCount(1);
    expect(reportsWith(`${tag} one`)[0]!.status).toBe("dismissed");

    withDatabase((db) =>
      db
        .prepare("update listing_reports set status = 'resolved', reviewed_at = ? where details = ?")
        .run(new Date().toISOString(), `${tag} two`),
    );
    await page.getByRole("button", { name: `Dismiss: ${LISTING} (Wrong phone number or hours)` }).click();
    await expect(
      toasts(page).getByText("This report was already marked resolved, so it was left as it is. The list now shows its current state."),
    ).toBeVisible();
    await expect(page.getByText("No open reports match your search.")).toBeVisible();
    expect(reportsWith(`${tag} two`)[0]!.status).toBe("resolved");
    expect(withDatabase((db) => db.prepare("select action from audit_log where entity_type = 'listing_report' order by id").all())).toEqual(
      [{ action: "listing_report.dismiss" }],
    );

    await page.getByLabel("Status").selectOption("all");
    await expect(rows(page)).toHaveCount(2);
    acceptLoggedStatuses(pageErrors, 409);
  });

  test("the Reports screen reads well on a phone", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const tag = uniqueTag();
    insertReport(`${tag} the hours on the card are last year's`, {
      kind: "wrong-phone-or-hours",
      email: "a.very.long.address@example.com",
    });
    await loginAsAdmin(page, `/admin/reports?q=${tag}`);
    const resolve = page.getByRole("button", { name: /^Mark resolved/ });
    await resolve.scrollIntoViewIfNeeded();
    await expect(resolve).toBeInViewport({ ratio: 1 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });
});
