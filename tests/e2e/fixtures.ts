import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import path from "node:path";

export { expect };

const DB_FILE = path.resolve(process.env.E2E_DATA_DIR ?? "tests/.artifacts/e2e-data", "wholesale-flower-finder.db");

/** Fails the test on any error the page logs or throws. */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(`console.error: ${message.text()}`);
      });
      await use(errors);
      expect(errors, "errors logged in the browser").toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * The browser logs every failed response and aborted request as a console error. A test that makes a
 * request fail on purpose accepts exactly those lines and nothing else.
 */
export function acceptLoggedFailures(pageErrors: string[], pattern: RegExp) {
  const unexpected = pageErrors.filter((line) => !pattern.test(line));
  pageErrors.splice(0, pageErrors.length, ...unexpected);
}

/** axe-core: no serious or critical accessibility violation on the page as it is now. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")})`),
  ).toEqual([]);
}

/**
 * Reads or writes the e2e server's database directly, for setup the UI under test does not offer
 * (the admin screens have their own tests).
 */
export function withDatabase<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(DB_FILE);
  try {
    db.pragma("busy_timeout = 5000");
    return fn(db);
  } finally {
    db.close();
  }
}
