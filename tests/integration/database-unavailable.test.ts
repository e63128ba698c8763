import fs from "node:fs";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SQLITE_FILE_NAME } from "~/db/client.server";
import { DATABASE_UNAVAILABLE_MESSAGE } from "~/db/unavailable.server";
import { CHECK_INBOX_MESSAGE } from "~/services/newsletter/newsletter.server";
import { postgresBinaries, startOwnPostgres, type OwnPostgres } from "../support/own-postgres";
import { startServer, untilLogged, type RunningServer } from "../support/server";

const BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

/** A page as a browser asks for it. */
async function page(server: RunningServer, pathname: string, init: RequestInit = {}) {
  const response = await fetch(`${server.url}${pathname}`, { ...init, headers: { accept: BROWSER_ACCEPT, ...init.headers } });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

async function json(server: RunningServer, pathname: string, init: RequestInit = {}) {
  const response = await fetch(`${server.url}${pathname}`, init);
  return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
}

/** The newsletter form posted as a browser without JavaScript posts it. */
const subscribeWithForm = (server: RunningServer, email: string) =>
  page(server, "/newsletter", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email }),
  });

const subscribe = (server: RunningServer, email: string) =>
  json(server, "/api/newsletter/subscribe", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email }),
  });

/** The site's own 503 page: its look, a clear message, nothing of a stack or the framework. */
function expectUnavailablePage(answer: { status: number; headers: Headers; html: string }) {
  expect(answer.status).toBe(503);
  expect(answer.headers.get("content-type")).toMatch(/^text\/html/);
  expect(answer.headers.get("retry-after")).toBe("30");
  expect(answer.html).toContain("We&#x27;ll be right back");
  expect(answer.html).toContain(DATABASE_UNAVAILABLE_MESSAGE);
  expect(answer.html).toMatch(/<link[^>]* rel="stylesheet"[^>]* href="\/assets\/[^"]+\.css"/);
  expect(answer.html).not.toMatch(/Unexpected Server Error|Something went wrong|at \w+ \(|node_modules/);
}

function expectUnavailableJson(answer: { status: number; headers: Headers; body: unknown }) {
  expect(answer.status).toBe(503);
  expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
  expect(answer.headers.get("retry-after")).toBe("30");
  expect(answer.body).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
}

// On CI, where PostgreSQL is installed, a missing server fails the suite instead of skipping it.
describe.runIf(process.env.CI === "true" || postgresBinaries() !== undefined)("PostgreSQL refusing connections, then back", () => {
  let postgres: OwnPostgres;
  let server: RunningServer;
  beforeAll(async () => {
    postgres = await startOwnPostgres();
    server = await startServer({ DATABASE_URL: postgres.url });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    postgres?.destroy();
  });

  it("answers a friendly 503 page, a JSON 503 and /healthz 503 while it is down, and recovers without a restart", async () => {
    expect((await page(server, "/state/california")).status).toBe(200);
    expect((await json(server, "/healthz")).status).toBe(200);

    // What the server logs while the database is down is the point of this test.
    server.expectLog(/^database unavailable/);
    server.expectLog(/^health check failed$/);
    // The rate limits count in PostgreSQL too: while it is down each server counts on its own, and says so.
    server.expectLog(/^rate limits degraded: PostgreSQL does not answer/);
    // So do the background jobs' queue (pg-boss) and the check for jobs whose server died.
    server.expectLog(/^background jobs degraded: PostgreSQL does not answer the job queue$/);
    // So does the cache invalidation (server/invalidation-bus.ts): its listening connection is ended with the others.
    server.expectLog(/^cache invalidation degraded: PostgreSQL does not answer/);
    server.expectLog(
      /^\/(state\/california(\.data)?|newsletter|healthz|api\/states|api\/newsletter\/subscribe|sitemap\.xml|festivals\.ics)$/,
    );
    postgres.stop();
    // Until the server hears that its listening connection ended (at once on a shutdown), it may answer the page
    // it just rendered from its page cache; from then on it renders every page, and says the database is down.
    await untilLogged(server, (logs) => logs.some((entry) => /^cache invalidation degraded/.test(String(entry.msg))));

    // A page whose data cannot be read, and a form that cannot be saved.
    expectUnavailablePage(await page(server, "/state/california"));
    expectUnavailablePage(await subscribeWithForm(server, "down@example.com"));
    // A navigation in the browser asks for the page's data: the same 503, which the page then shows.
    const navigation = await fetch(`${server.url}/state/california.data`);
    expect(navigation.status).toBe(503);
    expect(await navigation.text()).toContain(DATABASE_UNAVAILABLE_MESSAGE);
    // Feeds: React Router's resource routes and Express's calendar routes.
    expectUnavailableJson(await json(server, "/sitemap.xml"));
    const calendar = await fetch(`${server.url}/festivals.ics`);
    expect(calendar.status).toBe(503);
    expect(calendar.headers.get("retry-after")).toBe("30");
    expect(await calendar.text()).toBe(DATABASE_UNAVAILABLE_MESSAGE);
    expectUnavailableJson(await json(server, "/api/states"));
    expectUnavailableJson(await subscribe(server, "down@example.com"));
    const health = await json(server, "/healthz");
    expect(health.status).toBe(503);
    expect(health.body).toEqual({ status: "error", database: "postgres" });
    expect(server.process.exitCode, "the server is still running").toBeNull();

    postgres.start();
    // The pool connects again on the next request: no restart of the site.
    expect((await json(server, "/healthz")).status).toBe(200);
    const statePage = await page(server, "/state/california");
    expect(statePage.status).toBe(200);
    expect(statePage.html).toContain("California");
    expect((await json(server, "/api/states")).status).toBe(200);
    expect(await subscribe(server, "back@example.com")).toMatchObject({ status: 202, body: { message: CHECK_INBOX_MESSAGE } });
  }, 60_000);
});

describe("the SQLite file locked by another process, then released", () => {
  let server: RunningServer;
  let holder: SqliteDatabase.Database;
  beforeAll(async () => {
    server = await startServer();
    holder = new SqliteDatabase(path.join(server.dataDir, SQLITE_FILE_NAME));
  });
  afterAll(async () => {
    holder?.close();
    await server?.stop();
  });

  it("keeps serving pages, answers writes with the friendly 503s after the 5 s busy timeout and /healthz 503, and takes them again once released", async () => {
    expect(await json(server, "/healthz")).toMatchObject({ status: 200, body: { status: "ok", database: "sqlite" } });
    holder.exec("BEGIN EXCLUSIVE");
    server.expectLog(/^database unavailable: SQLITE_BUSY/);
    server.expectLog(/^health check failed$/);
    server.expectLog(/^\/(newsletter|api\/newsletter\/subscribe|healthz)$/);
    try {
      // In WAL mode readers do not wait for a writer: the directory stays readable.
      expect((await page(server, "/state/california")).status).toBe(200);
      expect((await json(server, "/api/states")).status).toBe(200);
      // ...but every write fails, which the health check says: it cannot take the write lock either.
      const health = await json(server, "/healthz");
      expect(health.status).toBe(503);
      expect(health.body).toEqual({ status: "error", database: "sqlite" });

      expectUnavailableJson(await subscribe(server, "locked@example.com"));
      expectUnavailablePage(await subscribeWithForm(server, "locked@example.com"));
    } finally {
      holder.exec("COMMIT");
    }
    expect(await subscribe(server, "locked@example.com")).toMatchObject({ status: 202, body: { message: CHECK_INBOX_MESSAGE } });
    expect((await json(server, "/healthz")).status).toBe(200);
  }, 30_000);
});

describe("the SQLite file unreadable, then restored", () => {
  let server: RunningServer;
  let file: string;
  beforeAll(async () => {
    server = await startServer();
    file = path.join(server.dataDir, SQLITE_FILE_NAME);
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** The file's bytes replaced in place (an open file keeps reading a renamed or deleted one, and root reads any mode). */
  function overwrite(bytes: Buffer) {
    const fd = fs.openSync(file, "r+");
    try {
      fs.ftruncateSync(fd, 0);
      fs.writeSync(fd, bytes, 0, bytes.length, 0);
    } finally {
      fs.closeSync(fd);
    }
  }

  it("answers the friendly 503 page, a JSON 503 and /healthz 503 while its bytes are not a database, and recovers without a restart", async () => {
    expect((await page(server, "/state/california")).status).toBe(200);
    expect((await json(server, "/api/states/california")).status).toBe(200);
    expect((await json(server, "/healthz")).status).toBe(200);

    // Everything the server wrote goes into the file itself, so that the copy below is the whole database, and
    // the write-ahead log starts again: the server reads the file afresh on its next query instead of its cache.
    const checkpoint = new SqliteDatabase(file);
    expect(checkpoint.pragma("wal_checkpoint(TRUNCATE)")).toEqual([{ busy: 0, log: 0, checkpointed: 0 }]);
    checkpoint.close();
    const original = fs.readFileSync(file);
    server.expectLog(/^database unavailable: SQLITE_NOTADB file is not a database$/);
    server.expectLog(/^health check failed$/);
    server.expectLog(/^\/(state\/oregon|newsletter|healthz|api\/states|api\/newsletter\/subscribe)$/);
    overwrite(Buffer.alloc(original.length, "this is not a database\n"));
    try {
      // Pages and answers not read before, so no cached copy answers for the database.
      expectUnavailablePage(await page(server, "/state/oregon"));
      expectUnavailablePage(await subscribeWithForm(server, "unreadable@example.com"));
      expectUnavailableJson(await json(server, "/api/states"));
      expectUnavailableJson(await subscribe(server, "unreadable@example.com"));
      const health = await json(server, "/healthz");
      expect(health.status).toBe(503);
      expect(health.body).toEqual({ status: "error", database: "sqlite" });
      expect(server.process.exitCode, "the server is still running").toBeNull();
    } finally {
      overwrite(original);
    }

    // The same server, not restarted: its health, the pages that failed, and a write.
    expect(server.process.exitCode).toBeNull();
    expect(await json(server, "/healthz")).toMatchObject({ status: 200, body: { status: "ok", database: "sqlite" } });
    const statePage = await page(server, "/state/oregon");
    expect(statePage.status).toBe(200);
    expect(statePage.html).toContain("Oregon");
    expect((await json(server, "/api/states")).status).toBe(200);
    expect(await subscribe(server, "restored@example.com")).toMatchObject({ status: 202, body: { message: CHECK_INBOX_MESSAGE } });
    const check = new SqliteDatabase(file, { readonly: true });
    try {
      expect(check.pragma("integrity_check")).toEqual([{ integrity_check: "ok" }]);
      expect(check.prepare("select email from newsletter_subscribers where email like '%@example.com'").pluck().all()).toEqual([
        "restored@example.com",
      ]);
    } finally {
      check.close();
    }
  }, 60_000);
});
