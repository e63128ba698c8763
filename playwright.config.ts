import { defineConfig } from "@playwright/test";

/**
 * End-to-end tests drive Debian's Chromium (/usr/bin/chromium) against the production build (BUILD_DIR,
 * default build/); no browser is ever downloaded. There is no shared web server: each worker starts the
 * build on a seeded SQLite database of its own (tests/e2e/fixtures.ts), so tests never see each other's
 * writes, and site-wide settings changed by one test affect only its own worker's server until it puts
 * them back.
 */
export default defineConfig({
  testDir: "tests/e2e",
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results/playwright",
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: process.env.E2E_REPORT ?? "test-results/playwright.json" }]],
  use: {
    viewport: { width: 1440, height: 900 },
    // No offline worker but where a test is about it (offline.spec.ts, offline-forms.spec.ts allow it): registered on
    // every page, it precached the build's 164 files in every test's new browser context, and three spec files took
    // 15% longer with it (209 s against 178 s on a 2-core machine).
    serviceWorkers: "block",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
});
