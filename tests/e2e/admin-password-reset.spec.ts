import type { Page } from "@playwright/test";
import { PASSWORD_CHANGED_MESSAGE, RESET_REQUESTED_MESSAGE } from "../../app/services/auth/password-reset-form";
import { E2E_ADMIN, expect, expectAccessible, test, withDatabase } from "./fixtures";

const NEW_PASSWORD = "a new e2e admin password";

/** The admin's stored password hash. */
const storedHash = () =>
  withDatabase(
    (db) =>
      (db.prepare("select password_hash from admin_users where email = ?").get(E2E_ADMIN.email) as { password_hash: string }).password_hash,
  );

/**
 * The fixtures put admin_users back only when a column other than its hash and dates changed: a test that sets a new
 * password puts the old one back itself, so that the other tests of the worker still sign in with E2E_ADMIN's.
 */
async function keepingThePassword(run: () => Promise<void>) {
  const original = storedHash();
  try {
    await run();
  } finally {
    withDatabase((db) => db.prepare("update admin_users set password_hash = ? where email = ?").run(original, E2E_ADMIN.email));
  }
}

/**
 * The reset link of the latest message to the admin, as the outbox keeps it (the browser tests' servers have no
 * SMTP server: Admin → Mail shows it), once the sender has marked it kept; its path on the test server.
 */
async function linkFromOutbox(): Promise<string> {
  const latest = () =>
    withDatabase(
      (db) =>
        db
          .prepare(
            "select status, subject, text from mail_outbox where kind = 'password-reset' and recipient_normalized = ? order by id desc",
          )
          .get(E2E_ADMIN.email) as { status: string; subject: string; text: string } | undefined,
    );
  await expect.poll(() => latest()?.status).toBe("kept");
  const mail = latest()!;
  expect(mail.subject).toBe("Reset your Wholesale Flower Finder admin password");
  const link = /https?:\/\/\S+\/admin\/reset-password\?token=[\w-]+/.exec(mail.text)?.[0];
  expect(link, "the reset link in the message's text").toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

async function askForLink(page: Page) {
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByRole("status")).toHaveText(RESET_REQUESTED_MESSAGE);
  await expect(page.getByLabel("Email")).toHaveCount(0);
}

async function setNewPassword(page: Page, resetPath: string) {
  await page.goto(resetPath);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose a new password");
  await expect(page.getByText(E2E_ADMIN.email)).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Confirm the new password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Set the new password" }).click();
  await expect(page).toHaveURL("/admin/login?reset=done");
  await expect(page.getByRole("status")).toHaveText(PASSWORD_CHANGED_MESSAGE);
}

async function signIn(page: Page, password: string) {
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // Signing in hashes the password (scrypt), so allow for a busy machine.
  await expect(page).toHaveURL("/admin", { timeout: 20_000 });
}

test.describe("admin password reset", () => {
  test("from the sign-in page: ask for a link, open it from the kept message, set a new password and sign in with it", async ({ page }) => {
    await keepingThePassword(async () => {
      await page.goto("/admin/login");
      await page.getByRole("link", { name: "Forgot password?" }).click();
      await expect(page).toHaveURL("/admin/forgot-password");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Forgot password");
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
      await expectAccessible(page);
      await askForLink(page);

      const resetPath = await linkFromOutbox();
      await page.goto(resetPath);
      await expectAccessible(page);
      await setNewPassword(page, resetPath);
      await expectAccessible(page);
      await signIn(page, NEW_PASSWORD);

      // The link was spent: opened again, it says so and leads to asking for a new one.
      await page.goto(resetPath);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Link expired");
      await expect(page.getByRole("alert")).toHaveText("This link has expired or was already used. Ask for a new one.");
      await expect(page.getByLabel("New password", { exact: true })).toHaveCount(0);
      await page.getByRole("link", { name: "Ask for a new link" }).click();
      await expect(page).toHaveURL("/admin/forgot-password");
    });
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("both forms work: the request, and the new password", async ({ page }) => {
      await keepingThePassword(async () => {
        await page.goto("/admin/forgot-password");
        await askForLink(page);
        await setNewPassword(page, await linkFromOutbox());
        await signIn(page, NEW_PASSWORD);
      });
    });
  });
});
