import { acceptLoggedFailures, E2E_ADMIN, waitForHydration } from "./fixtures";
import { expect, type Cookie, type Page } from "@playwright/test";

export { E2E_ADMIN };

/**
 * The session of this worker's first sign-in. Each Playwright worker is a process of its own, so this is
 * one session per worker, reused by the tests that only need to be signed in; signing in costs a scrypt
 * hash (about half a second alone, more on a busy machine) and two page loads.
 */
let workerSession: Cookie | undefined;

/**
 * Signs in and waits for `next`, the admin page to arrive at (default: the dashboard). The first call in
 * a worker goes through the sign-in page as a person would; later calls reuse that session unless `fresh`
 * asks for a sign-in of the test's own (tests that sign out, or that test signing in itself). A reused
 * session that has ended meanwhile falls back to signing in.
 */
export async function loginAsAdmin(page: Page, next = "/admin", { fresh = false }: { fresh?: boolean } = {}) {
  if (!fresh && workerSession) {
    await page.context().addCookies([workerSession]);
    await page.goto(next);
    if (new URL(page.url()).pathname === new URL(next, page.url()).pathname) return;
  }
  await page.goto(`/admin/login?${new URLSearchParams({ next })}`);
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // Signing in hashes the password (scrypt, about half a second alone), so allow for a busy machine.
  await expect(page).toHaveURL((url) => url.pathname === new URL(next, url).pathname, { timeout: 20_000 });
  await waitForHydration(page);
  if (!fresh) workerSession = (await page.context().cookies()).find((cookie) => cookie.name === "__Host-wff_session");
}

/** Accepts the browser's log lines for responses that answer one of these statuses on purpose. */
export function acceptLoggedStatuses(pageErrors: string[], ...statuses: number[]) {
  acceptLoggedFailures(pageErrors, new RegExp(`Failed to load resource: the server responded with a status of (${statuses.join("|")})\\b`));
}
