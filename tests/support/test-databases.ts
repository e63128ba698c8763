import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { expect } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { migrateToLatest } from "~/db/migrate.server";
import type { Database } from "~/db/schema";
import type { Actor } from "~/services/admin/list";
import { AppError } from "~/services/errors";
import { createTestDatabase, runPostgres } from "./postgres";

/** The databases the service tests run on: SQLite always, PostgreSQL where a server answers (always on CI). */
export const TEST_DATABASES = [
  { name: "SQLite", enabled: true },
  { name: "PostgreSQL", enabled: runPostgres },
] as const;

/** A new, migrated database of the given kind, and how to throw it away. */
export async function openTestDatabase(
  kind: (typeof TEST_DATABASES)[number]["name"],
  prefix: string,
): Promise<{ handle: DatabaseHandle; cleanup(): Promise<void> }> {
  if (kind === "PostgreSQL") {
    const created = await createTestDatabase();
    const handle = openDatabase({ DATABASE_URL: created.url, DATA_DIR: os.tmpdir() });
    await migrateToLatest(handle.db);
    return {
      handle,
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
