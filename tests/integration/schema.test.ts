import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { migrateToLatest } from "~/db/migrate.server";
import { createTestDatabase, runPostgres } from "../support/postgres";

async function describeSchema(handle: DatabaseHandle) {
  await migrateToLatest(handle.db);
  const tables = await handle.db.introspection.getTables();
  return Object.fromEntries(
    tables
      .map((table) => [
        table.name,
        table.columns.map((column) => `${column.name}${column.isNullable ? "?" : ""}`).sort(),
      ] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe.runIf(runPostgres)("migrations on both databases", () => {
  it("leave SQLite and PostgreSQL with the same tables and columns", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wff-schema-"));
    const sqlite = openDatabase({ DATA_DIR: dataDir });
    cleanups.push(async () => {
      await sqlite.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    const database = await createTestDatabase();
    cleanups.push(database.drop);
    const postgres = openDatabase({ DATA_DIR: dataDir, DATABASE_URL: database.url });
    cleanups.push(() => postgres.close());

    const [sqliteSchema, postgresSchema] = await Promise.all([describeSchema(sqlite), describeSchema(postgres)]);

    expect(Object.keys(sqliteSchema)).toEqual([
      "admin_users",
      "audit_log",
      "blog_posts",
      "cities",
      "festivals",
      "location_suggestions",
      "newsletter_subscribers",
      "sessions",
      "settings",
      "states",
      "wholesalers",
      "zipcodes",
      "grocery_stores",
    ].sort());
    expect(postgresSchema).toEqual(sqliteSchema);
  });

});

describe("migrations", () => {
  it("are idempotent: a second run applies nothing", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wff-schema-"));
    const sqlite = openDatabase({ DATA_DIR: dataDir });
    cleanups.push(async () => {
      await sqlite.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    expect(await migrateToLatest(sqlite.db)).toEqual(["0001-initial"]);
    expect(await migrateToLatest(sqlite.db)).toEqual([]);
  });
});
