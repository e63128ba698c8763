import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? "tests/.artifacts/e2e-data";
const BUILD_DIR = process.env.BUILD_DIR ?? "build";

/**
 * End-to-end tests drive Debian's Chromium (/usr/bin/chromium) against the production build on a fresh
 * SQLite database; no browser is ever downloaded.
 */
export default defineConfig({
  testDir: "tests/e2e",
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results/playwright",
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: process.env.E2E_REPORT ?? "test-results/playwright.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1440, height: 900 },
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
  projects: [
    { name: "public", testIgnore: /settings-effects\.spec\.ts/ },
    // Site-wide settings change what every page shows, so those tests run alone, after the rest.
    { name: "settings-effects", testMatch: /settings-effects\.spec\.ts/, dependencies: ["public"], fullyParallel: false },
  ],
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && node ${BUILD_DIR}/main.js`,
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: E2E_DATA_DIR,
      LOG_LEVEL: "warn",
      SEED: "true",
      ADMIN_EMAIL: "admin@example.com",
      ADMIN_PASSWORD: "e2e-admin-password-123",
    },
  },
});
