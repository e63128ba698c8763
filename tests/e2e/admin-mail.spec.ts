import AxeBuilder from "@axe-core/playwright";
import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { acceptLoggedStatuses, E2E_ADMIN, loginAsAdmin } from "./admin-fixtures";
import { acceptLoggedFailures, expect, expectAccessible, test, withDatabase } from "./fixtures";

/** The public origin the test servers' messages link to (SITE_URL's default); the servers themselves run on 127.0.0.1. */
const SITE_URL = "https://www.wholesaleflowerfinder.com";
const MESSAGE_FRAME = 'iframe[title^="HTML part of"]';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const outbox = (page: Page) => page.getByRole("table", { name: "Outbox" }).locator("tbody tr");
const keptCount = async (page: Page) =>
  Number(
    await page
      .getByRole("region", { name: "Messages by status" })
      .locator("div", { hasText: "Kept (not sent)" })
      .locator("dd")
      .textContent(),
  );

interface OutboxRow {
  kind: string;
  recipient: string;
  subject: string;
  status: string;
  attempts?: number;
  createdAt: string;
  sentAt?: string;
  smtpResponse?: string;
  lastError?: string;
  interrupted?: number;
  headers?: Record<string, string>;
}

/** Messages straight into the outbox (the server's sender keeps queued ones at once, so these are kept, sent or failed). */
function insertMail(rows: OutboxRow[]) {
  withDatabase((db) => {
    const insert = db.prepare(
      `insert into mail_outbox (kind, recipient, recipient_normalized, subject, html, text, headers, status, attempts, next_attempt_at,
         sent_at, smtp_response, last_error, interrupted, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const row of rows) {
      insert.run(
        row.kind,
        row.recipient,
        row.recipient.toLowerCase(),
        row.subject,
        `<html><head></head><body><h1>${row.subject}</h1></body></html>`,
        row.subject,
        JSON.stringify(row.headers ?? {}),
        row.status,
        row.attempts ?? 0,
        row.createdAt,
        row.sentAt ?? null,
        row.smtpResponse ?? null,
        row.lastError ?? null,
        row.interrupted ?? 0,
        row.createdAt,
      );
    }
  });
}

/**
 * Chromium reports each time the test's tools (the locators, axe) try to run a script inside the message's frame and
 * its sandbox refuses: the sandbox at work, not an error of the page. Only that line about the frame is accepted.
 */
const acceptSandboxRefusals = (pageErrors: string[]) =>
  acceptLoggedFailures(
    pageErrors,
    /^console\.error: Blocked script execution in 'http:\/\/[^']+\/admin\/(mail\/\d+\/html|newsletter\/\d+\/email)' because the document's frame is sandboxed and the 'allow-scripts' permission is not set\.$/,
  );

/**
 * expectAccessible for a message's page. axe runs inside each frame, which the message's sandbox (no scripts) does not
 * allow, so it checks the page around the frame; the frame's own name is asserted by the test.
 */
async function expectAccessibleAroundMessage(page: Page) {
  const results = await new AxeBuilder({ page }).exclude(MESSAGE_FRAME).analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

/** Opens the settings screen on its Mail tab, once the page's scripts run (switching tabs needs them). */
async function openMailSettings(page: Page) {
  await page.goto("/admin/settings");
  const tab = page.getByRole("tab", { name: "Mail" });
  await expect(async () => {
    await tab.click();
    await expect(tab).toHaveAttribute("aria-selected", "true", { timeout: 1000 });
  }).toPass();
}

test.describe("admin mail", () => {
  test("an admin sends the test message to themself and finds it kept in the outbox", async ({ page }) => {
    await loginAsAdmin(page, "/admin/mail");
    await expect(page).toHaveTitle(/^Mail \| .+ Admin$/);
    await expect(page.getByRole("heading", { level: 1, name: "Mail" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Mail", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    // The test servers have no SMTP_URL: every message stays here.
    await expect(page.getByText("SMTP_URL is not set: messages are kept here, not sent")).toBeVisible();
    await expect(page.getByText("Sent through the SMTP server in SMTP_URL")).toHaveCount(0);
    const keptBefore = await keptCount(page);
    await expectAccessible(page);

    await page.getByRole("button", { name: "Send a test message to me" }).click();
    await expect(
      page.getByRole("region", { name: "Notifications (F8)" }).getByText(`Test message queued for ${E2E_ADMIN.email}.`),
    ).toBeVisible();
    const row = outbox(page).first();
    await expect(row).toContainText(E2E_ADMIN.email);
    await expect(row.locator('td[data-label="Subject"]')).toContainText(/^Test message from /);
    await expect(row.locator('td[data-label="Kind"]')).toHaveText("Test message");
    // The sender marks it kept within a moment; the list shows what it found when it reloaded.
    await expect(async () => {
      if (!((await row.textContent()) ?? "").includes("Kept (not sent)")) await page.reload();
      await expect(row).toContainText("Kept (not sent)", { timeout: 1000 });
    }).toPass();
    await expect(row).toContainText("Not sent");
    expect(await keptCount(page)).toBe(keptBefore + 1);

    const audit = withDatabase((db) =>
      db.prepare("select action, actor, entity_type, entity_id from audit_log where action = 'mail.test'").all(),
    );
    const { id } = withDatabase((db) => db.prepare("select id from mail_outbox where kind = 'test' order by id desc").get()) as {
      id: number;
    };
    expect(audit).toEqual([{ action: "mail.test", actor: E2E_ADMIN.email, entity_type: "mail", entity_id: String(id) }]);
  });

  test("the test message opens whole: details, its text part, and its HTML in a sandboxed frame whose links open on this server", async ({
    page,
    baseURL,
    context,
    pageErrors,
  }) => {
    await loginAsAdmin(page, "/admin/mail");
    await page.getByRole("button", { name: "Send a test message to me" }).click();
    await expect(page.getByText(`Test message queued for ${E2E_ADMIN.email}.`, { exact: true })).toBeVisible();
    const { id } = withDatabase((db) => db.prepare("select id from mail_outbox where kind = 'test' order by id desc").get()) as {
      id: number;
    };
    await outbox(page)
      .first()
      .getByRole("link", { name: /Test message from / })
      .click();
    await expect(page).toHaveURL(`/admin/mail/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: /^Test message from / })).toBeVisible();
    await expect(page.getByText(`Test message to ${E2E_ADMIN.email}`)).toBeVisible();
    const details = page.getByRole("region", { name: "Details" });
    await expect(details).toContainText(E2E_ADMIN.email);
    await expect(details).toContainText("Test message");

    const text = page.getByRole("region", { name: "Plain-text part" }).locator("pre");
    await expect(text).toContainText("THIS IS A TEST MESSAGE");
    await expect(text).toContainText("If you can read this, the site can write to you.");

    const iframe = page.getByTitle(/^HTML part of “Test message from /);
    await expect(iframe).toHaveAttribute("sandbox", "allow-popups allow-popups-to-escape-sandbox");
    const frame = page.frameLocator(MESSAGE_FRAME);
    await expect(frame.getByRole("heading", { name: "This is a test message" })).toBeVisible();
    // Styled as it is mailed: the frame is a document of its own whose policy allows a message's inline styles, which
    // the admin page's own policy refuses (server/security.ts).
    await expect(iframe).toHaveAttribute("src", `/admin/mail/${id}/html`);
    await expect(frame.locator("body")).toHaveCSS("background-color", "rgb(250, 250, 249)");
    // The site runs on another origin than SITE_URL here, so its links point at this server, and open in a new tab.
    await expect(page.getByText(`Links to ${SITE_URL} open on this server (${baseURL}).`)).toBeVisible();
    const home = frame.locator(`a[href="${baseURL}"]`);
    await expect(home).toHaveCount(1);
    await expect(frame.locator(`a[href^="${SITE_URL}"]`)).toHaveCount(0);
    const opened = context.waitForEvent("page");
    await home.click();
    const tab = await opened;
    await expect(tab).toHaveURL(`${baseURL}/`);
    await tab.close();
    await expectAccessibleAroundMessage(page);
    acceptSandboxRefusals(pageErrors);
  });

  test("shows each message's status, filters by status and kind, searches recipient and subject, and opens a message's headers", async ({
    page,
    pageErrors,
  }) => {
    const tag = unique();
    insertMail([
      {
        kind: "newsletter",
        recipient: `${tag}-reader@example.com`,
        subject: `${tag} Spring issue`,
        status: "sent",
        attempts: 2,
        createdAt: "2030-01-01T10:00:00.000Z",
        sentAt: "2030-01-01T10:05:00.000Z",
        smtpResponse: "250 2.0.0 OK queued as ABC123",
        interrupted: 1,
        headers: { "List-Unsubscribe": `<${SITE_URL}/newsletter/unsubscribe?token=abc>` },
      },
      {
        kind: "receipt",
        recipient: `${tag}-owner@example.com`,
        subject: `${tag} We received your listing request`,
        status: "failed",
        attempts: 8,
        createdAt: "2030-01-02T10:00:00.000Z",
        lastError: "Given up after 8 attempts. Last: 421 try again later",
      },
      {
        kind: "confirm",
        recipient: `${tag}-new@example.com`,
        subject: `${tag} Confirm your subscription`,
        status: "kept",
        createdAt: "2030-01-03T10:00:00.000Z",
      },
    ]);
    await loginAsAdmin(page, `/admin/mail?q=${tag}`);
    await expect(outbox(page)).toHaveCount(3);
    // Newest first.
    await expect(outbox(page).nth(0)).toContainText(`${tag}-new@example.com`);
    await expect(outbox(page).nth(0)).toContainText("Newsletter confirmation");
    const failed = outbox(page).nth(1);
    await expect(failed).toContainText("Failed");
    await expect(failed).toContainText("8 attempts");
    await expect(failed).toContainText("Given up after 8 attempts. Last: 421 try again later");
    const sent = outbox(page).nth(2);
    await expect(sent).toContainText("Sent");
    await expect(sent).toContainText("2 attempts");
    await expect(sent).toContainText("Sent again after an interrupted send");
    await expect(sent.locator("time")).toHaveCount(2);
    await expect(sent.locator("time").last()).toHaveAttribute("datetime", "2030-01-01T10:05:00.000Z");

    await page.getByLabel("Status", { exact: true }).selectOption("failed");
    await expect(page).toHaveURL(/status=failed/);
    await expect(outbox(page)).toHaveCount(1);
    await expect(outbox(page)).toContainText(`${tag}-owner@example.com`);
    await page.getByLabel("Status", { exact: true }).selectOption("");
    await page.getByLabel("Kind").selectOption("newsletter");
    await expect(page).toHaveURL(/kind=newsletter/);
    await expect(outbox(page)).toHaveCount(1);
    await page.getByLabel("Kind").selectOption("");
    await page.getByLabel("Search mail").fill(`${tag}-OWNER`);
    await expect(outbox(page)).toHaveCount(1);
    await page.getByLabel("Search mail").fill(`${tag} spring`);
    await expect(outbox(page)).toHaveCount(1);
    await page.getByLabel("Search mail").fill(`${tag}-nobody`);
    await expect(page.getByText("No messages match your search.")).toBeVisible();

    await page.goto(`/admin/mail?q=${tag}&kind=newsletter`);
    await outbox(page)
      .getByRole("link", { name: `${tag} Spring issue` })
      .click();
    const details = page.getByRole("region", { name: "Details" });
    await expect(details).toContainText("250 2.0.0 OK queued as ABC123");
    await expect(details).toContainText(`List-Unsubscribe: <${SITE_URL}/newsletter/unsubscribe?token=abc>`);
    await expect(details).toContainText("Sent again after an interrupted send");
    await expect(page.frameLocator(MESSAGE_FRAME).getByRole("heading", { name: `${tag} Spring issue` })).toBeVisible();
    acceptSandboxRefusals(pageErrors);
  });

  test("an unknown or malformed message id is the admin's 404", async ({ page, pageErrors }) => {
    await loginAsAdmin(page, "/admin/mail");
    for (const path of ["/admin/mail/999999", "/admin/mail/abc", "/admin/mail/0", "/admin/mail/99999999999"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
    }
    acceptLoggedStatuses(pageErrors, 404);
  });

  test("on a phone each message is a card with labelled fields and the test button is in reach", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const tag = unique();
    insertMail([
      {
        kind: "digest",
        recipient: `${tag}@example.com`,
        subject: `${tag} Today on the site`,
        status: "kept",
        createdAt: "2030-02-01T10:00:00.000Z",
      },
    ]);
    await loginAsAdmin(page, `/admin/mail?q=${tag}`);
    await expect(page.getByRole("button", { name: "Send a test message to me" })).toBeInViewport();
    const card = outbox(page).first();
    await expect(card).toContainText(`${tag}@example.com`);
    await expect(card.locator('td[data-label="Kind"]')).toContainText("Admin digest");
    const box = await card.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
  });

  test("Settings → Mail saves a postal address that the next message carries, and refuses a negative rate", async ({
    page,
    pageErrors,
  }) => {
    const savedBefore = withDatabase((db) => db.prepare("select count(*) as n from settings where key = 'mail'").get()) as { n: number };
    expect(savedBefore.n, "the mail settings start at their defaults").toBe(0);
    const address = `${unique()} Bloom Lane, Portland, OR 97201`;
    try {
      await loginAsAdmin(page, "/admin/settings");
      await openMailSettings(page);
      await expect(page.getByLabel("Messages per second")).toHaveValue("0");
      await expect(page.getByLabel("Messages per second")).toHaveAccessibleDescription("0 sends as fast as the SMTP server accepts");
      await expect(page.getByLabel("Postal address")).toHaveAccessibleDescription(
        "Printed at the foot of every newsletter. The CAN-SPAM Act asks for a valid physical postal address.",
      );
      await expect(page.getByLabel("Admin digest").locator("option")).toHaveText(["Off", "Once a day", "At once, for each new item"]);
      await expect(page.getByLabel("Admin digest")).toHaveAccessibleDescription(
        "New listing requests, reports and suggestions, mailed to every admin.",
      );
      await expectAccessible(page);

      await page.getByLabel("Messages per second").fill("-1");
      await page.getByRole("button", { name: "Save Mail Settings" }).click();
      await expect(page.getByLabel("Messages per second")).toHaveAccessibleDescription(/Enter 0 \(no limit\) or more\./);
      await expect(page.getByLabel("Messages per second")).toHaveAttribute("aria-invalid", "true");
      expect(withDatabase((db) => db.prepare("select count(*) as n from settings where key = 'mail'").get())).toEqual({ n: 0 });

      await page.getByLabel("Messages per second").fill("5");
      await page.getByLabel("Postal address").fill(address);
      await page.getByLabel("Admin digest").selectOption("off");
      await page.getByRole("button", { name: "Save Mail Settings" }).click();
      await expect(page.getByText("Mail settings updated", { exact: true })).toBeVisible();
      await expect(page.getByText("Your mail settings have been saved successfully.", { exact: true })).toBeVisible();

      await openMailSettings(page);
      await expect(page.getByLabel("Postal address")).toHaveValue(address);
      await expect(page.getByLabel("Messages per second")).toHaveValue("5");
      await expect(page.getByLabel("Admin digest")).toHaveValue("off");

      await page.goto("/admin/mail");
      await page.getByRole("button", { name: "Send a test message to me" }).click();
      await expect(page.getByText(`Test message queued for ${E2E_ADMIN.email}.`, { exact: true })).toBeVisible();
      await outbox(page)
        .first()
        .getByRole("link", { name: /Test message from / })
        .click();
      await expect(page.frameLocator(MESSAGE_FRAME).getByText(address, { exact: false })).toBeVisible();
      acceptLoggedStatuses(pageErrors, 400);
      acceptSandboxRefusals(pageErrors);
    } finally {
      // Back to the defaults: no saved mail settings, and the server's settings cache dropped with the Clear cache tool.
      withDatabase((db) => db.prepare("delete from settings where key = 'mail'").run());
      expect((await page.request.post("/admin/tools/clear-cache")).status()).toBe(200);
    }
  });

  test("the subscribers filter shows a pending subscriber under Pending", async ({ page }) => {
    const email = `${unique()}-pending@example.com`;
    withDatabase((db) =>
      db
        .prepare(
          "insert into newsletter_subscribers (email, email_normalized, unsubscribe_token, created_at, status, confirm_token) values (?, ?, ?, ?, 'pending', ?)",
        )
        .run(
          email,
          email,
          crypto.randomBytes(24).toString("base64url"),
          "2030-03-01T00:00:00.000Z",
          crypto.randomBytes(24).toString("base64url"),
        ),
    );
    await loginAsAdmin(page, "/admin/subscribers");
    await page.getByLabel("Status").selectOption({ label: "Pending" });
    await expect(page).toHaveURL(/status=pending/);
    const rows = page.getByRole("table", { name: "Newsletter subscribers" }).locator("tbody tr");
    const row = rows.filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Pending");
    await page.getByLabel("Status").selectOption({ label: "Confirmed" });
    await expect(page).toHaveURL(/status=confirmed/);
    await expect(rows.filter({ hasText: email })).toHaveCount(0);
  });
});
