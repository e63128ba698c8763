import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import crypto from "node:crypto";
import path from "node:path";
import { startServer, type RunningServer } from "../support/server";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";

export { expect };

/** The admin each worker's server creates at start from ADMIN_EMAIL and ADMIN_PASSWORD. */
export const E2E_ADMIN = { email: "admin@example.com", password: "e2e-admin-password-123" } as const;

/** This worker's server's data folder (its SQLite database and uploads); set when the worker starts. */
let workerDataDir: string | undefined;

export function dataDir(): string {
  if (!workerDataDir) throw new Error("the worker's server has not started");
  return workerDataDir;
}

/**
 * The tables whose rows a visitor or an admin sees. Every test starts from the seeded rows: whatever a test
 * adds, changes or removes in them is put back when it ends, so no test depends on which ran before it in
 * the same worker. Site settings are the exception: the server caches them, so a test that changes them
 * must put them back itself (and clear the cache), and the test fails if it did not. The audit log loses
 * the entries the test added, and the sign-in attempts the throttle counts go too, so it starts afresh.
 */
const RESTORED_TABLES = [
  "states",
  "cities",
  "wholesalers",
  "grocery_stores",
  "blog_posts",
  "festivals",
  "newsletter_subscribers",
  "location_suggestions",
  "business_submissions",
  "listing_reports",
  "admin_users",
  "mail_outbox",
  "mail_undeliverable",
  "password_resets",
  "newsletter_issues",
  "owner_claims",
  "listing_owners",
  "owner_links",
  "owner_sessions",
  "owner_changes",
  "admin_second_factors",
  "admin_recovery_codes",
  "admin_sign_in_challenges",
] as const;
const GUARDED_TABLES = [...RESTORED_TABLES, "settings"] as const;
/** Left out when comparing: an edit undone through the admin screen still counts as undone. */
const VOLATILE_COLUMNS = new Set(["version", "created_at", "updated_at", "password_hash"]);

type Rows = Record<string, unknown>[];

function readTables(db: Database.Database): Record<string, Rows> {
  return Object.fromEntries(GUARDED_TABLES.map((table) => [table, db.prepare(`select * from ${table} order by 1`).all() as Rows]));
}

function fingerprint(rows: Rows): string {
  const kept = rows.map((row) => Object.entries(row).filter(([column]) => !VOLATILE_COLUMNS.has(column)));
  return `${rows.length} rows, ${crypto.createHash("sha1").update(JSON.stringify(kept)).digest("hex").slice(0, 12)}`;
}

/** Puts the rows of `table` back as they were, in one transaction. */
function restoreTable(db: Database.Database, table: string, rows: Rows) {
  db.pragma("foreign_keys = OFF");
  db.transaction(() => {
    db.prepare(`delete from ${table}`).run();
    for (const row of rows) {
      const columns = Object.keys(row);
      db.prepare(`insert into ${table} (${columns.join(", ")}) values (${columns.map(() => "?").join(", ")})`).run(
        ...columns.map((column) => row[column]),
      );
    }
  })();
}

/** The pause after each step of a background job on the browser tests' servers (JOB_STEP_PAUSE_MS). */
export const E2E_JOB_STEP_PAUSE_MS = 200;

/**
 * Each worker starts the production build on a seeded SQLite database of its own, so no test sees another
 * worker's writes. After each test: the browser logged no error, the server logged no warning, error or
 * 5xx that the test did not expect (`server.expectLog`), the rows the test touched are put back (audit log
 * included), and the site settings are as the test found them.
 */
export const test = base.extend<
  { pageErrors: string[]; serverChecks: void },
  { server: RunningServer; withSmtp: boolean; smtp: SmtpSink | null }
>({
  // A spec that reads the site's mail as it arrives sets `test.use({ withSmtp: true })`: its worker's server then sends
  // through a real SMTP server on loopback (tests/support/smtp-sink.ts), the `smtp` fixture, instead of keeping it.
  withSmtp: [false, { scope: "worker", option: true }],
  smtp: [
    async ({ withSmtp }, use) => {
      const sink = withSmtp ? await startSmtpSink() : null;
      await use(sink);
      await sink?.close();
    },
    { scope: "worker" },
  ],
  server: [
    async ({ smtp }, use) => {
      const server = await startServer({
        // With mail read as it arrives, owners due "Is your listing still right?" are asked within a second.
        ...(smtp ? { SMTP_URL: smtp.url, OWNER_CHECK_INTERVAL_SECONDS: "1" } : {}),
        SEED: "true",
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        // A 5,000-row import (50 batches) then runs for at least 10 s, long enough to leave its page and open
        // it again while it runs, however fast the machine.
        JOB_STEP_PAUSE_MS: String(E2E_JOB_STEP_PAUSE_MS),
        // Playwright's request client (page.request) keeps idle connections with no timeout of its own, so it
        // ignores the Keep-Alive header's 5 s: a request it sends on one just as the server closes it is reset
        // (read ECONNRESET, seen on CI). Kept open longer than any test, its connections are never closed under it.
        KEEP_ALIVE_TIMEOUT: "600",
      });
      workerDataDir = server.dataDir;
      await use(server);
      await server.stop();
      workerDataDir = undefined;
    },
    { scope: "worker", auto: true, timeout: 90_000 },
  ],
  baseURL: async ({ server }, provide) => provide(server.url),
  serverChecks: [
    async ({ server }, use) => {
      const before = withDatabase(readTables);
      const lastId = (db: Database.Database, table: "audit_log" | "login_attempts") =>
        (db.prepare(`select coalesce(max(id), 0) as id from ${table}`).get() as { id: number }).id;
      const lastAuditId = withDatabase((db) => lastId(db, "audit_log"));
      const lastAttemptId = withDatabase((db) => lastId(db, "login_attempts"));
      await use();
      // A request's log line is written as its response finishes, in order: once a request of our own is logged,
      // the line of every request answered before it has arrived.
      await logged(server, `/healthz?after-test=${crypto.randomUUID()}`);
      expect(server.takeUnexpectedLogs(), "warnings and errors the server logged").toEqual([]);
      const settingsBefore = fingerprint(before.settings ?? []);
      const settingsAfter = withDatabase((db) => {
        const after = readTables(db);
        for (const table of RESTORED_TABLES) {
          if (fingerprint(after[table] ?? []) !== fingerprint(before[table] ?? [])) restoreTable(db, table, before[table] ?? []);
        }
        db.prepare("delete from audit_log where id > ?").run(lastAuditId);
        db.prepare("delete from login_attempts where id > ?").run(lastAttemptId);
        return fingerprint(after.settings ?? []);
      });
      expect(settingsAfter, "the site settings are put back by the test that changed them").toBe(settingsBefore);
    },
    { auto: true },
  ],
  page: async ({ page, javaScriptEnabled }, provide) => {
    if (javaScriptEnabled) {
      // A page's script hydrates it after the load event that goto and reload wait for. A click before then
      // gets the no-JavaScript behaviour (tested with JavaScript off), so wait until the page is interactive.
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args) => waitForHydration(page, await goto(...args));
      page.reload = async (...args) => waitForHydration(page, await reload(...args));
    }
    await provide(page);
  },
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
 * Waits until React has hydrated the page (root.tsx marks <html data-hydrated>); at once for a document the
 * app did not render (JSON, XML, plain text).
 */
export async function waitForHydration<T = void>(page: Page, passThrough?: T): Promise<T> {
  await page.waitForFunction(() => !("__reactRouterContext" in window) || document.documentElement.dataset.hydrated === "true");
  return passThrough as T;
}

/**
 * The browser logs every failed response and aborted request as a console error. A test that makes a
 * request fail on purpose accepts exactly those lines and nothing else.
 */
export function acceptLoggedFailures(pageErrors: string[], pattern: RegExp) {
  const unexpected = pageErrors.filter((line) => !pattern.test(line));
  pageErrors.splice(0, pageErrors.length, ...unexpected);
}

/**
 * axe-core: no serious or critical accessibility violation on the page as it is now. In axe's legacy mode, which runs
 * in the page and its same-origin frames (the site has no other) without opening a blank page to gather frames'
 * results: a state page's check took 1.3-3.1 s instead of 2.5-4.9 s on a slow machine, with the same rules.
 */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")})`,
    ),
  ).toEqual([]);
}

/**
 * Reads or writes this worker's server's database directly, for setup the UI under test does not offer
 * (the admin screens have their own tests).
 */
export function withDatabase<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(path.join(dataDir(), "wholesale-flower-finder.db"));
  try {
    db.pragma("busy_timeout = 5000");
    return fn(db);
  } finally {
    db.close();
  }
}

/** Sends a GET to the server and resolves once the server has logged it. */
async function logged(server: RunningServer, url: string) {
  await (await fetch(new URL(url, server.url))).arrayBuffer();
  const deadline = Date.now() + 5_000;
  while (!server.logs.some((entry) => (entry.req as { url?: string } | undefined)?.url === url)) {
    if (Date.now() > deadline) throw new Error(`the server did not log ${url} within 5 s`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
