import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import pg from "pg";
import { expect } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { migrateToLatest } from "~/db/migrate.server";
import type { Database } from "~/db/schema";
import type { Actor } from "~/services/admin/list";
import { AppError } from "~/services/errors";
import { createTestDatabase, POSTGRES_ADMIN_URL, runPostgres } from "./postgres";

/** The databases the service tests run on: SQLite always, PostgreSQL where a server answers (always on CI). */
export const TEST_DATABASES = [
  { name: "SQLite", enabled: true },
  { name: "PostgreSQL", enabled: runPostgres },
] as const;

const MIGRATION_SOURCES = [path.resolve(import.meta.dirname, "../../app/db/migrate.server.ts")].concat(
  fs
    .readdirSync(path.resolve(import.meta.dirname, "../../app/db/migrations"))
    .sort()
    .map((file) => path.resolve(import.meta.dirname, "../../app/db/migrations", file)),
);
let template: Promise<string> | undefined;

/**
 * A PostgreSQL database migrated once, that each service test's database is copied from (CREATE DATABASE ...
 * TEMPLATE takes a fraction of a second; migrating a new database took about two). Its name carries a hash of the
 * migrations, so a changed migration gets a template of its own; an advisory lock lets one test process build it
 * while the others wait, and it is built under another name and renamed, so a copy never starts from a half-built one.
 */
function migratedTemplate(): Promise<string> {
  return (template ??= (async () => {
    const hash = crypto.createHash("sha256");
    for (const file of MIGRATION_SOURCES) hash.update(file).update(fs.readFileSync(file));
    const name = `wff_template_${hash.digest("hex").slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    try {
      await admin.query("select pg_advisory_lock(hashtext('wff test template'))");
      const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
      if (found.rowCount === 0) {
        const building = await createTestDatabase();
        const handle = openDatabase({ DATABASE_URL: building.url, DATA_DIR: os.tmpdir() });
        try {
          await migrateToLatest(handle.db);
        } catch (error) {
          await handle.close();
          await building.drop();
          throw error;
        }
        await handle.close();
        await admin.query(`ALTER DATABASE ${new URL(building.url).pathname.slice(1)} RENAME TO ${name}`);
      }
    } finally {
      await admin.query("select pg_advisory_unlock(hashtext('wff test template'))").catch(() => undefined);
      await admin.end();
    }
    return name;
  })());
}

/** A new, migrated database of the given kind, and how to throw it away. */
export async function openTestDatabase(
  kind: (typeof TEST_DATABASES)[number]["name"],
  prefix: string,
): Promise<{ handle: DatabaseHandle; cleanup(): Promise<void>; /** PostgreSQL's connection string. */ url?: string }> {
  if (kind === "PostgreSQL") {
    const created = await createTestDatabase({ template: await migratedTemplate() });
    const handle = openDatabase({ DATABASE_URL: created.url, DATA_DIR: os.tmpdir() });
    // Already up to date (a copy of the migrated template): this only checks it.
    await migrateToLatest(handle.db);
    return {
      handle,
      url: created.url,
      async cleanup() {
        await handle.close();
        await created.drop();
      },
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `wff-${prefix}-`));
  const handle = openDatabase({ DATA_DIR: dataDir });
  await migrateToLatest(handle.db);
  return {
    handle,
    async cleanup() {
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** An admin account to act as in the audit log, and the actor the services take. */
export async function createTestAdmin(
  db: Kysely<Database>,
  { email = "ann@example.com", name = "Ann" as string | null, ip = "203.0.113.9" } = {},
): Promise<Actor> {
  const now = new Date().toISOString();
  const admin = await db
    .insertInto("admin_users")
    .values({ email, name, password_hash: "x", created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { adminId: Number(admin.id), email, ip };
}

/** The AppError a promise is rejected with (the test fails if it resolves or rejects with anything else). */
export async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}
