import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { loginAsAdmin } from "./admin-fixtures";
import { expect, expectAccessible, test, withDatabase } from "./fixtures";

const uniqueTag = () => `e2e${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const rows = (page: Page) => page.getByRole("table", { name: "Newsletter subscribers" }).locator("tbody tr");

type Status = "pending" | "confirmed" | "unsubscribed" | "undeliverable";

/**
 * Adds subscribers straight to the database, confirmed unless told otherwise: a confirmed one confirmed an hour
 * after subscribing, an unsubscribed one carries an unsubscribe time, a pending one its confirmation token.
 */
function insertSubscribers(subscribers: { email: string; createdAt: string; status?: Status }[]) {
  withDatabase((db) => {
    const insert = db.prepare(
      `insert into newsletter_subscribers (email, email_normalized, unsubscribe_token, created_at, status, confirm_token, confirmed_at, unsubscribed_at)
       values (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const s of subscribers) {
      const status = s.status ?? "confirmed";
      insert.run(
        s.email,
        s.email.toLowerCase(),
        crypto.randomBytes(24).toString("base64url"),
        s.createdAt,
        status,
        status === "pending" ? crypto.randomBytes(24).toString("base64url") : null,
        status === "confirmed" ? confirmedAt(s.createdAt) : null,
        status === "unsubscribed" ? "2026-03-01T00:00:00.000Z" : null,
      );
    }
  });
}

const confirmedAt = (createdAt: string) => new Date(Date.parse(createdAt) + 3_600_000).toISOString();
const tokenOf = (email: string) =>
  (
    withDatabase((db) => db.prepare("select unsubscribe_token from newsletter_subscribers where email = ?").get(email)) as {
      unsubscribe_token: string;
    }
  ).unsubscribe_token;

test.describe("admin subscribers", () => {
  test("lists subscribers newest first, 10 a page, searches by email and filters by each of the four statuses", async ({ page }) => {
    const tag = uniqueTag();
    const statusOf = (i: number): Status => (i % 4 === 0 ? "unsubscribed" : i === 5 ? "pending" : i === 6 ? "undeliverable" : "confirmed");
    insertSubscribers(
      Array.from({ length: 12 }, (_, i) => ({
        email: `${tag}-${String(i).padStart(2, "0")}@example.com`,
        createdAt: `2026-02-${String(i + 1).padStart(2, "0")}T12:00:00.000Z`,
        status: statusOf(i),
      })),
    );
    await loginAsAdmin(page, "/admin/subscribers");
    await expect(page.getByRole("heading", { level: 1, name: "Subscribers" })).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel("Search subscribers").fill(tag);
    await expect(page).toHaveURL(new RegExp(`q=${tag}`));
    await expect(page.getByText("12 subscribers match.", { exact: false })).toBeVisible();
    await expect(rows(page)).toHaveCount(10);
    await expect(rows(page).first()).toContainText(`${tag}-11@example.com`);
    await expect(rows(page).first()).toContainText("Confirmed");
    await expect(rows(page).first().locator("time").first()).toHaveAttribute("datetime", "2026-02-12T12:00:00.000Z");
    // A confirmed subscriber shows when it confirmed; the others have no such line.
    await expect(rows(page).first().locator("time").nth(1)).toHaveAttribute("datetime", "2026-02-12T13:00:00.000Z");
    await expect(
      rows(page)
        .first()
        .getByText(/^Confirmed \w{3} \d+, 2026/),
    ).toBeVisible();
    const pendingRow = rows(page).filter({ hasText: `${tag}-05@example.com` });
    await expect(pendingRow).toContainText("Pending");
    await expect(pendingRow.locator("time")).toHaveCount(1);
    await expect(rows(page).filter({ hasText: `${tag}-06@example.com` })).toContainText("Undeliverable");
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await expect(pagination).toContainText("Page 1 of 2");
    await pagination.getByRole("link", { name: "Next" }).click();
    await expect(rows(page)).toHaveCount(2);
    await expect(rows(page).last()).toContainText(`${tag}-00@example.com`);
    await expect(rows(page).last()).toContainText("Unsubscribed");

    await expect(page.getByLabel("Status").locator("option")).toHaveText([
      "All statuses",
      "Pending",
      "Confirmed",
      "Unsubscribed",
      "Undeliverable",
    ]);
    await page.getByLabel("Status").selectOption("unsubscribed");
    await expect(page).toHaveURL(/status=unsubscribed/);
    await expect(rows(page)).toHaveCount(3);
    await expect(pagination).toHaveCount(0);
    await page.getByLabel("Status").selectOption("confirmed");
    await expect(page).toHaveURL(/status=confirmed/);
    await expect(rows(page)).toHaveCount(7);
    await expect(pagination).toHaveCount(0);
    await page.getByLabel("Status").selectOption("pending");
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toContainText(`${tag}-05@example.com`);
    await page.getByLabel("Status").selectOption("undeliverable");
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toContainText(`${tag}-06@example.com`);

    await page.getByLabel("Search subscribers").fill(`${tag}-nobody`);
    await expect(page.getByText("No subscribers found matching your criteria")).toBeVisible();
  });

  test("removes a subscriber after the exact confirmation, and logs it", async ({ page }) => {
    const email = `${uniqueTag()}-remove@example.com`;
    insertSubscribers([{ email, createdAt: "2026-02-01T00:00:00.000Z" }]);
    const { id } = withDatabase((db) => db.prepare("select id from newsletter_subscribers where email = ?").get(email)) as { id: number };
    await loginAsAdmin(page, `/admin/subscribers?q=${encodeURIComponent(email)}`);
    await expect(rows(page)).toHaveCount(1);

    await page.getByRole("button", { name: `Delete ${email}` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete subscriber" });
    await expect(confirm).toContainText(email);
    await expect(confirm).toContainText("Are you sure you want to delete this subscriber? This action cannot be undone.");
    await expectAccessible(page);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(rows(page)).toHaveCount(1);

    await page.getByRole("button", { name: `Delete ${email}` }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("No subscribers found matching your criteria")).toBeVisible();
    await expect(page.getByRole("region", { name: "Notifications (F8)" }).getByText("The subscriber was removed.")).toBeVisible();
    expect(withDatabase((db) => db.prepare("select count(*) n from newsletter_subscribers where id = ?").get(id))).toEqual({ n: 0 });
    const audit = withDatabase((db) =>
      db.prepare("select action, actor, details from audit_log where entity_type = 'subscriber' and entity_id = ?").all(String(id)),
    );
    expect(audit).toEqual([{ action: "subscriber.delete", actor: "admin@example.com", details: JSON.stringify({ label: email }) }]);
  });

  test("exports the listed subscribers as CSV with their status and unsubscribe links, quoting fields and neutralising formulas", async ({
    page,
  }) => {
    const tag = uniqueTag();
    const plain = `${tag}-plain@example.com`;
    const formula = `=${tag}@example.com`;
    const quoted = `"${tag},quoted"@example.com`;
    const waiting = `${tag}-waiting@example.com`;
    insertSubscribers([
      { email: plain, createdAt: "2026-01-01T08:00:00.000Z" },
      { email: formula, createdAt: "2026-01-02T08:00:00.000Z", status: "unsubscribed" },
      { email: quoted, createdAt: "2026-01-03T08:00:00.000Z" },
      { email: waiting, createdAt: "2026-01-04T08:00:00.000Z", status: "pending" },
    ]);
    // The links are on the site's public origin (SITE_URL, its default on the test servers), not the server's own.
    const unsubscribeUrl = (email: string) => `https://www.wholesaleflowerfinder.com/newsletter/unsubscribe?token=${tokenOf(email)}`;
    await loginAsAdmin(page, `/admin/subscribers?q=${tag}`);
    const link = page.getByRole("link", { name: "Export these as CSV" });
    await expect(link).toHaveAttribute("href", `/admin/subscribers.csv?q=${tag}`);

    const response = await page.request.get((await link.getAttribute("href"))!);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(await response.text()).toBe(
      "email,subscribed_at,status,confirmed_at,unsubscribe_url\r\n" +
        `${plain},2026-01-01T08:00:00.000Z,confirmed,2026-01-01T09:00:00.000Z,${unsubscribeUrl(plain)}\r\n` +
        `'${formula},2026-01-02T08:00:00.000Z,unsubscribed,,\r\n` +
        `"""${tag},quoted""@example.com",2026-01-03T08:00:00.000Z,confirmed,2026-01-03T09:00:00.000Z,${unsubscribeUrl(quoted)}\r\n` +
        `${waiting},2026-01-04T08:00:00.000Z,pending,,\r\n`,
    );

    const unsubscribedOnly = await page.request.get(`/admin/subscribers.csv?q=${tag}&status=unsubscribed`);
    expect((await unsubscribedOnly.text()).split("\r\n")).toEqual([
      "email,subscribed_at,status,confirmed_at,unsubscribe_url",
      `'${formula},2026-01-02T08:00:00.000Z,unsubscribed,,`,
      "",
    ]);

    const all = await (await page.request.get("/admin/subscribers.csv")).text();
    expect(all.startsWith("email,subscribed_at,status,confirmed_at,unsubscribe_url\r\n")).toBe(true);
    expect(all).toContain(`${plain},2026-01-01T08:00:00.000Z,confirmed,2026-01-01T09:00:00.000Z,${unsubscribeUrl(plain)}\r\n`);

    const exports = withDatabase((db) =>
      db.prepare("select actor, details from audit_log where action = 'subscriber.export' and details like ? order by id").all(`%${tag}%`),
    ) as { actor: string; details: string }[];
    expect(exports.map((e) => JSON.parse(e.details) as unknown)).toEqual([
      { label: "4 subscribers", count: 4, q: tag },
      { label: "1 subscriber", count: 1, q: tag, status: "unsubscribed" },
    ]);
    expect(exports.every((e) => e.actor === "admin@example.com")).toBe(true);
  });

  test("the export and the list send visitors without a session to sign in; the action answers 401 and 403", async ({
    page,
    playwright,
    baseURL,
  }) => {
    const email = `${uniqueTag()}-guarded@example.com`;
    insertSubscribers([{ email, createdAt: "2026-02-01T00:00:00.000Z" }]);
    const { id } = withDatabase((db) => db.prepare("select id from newsletter_subscribers where email = ?").get(email)) as { id: number };

    const anonymous = await playwright.request.newContext({ baseURL });
    const csv = await anonymous.get("/admin/subscribers.csv", { maxRedirects: 0 });
    expect(csv.status()).toBe(302);
    expect(csv.headers()["location"]).toBe("/admin/login?next=%2Fadmin%2Fsubscribers.csv");
    expect(await csv.text()).not.toContain("@");
    const noSession = await anonymous.post("/admin/subscribers", { form: { intent: "delete", id: String(id) } });
    expect(noSession.status()).toBe(401);
    expect(await noSession.json()).toEqual({ message: "Please sign in to continue." });
    await anonymous.dispose();

    await page.goto("/admin/subscribers.csv");
    await expect(page).toHaveURL("/admin/login?next=%2Fadmin%2Fsubscribers.csv");

    await loginAsAdmin(page, "/admin/subscribers");
    const crossSite = await page.request.post("/admin/subscribers", {
      form: { intent: "delete", id: String(id) },
      headers: { Origin: "https://evil.example" },
    });
    expect(crossSite.status()).toBe(403);
    expect(withDatabase((db) => db.prepare("select count(*) n from newsletter_subscribers where id = ?").get(id))).toEqual({ n: 1 });
  });
});
