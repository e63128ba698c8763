/**
 * Looks at pages as a person would: full-page screenshots at 390x844 and 1440x900 in Debian's Chromium.
 * Usage: npx tsx scripts/screenshot.ts <base-url> <out-dir> <path> [<path> ...]
 * Writes <out-dir>/<name>-mobile.png and <out-dir>/<name>-desktop.png; prints console errors it saw.
 * With SCREENSHOT_ADMIN_EMAIL and SCREENSHOT_ADMIN_PASSWORD set, it signs in first (for admin pages).
 */
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";

const [baseUrl, outDir, ...paths] = process.argv.slice(2);
if (!baseUrl || !outDir || paths.length === 0) {
  console.error("Usage: npx tsx scripts/screenshot.ts <base-url> <out-dir> <path> [<path> ...]");
  process.exit(2);
}
fs.mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const viewports = { mobile: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } };
const context = await browser.newContext();
const email = process.env.SCREENSHOT_ADMIN_EMAIL;
const password = process.env.SCREENSHOT_ADMIN_PASSWORD;
if (email && password) {
  const page = await context.newPage();
  await page.goto(new URL("/admin/login", baseUrl).toString());
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/admin", { timeout: 30_000 });
  await page.close();
}
for (const pagePath of paths) {
  const name = pagePath.replace(/^\//, "").replace(/[^a-z0-9]+/gi, "-") || "home";
  for (const [label, viewport] of Object.entries(viewports)) {
    const page = await context.newPage();
    await page.setViewportSize(viewport);
    page.on("console", (m) => m.type() === "error" && console.log(`[${label} ${pagePath}] console.error: ${m.text()}`));
    page.on("pageerror", (e) => console.log(`[${label} ${pagePath}] pageerror: ${e.message}`));
    const response = await page.goto(new URL(pagePath, baseUrl).toString(), { waitUntil: "networkidle" });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    const file = path.join(outDir, `${name}-${label}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(`${file} status=${response?.status()} horizontal-overflow=${overflow}px`);
    await page.close();
  }
}
await browser.close();
