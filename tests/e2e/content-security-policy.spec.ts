import { loginAsAdmin } from "./admin-fixtures";
import { expect, test } from "./fixtures";

/**
 * The policy in a real browser (server/security.ts, decision 049). Every test of this suite fails on a console error,
 * and a refused script or style is one; these look at the two forms of the policy where they matter most.
 */

test("a public page from the page cache carries no nonce, and its scripts, named by their hashes, run", async ({ page }) => {
  // Kept by the server's page cache, not by this browser (which would ask with its ETag and get a 304).
  expect((await page.request.get("/festivals")).status()).toBe(200);
  const response = await page.goto("/festivals");
  const headers = await response!.allHeaders();
  expect(headers["x-cache"]).toBe("hit");
  expect(headers["content-security-policy"]).not.toContain("'nonce-");
  expect(headers["content-security-policy"]).toMatch(/script-src 'self'( 'sha256-[\w+/]+=')+ /);
  expect(headers["content-security-policy"]).toContain("style-src 'self';");
  // Hydrated (the fixture's goto waits for it): a link is followed by the router, without a new document.
  await page.evaluate(() => ((window as { __sameDocument?: boolean }).__sameDocument = true));
  await page.getByRole("link", { name: "About Us", exact: true }).first().click();
  await expect(page).toHaveURL("/about");
  expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});

test("an admin dialog locks the page's scroll with the style element its nonce allows", async ({ page }) => {
  const response = await page.goto("/admin/login");
  expect((await response!.allHeaders())["content-security-policy"]).toMatch(
    /style-src 'self' 'nonce-[^']+'; style-src-attr 'unsafe-hashes'/,
  );
  await loginAsAdmin(page, "/admin/wholesalers/new");
  await expect(page.getByRole("dialog", { name: "Add Wholesaler" })).toBeVisible();
  // react-remove-scroll's <style> element, allowed by the page's nonce: without it the page behind would scroll.
  await expect(page.locator("body")).toHaveCSS("overflow", "hidden");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Add Wholesaler" })).toBeHidden();
  await expect(page.locator("body")).not.toHaveCSS("overflow", "hidden");
});
