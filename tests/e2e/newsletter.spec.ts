import type { Page } from "@playwright/test";
import { acceptLoggedFailures, expect, test, waitForHydration, withDatabase } from "./fixtures";

/** The newest message kept for an address (the browser tests' servers have no SMTP server: the outbox keeps it). */
function latestMail(address: string, kind: string) {
  const rows = withDatabase((db) =>
    db
      .prepare("select subject, text, headers from mail_outbox where recipient_normalized = ? and kind = ? order by id desc limit 1")
      .all(address.toLowerCase(), kind),
  ) as { subject: string; text: string; headers: string }[];
  return rows[0];
}

/** A link of a message, opened on the server under test (messages link to SITE_URL). */
async function openLink(page: Page, text: string, path: string) {
  const link = new RegExp(`https?://[^\\s/]+(${path.replace("?", "\\?")}[\\w-]+)`).exec(text)?.[1];
  expect(link, `a ${path} link in the message`).toBeTruthy();
  await page.goto(link!);
}

const statusOf = (address: string) =>
  withDatabase((db) => db.prepare("select status from newsletter_subscribers where email_normalized = ?").all(address.toLowerCase()));

test.describe("the newsletter by mail", () => {
  test("subscribe on the home page, confirm from the mail in one click, then leave from the mail in one click", async ({ page }) => {
    const email = `reader-${Date.now()}@example.com`;
    await page.goto("/");
    await waitForHydration(page);
    const newsletter = page.locator("#newsletter");
    await newsletter.getByLabel("Email address").fill(email);
    await newsletter.getByRole("button", { name: "Subscribe" }).click();
    const toast = page
      .getByRole("region", { name: "Notifications (F8)" })
      .getByRole("listitem")
      .filter({ hasText: "Thanks for subscribing!" });
    await expect(toast).toContainText("check your inbox");
    expect(statusOf(email)).toEqual([{ status: "pending" }]);

    const confirmation = latestMail(email, "confirm");
    expect(confirmation?.subject).toBe("Confirm your subscription to Wholesale Flower Finder");
    // In a browser, the link's page presses its own Confirm button: one click in the mail is all it takes.
    await openLink(page, confirmation!.text, "/newsletter/confirm?token=");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're subscribed");
    await expect(page.getByRole("status")).toContainText(email);
    expect(statusOf(email)).toEqual([{ status: "confirmed" }]);

    // A second sign-up an hour later gets "already subscribed", whose link is the way out.
    withDatabase((db) =>
      db
        .prepare("update newsletter_subscribers set confirm_sent_at = ? where email_normalized = ?")
        .run(new Date(Date.now() - 3_600_000).toISOString(), email.toLowerCase()),
    );
    const answer = await page.request.post("/api/newsletter/subscribe", { data: { email } });
    expect(answer.status()).toBe(202);
    const already = latestMail(email, "already-subscribed");
    expect(already?.subject).toBe("You are already subscribed to Wholesale Flower Finder");
    await openLink(page, already!.text, "/newsletter/unsubscribe?token=");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You have been unsubscribed");
    expect(statusOf(email)).toEqual([{ status: "unsubscribed" }]);
  });

  test("a confirmation link that is not valid says so and offers to subscribe again", async ({ page, server, pageErrors }) => {
    server.expectLog(/^\/newsletter\/confirm\?token=/);
    const response = await page.goto("/newsletter/confirm?token=NotARealTokenAtAllNotOne12345");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirmation Link Not Found");
    await page.getByRole("link", { name: "Subscribe again" }).click();
    await expect(page).toHaveURL(/\/newsletter$/);
    acceptLoggedFailures(pageErrors, /status of 404/);
  });
});
