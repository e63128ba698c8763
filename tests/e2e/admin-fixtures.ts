import { acceptLoggedFailures } from "./fixtures";
import { expect, type Page } from "@playwright/test";

/** The admin the e2e server creates at start from ADMIN_EMAIL and ADMIN_PASSWORD (playwright.config.ts). */
export const E2E_ADMIN = { email: "admin@example.com", password: "e2e-admin-password-123" } as const;

/**
 * Signs in through the sign-in page, as a person would, and waits for the page it leads to.
 * `next` is the admin page to arrive at (default: the dashboard).
 */
export async function loginAsAdmin(page: Page, next = "/admin") {
  await page.goto(`/admin/login?${new URLSearchParams({ next })}`);
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // Signing in hashes the password (scrypt, about half a second alone), so allow for a busy machine.
  await expect(page).toHaveURL((url) => url.pathname === new URL(next, url).pathname, { timeout: 20_000 });
}

/** Accepts the browser's log lines for responses that answer one of these statuses on purpose. */
export function acceptLoggedStatuses(pageErrors: string[], ...statuses: number[]) {
  acceptLoggedFailures(pageErrors, new RegExp(`Failed to load resource: the server responded with a status of (${statuses.join("|")})\\b`));
}
